#!/usr/bin/python3
"""PP-MESS-SIM Fig. 11's network: latency against accepted throughput on a 6x6 torus under
dimension-order routing, with 1, 2 and 3 virtual channels per link (uniform random traffic,
wormhole flow control, 8-flit FIFOs per channel, 16-flit packets: PP-MESS-SIM's 64-byte packets
in 4-byte flits).

  1 VC    the rings of the torus close cycles of channels; the run is allowed
          (router.allow_deadlock) and deadlocks once the load is high enough
  2 VCs   Dally & Seitz's datelines: deadlock-free
  3 VCs   the third channel joins the low class

Each point is one kncsim run at offered load A (of the torus's bisection bandwidth) for a fixed
number of cycles from an empty network, with unbounded source queues. Latency T is in cycles,
head generation to head arrival (source queueing included, so past saturation it grows with
the run); accepted throughput is delivered flits per node per cycle over the run. A
channel count's saturation throughput is the most it carried at any load. Prints a table and
the saturation throughputs; with --plot PATH (PNG or SVG), draws the curves. Minutes on 2 cores.
"""
import argparse
import concurrent.futures
import os
import subprocess
import sys

from tqdm import tqdm

import kncsim_output
from kncsim_json import run_kncsim

VCS = [1, 2, 3]


def run(kncsim, vcs, load, cycles, seed):
    sets = {
        "network.topology": "torus", "network.dims": 2, "network.radix": 6, "router.impl": "systemc",
        "router.vcs": vcs, "router.allow_deadlock": "true", "router.fifo_flits": 8,
        "router.flow_control": "wormhole", "traffic.packet_flits": 16, "traffic.load": load,
        "traffic.seed": seed, "traffic.stream": "counter", "run.convergence": "fixed", "run.cycles": cycles,
        "run.deadlock_cycles": 5000,
    }
    try:
        r = run_kncsim(kncsim, sets)
    except subprocess.CalledProcessError as e:
        if "deadlock" in e.stderr:
            return None
        raise
    nodes = 36
    return {"T": r["T"], "accepted": r["numrecd"] * 16 / nodes / r["curtime"], "offered_A": load}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--kncsim", default="build/release/tb/kncsim")
    ap.add_argument("--cycles", type=int, default=40000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--loads", type=float, nargs="+",
                    default=[0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.45, 0.5, 0.6, 0.7, 0.8, 1.0])
    ap.add_argument("--plot", metavar="PATH", help="write the curves as an image (PNG or SVG)")
    a = ap.parse_args()
    if not os.access(a.kncsim, os.X_OK):
        sys.exit(f"{a.kncsim}: not an executable kncsim (build it: cmake --workflow --preset ci)")

    points = [(v, l) for v in VCS for l in a.loads]
    results = {}
    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        futures = {pool.submit(run, a.kncsim, v, l, a.cycles, a.seed): (v, l) for v, l in points}
        for f in tqdm(concurrent.futures.as_completed(futures), total=len(futures), desc="runs", file=sys.stderr):
            results[futures[f]] = f.result()

    print("6x6 torus, DOR, 16-flit packets, 8-flit FIFO per VC: latency T (cycles) / accepted flits per node-cycle")
    print("A     " + "".join(f"{f'{v} VC':>20}" for v in VCS))
    for l in a.loads:
        cells = []
        for v in VCS:
            r = results[(v, l)]
            cells.append("deadlock" if r is None else f"{r['T']:8.1f} / {r['accepted']:.4f}")
        print(f"{l:4.2f}  " + "".join(f"{c:>20}" for c in cells))
    for v in VCS:
        carried = [r["accepted"] for l in a.loads if (r := results[(v, l)])]
        dead = [l for l in a.loads if results[(v, l)] is None]
        note = f", deadlocked from A = {min(dead):g}" if dead else ""
        print(f"{v} VC: saturation throughput {max(carried):.4f} flits per node-cycle{note}")

    if a.plot:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        fig, ax = plt.subplots(figsize=(6.4, 4.4))
        for v in VCS:
            pts = [results[(v, l)] for l in a.loads if results[(v, l)]]
            ax.plot([p["accepted"] for p in pts], [p["T"] for p in pts], marker="o",
                    label=f"{v} virtual channel{'s' if v > 1 else ''}" + (" (deadlocks)" if v == 1 else ""))
        ax.set_yscale("log")
        ax.set_xlabel("accepted throughput (flits per node per cycle)")
        ax.set_ylabel("latency T (cycles, log scale)")
        ax.set_title("6x6 torus, dimension order, uniform traffic")
        ax.grid(True, which="both", alpha=0.3)
        ax.legend()
        fig.tight_layout()
        kncsim_output.save_figure(fig, a.plot, dpi=110)
        print(f"plot: {a.plot}")


if __name__ == "__main__":
    main()
