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
import sg_optimum

LENGTHS = [64, 128, 256, 512, 1024]


def conclusions(best):
    return [
        ("(a, c) under constant link width, L does not move the optimal n (within .01)",
         all(abs(best[(i, L)] - best[(i, 1024)]) < 0.01 for i in (0, 2) for L in LENGTHS)),
        ("(d) constant node size, mean wires: the optimal n is 3 at L = 1024 and 6 at L = 64 (within .5)",
         abs(best[(3, 1024)] - 3) <= 0.5 and abs(best[(3, 64)] - 6) <= 0.5),
        ("(b, d) under constant node size, a longer message lowers the optimal n",
         all(best[(i, L)] > best[(i, M)] for i in (1, 3) for L, M in zip(LENGTHS, LENGTHS[1:]))),
    ]


if __name__ == "__main__":
    sg_optimum.study(__doc__, LENGTHS, "L", lambda L: {}, lambda L: [L], lambda L, latency: latency, conclusions,
                     "Scott & Goodman Fig. 12: effect of message length (N = 4096, pipelined, S = 2)",
                     "unloaded latency, cycles")
