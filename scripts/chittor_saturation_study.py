#!/usr/bin/python3
"""Actual against applied node traffic on the SystemC mesh, with Chittor's saturation bounds drawn
(thesis chapter 3, Figure 3.5's shape for whole nodes): for each traffic pattern, kncsim
contention gives the average-node and worst-node saturation (Lemmas 3 and 4), and kncsim run
sweeps the applied load past them.

  applied node traffic   q L = 4 A / R flits per node-cycle at each sending node
  actual node traffic    the flits a node got into the network per cycle (its source queue holds
                         2 packets, so what it cannot send is dropped): the mean over the sending
                         nodes and the smallest (the worst node)

Oldest-first arbitration (Chittor: it makes the worst-node bound tight), 2-flit wormhole FIFOs and
64-flit packets (long against the paths, as the model assumes), 12x12 mesh.

    chittor_saturation_study.py [--kncsim PATH] [--cycles N] [--plot STEM] [--json OUT]
"""
import argparse
import json
import os
import sys

from tqdm import tqdm

from chittor_plot import node_traffic_figure
import kncsim_output
from kncsim_json import run_kncsim

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RADIX = 12
PATTERNS = {
    "transpose": ["traffic.pattern=transpose"],
    "2D mesh graph, random mapping (seed 1)": ["traffic.pattern=graph", "traffic.graph=mesh2d",
                                               "traffic.mapping=random", "traffic.mapping_seed=1"],
}
LOADS = [0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.4, 0.5, 0.7, 1.0, 1.5, 2.0]
RUN = ["router.impl=systemc", "router.arbitration=oldest_first", "router.fifo_flits=2",
       "router.flow_control=wormhole", "traffic.packet_flits=64", "traffic.source_queue_packets=2",
       "run.convergence=fixed"]


def kncsim(binary, command, sets):
    """sets: ["key=value", ...], on the 12x12 mesh."""
    return run_kncsim(binary, dict(s.split("=", 1) for s in [f"network.radix={RADIX}", *sets]), command)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--kncsim", default=os.path.join(REPO, "build", "release", "tb", "kncsim"))
    ap.add_argument("--cycles", type=int, default=30000, help="cycles per run (default 30000)")
    ap.add_argument("--plot", metavar="STEM", help="write STEM.png and STEM.svg")
    ap.add_argument("--json", help="write every figure to this file")
    args = ap.parse_args()
    if args.cycles < 1000:
        ap.error("--cycles must be at least 1000")
    if not os.access(args.kncsim, os.X_OK):
        ap.error(f"no kncsim at {args.kncsim} (build it, or pass --kncsim)")

    out = {}
    with tqdm(total=len(PATTERNS) * len(LOADS), unit="run", disable=not sys.stderr.isatty()) as bar:
        for name, sets in PATTERNS.items():
            c = kncsim(args.kncsim, "contention", sets)
            senders = {n["node"] for n in c["nodes"] if n["degree"] > 0}
            rows = []
            for load in LOADS:
                r = kncsim(args.kncsim, "run", sets + RUN + [f"traffic.load={load}", f"run.cycles={args.cycles}"])
                actual = [r["per_node"]["offered"][n] for n in sorted(senders)]
                rows.append({"A": load, "applied": 4 * load / RADIX, "mean": sum(actual) / len(actual),
                             "worst": min(actual)})
                bar.update()
            sat = c["summary"]["saturation"]
            out[name] = {"average_node_bound": sat["average_node"], "worst_node_bound": sat["worst_node"],
                         "nu_avg": c["summary"]["contention_level"]["avg"],
                         "nu_max": c["summary"]["contention_level"]["max"], "runs": rows}

    for name, o in out.items():
        print(f"{name}: Lemma 3 (average node) {o['average_node_bound']:.4f}, Lemma 4 (worst node) "
              f"{o['worst_node_bound']:.4f} flits/node-cycle (nu avg {o['nu_avg']:.3g}, max {o['nu_max']})")
        print(f"  {'A':>5} {'applied':>8} {'mean':>8} {'worst':>8}")
        for r in o["runs"]:
            print(f"  {r['A']:>5g} {r['applied']:>8.4f} {r['mean']:>8.4f} {r['worst']:>8.4f}")
        last = o["runs"][-1]
        print(f"  saturated: mean {last['mean']:.4f} ({last['mean'] / o['average_node_bound']:.2f} x Lemma 3), "
              f"worst {last['worst']:.4f} ({last['worst'] / o['worst_node_bound']:.2f} x Lemma 4)")
    if args.json:
        kncsim_output.write_json(args.json, out)
    if args.plot:
        node_traffic_figure(
            [{"title": f"{name}\n(nu avg {o['nu_avg']:.3g}, max {o['nu_max']})",
              "mean": ([r["applied"] for r in o["runs"]], [r["mean"] for r in o["runs"]]),
              "worst": ([r["applied"] for r in o["runs"]], [r["worst"] for r in o["runs"]]),
              "bounds": [(o["average_node_bound"], "tab:blue", f"Lemma 3: {o['average_node_bound']:.3f}"),
                         (o["worst_node_bound"], "tab:red", f"Lemma 4: {o['worst_node_bound']:.3f}")]}
             for name, o in out.items()],
            f"Node traffic against applied traffic, {RADIX}x{RADIX} SystemC mesh, DOR, oldest first, "
            "L = 64, 2-flit FIFOs", args.plot)

if __name__ == "__main__":
    main()
