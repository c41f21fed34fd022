#!/usr/bin/env python3
"""Tests of scripts/profile_rtl.py: an RTL run's counted instructions split by part, the same on a
second count, a SystemC run with no model part, and bad input refused.

Usage: /usr/bin/python3 tests/profile/profile_test.py [--kncsim PATH] [unittest options]
"""
import os
import re
import subprocess
import sys
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCRIPT = os.path.join(ROOT, "scripts", "profile_rtl.py")
KNCSIM = os.path.join(ROOT, "build", "release", "tb", "kncsim")
RUN = ["--set", "network.radix=4", "--set", "router.fifo_flits=4", "--set", "router.flow_control=wormhole",
       "--set", "traffic.load=0.3", "--set", "run.convergence=fixed", "--set", "run.cycles=1000"]


def profile(*args):
    return subprocess.run([sys.executable, SCRIPT, "--kncsim", KNCSIM, *args], capture_output=True, text=True)


def parts(out):
    """{part: (M instructions, share %, per node-cycle)} from the table."""
    table = {}
    for line in out.splitlines():
        m = re.match(r"^(\S.*?)\s+([\d.]+)\s+([\d.]+)%\s+(\d+)$", line)
        if m:
            table[m.group(1)] = (float(m.group(2)), float(m.group(3)), int(m.group(4)))
    return table


def rounding(millions, over):
    """How far a printed count of millions (rounded to its last digit shown) divided by `over`
    may be from the printed quotient (rounded to 1)."""
    decimals = len(millions.partition(".")[2])
    return 0.5 * 10 ** -decimals * 1e6 / over + 0.5


class Profile(unittest.TestCase):
    def test_an_rtl_run_is_split_by_part_and_counts_the_same_twice(self):
        first = profile("--", *RUN, "--set", "router.impl=rtl")
        self.assertEqual(first.returncode, 0, first.stderr)
        head = first.stdout.splitlines()[0]
        # 16 nodes for 1000 cycles; the per-node-cycle figure is the total over them.
        m = re.match(r"the simulation: ([\d,.]+) M instructions, 16,000 node-cycles \(([\d,]+) a node-cycle\)", head)
        self.assertIsNotNone(m, first.stdout)
        total, per = float(m.group(1).replace(",", "")), int(m.group(2).replace(",", ""))
        self.assertAlmostEqual(total * 1e6 / 16000, per, delta=rounding(m.group(1), 16000))
        table = parts(first.stdout)
        for phase in ("nba_sequent", "nba_comb", "ico"):
            rows = [k for k in table if k.startswith("model:") and f"({phase})" in k]
            self.assertEqual(len(rows), 1, f"{phase}: {first.stdout}")
            self.assertGreater(table[rows[0]][0], 0)
        self.assertIn("kncsim: adapters, links, traffic, statistics", table)
        self.assertAlmostEqual(sum(v[1] for v in table.values()), 100, delta=0.5)
        self.assertRegex(first.stdout, r"kncsim::RtlRouter<[^>]*>::edge")
        # The models' clock edges: at most one a node-cycle (the clock domain gates idle
        # routers), plus the reset's; the cost an edge is the models' parts over them.
        m = re.search(r"^the models: ([\d,.]+) M instructions over ([\d,]+) clock edges \(([\d,]+) an edge\)$",
                      first.stdout, re.M)
        self.assertIsNotNone(m, first.stdout)
        model, edges, each = (float(m.group(i).replace(",", "")) for i in (1, 2, 3))
        self.assertGreater(edges, 1000)
        self.assertLessEqual(edges, 16000 + 16 * 4)
        self.assertAlmostEqual(model * 1e6 / edges, each, delta=rounding(m.group(1), edges))
        self.assertAlmostEqual(model, sum(v[0] for k, v in table.items() if k.startswith("model:")), delta=0.3)
        second = profile("--", *RUN, "--set", "router.impl=rtl")
        self.assertEqual(second.returncode, 0, second.stderr)
        self.assertEqual(second.stdout.splitlines()[0], head)

    def test_a_systemc_run_has_no_model_and_the_whole_process_counts_more(self):
        sim = profile("--top", "0", "--", *RUN, "--set", "router.impl=systemc")
        self.assertEqual(sim.returncode, 0, sim.stderr)
        self.assertFalse([k for k in parts(sim.stdout) if k.startswith("model:")], sim.stdout)
        self.assertNotIn("the models:", sim.stdout)
        whole = profile("--whole", "--top", "0", "--", *RUN, "--set", "router.impl=systemc")
        self.assertEqual(whole.returncode, 0, whole.stderr)
        self.assertTrue(whole.stdout.startswith("the whole process: "), whole.stdout)
        count = lambda out: float(re.search(r": ([\d,.]+) M instructions", out).group(1).replace(",", ""))
        self.assertGreater(count(whole.stdout), count(sim.stdout))

    def test_bad_input_is_refused(self):
        bad = profile("--", "--set", "network.radix=1")
        self.assertEqual(bad.returncode, 2)
        self.assertIn("network.radix", bad.stderr)
        top = profile("--top", "-1", "--", *RUN)
        self.assertEqual(top.returncode, 2)
        self.assertIn("--top takes a count of 0 or more, got -1", top.stderr)
        missing = subprocess.run([sys.executable, SCRIPT, "--kncsim", "/nonexistent/kncsim"], capture_output=True,
                                 text=True)
        self.assertEqual(missing.returncode, 2)
        self.assertIn("--kncsim /nonexistent/kncsim: no such file", missing.stderr)


if __name__ == "__main__":
    if "--kncsim" in sys.argv:
        i = sys.argv.index("--kncsim")
        KNCSIM = sys.argv[i + 1]
        del sys.argv[i:i + 2]
    unittest.main()
