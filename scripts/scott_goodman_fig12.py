#!/usr/bin/python3
"""Scott & Goodman's Fig. 12 (section 4.2): unloaded latency of one message of L bits against
dimensionality of a pipelined 4096-node network of rings, L from 64 to 1024 bits, S = 2, every
discrete quantity continuous (`kncsim analytic --optimize --bits L`).

The paper's stated conclusions, checked on the numbers (and held by
tests/paper/scott_goodman_optimum_test.cpp):
  (a, c) under constant link width, L does not move the optimal n;
  (d) under constant node size with mean wire lengths, it moves from 3 at L = 1024 to 6 at L = 64
      (kncsim: within .5 of each).

    scripts/scott_goodman_fig12.py [--kncsim BIN] [--plot PATH]
"""
import argparse
import os
import sys

import sg_optimum
from study_runs import report, run_all

LENGTHS = [64, 128, 256, 512, 1024]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--kncsim", default="build/release/tb/kncsim")
    ap.add_argument("--plot", metavar="PATH", help="write the figure (PNG or SVG)")
    a = ap.parse_args()
    if not os.access(a.kncsim, os.X_OK):
        sys.exit(f"{a.kncsim}: not an executable kncsim (build it: cmake --workflow --preset ci)")
    reports = run_all({L: (sg_optimum.optimize, a.kncsim, {}, [L]) for L in LENGTHS})
    series, best = {}, {}
    print("optimal n (continuous) against the message length L")
    print(f"{'panel':<46} " + " ".join(f"L={L:<6}" for L in LENGTHS))
    for i, (title, c, v) in enumerate(sg_optimum.PANELS):
        series[i] = []
        for L in LENGTHS:
            curve, n = sg_optimum.panel(reports[L], c, v)
            series[i].append((f"L = {L}", curve, n))
            best[(i, L)] = n
        print(f"{title:<46} " + " ".join(f"{best[(i, L)]:<8.2f}" for L in LENGTHS))
    held = [
        ("(a, c) under constant link width, L does not move the optimal n (within .01)",
         all(abs(best[(i, L)] - best[(i, 1024)]) < 0.01 for i in (0, 2) for L in LENGTHS)),
        ("(d) constant node size, mean wires: the optimal n is 3 at L = 1024 and 6 at L = 64 (within .5)",
         abs(best[(3, 1024)] - 3) <= 0.5 and abs(best[(3, 64)] - 6) <= 0.5),
        ("(b, d) under constant node size, a longer message lowers the optimal n",
         all(best[(i, L)] > best[(i, M)] for i in (1, 3) for L, M in zip(LENGTHS, LENGTHS[1:]))),
    ]
    status = report(held)
    if a.plot:
        sg_optimum.plot(series, "Scott & Goodman Fig. 12: effect of message length (N = 4096, pipelined, S = 2)",
                        "unloaded latency, cycles", a.plot)
    sys.exit(status)


if __name__ == "__main__":
    main()
