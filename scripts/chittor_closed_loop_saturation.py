#!/usr/bin/python3
"""Actual against applied node traffic for Chittor's closed loop (thesis §4.3, Figure 4.14's
shape): each node of a 12x12 SystemC mesh runs the AB base loop with its peers (send, receive,
compute), and a shorter computation raises the traffic it applies until the channels saturate.

  applied node traffic   payload flits a node sends per cycle when the same loops run on a
                         contention-free network (kncsim's replay; Definition 24)
  actual node traffic    the same in the simulated network (Definition 26)

Messages of one 256-flit packet, no software overheads (Chittor's "future systems", where only
the network limits a node), computation uniform on 0..2c per loop, oldest-first arbitration and
2-flit wormhole FIFOs (as the open-loop study). kncsim contention gives each pattern's Lemma 4,
the worst node's saturation node traffic delta_avg / (nu_max + 1).

    chittor_closed_loop_saturation.py [--kncsim PATH] [--loops N] [--plot STEM] [--json OUT]
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
    "transpose": {"traffic.pattern": "transpose"},
    "2D mesh graph, random mapping (seed 1)": {"traffic.pattern": "graph", "traffic.graph": "mesh2d",
                                               "traffic.mapping": "random", "traffic.mapping_seed": 1},
}
COMPUTE = [32000, 16000, 8000, 4000, 2000, 1000, 500, 0]
RUN = {"network.radix": RADIX, "router.impl": "systemc", "router.arbitration": "oldest_first",
       "router.fifo_flits": 2, "router.flow_control": "wormhole", "traffic.workload": "closed_loop",
       "traffic.message_flits": 256, "traffic.packet_payload_flits": 256, "traffic.compute": "uniform",
       "run.max_cycles": 50000000}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--kncsim", default=os.path.join(REPO, "build", "release", "tb", "kncsim"))
    ap.add_argument("--loops", type=int, default=20, help="measured loops per node (default 20)")
    ap.add_argument("--plot", metavar="STEM", help="write STEM.png and STEM.svg")
    ap.add_argument("--json", help="write every figure to this file")
    args = ap.parse_args()
    if args.loops < 2:
        ap.error("--loops must be at least 2")
    if not os.access(args.kncsim, os.X_OK):
        ap.error(f"no kncsim at {args.kncsim} (build it, or pass --kncsim)")

    out = {}
    with tqdm(total=len(PATTERNS) * len(COMPUTE), unit="run", disable=not sys.stderr.isatty()) as bar:
        for name, sets in PATTERNS.items():
            c = run_kncsim(args.kncsim, {"network.radix": RADIX, **sets}, "contention")
            nu_max = c["summary"]["contention_level"]["max"]
            rows = []
            for compute in COMPUTE:
                r = run_kncsim(args.kncsim, {**RUN, **sets, "traffic.compute_cycles": compute,
                                             "traffic.loops": args.loops})["closed_loop"]
                worst = min(r["nodes"], key=lambda n: n["node_traffic"])
                rows.append({"compute": compute, "applied": r["applied_node_traffic"], "actual": r["node_traffic"],
                             "worst_node": worst["node"], "worst_applied": worst["applied_node_traffic"],
                             "worst_actual": worst["node_traffic"], "tau": r["communication_time"],
                             "tau_contention_free": r["contention_free_communication_time"]})
                bar.update()
            out[name] = {"nu_max": nu_max, "lemma4": c["summary"]["saturation"]["worst_node"], "runs": rows}

    for name, o in out.items():
        print(f"{name}: nu_max {o['nu_max']}, Lemma 4 (worst node) {o['lemma4']:.4f}")
        print(f"  {'c':>6} {'applied':>8} {'actual':>8} {'worst applied':>14} {'worst actual':>13} {'tau':>8} "
              f"{'(free)':>8}")
        for r in o["runs"]:
            print(f"  {r['compute']:>6} {r['applied']:>8.4f} {r['actual']:>8.4f} {r['worst_applied']:>14.4f} "
                  f"{r['worst_actual']:>13.4f} {r['tau']:>8.0f} {r['tau_contention_free']:>8.0f}")
    if args.json:
        kncsim_output.write_json(args.json, out)
    if args.plot:
        node_traffic_figure(
            [{"title": f"{name}\n(nu max {o['nu_max']})", "legend": "upper left",
              "mean": ([r["applied"] for r in o["runs"]], [r["actual"] for r in o["runs"]]),
              "worst": ([r["worst_applied"] for r in o["runs"]], [r["worst_actual"] for r in o["runs"]]),
              "bounds": [(o["lemma4"], "tab:red", f"Lemma 4: {o['lemma4']:.3f}")]}
             for name, o in out.items()],
            f"Closed loop (AB): node traffic against applied traffic, {RADIX}x{RADIX} SystemC mesh, "
            "oldest first, 256-flit messages", args.plot)

if __name__ == "__main__":
    main()
