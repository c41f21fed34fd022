#!/usr/bin/python3
"""Chittor's random-mapping tables from `kncsim contention`: his four process graphs (2D mesh,
binary tree, 3D mesh, hypercube) randomly mapped onto square 2D meshes of 64, 256 and 1024
nodes, 25 mappings each (seeds 1..25), with dimension-order routing.

  Table 3.1  the computed channel loads and path contention levels (mean over the mappings)
             against the closed forms chi avg C/6, max 3C/8 (the binary tree's max: eq 3.21's
             C/2, as the thesis notes), nu avg C/2, max C, with C = delta_avg sqrt(N)
  Table 3.2  the saturation node traffic of the average and the worst node (Lemmas 3 and 4),
             median over the mappings, against the values printed for his one random mapping

    chittor_contention_study.py [--kncsim PATH] [--mappings N] [--json OUT]

Prints both tables with the ratios; --json writes every figure.
"""
import argparse
import json
import math
import os
import statistics
import sys

from tqdm import tqdm

import kncsim_output
from kncsim_json import run_kncsim

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GRAPHS = ["mesh2d", "binary_tree", "mesh3d", "hypercube"]
SIZES = [64, 256, 1024]
# Table 3.2, in percent: (average node, worst node) per graph, per N.
PRINTED = {
    64: {"mesh2d": (47, 23), "binary_tree": (31, 14), "mesh3d": (36, 19), "hypercube": (41, 22)},
    256: {"mesh2d": (19, 10), "binary_tree": (12, 6), "mesh3d": (13, 7), "hypercube": (17, 9)},
    1024: {"mesh2d": (8, 4), "binary_tree": (5, 3), "mesh3d": (5, 3), "hypercube": (7, 4)},
}


def contention(kncsim, radix, graph, seed):
    return run_kncsim(kncsim, {"network.radix": radix, "traffic.pattern": "graph", "traffic.graph": graph,
                               "traffic.mapping": "random", "traffic.mapping_seed": seed}, "contention")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--kncsim", default=os.path.join(REPO, "build", "release", "tb", "kncsim"))
    ap.add_argument("--mappings", type=int, default=25, help="random mappings per graph and size (default 25)")
    ap.add_argument("--json", help="write every figure to this file")
    args = ap.parse_args()
    if args.mappings < 1:
        ap.error("--mappings must be at least 1")
    if not os.access(args.kncsim, os.X_OK):
        ap.error(f"no kncsim at {args.kncsim} (build it, or pass --kncsim)")

    rows = []
    with tqdm(total=len(SIZES) * len(GRAPHS) * args.mappings, unit="mapping", disable=not sys.stderr.isatty()) as bar:
        for n in SIZES:
            for graph in GRAPHS:
                runs = []
                for seed in range(1, args.mappings + 1):
                    runs.append(contention(args.kncsim, math.isqrt(n), graph, seed))
                    bar.update()
                s = [r["summary"] for r in runs]
                e = runs[0]["random_mapping_estimates"]
                mean = lambda f: statistics.fmean(f(x) for x in s)
                chi_max_estimate = e["C"] / 2 if graph == "binary_tree" else e["channel_load"]["max"]
                rows.append({
                    "N": n, "graph": graph, "processes": runs[0]["graph"]["processes"],
                    "degree_avg": runs[0]["graph"]["degree_avg"], "C": e["C"],
                    "chi_avg": mean(lambda x: x["channel_load"]["avg"]), "chi_avg_estimate": e["channel_load"]["avg"],
                    "chi_max": mean(lambda x: x["channel_load"]["max"]), "chi_max_estimate": chi_max_estimate,
                    "nu_avg": mean(lambda x: x["contention_level"]["avg"]), "nu_avg_estimate": e["contention_level"]["avg"],
                    "nu_max": mean(lambda x: x["contention_level"]["max"]), "nu_max_estimate": e["contention_level"]["max"],
                    "avg_node": 100 * statistics.median(x["saturation"]["average_node"] for x in s),
                    "worst_node": 100 * statistics.median(x["saturation"]["worst_node"] for x in s),
                    "printed_avg_node": PRINTED[n][graph][0], "printed_worst_node": PRINTED[n][graph][1],
                })

    print(f"Table 3.1: computed (mean of {args.mappings} random mappings) / estimate")
    print(f"{'N':>5} {'graph':<12} {'C':>7} {'chi avg':>16} {'chi max':>16} {'nu avg':>16} {'nu max':>16}")
    worst = 0.0
    for r in rows:
        cells = []
        for k in ("chi_avg", "chi_max", "nu_avg", "nu_max"):
            ratio = r[k] / r[k + "_estimate"]
            worst = max(worst, abs(ratio - 1))
            cells.append(f"{r[k]:6.1f}/{r[k + '_estimate']:5.1f} {ratio:4.2f}")
        print(f"{r['N']:>5} {r['graph']:<12} {r['C']:>7.1f} " + " ".join(f"{c:>16}" for c in cells))
    print(f"largest deviation from an estimate: {100 * worst:.0f}%")

    print(f"\nTable 3.2: saturation node traffic (%), median of {args.mappings} random mappings against the printed one")
    print(f"{'N':>5} {'graph':<12} {'avg':>6} {'printed':>8} {'ratio':>6} {'worst':>6} {'printed':>8} {'ratio':>6}")
    within = 0
    for r in rows:
        ra, rw = r["printed_avg_node"] / r["avg_node"], r["printed_worst_node"] / r["worst_node"]
        within += (1 / 1.5 <= ra <= 1.5) + (1 / 1.5 <= rw <= 1.5)
        print(f"{r['N']:>5} {r['graph']:<12} {r['avg_node']:>6.1f} {r['printed_avg_node']:>8} {ra:>6.2f} "
              f"{r['worst_node']:>6.1f} {r['printed_worst_node']:>8} {rw:>6.2f}")
    print(f"{within} of {2 * len(rows)} values within a factor of 1.5 of the printed ones")
    print("Lemma 6 and 7 (2/sqrt(N), 1/sqrt(N)): " +
          ", ".join(f"N {n}: {200 / math.sqrt(n):.1f}%, {100 / math.sqrt(n):.1f}%" for n in SIZES))
    if args.json:
        kncsim_output.write_json(args.json, rows)


if __name__ == "__main__":
    main()
