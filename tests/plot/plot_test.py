#!/usr/bin/env python3
"""Tests of scripts/plot.py: every subcommand on real kncsim results writes a valid PNG and SVG,
and bad input exits 2 naming the file.

Runs kncsim for a 4x4 mesh (ref), a 4x4 torus (systemc, 2 VCs) and a 4x4 ring network
(systemc), and builds a small results.jsonl (3 loads x 2 radices on the ref model, plus a
'skipped' and an 'error' line) in a temporary directory.

Usage: /usr/bin/python3 tests/plot/plot_test.py [--kncsim PATH] [unittest options]
"""
import concurrent.futures
import json
import os
import struct
import subprocess
import sys
import tempfile
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PLOT = os.path.join(ROOT, "scripts", "plot.py")
KNCSIM = os.path.join(ROOT, "build", "release", "tb", "kncsim")
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"

RUNS = {
    "mesh": {"network.radix": 4, "traffic.load": 0.4, "energy.technology": "45nm"},
    "torus": {"network.radix": 4, "network.topology": "torus", "router.vcs": 2, "router.impl": "systemc"},
    "rings": {"network.radix": 4, "network.dims": 2, "network.topology": "rings", "router.model": "sci",
              "router.impl": "systemc"},
}
SWEEP_RADICES = [4, 8]
SWEEP_LOADS = [0.3, 0.5, 0.8]  # 4x4 at 0.8 stops at run.max_cycles: a "saturated" point


def kncsim_run(kncsim, sets):
    cmd = [kncsim, "run", "--json", "-"]
    for k, v in sets.items():
        cmd += ["--set", f"{k}={v}"]
    return json.loads(subprocess.run(cmd, check=True, capture_output=True, text=True).stdout)


def sweep_line(point, params, result):
    """A results.jsonl record as the sweep command writes it: without per-link/per-node arrays."""
    result = dict(result)
    for key in ("channels", "per_node"):
        result[key] = {k: v for k, v in result[key].items() if not isinstance(v, list)}
    if "energy" in result:
        result["energy"] = {k: v for k, v in result["energy"].items() if k not in ("per_router", "per_link")}
    status = "done" if result["converged"] else "saturated"
    return {"point": point, "task": point, "params": params, "seed": None, "status": status,
            "result": result}


def png_size(path):
    """(width, height) from a PNG's IHDR chunk; raises AssertionError if it is not a PNG."""
    with open(path, "rb") as f:
        head = f.read(24)
    assert head[:8] == PNG_SIGNATURE, f"{path}: no PNG signature"
    assert head[12:16] == b"IHDR", f"{path}: first chunk is not IHDR"
    return struct.unpack(">II", head[16:24])


class PlotTest(unittest.TestCase):
    kncsim = KNCSIM

    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory(prefix="plot_test_")
        cls.dir = cls.tmp.name
        points = [({"network.radix": r, "traffic.load": a}, {"network.radix": r, "traffic.load": a,
                                                               "run.max_cycles": 400000, "energy.technology": "22nm"})
                  for r in SWEEP_RADICES for a in SWEEP_LOADS]
        with concurrent.futures.ThreadPoolExecutor(max_workers=4) as pool:
            runs = {name: pool.submit(kncsim_run, cls.kncsim, sets) for name, sets in RUNS.items()}
            sweep = [pool.submit(kncsim_run, cls.kncsim, sets) for _, sets in points]
            cls.results = {}
            for name, future in runs.items():
                path = os.path.join(cls.dir, f"{name}.json")
                with open(path, "w") as f:
                    json.dump(future.result(), f)
                cls.results[name] = path
            lines = [sweep_line(i, params, f.result()) for i, ((params, _), f) in enumerate(zip(points, sweep))]
        lines.append({"point": len(lines), "task": len(lines),
                      "params": {"network.radix": 8, "traffic.load": 0.9}, "seed": None, "status": "skipped"})
        lines.append({"point": len(lines), "task": len(lines),  # a failed run: no result either
                      "params": {"network.radix": 8, "traffic.load": 0.95}, "seed": None, "status": "error",
                      "error": "deadlock"})
        cls.statuses = [line["status"] for line in lines]
        cls.jsonl = os.path.join(cls.dir, "results.jsonl")
        with open(cls.jsonl, "w") as f:
            for line in lines:
                f.write(json.dumps(line) + "\n")

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def plot(self, *args):
        return subprocess.run([sys.executable, PLOT, *args], capture_output=True, text=True, cwd=self.dir)

    def assert_images(self, stem, min_size=(400, 250)):
        png, svg = stem + ".png", stem + ".svg"
        for path in (png, svg):
            self.assertTrue(os.path.isfile(path), f"{path} not written")
            self.assertGreater(os.path.getsize(path), 1000, f"{path} is (nearly) empty")
        width, height = png_size(png)
        self.assertTrue(min_size[0] <= width <= 6000 and min_size[1] <= height <= 6000,
                        f"{png}: implausible size {width}x{height}")
        with open(svg) as f:
            text = f.read()
        self.assertIn("<svg", text[:2000], f"{svg}: not an SVG")
        self.assertTrue(text.rstrip().endswith("</svg>"), f"{svg}: truncated")

    def check_plot(self, name, *args):
        stem = os.path.join(self.dir, "out", name)  # out/ does not exist yet: plot.py makes it
        r = self.plot(*args, "--out", stem)
        self.assertEqual(r.returncode, 0, f"plot.py {' '.join(args)} failed:\n{r.stderr}")
        self.assertNotIn("Traceback", r.stderr)
        self.assert_images(stem)

    def test_sweep_has_every_status(self):
        self.assertIn("done", self.statuses)
        self.assertIn("saturated", self.statuses)
        self.assertIn("skipped", self.statuses)

    def test_curve(self):
        self.check_plot("curve", "curve", self.jsonl)

    def test_curve_draws_each_ci_points_interval(self):
        # A ci sweep's points carry their 95% interval: the curve draws it as error bars (an SVG
        # group per line); a curve of points without one draws none.
        lines = [sweep_line(i, {"traffic.load": a},
                            kncsim_run(self.kncsim, {"network.radix": 4, "traffic.load": a, "run.convergence": "ci"}))
                 for i, a in enumerate((0.2, 0.4))]
        for line in lines:
            self.assertTrue(line["result"]["ci"]["ready"])
        path = os.path.join(self.dir, "ci.jsonl")
        with open(path, "w") as f:
            f.write("".join(json.dumps(line) + "\n" for line in lines))
        self.check_plot("curve_ci", "curve", path, "--pertel", "none")
        with open(os.path.join(self.dir, "out", "curve_ci.svg")) as f:
            svg = f.read()
        self.assertIn('id="error-bars-0"', svg)
        self.assertIn("Error bars: the 95% interval", svg)
        self.check_plot("curve_no_ci", "curve", self.jsonl, "--pertel", "none")
        with open(os.path.join(self.dir, "out", "curve_no_ci.svg")) as f:
            self.assertNotIn("error-bars", f.read())

    def test_curve_offered_load_p99(self):
        self.check_plot("curve_a_p99", "curve", self.jsonl, "--x", "A", "--y", "p99", "--pertel", "none")

    def test_curve_accepted_log(self):
        self.check_plot("curve_acc", "curve", self.jsonl, "--x", "accepted", "--logy")

    def test_channels_mesh(self):
        self.check_plot("ch_mesh", "channels", self.results["mesh"])

    def test_channels_torus(self):
        self.check_plot("ch_torus", "channels", self.results["torus"])

    def test_channels_rings(self):
        self.check_plot("ch_rings", "channels", self.results["rings"])

    def test_channels_contention(self):
        # kncsim contention's channel loads (transpose on an 8x8 mesh) drawn as the same map.
        r = subprocess.run([self.kncsim, "contention", "--json", "-", "--set", "network.radix=8",
                            "--set", "traffic.pattern=transpose"], check=True, capture_output=True, text=True)
        path = os.path.join(self.dir, "contention.json")
        with open(path, "w") as f:
            f.write(r.stdout)
        self.check_plot("ch_contention", "channels", path)
        with open(os.path.join(self.dir, "out", "ch_contention.svg")) as f:
            self.assertIn("Channel loads: transpose (56 paths)", f.read())

    def test_energy_curve(self):
        self.check_plot("energy_curve", "energy", self.jsonl)

    def test_energy_per_router(self):
        self.check_plot("energy_map", "energy", self.results["mesh"])
        with open(os.path.join(self.dir, "out", "energy_map.svg")) as f:
            self.assertIn("Energy per router (45nm)", f.read())

    def test_latency(self):
        self.check_plot("lat_mesh", "latency", self.results["mesh"])

    def test_latency_sweep_point(self):
        self.check_plot("lat_point", "latency", self.jsonl, "--point", "1")

    def assert_rejected(self, path, *args):
        stem = os.path.join(self.dir, "bad", "x")
        r = self.plot(*args, "--out", stem)
        self.assertEqual(r.returncode, 2, f"plot.py {' '.join(args)}: exit {r.returncode}\n{r.stderr}")
        self.assertIn(os.path.basename(path), r.stderr)
        self.assertNotIn("Traceback", r.stderr)
        self.assertFalse(os.path.exists(stem + ".png"))

    def test_bad_input(self):
        missing = os.path.join(self.dir, "missing.json")
        broken = os.path.join(self.dir, "broken.json")
        with open(broken, "w") as f:
            f.write('{"T": 1,\n')
        self.assert_rejected(missing, "latency", missing)
        self.assert_rejected(broken, "channels", broken)
        self.assert_rejected(broken, "curve", broken)
        # one run's result is not a sweep, and a sweep point has no per-link arrays
        self.assert_rejected(self.results["mesh"], "curve", self.results["mesh"])
        self.assert_rejected(self.jsonl, "channels", self.jsonl)
        # a run without energy accounting
        self.assert_rejected(self.results["torus"], "energy", self.results["torus"])


def main():
    argv = sys.argv[:1]
    args = iter(sys.argv[1:])
    for a in args:
        if a == "--kncsim":
            PlotTest.kncsim = next(args, KNCSIM)
        elif a.startswith("--kncsim="):
            PlotTest.kncsim = a.split("=", 1)[1]
        else:
            argv.append(a)
    if not os.access(PlotTest.kncsim, os.X_OK):
        sys.exit(f"{PlotTest.kncsim}: not an executable kncsim (pass --kncsim PATH)")
    unittest.main(argv=argv)


if __name__ == "__main__":
    main()
