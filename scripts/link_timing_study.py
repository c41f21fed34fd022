#!/usr/bin/python3
"""Pipelined against synchronous links on wormhole k-ary n-cubes (Scott & Goodman's question,
asked of meshes and tori): an 8-ary 3-cube and a 16-ary 2-cube, laid out by the cube embedding
(link.embedding cube), at S = 1, 2 and 4 (switch cycle over a neighbour wire's delay), as a
mesh, a torus with straight rows (one long wraparound wire per ring) and a torus with folded
rows (no wire longer than two neighbours).

  pipelined    every wire takes ceil(length / S) cycles of a switch-speed clock
  synchronous  every wire takes one cycle, stretched to 1 + longest / S switch cycles (eq 14)

Every configuration has input FIFOs of 32 flits per channel: enough for credits to cover the
longest wire's round trip (15 cycles each way), so every link can carry a flit per cycle and
buffering is the same throughout.

For each, in switch cycles: the zero-load latency (kncsim analytic, exact for these layouts),
and the saturation throughput: flits per node per switch cycle accepted at an offered load of
1.5x the bisection bandwidth, over the run from an empty network. Dimension order, tori on 2
virtual channels (datelines), 16-flit packets, wormhole flow control, uniform traffic. Prints a
table; with --plot PATH (PNG or SVG), draws both figures. A few minutes on 2 cores.
"""
import argparse
import concurrent.futures
import json
import os
import subprocess
import sys

from tqdm import tqdm

import kncsim_output
from kncsim_json import run_kncsim

NETWORKS = [(3, 8), (2, 16)]  # (n, k)
LAYOUTS = ["mesh", "torus straight", "torus folded"]
RATIOS = [1, 2, 4]
MODES = ["pipelined", "synchronous"]
L = 16
FIFO = 32  # flits per channel


def config(n, k, layout, s, mode):
    torus = layout.startswith("torus")
    sets = {
        "network.dims": n, "network.radix": k, "network.topology": "torus" if torus else "mesh",
        "router.impl": "systemc", "link.embedding": "cube", "link.switch_to_wire_ratio": s, "link.mode": mode,
        "traffic.packet_flits": L, "router.flow_control": "wormhole", "traffic.stream": "counter",
    }
    if torus:
        sets["router.vcs"] = 2
        sets["network.wiring"] = layout.split()[1]
    return sets


def analytic(kncsim, sets):
    args = [kncsim, "analytic", "--json", "-"]
    for key, v in sets.items():
        args += ["--set", f"{key}={v}"]
    return json.loads(subprocess.run(args, check=True, capture_output=True, text=True).stdout)


def point(kncsim, n, k, layout, s, mode, cycles):
    sets = config(n, k, layout, s, mode)
    sets["router.fifo_flits"] = FIFO
    a = analytic(kncsim, sets)
    longest = max(a["links"]["link_delays"])
    assert FIFO >= 2 * longest + 2, "credits must cover the round trip"
    sets.update({"traffic.load": 1.5, "run.convergence": "fixed", "run.cycles": cycles})
    r = run_kncsim(kncsim, sets)
    factor = r["cycle_time_factor"]
    return {
        "zero_load": a["zero_load_latency_switch_cycles"],
        "saturation": r["numrecd"] * L / a["nodes"] / r["curtime"] / factor,
        "factor": factor, "longest_delay": longest,
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--kncsim", default="build/release/tb/kncsim")
    ap.add_argument("--cycles", type=int, default=10000)
    ap.add_argument("--plot", metavar="PATH", help="write the figures as an image (PNG or SVG)")
    a = ap.parse_args()
    if not os.access(a.kncsim, os.X_OK):
        sys.exit(f"{a.kncsim}: not an executable kncsim (build it: cmake --workflow --preset ci)")

    keys = [(n, k, lay, s, m) for n, k in NETWORKS for lay in LAYOUTS for s in RATIOS for m in MODES]
    res = {}
    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        futures = {pool.submit(point, a.kncsim, *key, a.cycles): key for key in keys}
        for f in tqdm(concurrent.futures.as_completed(futures), total=len(futures), desc="runs", file=sys.stderr):
            res[futures[f]] = f.result()

    print("zero-load latency T0 and saturation throughput, both per switch cycle; pipelined / synchronous")
    print(f"{'network':<10} {'layout':<15} {'S':>2}  {'T0 pipe':>8} {'T0 sync':>8}  {'sat pipe':>8} {'sat sync':>8}"
          f"  {'sync cycle':>10}  {'longest wire':>12}")
    for n, k in NETWORKS:
        for lay in LAYOUTS:
            for s in RATIOS:
                p, q = res[(n, k, lay, s, "pipelined")], res[(n, k, lay, s, "synchronous")]
                print(f"{k}-ary {n}-cube {lay:<15} {s:>2}  {p['zero_load']:8.2f} {q['zero_load']:8.2f}  "
                      f"{p['saturation']:8.4f} {q['saturation']:8.4f}  {q['factor']:10.2f}  "
                      f"{p['longest_delay']:>7} cycles")

    if a.plot:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        fig, axes = plt.subplots(1, 2, figsize=(11, 5.6))
        styles = {"mesh": "o", "torus straight": "s", "torus folded": "^"}
        colors = {(3, 8): "tab:blue", (2, 16): "tab:orange"}
        for (n, k) in NETWORKS:
            for lay in LAYOUTS:
                for m in MODES:
                    ls = "-" if m == "pipelined" else "--"
                    lab = f"{k}-ary {n}-cube {lay}, {m}"
                    for ax, what in zip(axes, ["zero_load", "saturation"]):
                        ax.plot(RATIOS, [res[(n, k, lay, s, m)][what] for s in RATIOS], ls, marker=styles[lay],
                                color=colors[(n, k)], label=lab, alpha=0.9 if m == "pipelined" else 0.6)
        axes[0].set_ylabel("zero-load latency (switch cycles, log scale)")
        axes[0].set_yscale("log")
        axes[1].set_ylabel("saturation throughput (flits per node per switch cycle)")
        for ax in axes:
            ax.set_xlabel("S (switch cycle / neighbour wire delay)")
            ax.set_xticks(RATIOS)
            ax.grid(True, which="both", alpha=0.3)
        handles, labels = axes[0].get_legend_handles_labels()
        fig.legend(handles, labels, loc="lower center", ncol=3, fontsize=8)
        fig.suptitle("Pipelined (solid) against synchronous (dashed) links, cube embedding, L = 16")
        fig.tight_layout(rect=(0, 0.2, 1, 1))
        kncsim_output.save_figure(fig, a.plot, dpi=110)
        print(f"plot: {a.plot}")


if __name__ == "__main__":
    main()
