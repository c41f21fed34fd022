#!/usr/bin/env python3
"""scripts/kncsim_output.py writes by kncsim's own rules: a regular file replaced whole with its
mode kept, a link followed and kept, a device, FIFO, socket or descriptor written through and
left as it was. Device nodes are made with mknod in a temporary directory (root, as CI runs)."""
import os
import socket
import stat
import sys
import tempfile
import threading
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts"))
import kncsim_output  # noqa: E402


def read_in_thread(fifo, into):
    def run():
        with open(fifo, "rb") as f:
            into.append(f.read())
    t = threading.Thread(target=run)
    t.start()
    return t


class KncsimOutput(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.dir = self.tmp.name

    def tearDown(self):
        self.tmp.cleanup()

    def path(self, name):
        return os.path.join(self.dir, name)

    def test_regular_file_replaced_whole_keeping_its_mode(self):
        p = self.path("r.json")
        with open(p, "w") as f:
            f.write("old")
        os.chmod(p, 0o640)
        kncsim_output.write_json(p, {"T": 12.5})
        with open(p) as f:
            self.assertEqual(f.read(), '{\n "T": 12.5\n}\n')
        self.assertEqual(stat.S_IMODE(os.stat(p).st_mode), 0o640)
        self.assertEqual(os.listdir(self.dir), ["r.json"])

    def test_link_followed_and_kept(self):
        os.mkdir(self.path("runs"))
        os.symlink("runs/42.json", self.path("latest.json"))
        kncsim_output.write_text(self.path("latest.json"), "new\n")
        self.assertTrue(os.path.islink(self.path("latest.json")))
        with open(self.path("runs/42.json")) as f:
            self.assertEqual(f.read(), "new\n")

    def test_fifo_written_through(self):
        fifo = self.path("pipe")
        os.mkfifo(fifo)
        got = []
        t = read_in_thread(fifo, got)
        kncsim_output.write_text(fifo, "through\n")
        t.join(10)
        self.assertEqual(got, [b"through\n"])
        self.assertTrue(stat.S_ISFIFO(os.lstat(fifo).st_mode))

    def test_socket_connected_to(self):
        path = self.path("sock")
        server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        server.bind(path)
        server.listen(1)
        got = []

        def accept():
            conn, _ = server.accept()
            got.append(conn.makefile("rb").read())
            conn.close()
        t = threading.Thread(target=accept)
        t.start()
        kncsim_output.write_text(path, "over a socket\n")
        t.join(10)
        server.close()
        self.assertEqual(got, [b"over a socket\n"])

    def test_descriptor_written_and_left_open(self):
        r, w = os.pipe()
        kncsim_output.write_text(f"/dev/fd/{w}", "by descriptor\n")
        os.fstat(w)  # still open
        os.close(w)
        with os.fdopen(r, "rb") as f:
            self.assertEqual(f.read(), b"by descriptor\n")

    def test_device_stays_the_same_device(self):
        self.assertEqual(os.geteuid(), 0, "mknod needs root: run the suite as root, as CI does")
        dev = self.path("null")
        os.mknod(dev, 0o620 | stat.S_IFCHR, os.makedev(1, 3))
        os.chown(dev, 4321, 4322)
        before = os.lstat(dev)
        kncsim_output.write_json(dev, {"discarded": True})
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        fig = plt.figure()
        kncsim_output.save_figure(fig, dev)
        after = os.lstat(dev)
        self.assertTrue(stat.S_ISCHR(after.st_mode))
        for field in ("st_ino", "st_rdev", "st_mode", "st_uid", "st_gid"):
            self.assertEqual(getattr(before, field), getattr(after, field), field)

    def test_figure_saved_whole(self):
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        fig = plt.figure()
        fig.gca().plot([0, 1], [1, 0])
        kncsim_output.save_figure(fig, self.path("f.svg"))
        kncsim_output.save_figure(fig, self.path("f.png"), dpi=50)
        with open(self.path("f.png"), "rb") as f:
            self.assertEqual(f.read(8), b"\x89PNG\r\n\x1a\n")
        with open(self.path("f.svg")) as f:
            self.assertIn("<svg", f.read())


if __name__ == "__main__":
    unittest.main()
