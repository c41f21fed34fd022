#!/usr/bin/python3
"""PP-MESS-SIM's Figs. 12 and 13 (Rexford et al., section 8.2): the peak throughput of routing
algorithms on a 16x16 mesh under bit-complement and bit-reversal traffic. Virtual cut-through
(unbounded input FIFOs: a blocked packet is buffered whole), 16-flit packets, Poisson arrivals.

The algorithms: the dimension-order, random and diagonal selection functions, each oblivious
(router.routing oblivious: one output per hop, the selection's first) and adaptive
(router.routing adaptive: the selection's first free output), and deflection (minimal outputs
first in dimension order, then nonminimal ones, at most router.deflections a packet; also in
diagonal order for bit reversal, as the paper).

Adaptive and deflection routing are the paper's Ralg (its Fig. 7): a head tries its outputs in the
selection's order once, when it reaches the front of its FIFO; if none is free it is buffered for
the first minimal one and stays with it.

Peak throughput is the saturation throughput (Dally & Towles): the highest offered load the network
carries, found by bisection on A (a fraction of the bisection bandwidth) to --resolution. A load is
carried when a run of --cycles cycles is not called saturated by run.saturation: detect with
run.latency_bound = --latency-bound cycles (BookSim's latency_thres, waiting packets counted at
their age), nor by its backlog-growth rule. The figure is that load's accepted flits per node and
cycle. (The most a network delivers past saturation, with unbounded source queues, is not it: the
sources on uncongested paths then take the bandwidth the starved ones cannot use.)

The paper's stated orderings, checked on the numbers (and held by
tests/paper/ppmesssim_figure12_13_test.cpp):
  bit complement: diagonal minimal is the worst (oblivious and adaptive); adaptive DOR < oblivious
                  DOR; deflection >= adaptive diagonal and adaptive random
  bit reversal:   oblivious DOR <= every other oblivious; adaptive diagonal > adaptive random;
                  oblivious random > oblivious diagonal; deflection DOR > adaptive DOR

    scripts/ppmesssim_fig12_13.py [--kncsim BIN] [--plot PATH] [--json PATH] [--cycles N]
"""
import argparse
import os
import sys

import kncsim_output
from kncsim_json import run_kncsim
from study_runs import pyplot, report, run_all, save_study_figure

ALGORITHMS = {  # label: (routing, selection)
    "oblivious DOR": ("oblivious", "dimension_order"),
    "oblivious random": ("oblivious", "random"),
    "oblivious diagonal": ("oblivious", "diagonal"),
    "adaptive DOR": ("adaptive", "dimension_order"),
    "adaptive random": ("adaptive", "random"),
    "adaptive diagonal": ("adaptive", "diagonal"),
    "deflection DOR": ("deflection", "dimension_order"),
    "deflection diagonal": ("deflection", "diagonal"),
}
PATTERNS = ["bit_complement", "bit_reversal"]


def settings(pattern, algorithm, deflections, seed):
    routing, selection = ALGORITHMS[algorithm]
    sets = {"router.impl": "systemc", "network.radix": 16, "traffic.packet_flits": 16,
            "traffic.interarrival": "exponential", "traffic.pattern": pattern, "traffic.seed": seed,
            "router.flow_control": "cut_through", "router.routing": routing, "router.selection": selection}
    if routing == "deflection":
        sets["router.deflections"] = deflections
    return sets


def carried(kncsim, sets, load, cycles, latency_bound):
    """None if the network does not carry `load`, else its accepted flits per node-cycle."""
    r = run_kncsim(kncsim, dict(sets, **{"traffic.load": load, "run.convergence": "fixed", "run.cycles": cycles,
                                         "run.saturation": "detect", "run.latency_bound": latency_bound}))
    if r["saturated"]:
        return None
    return r["saturation"]["accepted_packets_per_cycle"] * 16 / 256


def peak(kncsim, pattern, algorithm, a):
    """Bisection on the offered load: (highest carried A, its accepted flits per node-cycle)."""
    sets = settings(pattern, algorithm, a.deflections, a.seed)
    lo, hi, best = 0.0, a.top, 0.0
    while hi - lo > a.resolution:
        mid = (lo + hi) / 2
        got = carried(kncsim, sets, mid, a.cycles, a.latency_bound)
        if got is None:
            hi = mid
        else:
            lo, best = mid, got
    return lo, best


def orderings(p):
    """The paper's statements as (text, holds) pairs; p[(pattern, algorithm)] = peak throughput."""
    bc = {a: p[("bit_complement", a)] for a in ALGORITHMS}
    br = {a: p[("bit_reversal", a)] for a in ALGORITHMS}
    minimal = [a for a in ALGORITHMS if not a.startswith("deflection")]
    out = [
        ("bit complement: oblivious diagonal is the worst oblivious algorithm",
         all(bc["oblivious diagonal"] < bc[a] for a in minimal if a.startswith("oblivious") and a != "oblivious diagonal")),
        ("bit complement: adaptive diagonal is the worst adaptive algorithm",
         all(bc["adaptive diagonal"] < bc[a] for a in minimal if a.startswith("adaptive") and a != "adaptive diagonal")),
        ("bit complement: adaptive DOR < oblivious DOR", bc["adaptive DOR"] < bc["oblivious DOR"]),
        ("bit complement: deflection >= adaptive diagonal and adaptive random",
         bc["deflection DOR"] >= max(bc["adaptive diagonal"], bc["adaptive random"])),
        ("bit reversal: oblivious DOR <= every other oblivious algorithm",
         all(br["oblivious DOR"] <= br[a] for a in ("oblivious random", "oblivious diagonal"))),
        ("bit reversal: adaptive diagonal > adaptive random", br["adaptive diagonal"] > br["adaptive random"]),
        ("bit reversal: oblivious random > oblivious diagonal", br["oblivious random"] > br["oblivious diagonal"]),
        ("bit reversal: deflection DOR > adaptive DOR", br["deflection DOR"] > br["adaptive DOR"]),
    ]
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--kncsim", default="build/release/tb/kncsim")
    ap.add_argument("--cycles", type=int, default=20000, help="cycles a load runs (default 20000)")
    ap.add_argument("--latency-bound", type=float, default=400,
                    help="run.latency_bound: a mean latency past it is saturation (default 400 cycles)")
    ap.add_argument("--seed", type=int, default=11, help="traffic.seed (default 11)")
    ap.add_argument("--top", type=float, default=1.6, help="the bisection's highest load A (default 1.6)")
    ap.add_argument("--resolution", type=float, default=0.01, help="the bisection's resolution in A (default 0.01)")
    ap.add_argument("--deflections", type=int, default=4, help="router.deflections (default 4)")
    ap.add_argument("--plot", metavar="PATH", help="write the figure (PNG or SVG)")
    ap.add_argument("--json", metavar="PATH", help="write the peak throughputs as JSON")
    a = ap.parse_args()
    if not os.access(a.kncsim, os.X_OK):
        sys.exit(f"{a.kncsim}: not an executable kncsim (build it: cmake --workflow --preset ci)")

    keys = [(p, alg) for p in PATTERNS for alg in ALGORITHMS]
    runs = run_all({k: (peak, a.kncsim, *k, a) for k in keys})
    res = {k: v[1] for k, v in runs.items()}

    print(f"peak (saturation) throughput, flits per node-cycle, and the highest carried load A "
          f"(16x16 mesh, VCT, L = 16, router.deflections = {a.deflections})")
    print(f"{'algorithm':<22} " + " ".join(f"{p:>24}" for p in PATTERNS))
    for alg in ALGORITHMS:
        print(f"{alg:<22} " + " ".join(f"{res[(p, alg)]:15.4f} (A {runs[(p, alg)][0]:.3f})" for p in PATTERNS))
    held = orderings(res)
    status = report(held, "the paper's orderings")

    if a.json:
        kncsim_output.write_json(a.json, {"peak": {f"{p}/{alg}": v for (p, alg), v in res.items()},
                                          "load": {f"{p}/{alg}": v[0] for (p, alg), v in runs.items()},
                                          "orderings": [{"text": t, "holds": ok} for t, ok in held]})
    if a.plot:
        plt = pyplot()
        fig, axes = plt.subplots(1, 2, figsize=(11, 4.6), sharey=True)
        colors = {"oblivious": "tab:blue", "adaptive": "tab:orange", "deflection": "tab:green"}
        for ax, p in zip(axes, PATTERNS):
            algs = list(ALGORITHMS)
            ax.bar(range(len(algs)), [res[(p, alg)] for alg in algs],
                   color=[colors[alg.split()[0]] for alg in algs])
            ax.set_xticks(range(len(algs)))
            ax.set_xticklabels(algs, rotation=40, ha="right", fontsize=8)
            ax.set_title(("Fig. 12: " if p == "bit_complement" else "Fig. 13: ") + p.replace("_", " "))
            ax.grid(True, axis="y", alpha=0.3)
        axes[0].set_ylabel("peak throughput (flits per node-cycle)")
        save_study_figure(fig, "PP-MESS-SIM Figs. 12 and 13: selection functions, 16x16 mesh, cut-through, L = 16", a.plot)
    sys.exit(status)


if __name__ == "__main__":
    main()
