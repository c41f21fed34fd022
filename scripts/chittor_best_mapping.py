#!/usr/bin/python3
"""The evidence that Chittor's Table 3.2 cannot come from a uniform random mapping for some
graphs: over many uniform mappings (traffic.mapping random, seeds 1..K), the highest saturation
node traffic of the average and of the worst node (Lemmas 3 and 4) that any of them reaches,
against the printed value.

    chittor_best_mapping.py [--kncsim PATH] [--mappings K] [--nodes N] [--graphs G,G]
"""
import argparse
import os
import sys

from tqdm import tqdm

from chittor_contention_study import PRINTED
from kncsim_json import run_kncsim

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--kncsim", default=os.path.join(REPO, "build", "release", "tb", "kncsim"))
    ap.add_argument("--mappings", type=int, default=2000, help="uniform mappings, seeds 1..K (default 2000)")
    ap.add_argument("--nodes", type=int, default=64, choices=sorted(PRINTED), help="a square mesh of N nodes (default 64)")
    ap.add_argument("--graphs", default="mesh2d,hypercube", help="comma-separated (default mesh2d,hypercube)")
    a = ap.parse_args()
    if a.mappings < 1:
        ap.error("--mappings must be at least 1")
    graphs = a.graphs.split(",")
    for g in graphs:
        if g not in PRINTED[a.nodes]:
            ap.error(f"--graphs: unknown graph '{g}'; allowed: {', '.join(PRINTED[a.nodes])}")
    radix = int(round(a.nodes ** 0.5))
    print(f"uniform random mappings on a {radix}x{radix} mesh, seeds 1..{a.mappings}: the highest saturation node "
          "traffic reached (%), against Table 3.2")
    for graph in graphs:
        best = [0.0, 0.0]
        at = [0, 0]
        for seed in tqdm(range(1, a.mappings + 1), desc=graph, disable=not sys.stderr.isatty()):
            s = run_kncsim(a.kncsim, {"network.radix": radix, "traffic.pattern": "graph", "traffic.graph": graph,
                                      "traffic.mapping": "random", "traffic.mapping_seed": seed},
                           "contention")["summary"]["saturation"]
            for i, k in enumerate(("average_node", "worst_node")):
                if 100 * s[k] > best[i]:
                    best[i], at[i] = 100 * s[k], seed
        p = PRINTED[a.nodes][graph]
        print(f"{graph:<12} average node: best {best[0]:.1f} (seed {at[0]}) against {p[0]} printed; "
              f"worst node: best {best[1]:.1f} (seed {at[1]}) against {p[1]} printed")


if __name__ == "__main__":
    main()
