#!/usr/bin/python3
"""Issue 34's hypothesis for Chittor's Table 3.2: that his "specific instance" of a random mapping
was drawn as a C program of 1991 would draw it, each process in turn to node rand() % N, drawn
again while that node is taken (3.4: "tasks are mapped onto a randomly-selected system node that
is free"), rand() a linear congruential generator whose low bits rand() % N keeps. For N a power
of two the processes then land on an affine sequence of nodes, which keeps the structure of
edges such as i +- 1, i +- sqrt(N) and i xor 2^b: where the 2D-mesh and hypercube rows stand out.

For each N (64, 256, 1024 nodes on a square 2D mesh), each of his four process graphs and each
generator (traffic.mapping_generator: bsd_rand, lcg69069), `kncsim contention` with
traffic.mapping random_lcg_low_bits over seeds 1..S gives the saturation node traffic of the
average and the worst node (Lemmas 3 and 4); printed: their median over the seeds, the ratio
printed / kncsim, and the range of that ratio over the seeds. A hypothesis about how the table was
made, not a fact.

    chittor_lcg_mapping_study.py [--kncsim PATH] [--seeds S] [--mesh3d-1024 SHAPE] [--json OUT]
"""
import argparse
import os
import statistics
import sys

from tqdm import tqdm

import kncsim_output
from chittor_contention_study import GRAPHS, PRINTED, SIZES
from kncsim_json import run_kncsim

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GENERATORS = ["bsd_rand", "lcg69069"]


def saturation(kncsim, n, graph, generator, seed, shape):
    sets = {"network.radix": int(round(n ** 0.5)), "traffic.pattern": "graph", "traffic.graph": graph,
            "traffic.mapping": "random_lcg_low_bits", "traffic.mapping_generator": generator,
            "traffic.mapping_seed": seed}
    if shape:
        sets["traffic.graph_shape"] = "[" + ",".join(shape.split("x")) + "]"
    s = run_kncsim(kncsim, sets, "contention")["summary"]["saturation"]
    return 100 * s["average_node"], 100 * s["worst_node"]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--kncsim", default=os.path.join(REPO, "build", "release", "tb", "kncsim"))
    ap.add_argument("--seeds", type=int, default=5, help="srand seeds 1..S per cell (default 5)")
    ap.add_argument("--mesh3d-1024", default="10x10x10",
                    help="the 3D-mesh graph's shape on 1024 nodes (default 10x10x10; 'auto': kncsim's 16x8x8)")
    ap.add_argument("--json", help="write every figure to this file")
    a = ap.parse_args()
    if a.seeds < 1:
        ap.error("--seeds must be at least 1")
    if not os.access(a.kncsim, os.X_OK):
        ap.error(f"no kncsim at {a.kncsim} (build it, or pass --kncsim)")
    rows = []
    cells = len(SIZES) * len(GRAPHS) * len(GENERATORS)
    with tqdm(total=cells * a.seeds, unit="mapping", disable=not sys.stderr.isatty()) as bar:
        for generator in GENERATORS:
            for n in SIZES:
                for graph in GRAPHS:
                    shape = a.mesh3d_1024 if graph == "mesh3d" and n == 1024 and a.mesh3d_1024 != "auto" else ""
                    runs = []
                    for seed in range(1, a.seeds + 1):
                        runs.append(saturation(a.kncsim, n, graph, generator, seed, shape))
                        bar.update()
                    printed = PRINTED[n][graph]
                    rows.append({"generator": generator, "N": n, "graph": graph, "shape": shape or "default",
                                 "avg_node": [r[0] for r in runs], "worst_node": [r[1] for r in runs],
                                 "printed_avg_node": printed[0], "printed_worst_node": printed[1]})
    for generator in GENERATORS:
        print(f"\ntraffic.mapping_generator {generator}: saturation node traffic (%), median of seeds 1..{a.seeds}")
        print(f"{'N':>5} {'graph':<12} {'avg':>6} {'printed':>8} {'ratio':>6} {'range':>11} "
              f"{'worst':>6} {'printed':>8} {'ratio':>6} {'range':>11}")
        ratios = []
        for r in (r for r in rows if r["generator"] == generator):
            line = f"{r['N']:>5} {r['graph']:<12}"
            for kind in ("avg_node", "worst_node"):
                med = statistics.median(r[kind])
                printed = r["printed_" + kind]
                each = [printed / v for v in r[kind]]
                ratios.append(printed / med)
                line += f" {med:>6.1f} {printed:>8} {printed / med:>6.2f} {min(each):>5.2f}-{max(each):<5.2f}"
            print(line)
        print(f"printed / median over the 24 cells: {min(ratios):.2f} to {max(ratios):.2f}; "
              f"{sum(1 / 1.5 <= x <= 1.5 for x in ratios)} of 24 within a factor of 1.5")
    if a.json:
        kncsim_output.write_json(a.json, rows)


if __name__ == "__main__":
    main()
