#!/usr/bin/python3
"""Chittor's random-mapping simulations (thesis section 5.6.4, Figure 5.12) with his simulator
shell: every node computes, sends one 50-flit message to its next process-graph neighbour in turn
and waits until it has arrived (`traffic.loop_classes: shell`). No computation (c = 0), so every
node offers all it can and the worst node sits at its saturation level. The SystemC mesh runs
oldest-first arbitration (Chittor's default) and 2-flit wormhole FIFOs.

For his four process graphs, randomly mapped on 8x8 and 16x16 meshes (his 64 and 256 nodes),
mapping seeds 1..M: the worst node's node traffic (the least over the nodes) against Lemma 4, and
the average node's against Lemma 3, both from `kncsim contention` for the same mapping. Chittor:
"The actual saturation levels for the worst case are about 20 % higher than the value predicted
by the theoretical analysis." With them, the uniform reference Fig. 5.12 plots: every message to a
node drawn at random (`traffic.loop_destinations: random`), against Corollary 5's 2/sqrt(N).

    chittor_shell_study.py [--kncsim PATH] [--radices R ...] [--graphs G ...] [--mappings M]
                           [--loops N] [--jobs J] [--json OUT]
"""
import argparse
import concurrent.futures
import json
import os
import statistics
import sys

from tqdm import tqdm

import kncsim_output
from kncsim_json import run_kncsim

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GRAPHS = ["mesh2d", "binary_tree", "mesh3d", "hypercube"]
RADICES = [8, 16]
RUN = {"router.impl": "systemc", "router.arbitration": "oldest_first", "router.flow_control": "wormhole",
       "router.fifo_flits": 2, "traffic.workload": "closed_loop", "traffic.loop_classes": "shell",
       "traffic.message_flits": 50, "traffic.packet_payload_flits": "unlimited", "traffic.compute_cycles": 0}


def point(kncsim, radix, graph, seed, loops):
    net = {"network.radix": radix, "traffic.pattern": "graph", "traffic.graph": graph,
           "traffic.mapping": "random", "traffic.mapping_seed": seed}
    sat = run_kncsim(kncsim, net, "contention")["summary"]["saturation"]
    r = run_kncsim(kncsim, {**net, **RUN, "traffic.loops": loops})["closed_loop"]
    worst = min(n["node_traffic"] for n in r["nodes"])
    return {"radix": radix, "graph": graph, "seed": seed, "lemma3": sat["average_node"], "lemma4": sat["worst_node"],
            "average": r["node_traffic"], "worst": worst}


def uniform(kncsim, radix, loops):
    """Chittor's uniform reference (Fig. 5.12): each message to a node drawn at random."""
    r = run_kncsim(kncsim, {"network.radix": radix, **RUN, "traffic.loops": loops,
                            "traffic.loop_destinations": "random"})["closed_loop"]
    return {"radix": radix, "corollary5": 2 / radix, "average": r["node_traffic"],
            "worst": min(n["node_traffic"] for n in r["nodes"])}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--kncsim", default=os.path.join(REPO, "build", "release", "tb", "kncsim"))
    ap.add_argument("--radices", type=int, nargs="+", default=RADICES, help="mesh radices (default 8 16)")
    ap.add_argument("--graphs", nargs="+", choices=GRAPHS, default=GRAPHS, help="process graphs (default all four)")
    ap.add_argument("--mappings", type=int, default=7, help="mapping seeds 1..M (default 7)")
    ap.add_argument("--loops", type=int, default=25, help="measured loops a node (default 25: about "
                    "Chittor's 100 messages for a 4-regular graph)")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--json", help="write every figure to this file")
    args = ap.parse_args()
    if args.mappings < 1 or args.loops < 1 or args.jobs < 1:
        ap.error("--mappings, --loops and --jobs must be at least 1")
    if any(r < 2 for r in args.radices):
        ap.error("--radices must be at least 2")
    if not os.access(args.kncsim, os.X_OK):
        ap.error(f"no kncsim at {args.kncsim} (build it, or pass --kncsim)")

    work = [(r, g, s) for r in args.radices for g in args.graphs for s in range(1, args.mappings + 1)]
    points = []
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool, \
            tqdm(total=len(work), unit="run", disable=not sys.stderr.isatty()) as bar:
        for p in pool.map(lambda w: point(args.kncsim, *w, args.loops), work):
            points.append(p)
            bar.update()

    print(f"worst node / Lemma 4 and average node / Lemma 3, mapping seeds 1..{args.mappings}")
    print(f"{'N':>5} {'graph':<12} {'Lemma 4':>8} {'worst':>7} {'ratio median':>12}  per mapping"
          f"{'':<{max(0, 6 * args.mappings - 11)}}  {'avg/L3':>6}")
    for r in args.radices:
        for g in args.graphs:
            ps = [p for p in points if p["radix"] == r and p["graph"] == g]
            ratios = [p["worst"] / p["lemma4"] for p in ps]
            print(f"{r * r:>5} {g:<12} {statistics.median(p['lemma4'] for p in ps):>8.4f} "
                  f"{statistics.median(p['worst'] for p in ps):>7.4f} {statistics.median(ratios):>12.2f}  "
                  + " ".join(f"{x:5.2f}" for x in ratios)
                  + f"  {statistics.median(p['average'] / p['lemma3'] for p in ps):>6.2f}")
    references = [uniform(args.kncsim, r, args.loops) for r in args.radices]
    print("uniform reference (each message to a random node): average node against Corollary 5's 2/sqrt(N)")
    for u in references:
        print(f"{u['radix'] ** 2:>5} uniform      2/sqrt(N) {u['corollary5']:.4f}  average {u['average']:.4f} "
              f"({u['average'] / u['corollary5']:.2f})  worst {u['worst']:.4f}")
    every = [p["worst"] / p["lemma4"] for p in points]
    print(f"all {len(every)} mappings: median {statistics.median(every):.2f}, range "
          f"{min(every):.2f}-{max(every):.2f} times Lemma 4")
    if args.json:
        kncsim_output.write_json(args.json, {"run": RUN, "loops": args.loops, "points": points,
                                            "uniform_reference": references})


if __name__ == "__main__":
    main()
