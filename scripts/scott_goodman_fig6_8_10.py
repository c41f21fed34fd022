#!/usr/bin/python3
"""Scott & Goodman's Figs. 6, 8 and 10 (section 3.2): simulated latency against throughput of the
networks of rings their Figures 5 (pipelined, N = 4096), 7 (pipelined, N = 2^20) and 9
(synchronous, N = 4096) list, every n dividing 12 (or 20), under constant link width, node size
and bisection width. One `kncsim sweep` of tb/sweeps/scott-goodman-figF.yaml: the paper's own
method, the single-node model (router.impl single_node, section 3.1), f_data = .3, each point to a
95 % interval within 5 % of its mean, each load series ending at its first saturated point.
--model network runs the whole 4096-node network in the reference ring model instead
(scott-goodman-figF-network.yaml; about 70 minutes a figure on 2 cores). A rerun reuses the
sweep's results (--fresh runs it again).

Latency is the round trip (an address and a data packet, switch cycles); throughput is carried
bits per cycle per processor. A network's capacity here is the throughput at which its round trip
reaches 3 times its unloaded value (the knee of its curve). Network a performs better than b when it has the lower round trip at most of 20
throughputs spread up to the larger of their capacities (the paper's "lower latency for a given
throughput and a greater maximum throughput"; past its capacity a network's latency is infinite).

The paper's stated conclusions, checked on the numbers:
  Fig. 6 (pipelined, 4096): (a) link width: capacity grows with n; (b) node size: the
  6-dimensional network carries the most, and the 12-dimensional one more than the 3-dimensional
  one; (c) bisection: the 3- or 4-dimensional network carries the most.
  Fig. 8 (pipelined, 2^20): (a) link width: the hypercube carries the most; (b) node size: the
  10-dimensional network carries the most, the 20-dimensional one next; (c) bisection: the
  4-dimensional one carries the most.
  Fig. 10 (synchronous, 4096): (a) link width: the 6-dimensional network carries the most; (b)
  node size: the 3- or 4-dimensional one carries the most, the 12-dimensional one the least; (c)
  bisection: the 3-dimensional one carries the most.

    scripts/scott_goodman_fig6_8_10.py --figure 6|8|10 [--model single_node|network] [--kncsim BIN]
        [-j N] [--fresh] [--out DIR] [--plot PATH] [--json PATH]
"""
import json
import pathlib
import sys

import kncsim_output
from study_runs import parse_study_options, pyplot, report, run_sweep, save_study_figure, study_options

ROOT = pathlib.Path(__file__).resolve().parent.parent
CONSTRAINTS = {"link_width": "(a) constant link width", "node_size": "(b) constant node size",
               "bisection": "(c) constant bisection width"}
FIGURES = {6: ("pipelined", 4096, [2, 3, 4, 6, 12]), 8: ("pipelined", 2 ** 20, [2, 4, 5, 10, 20]),
           10: ("synchronous", 4096, [2, 3, 4, 6, 12])}


def sweep_points(out_dir):
    """Each point of a rings sweep that ran (done or saturated): its params, its result, and
    (load, throughput, round trip, the round trip's 95 % half width, saturated)."""
    for line in (out_dir / "results.jsonl").read_text().splitlines():
        rec = json.loads(line)
        if rec.get("status") not in ("done", "saturated"):
            continue
        p, r = rec["params"], rec["result"]
        hw = (r.get("ci") or {}).get("half_width")  # of T, the mean message latency: scaled to the round trip
        rel = hw / r["T"] if hw is not None and r.get("T") else None
        rt = r.get("round_trip")
        yield p, r, (float(p["traffic.load"]), r["throughput_bits_per_cycle_per_node"], rt,
                     None if rel is None or rt is None else rel * rt,
                     rec["status"] == "saturated" or not r.get("converged", True))


def curves(out_dir):
    """{(constraint, n): [(load, throughput, round trip, half width, saturated)]} by load."""
    c = {}
    for p, _, point in sweep_points(out_dir):
        c.setdefault((p["link.constraint"], int(p["network.dims"])), []).append(point)
    return {k: sorted(v) for k, v in c.items()}


KNEE = 3.0  # a network's capacity: where its round trip reaches this many times its unloaded one


def capacity(points):
    """The throughput at which the round trip reaches KNEE times its lightest-load value,
    interpolated between stable points; the highest stable throughput if it never does. (Past the
    knee the last stable points depend on where the sweep's latency bound cuts, and one run's noise.)"""
    pts = sorted((p[1], p[2]) for p in points if not p[4])
    if not pts:
        return 0.0
    limit = KNEE * pts[0][1]
    for (x0, y0), (x1, y1) in zip(pts, pts[1:]):
        if y1 >= limit:
            return x0 + (x1 - x0) * (limit - y0) / (y1 - y0) if y1 > y0 else x0
    return pts[-1][0]


def latency_at(points, tp):
    """The round trip at throughput tp, interpolated between stable points (inf past the curve)."""
    pts = sorted((p[1], p[2]) for p in points if not p[4])
    if not pts or tp > pts[-1][0]:
        return float("inf")
    if tp <= pts[0][0]:
        return pts[0][1]
    for (x0, y0), (x1, y1) in zip(pts, pts[1:]):
        if x0 <= tp <= x1:
            return y0 + (y1 - y0) * (tp - x0) / (x1 - x0) if x1 > x0 else min(y0, y1)
    return float("inf")


def better(c, cap, con, a, b, levels=20):
    """Network a performs better than b, in the paper's sense (lower latency for a given throughput,
    and more throughput): a has the lower round trip at most of `levels` throughputs spread up to
    the larger of their capacities (past its capacity a network's latency counts as infinite)."""
    top = max(cap[(con, a)], cap[(con, b)])
    wins = sum(latency_at(c[(con, a)], top * i / levels) < latency_at(c[(con, b)], top * i / levels)
               for i in range(1, levels + 1))
    return wins > levels / 2


def conclusions(figure, c):
    """The paper's statements for each panel, as (text, holds, evidence)."""
    dims = FIGURES[figure][2]
    cap = {k: capacity(v) for k, v in c.items()}
    unloaded = lambda con, n: c[(con, n)][0][2]
    beats = lambda con, a, b: better(c, cap, con, a, b)
    best = lambda con, n: all(beats(con, n, m) for m in dims if m != n)
    ranking = lambda con: sorted(dims, key=lambda n: -sum(beats(con, n, m) for m in dims if m != n))
    # "Under heavy traffic": the round trip at 80 % of the smaller of two capacities.
    heavy_tp = lambda con, a, b: 0.8 * min(cap[(con, a)], cap[(con, b)])
    lower_heavy = lambda con, a, b: latency_at(c[(con, a)], heavy_tp(con, a, b)) < latency_at(c[(con, b)], heavy_tp(con, a, b))
    def heavy_txt(con, a, b):
        tp = heavy_tp(con, a, b)
        return f"at {tp:.3g} bits/cycle, {latency_at(c[(con, a)], tp):.0f} against {latency_at(c[(con, b)], tp):.0f} cycles"
    caps = lambda con: "capacity " + ", ".join(f"n={n}: {cap[(con, n)]:.3g}" for n in dims)
    uns = lambda con: "unloaded " + ", ".join(f"n={n}: {unloaded(con, n):.0f}" for n in dims)
    rank = lambda con: "best first " + " > ".join(str(n) for n in ranking(con))
    if figure == 6:
        return [
            ("(a) link width: capacity grows with the dimensionality",
             all(cap[("link_width", a)] < cap[("link_width", b)] for a, b in zip(dims, dims[1:])), caps("link_width")),
            ("(a) link width: each higher-dimensional network performs better than each lower one",
             all(beats("link_width", b, a) for a in dims for b in dims if b > a), rank("link_width")),
            ("(b) node size: the 6-dimensional network performs best", best("node_size", 6), rank("node_size")),
            ("(b) node size: 4 and 6 differ little unloaded (within 5 %), and 6 is lower under heavy traffic",
             abs(unloaded("node_size", 4) / unloaded("node_size", 6) - 1) < 0.05 and lower_heavy("node_size", 6, 4),
             uns("node_size") + "; " + heavy_txt("node_size", 6, 4)),
            ("(b) node size: 3 is slightly lower than 12 unloaded, and 12 performs better as traffic grows",
             unloaded("node_size", 3) < unloaded("node_size", 12) and beats("node_size", 12, 3),
             uns("node_size") + "; " + caps("node_size")),
            ("(b) node size: 6 carries more than 12, whose eq 13 maximum is higher",
             cap[("node_size", 6)] > cap[("node_size", 12)], caps("node_size")),
            ("(c) bisection: the 4-dimensional network has the lowest unloaded latency",
             min(dims, key=lambda n: unloaded("bisection", n)) == 4, uns("bisection")),
            ("(c) bisection: the 3-dimensional one is lower than the 4-dimensional one under heavy load",
             lower_heavy("bisection", 3, 4), heavy_txt("bisection", 3, 4)),
            ("(c) bisection: the 6- and 12-dimensional networks perform worse than 3 and 4",
             all(beats("bisection", l, h) for h in (6, 12) for l in (3, 4)), rank("bisection")),
        ]
    if figure == 8:
        return [
            ("(a) link width: the hypercube performs best", best("link_width", 20), rank("link_width")),
            ("(b) node size: the 10-dimensional network performs best, the 20-dimensional one next",
             ranking("node_size")[:2] == [10, 20] and best("node_size", 10), rank("node_size")),
            ("(b) node size: 10 carries slightly more than 20", cap[("node_size", 10)] > cap[("node_size", 20)],
             caps("node_size")),
            ("(c) bisection: the 4-dimensional network performs better than the 2-, 10- and 20-dimensional ones",
             all(beats("bisection", 4, m) for m in (2, 10, 20)), rank("bisection")),
            # kncsim's finding beside the paper's: the 5-dimensional network, which the paper's text
            # does not name, has the lower latency for most of the range (docs/models/sci.md).
            ("(c) kncsim: the 5-dimensional network has the lower latency than the 4-dimensional one at light load",
             unloaded("bisection", 5) < unloaded("bisection", 4), uns("bisection")),
        ]
    return [
        ("(a) link width: the 6-dimensional network performs best", best("link_width", 6), rank("link_width")),
        ("(a) link width: 3 and 4 are slightly lower than 6 unloaded",
         unloaded("link_width", 3) < unloaded("link_width", 6) and unloaded("link_width", 4) < unloaded("link_width", 6),
         uns("link_width")),
        ("(b) node size: the 3- and 4-dimensional networks perform best",
         all(beats("node_size", l, m) for l in (3, 4) for m in dims if m not in (3, 4)), rank("node_size")),
        ("(b) node size: the 12-dimensional network is the worst choice: it performs better than none of the others",
         not any(beats("node_size", 12, m) for m in dims if m != 12), rank("node_size")),
        ("(c) bisection: the 3-dimensional network performs best", best("bisection", 3), rank("bisection")),
        ("(c) bisection: the 6- and 12-dimensional networks perform worse than 3",
         all(beats("bisection", 3, h) for h in (6, 12)), rank("bisection")),
    ]


def main():
    ap = study_options(__doc__, "write the curves and capacities as JSON", sweep=True)
    ap.add_argument("--figure", type=int, choices=sorted(FIGURES), required=True)
    ap.add_argument("--model", choices=["single_node", "network"], default="single_node",
                    help="single_node: the paper's section 3.1 model (default); network: the whole network, reference ring model")
    a = parse_study_options(ap)
    if a.model == "network" and a.figure == 8:
        sys.exit("--model network: a 2^20-node network does not fit in memory here (about 2 s a cycle where it "
                 "would); Fig. 8 runs on the single-node model")
    kind, nodes, dims = FIGURES[a.figure]
    name = f"scott-goodman-fig{a.figure}" + ("-network" if a.model == "network" else "")
    sweep = ROOT / f"tb/sweeps/{name}.yaml"
    out_dir = pathlib.Path(a.out) if a.out else ROOT / f"tb/sweeps/{name}"
    run_sweep(a, sweep, out_dir)
    c = curves(out_dir)
    cap = {k: capacity(v) for k, v in c.items()}
    widest = 0.0
    for con, title in CONSTRAINTS.items():
        print(f"\n{title}: round trip (cycles) against carried bits/cycle/processor")
        for n in dims:
            pts = c.get((con, n), [])
            for load, tp, rt, hw, sat in pts:
                if hw is not None and not sat:
                    widest = max(widest, hw / rt)
            row = "  ".join(f"{tp:.3f}:{rt:.0f}{'*' if sat else ''}" for _, tp, rt, _, sat in pts)
            print(f"  n = {n:>2} (capacity {cap.get((con, n), 0):.3f})  {row}")
    print(f"\n(* saturated; the widest 95 % interval at a stable point is {100 * widest:.1f} % of its mean)")
    missing = [(con, n) for con in CONSTRAINTS for n in dims if not c.get((con, n))]
    if missing:
        sys.exit(f"no results for {missing}: the sweep did not finish (run the script again to resume it)")
    held = conclusions(a.figure, c)
    for text, ok, evidence in held:
        print(f"  {text}: {evidence}")
    status = report([(t, ok) for t, ok, _ in held])
    if a.json:
        kncsim_output.write_json(a.json, {"curves": {f"{con}/{n}": v for (con, n), v in c.items()},
                                          "capacity": {f"{con}/{n}": v for (con, n), v in cap.items()},
                                          "conclusions": [{"text": t, "holds": ok, "evidence": e} for t, ok, e in held]})
    if a.plot:
        plt = pyplot()
        fig, axes = plt.subplots(1, 3, figsize=(14, 4.6))
        for ax, (con, title) in zip(axes, CONSTRAINTS.items()):
            for n in dims:
                pts = [p for p in c.get((con, n), []) if not p[4]]
                if pts:
                    ax.errorbar([p[1] for p in pts], [p[2] for p in pts], yerr=[p[3] or 0 for p in pts],
                                marker="o", ms=3, capsize=2, label=f"n = {n}, k = {round(nodes ** (1 / n))}")
            ax.set_title(title)
            ax.set_xlabel("throughput (bits/cycle/processor)")
            ax.set_yscale("log")
            ax.grid(True, alpha=0.3)
        axes[0].set_ylabel("round-trip latency (cycles)")
        axes[0].legend(fontsize=8)
        model = "single-node model" if a.model == "single_node" else "whole network, reference ring model"
        save_study_figure(fig, f"Scott & Goodman Fig. {a.figure}: latency against throughput ({kind}, N = {nodes}, "
                               f"{model})", a.plot)
    sys.exit(status)


if __name__ == "__main__":
    main()
