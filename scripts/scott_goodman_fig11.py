#!/usr/bin/python3
"""Scott & Goodman's Fig. 11 (section 4.1): unloaded latency against dimensionality of a pipelined
4096-node network of rings as S, the switch cycle time over the base wire delay, goes from 0.25 to
8. The latency is the round trip (a 16- and an 80-byte packet), normalised to the cycle time at
S = 2 (a cycle at S is S/2 of one at S = 2), every discrete quantity continuous. S = 0 itself, a
switch of no delay, is not a network kncsim configures (link.switch_to_wire_ratio > 0).

The paper's stated conclusions, checked on the numbers (and held by
tests/paper/scott_goodman_optimum_test.cpp):
  (a, b) with maximum wire lengths, a larger S moves the optimal n up;
  (c, d) with mean (actual) wire lengths, S does not move it.

    scripts/scott_goodman_fig11.py [--kncsim BIN] [--plot PATH]
"""
import argparse
import os
import sys

import sg_optimum
from study_runs import report, run_all

RATIOS = [0.25, 0.5, 1, 2, 4, 8]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--kncsim", default="build/release/tb/kncsim")
    ap.add_argument("--plot", metavar="PATH", help="write the figure (PNG or SVG)")
    a = ap.parse_args()
    if not os.access(a.kncsim, os.X_OK):
        sys.exit(f"{a.kncsim}: not an executable kncsim (build it: cmake --workflow --preset ci)")
    reports = run_all({s: (sg_optimum.optimize, a.kncsim, {"link.switch_to_wire_ratio": s}) for s in RATIOS})
    series, best = {}, {}
    print("optimal n (continuous) against S")
    print(f"{'panel':<46} " + " ".join(f"S={s:<6g}" for s in RATIOS))
    for i, (title, c, v) in enumerate(sg_optimum.PANELS):
        series[i] = []
        for s in RATIOS:
            curve, n = sg_optimum.panel(reports[s], c, v)
            series[i].append((f"S = {s:g}", [(x, y * s / 2) for x, y in curve], n))
            best[(i, s)] = n
        print(f"{title:<46} " + " ".join(f"{best[(i, s)]:<8.2f}" for s in RATIOS))
    held = [
        ("(a, b) with maximum wire lengths, a larger S moves the optimal n up",
         all(best[(i, s)] < best[(i, t)] for i in (0, 1) for s, t in zip(RATIOS, RATIOS[1:]))),
        ("(c, d) with mean wire lengths, S does not move the optimal n (within .01)",
         all(abs(best[(i, s)] - best[(i, 2)]) < 0.01 for i in (2, 3) for s in RATIOS)),
    ]
    status = report(held)
    if a.plot:
        sg_optimum.plot(series, "Scott & Goodman Fig. 11: effect of S (N = 4096, pipelined)",
                        "round-trip latency, cycles at S = 2", a.plot)
    sys.exit(status)


if __name__ == "__main__":
    main()
