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
import sg_optimum

RATIOS = [0.25, 0.5, 1, 2, 4, 8]


def conclusions(best):
    return [
        ("(a, b) with maximum wire lengths, a larger S moves the optimal n up",
         all(best[(i, s)] < best[(i, t)] for i in (0, 1) for s, t in zip(RATIOS, RATIOS[1:]))),
        ("(c, d) with mean wire lengths, S does not move the optimal n (within .01)",
         all(abs(best[(i, s)] - best[(i, 2)]) < 0.01 for i in (2, 3) for s in RATIOS)),
    ]


if __name__ == "__main__":
    sg_optimum.study(__doc__, RATIOS, "S", lambda s: {"link.switch_to_wire_ratio": s}, lambda s: None,
                     lambda s, latency: latency * s / 2, conclusions,
                     "Scott & Goodman Fig. 11: effect of S (N = 4096, pipelined)", "round-trip latency, cycles at S = 2")
