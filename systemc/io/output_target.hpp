#pragma once
// What a path the user names for an output (--json, --csv, --vcd, trace.flits, a sweep's or
// diverge's files) really is, found without opening it: a regular file (or one to create),
// reached through any symbolic links, is replaced atomically; anything else (a character
// device such as /dev/null, a FIFO, a socket, an inherited descriptor such as /dev/stdout or
// the /dev/fd/63 of a shell's process substitution) is written through and never replaced.
#include <stdexcept>
#include <string>

namespace kncsim {

// The path cannot be written; the message names it and the option it came from.
class OutputError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct OutputTarget {
  enum class Kind {
    standard_output,  // "-"
    descriptor,       // /dev/stdout, /dev/stderr, /dev/fd/N, /proc/self/fd/N: an open descriptor of ours
    regular,          // an existing regular file: replaced by rename
    absent,           // nothing there yet: created by rename
    directory,        // refused: an output file is not a directory
    device,           // a character or block device: opened and written
    fifo,             // a named pipe: opened and written (opening waits for a reader)
    socket,           // a Unix-domain socket: connected to and written
  };
  Kind kind = Kind::absent;
  std::string path;  // where the bytes go: the named path with its symbolic links followed
  int fd = -1;       // Kind::descriptor

  // Replaced by a rename in `path`'s directory (regular or absent); everything else is
  // written where it is.
  bool replaced() const { return kind == Kind::regular || kind == Kind::absent; }
  // "a character device", "a FIFO", ... for messages.
  std::string what() const;
};

// Follows `path`'s symbolic links (at most 40) and says what is there. Throws OutputError,
// naming `option`, for a loop of links or a descriptor that is not open for writing.
OutputTarget resolve_output_target(const std::string& path, const std::string& option);

// Throws OutputError unless `path` can be written, without opening it (so a FIFO with no
// reader yet does not block): the directory of a file to create or replace exists and takes a
// new file, the path is not a directory, an existing file or device is writable, a descriptor
// is open for writing. "-" (stdout) and "" (none) always pass. Returns what it found.
OutputTarget check_output_path(const std::string& path, const std::string& option);

// Throws OutputError unless `dir` is a directory or can be made one (it is made): for the
// options that name a directory of outputs (--csv, a sweep's --out, diverge --out). A
// symbolic link to a directory is followed; a device, FIFO or file there is refused, untouched.
void check_output_directory(const std::string& dir, const std::string& option);

}  // namespace kncsim
