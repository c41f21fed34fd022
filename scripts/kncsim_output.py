"""The scripts' one way to write a file, by the rules kncsim itself follows (systemc/io/output_file.hpp):

- a regular file, or a path with nothing there yet, is written to a temporary file in the same
  directory, fsynced, renamed over the path, and the directory fsynced: a reader sees the old file
  or the new one, never part of one. A symbolic link is followed: its target is replaced and the
  link stays. A replaced file keeps its mode.
- anything else (a device such as /dev/null, a FIFO, a socket, /dev/stdout, /dev/fd/N) is opened
  and written through, never unlinked, renamed over or chmod-ed.
- "-" is standard output.

  write_text(path, text)        write_json(path, obj, indent=1)        save_figure(fig, path)
"""
import io
import json
import os
import socket
import stat
import sys
import tempfile

MAX_LINKS = 40


def _descriptor(path):
    """/dev/stdout, /dev/fd/N, /proc/self/fd/N: a descriptor this process holds, else None."""
    p = os.path.normpath(os.path.abspath(path))
    if p == "/dev/stdout":
        return 1
    if p == "/dev/stderr":
        return 2
    for prefix in ("/dev/fd/", "/proc/self/fd/", "/proc/thread-self/fd/", f"/proc/{os.getpid()}/fd/"):
        rest = p[len(prefix):]
        if p.startswith(prefix) and rest.isdigit():
            return int(rest)
    return None


def resolve(path):
    """(kind, where): kind is 'stdout', 'descriptor' (where = fd), 'regular', 'absent',
    'directory', 'device', 'fifo' or 'socket' (where = the path with its links followed)."""
    if path == "-":
        return "stdout", 1
    p = str(path)
    for _ in range(MAX_LINKS + 1):
        fd = _descriptor(p)
        if fd is not None:
            return "descriptor", fd
        try:
            st = os.lstat(p)
        except FileNotFoundError:
            return "absent", p
        except NotADirectoryError:
            return "absent", p
        if not stat.S_ISLNK(st.st_mode):
            return _kind(st.st_mode), p
        link = os.readlink(p)
        if not os.path.isabs(link) and os.path.normpath(os.path.abspath(p)).startswith("/proc/"):
            return _kind(os.stat(p).st_mode), p  # "pipe:[1234]": the link itself opens it
        p = link if os.path.isabs(link) else os.path.join(os.path.dirname(p), link)
    raise OSError(f"{path}: more than {MAX_LINKS} symbolic links (a loop?)")


def _kind(mode):
    if stat.S_ISREG(mode):
        return "regular"
    if stat.S_ISDIR(mode):
        return "directory"
    if stat.S_ISFIFO(mode):
        return "fifo"
    if stat.S_ISSOCK(mode):
        return "socket"
    return "device"


def _write_all(fd, data):
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


def write_bytes(path, data, new_mode=0o666):
    """Write `data` (bytes) to `path` by the rules above."""
    kind, where = resolve(path)
    if kind == "directory":
        raise IsADirectoryError(f"{path} is a directory; allowed: a file path")
    if kind in ("stdout", "descriptor"):
        sys.stdout.flush()
        sys.stderr.flush()
        _write_all(where, data)
        return
    if kind == "socket":
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
            s.connect(where)
            s.sendall(data)
        return
    if kind in ("device", "fifo"):
        fd = os.open(where, os.O_WRONLY | os.O_NOCTTY | os.O_CLOEXEC)
        try:
            _write_all(fd, data)
        finally:
            os.close(fd)
        return
    directory = os.path.dirname(where) or "."
    fd, tmp = tempfile.mkstemp(dir=directory, prefix="." + os.path.basename(where) + ".")
    try:
        _write_all(fd, data)
        if kind == "regular":
            st = os.stat(where)
            if os.geteuid() == 0 and (st.st_uid, st.st_gid) != (os.geteuid(), os.getegid()):
                try:
                    os.fchown(fd, st.st_uid, st.st_gid)
                except OSError:
                    pass
            os.fchmod(fd, stat.S_IMODE(st.st_mode))
        else:
            mask = os.umask(0)
            os.umask(mask)
            os.fchmod(fd, new_mode & ~mask)
        os.fsync(fd)
        closing, fd = fd, -1
        os.close(closing)
        os.replace(tmp, where)
    except BaseException:
        if fd >= 0:
            os.close(fd)
        if os.path.exists(tmp):
            os.remove(tmp)
        raise
    try:
        dfd = os.open(directory, os.O_RDONLY | os.O_DIRECTORY)
    except OSError:
        return  # the file is in place; only the directory's sync could not be asked for
    try:
        os.fsync(dfd)
    except OSError:
        pass  # some file systems refuse a directory's fsync; the rename is done either way
    finally:
        os.close(dfd)


def write_text(path, text):
    write_bytes(path, text.encode())


def write_json(path, obj, indent=1):
    write_text(path, json.dumps(obj, indent=indent) + "\n")


def save_figure(fig, path, **savefig_args):
    """fig.savefig to `path` by the same rules; the format comes from its suffix (.png, .svg, .pdf)."""
    buffer = io.BytesIO()
    fmt = os.path.splitext(str(path))[1].lstrip(".").lower() or "png"
    fig.savefig(buffer, format=fmt, **savefig_args)
    write_bytes(path, buffer.getvalue())
