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
selection's order once, when it arrives; if none is free it is buffered for the first minimal one
and stays with it (a packet that queued behind another was buffered on arrival).

Peak throughput: the most flits per node and cycle the network delivers over the offered loads
A = .5, .7, 1 and 1.5 (fractions of the bisection bandwidth; unbounded source queues), each
measured over --cycles cycles after --warmup.

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
from study_runs import report, run_all, save_study_figure

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


LOADS = [0.5, 0.7, 1.0, 1.5]


def accepted(kncsim, pattern, algorithm, load, cycles, warmup, deflections):
    routing, selection = ALGORITHMS[algorithm]
    sets = {"router.impl": "systemc", "network.radix": 16, "traffic.packet_flits": 16,
            "traffic.interarrival": "exponential", "traffic.pattern": pattern, "traffic.seed": 11,
            "router.flow_control": "cut_through", "router.routing": routing, "router.selection": selection,
            "traffic.load": load, "run.convergence": "fixed", "run.cycles": warmup + cycles}
    if routing == "deflection":
        sets["router.deflections"] = deflections
    first = run_kncsim(kncsim, dict(sets, **{"run.cycles": warmup})) if warmup else None
    r = run_kncsim(kncsim, sets)
    delivered = r["numrecd"] - (first["numrecd"] if first else 0)
    return delivered * 16 / 256 / cycles


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
    ap.add_argument("--cycles", type=int, default=10000, help="measured cycles (default 10000)")
    ap.add_argument("--warmup", type=int, default=5000, help="cycles before the measurement (default 5000)")
    ap.add_argument("--deflections", type=int, default=4, help="router.deflections (default 4)")
    ap.add_argument("--plot", metavar="PATH", help="write the figure (PNG or SVG)")
    ap.add_argument("--json", metavar="PATH", help="write the peak throughputs as JSON")
    a = ap.parse_args()
    if not os.access(a.kncsim, os.X_OK):
        sys.exit(f"{a.kncsim}: not an executable kncsim (build it: cmake --workflow --preset ci)")

    keys = [(p, alg, load) for p in PATTERNS for alg in ALGORITHMS for load in LOADS]
    res = {}
    runs = run_all({k: (accepted, a.kncsim, *k, a.cycles, a.warmup, a.deflections) for k in keys})
    for (p, alg, load), delivered in runs.items():
        res[(p, alg)] = max(res.get((p, alg), 0.0), delivered)

    print(f"peak throughput, flits per node-cycle (16x16 mesh, VCT, L = 16, the most over A = {LOADS}, "
          f"router.deflections = {a.deflections})")
    print(f"{'algorithm':<22} " + " ".join(f"{p:>15}" for p in PATTERNS))
    for alg in ALGORITHMS:
        print(f"{alg:<22} " + " ".join(f"{res[(p, alg)]:15.4f}" for p in PATTERNS))
    held = orderings(res)
    status = report(held, "the paper's orderings")

    if a.json:
        kncsim_output.write_json(a.json, {"peak": {f"{p}/{alg}": v for (p, alg), v in res.items()},
                                          "orderings": [{"text": t, "holds": ok} for t, ok in held]})
    if a.plot:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
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
