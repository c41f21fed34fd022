#!/usr/bin/python3
"""Scott & Goodman's Figs. 6 and 10 (section 3.2): simulated latency against throughput of the
4096-node networks of rings their Figures 5 (pipelined) and 9 (synchronous) list, every n dividing
12, under constant link width, node size and bisection width. One `kncsim sweep` of
tb/sweeps/scott-goodman-fig6.yaml (or fig10): the reference ring model, f_data = .3, each run to a
95 % interval within 5 % of its mean (run.convergence ci), each load series ending at its first
saturated run. A rerun reuses the sweep's results (--fresh runs it again).

Latency is the round trip (an address and a data packet, switch cycles); throughput is carried
bits per cycle per processor. A network's capacity here is the highest throughput it carried at a
stable point.

The paper's stated conclusions, checked on the numbers:
  Fig. 6 (pipelined): (a) link width: capacity grows with n; (b) node size: the 6-dimensional
  network carries the most, and the 12-dimensional one carries more than the 3-dimensional one;
  (c) bisection: the 3- and 4-dimensional networks carry the most.
  Fig. 10 (synchronous): (a) link width: the 6-dimensional network carries the most; (b) node size:
  the 3- and 4-dimensional ones carry the most, the 12-dimensional one the least; (c) bisection:
  the 3-dimensional one carries the most.

    scripts/scott_goodman_fig6_10.py --figure 6|10 [--kncsim BIN] [-j N] [--fresh] [--plot PATH] [--json PATH]
"""
import argparse
import json
import os
import pathlib
import subprocess
import sys
import time

import kncsim_output
from study_runs import report, save_study_figure

ROOT = pathlib.Path(__file__).resolve().parent.parent
CONSTRAINTS = {"link_width": "(a) constant link width", "node_size": "(b) constant node size",
               "bisection": "(c) constant bisection width"}
DIMS = [2, 3, 4, 6, 12]


def curves(out_dir):
    """{(constraint, n): [(load, throughput, round trip, half width, saturated)]} by load."""
    c = {}
    for line in (out_dir / "results.jsonl").read_text().splitlines():
        rec = json.loads(line)
        if rec.get("status") not in ("done", "saturated"):
            continue
        p, r = rec["params"], rec["result"]
        hw = (r.get("ci") or {}).get("half_width")  # of T, the mean message latency: scaled to the round trip
        rel = hw / r["T"] if hw is not None and r.get("T") else None
        c.setdefault((p["link.constraint"], int(p["network.dims"])), []).append(
            (float(p["traffic.load"]), r["throughput_bits_per_cycle_per_node"], r["round_trip"],
             None if rel is None else rel * r["round_trip"], rec["status"] == "saturated" or not r.get("converged", True)))
    return {k: sorted(v) for k, v in c.items()}


def capacity(points):
    """The highest throughput carried at a stable point (0 if none)."""
    return max((tp for _, tp, _, _, sat in points if not sat), default=0.0)


def conclusions(figure, cap):
    best = lambda c: max(DIMS, key=lambda n: cap[(c, n)])
    if figure == 6:
        return [
            ("(a) link width: capacity grows with the dimensionality",
             all(cap[("link_width", a)] < cap[("link_width", b)] for a, b in zip(DIMS, DIMS[1:]))),
            ("(b) node size: the 6-dimensional network carries the most", best("node_size") == 6),
            ("(b) node size: the 12-dimensional network carries more than the 3-dimensional one",
             cap[("node_size", 12)] > cap[("node_size", 3)]),
            ("(c) bisection: the 3- or 4-dimensional network carries the most", best("bisection") in (3, 4)),
        ]
    return [
        ("(a) link width: the 6-dimensional network carries the most", best("link_width") == 6),
        ("(b) node size: the 3- or 4-dimensional network carries the most", best("node_size") in (3, 4)),
        ("(b) node size: the 12-dimensional network carries the least",
         min(DIMS, key=lambda n: cap[("node_size", n)]) == 12),
        ("(c) bisection: the 3-dimensional network carries the most", best("bisection") == 3),
    ]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--figure", type=int, choices=[6, 10], required=True)
    ap.add_argument("--kncsim", default="build/release/tb/kncsim")
    ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--fresh", action="store_true", help="run every point again")
    ap.add_argument("--plot", metavar="PATH", help="write the figure (PNG or SVG)")
    ap.add_argument("--json", metavar="PATH", help="write the curves and capacities as JSON")
    a = ap.parse_args()
    if not os.access(a.kncsim, os.X_OK):
        sys.exit(f"{a.kncsim}: not an executable kncsim (build it: cmake --workflow --preset ci)")
    sweep = ROOT / f"tb/sweeps/scott-goodman-fig{a.figure}.yaml"
    out_dir = ROOT / f"tb/sweeps/scott-goodman-fig{a.figure}"
    t0 = time.monotonic()
    subprocess.run([a.kncsim, "sweep", str(sweep), "-j", str(a.jobs), "--out", str(out_dir)]
                   + (["--fresh"] if a.fresh else []), check=False)
    print(f"sweep: {time.monotonic() - t0:.0f} s")
    c = curves(out_dir)
    cap = {k: capacity(v) for k, v in c.items()}
    widest = 0.0
    for con, title in CONSTRAINTS.items():
        print(f"\n{title}: round trip (cycles) against carried bits/cycle/processor")
        for n in DIMS:
            pts = c.get((con, n), [])
            for load, tp, rt, hw, sat in pts:
                if hw is not None and not sat:
                    widest = max(widest, hw / rt)
            row = "  ".join(f"{tp:.3f}:{rt:.0f}{'*' if sat else ''}" for _, tp, rt, _, sat in pts)
            print(f"  n = {n:>2} (capacity {cap.get((con, n), 0):.3f})  {row}")
    print(f"\n(* saturated; the widest 95 % interval at a stable point is {100 * widest:.1f} % of its mean)")
    held = conclusions(a.figure, {(con, n): cap.get((con, n), 0.0) for con in CONSTRAINTS for n in DIMS})
    status = report(held)
    if a.json:
        kncsim_output.write_json(a.json, {"curves": {f"{con}/{n}": v for (con, n), v in c.items()},
                                          "capacity": {f"{con}/{n}": v for (con, n), v in cap.items()},
                                          "conclusions": [{"text": t, "holds": ok} for t, ok in held]})
    if a.plot:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        fig, axes = plt.subplots(1, 3, figsize=(14, 4.6))
        for ax, (con, title) in zip(axes, CONSTRAINTS.items()):
            for n in DIMS:
                pts = [p for p in c.get((con, n), []) if not p[4]]
                if pts:
                    ax.errorbar([p[1] for p in pts], [p[2] for p in pts], yerr=[p[3] or 0 for p in pts],
                                marker="o", ms=3, capsize=2, label=f"n = {n}, k = {round(4096 ** (1 / n))}")
            ax.set_title(title)
            ax.set_xlabel("throughput (bits/cycle/processor)")
            ax.set_yscale("log")
            ax.grid(True, alpha=0.3)
        axes[0].set_ylabel("round-trip latency (cycles)")
        axes[0].legend(fontsize=8)
        kind = "pipelined" if a.figure == 6 else "synchronous"
        save_study_figure(fig, f"Scott & Goodman Fig. {a.figure}: latency against throughput ({kind}, N = 4096, "
                               "reference ring model)", a.plot)
    sys.exit(status)


if __name__ == "__main__":
    main()
