#!/usr/bin/python3
"""Scott & Goodman's Figure 13(b) study: round trip against load for input queues of 20 flits
(exactly one data packet) up to "infinity", on the 4096-node 8-ary 4-cube (W = 32, 16- and
80-byte packets, ring buffer and output queue 25 flits), under both acceptance schemes:

  whole_packet  a packet leaving a ring is accepted only with room for all of it at its head
  stomp         it is taken in flit by flit and nacked only if the queue fills (SCI, section 4.3)

The paper found "performance is identical for all buffer sizes throughout the network's normal
operating region". Prints, per scheme and load, the round trip (address + data latency, switch
cycles) and nack rate per queue size, and each size's round trip relative to the largest queue;
with --plot PATH, draws the curves. Runs in parallel on every core (minutes).
"""
import argparse
import concurrent.futures
import os
import sys

from tqdm import tqdm

import kncsim_output
from kncsim_json import run_kncsim

SCHEMES = ["whole_packet", "stomp"]


def run(kncsim, scheme, queue, load, cycles, seed):
    sets = {
        "network.topology": "rings", "router.model": "sci", "network.dims": 4, "network.radix": 8,
        "router.sci_accept": scheme, "router.input_queue_flits": queue, "traffic.load": load,
        "traffic.seed": seed, "run.convergence": "fixed", "run.cycles": cycles,
    }
    return run_kncsim(kncsim, sets)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--kncsim", default="build/release/tb/kncsim")
    ap.add_argument("--cycles", type=int, default=3000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--queues", type=int, nargs="+", default=[20, 25, 50, 1000],
                    help="input queue sizes in flits; the last is the reference (\"infinite\")")
    ap.add_argument("--loads", type=float, nargs="+", default=[0.1, 0.2, 0.3, 0.4, 0.5, 0.6])
    ap.add_argument("--plot", metavar="PATH", help="write the round-trip curves as an image")
    a = ap.parse_args()
    if not os.access(a.kncsim, os.X_OK):
        sys.exit(f"{a.kncsim}: not an executable kncsim (build it: cmake --workflow --preset ci)")

    points = [(s, q, l) for s in SCHEMES for q in a.queues for l in a.loads]
    results = {}
    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        futures = {pool.submit(run, a.kncsim, s, q, l, a.cycles, a.seed): (s, q, l) for s, q, l in points}
        for f in tqdm(concurrent.futures.as_completed(futures), total=len(futures), desc="runs", file=sys.stderr):
            results[futures[f]] = f.result()

    ref = a.queues[-1]
    for s in SCHEMES:
        print(f"== {s}: round trip in switch cycles (nack rate), and / the {ref}-flit queue's")
        print("load  " + "".join(f"{f'iq {q}':>24}" for q in a.queues))
        for l in a.loads:
            base = results[(s, ref, l)]["round_trip"]
            cells = []
            for q in a.queues:
                r = results[(s, q, l)]
                mark = "" if r["drained"] else "!"
                cells.append(f"{r['round_trip']:7.1f}{mark} ({r['nack_rate']:.3f}) {r['round_trip'] / base:5.3f}")
            print(f"{l:4.2f}  " + "".join(f"{c:>24}" for c in cells))
    print("(! = not drained: past saturation)")

    if a.plot:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        fig, axes = plt.subplots(1, 2, figsize=(10, 4), sharey=True)
        for ax, s in zip(axes, SCHEMES):
            for q in a.queues:
                ys = [results[(s, q, l)]["round_trip"] for l in a.loads]
                ax.plot(a.loads, ys, marker="o", label=f"input queue {q} flits")
            ax.set_title(f"router.sci_accept: {s}")
            ax.set_xlabel("offered load A (of the eq 13 maximum)")
            ax.grid(True, alpha=0.3)
        axes[0].set_ylabel("round trip (switch cycles)")
        axes[1].legend()
        fig.suptitle("Figure 13(b): 8-ary 4-cube, W = 32, pipelined")
        fig.tight_layout()
        kncsim_output.save_figure(fig, a.plot, dpi=110)
        print(f"plot: {a.plot}")


if __name__ == "__main__":
    main()
