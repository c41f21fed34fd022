#!/usr/bin/python3
"""Scott & Goodman's Fig. 4 (section 2.3): the optimal dimensionality and radix of a network of
rings against its size N = 2^4 .. 2^20, for the four variants (Synch, PipeAvg, PipeMax,
UnitDelay: link.mode synchronous, pipelined, pipelined_max, unit_delay) under the three
constraints: (a) constant link width W = 32, (b) constant node size 192 wires, (c) constant
bisection width, normalised to a hypercube with W = 2 (link.bisection_wires = 2N). S = 2; the
latency is the sum of a 16-byte and an 80-byte message's unloaded latency; every discrete
quantity is continuous, as the paper's. Each N is one `kncsim analytic --optimize` (on
tb/experiments/sci-4096-rings.yaml, resized).

The paper's stated conclusions, checked on the numbers (and held by
tests/paper/scott_goodman_optimum_test.cpp):
  (a) PipeMax's optimal n exceeds Synch's by more than 2 for 2^8 <= N <= 4096; UnitDelay and PipeAvg
      are optimal at the hypercube; PipeMax's optimum falls slightly toward 1M;
  (b) every variant's optimal n is lower than in (a) (Synch's at most); UnitDelay's optimal radix
      is about 5 (4 to 6) from N = 2^8; PipeMax's optimal n is at least Synch's, and about 1 above it
      (0.5 to 1.5) from N = 4096 (below, both sit at n = 3, where wires stop being length 1);
  (c) lower again (at most (b)'s); Synch's and PipeMax's optimal radix falls, then rises; the
      ordering Synch <= PipeMax <= PipeAvg <= UnitDelay of (a) and (b) is unchanged.

    scripts/scott_goodman_fig4.py [--kncsim BIN] [--plot PATH] [--json PATH]

A few seconds.
"""
import sys

from kncsim_json import run_kncsim
from study_runs import (parse_study_options, pyplot, report, run_all,
                        save_study_figure, study_options, write_study_json)

CONFIG = "tb/experiments/sci-4096-rings.yaml"
SIZES = list(range(4, 21))  # log2 N
VARIANTS = {"synchronous": "Synch", "pipelined": "PipeAvg", "pipelined_max": "PipeMax", "unit_delay": "UnitDelay"}
CONSTRAINTS = {"link_width": "(a) constant link width", "node_size": "(b) constant node size",
               "bisection": "(c) constant bisection width"}


def optimum(kncsim, m):
    """{constraint: {variant: (n, k)}} of the continuous optima for N = 2^m."""
    r = run_kncsim(kncsim, {"network.radix": 2, "network.dims": m, "link.bisection_wires": 2 * 2 ** m},
                   command="analytic", config=CONFIG, flags=["--optimize"])
    return {c: {v: (o["continuous"]["dims"], o["continuous"]["radix"]) for v, o in vs.items()}
            for c, vs in r["constraints"].items()}


def conclusions(opt):
    """The paper's statements as (text, holds) pairs; opt[m][constraint][variant] = (n, k)."""
    n = lambda m, c, v: opt[m][c][v][0]
    k = lambda m, c, v: opt[m][c][v][1]
    order = ["synchronous", "pipelined_max", "pipelined", "unit_delay"]
    ordered = lambda c: all(n(m, c, a) <= n(m, c, b) + 1e-6 for m in SIZES for a, b in zip(order, order[1:]))
    pipemax = [n(m, "link_width", "pipelined_max") for m in SIZES]
    return [
        ("(a) PipeMax's optimal n exceeds Synch's by more than 2 for 2^8 <= N <= 4096",
         all(n(m, "link_width", "pipelined_max") - n(m, "link_width", "synchronous") > 2 for m in range(8, 13))),
        ("(a) UnitDelay and PipeAvg are optimal at the hypercube (n = log2 N)",
         all(abs(n(m, "link_width", v) - m) < 1e-3 for m in SIZES for v in ("unit_delay", "pipelined"))),
        ("(a) PipeMax's optimal n falls slightly toward 1M (below its peak, by less than 1)",
         0 < max(pipemax) - pipemax[-1] < 1),
        ("(b) every variant's optimal n is at most (a)'s, and below it for the pipelined ones",
         all(n(m, "node_size", v) <= n(m, "link_width", v) + 1e-6 for m in SIZES for v in VARIANTS)
         and all(n(m, "node_size", v) < n(m, "link_width", v) for m in range(8, 21)
                 for v in ("pipelined", "pipelined_max", "unit_delay"))),
        ("(b) UnitDelay's optimal radix is about 5 (4 to 6) at every N from 2^8",
         all(4 <= k(m, "node_size", "unit_delay") <= 6 for m in range(8, 21))),
        ("(b) PipeMax's optimal n is at least Synch's, and about 1 above it (0.5 to 1.5) from N = 4096",
         all(n(m, "node_size", "pipelined_max") >= n(m, "node_size", "synchronous") - 1e-6 for m in SIZES)
         and all(0.5 <= n(m, "node_size", "pipelined_max") - n(m, "node_size", "synchronous") <= 1.5
                 for m in range(12, 21))),
        ("(c) every variant's optimal n is at most (b)'s",
         all(n(m, "bisection", v) <= n(m, "node_size", v) + 1e-6 for m in SIZES for v in VARIANTS)),
        ("(c) Synch's and PipeMax's optimal radix falls as N grows, then rises (the wires dominate)",
         all(k(12, "bisection", v) < k(6, "bisection", v) and k(20, "bisection", v) > k(12, "bisection", v)
             for v in ("synchronous", "pipelined_max"))),
        ("(a), (b), (c): the ordering Synch <= PipeMax <= PipeAvg <= UnitDelay holds under each constraint",
         all(ordered(c) for c in CONSTRAINTS)),
    ]


def main():
    a = parse_study_options(study_options(__doc__, "write the optima as JSON"))

    opt = run_all({m: (optimum, a.kncsim, m) for m in SIZES})
    for c, title in CONSTRAINTS.items():
        print(f"\n{title}: optimal n (k)")
        print("log2 N " + " ".join(f"{VARIANTS[v]:>16}" for v in VARIANTS))
        for m in SIZES:
            print(f"{m:>6} " + " ".join(f"{opt[m][c][v][0]:8.2f} ({opt[m][c][v][1]:5.2f})" for v in VARIANTS))
    held = conclusions(opt)
    status = report(held)

    if a.json:
        write_study_json(a.json, {"optimum": {str(m): opt[m] for m in SIZES}}, held)
    if a.plot:
        plt = pyplot()
        fig, axes = plt.subplots(2, 3, figsize=(13, 7), sharex=True)
        for col, (c, title) in enumerate(CONSTRAINTS.items()):
            for v, name in VARIANTS.items():
                axes[0][col].plot(SIZES, [opt[m][c][v][0] for m in SIZES], marker="o", ms=3, label=name)
                axes[1][col].plot(SIZES, [opt[m][c][v][1] for m in SIZES], marker="o", ms=3, label=name)
            axes[0][col].set_title(title)
            axes[1][col].set_xlabel("log2 N")
            axes[1][col].set_yscale("log", base=2)
            for ax in (axes[0][col], axes[1][col]):
                ax.grid(True, alpha=0.3)
        axes[0][0].set_ylabel("optimal dimensionality n")
        axes[1][0].set_ylabel("optimal radix k")
        axes[0][0].legend(fontsize=8)
        save_study_figure(fig, "Scott & Goodman Fig. 4: optimal dimensionality and radix against system size (S = 2)",
                          a.plot)
    sys.exit(status)


if __name__ == "__main__":
    main()
