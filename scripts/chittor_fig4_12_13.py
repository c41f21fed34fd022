#!/usr/bin/python3
"""Chittor's Figures 4.12 and 4.13 (thesis section 4.3): the normalised communication time per
message against the applied node traffic, under matrix transpose with the AB base loop, by system
size (Fig. 4.12: 8x8, 12x12 and 16x16 meshes, 256-flit messages) and by message length (Fig. 4.13:
64, 256 and 1024 flits on 12x12).

  applied node traffic      payload flits a node sends per cycle on a contention-free network
                            (kncsim's replay of the same loops; Definition 24)
  normalised time theta     communication time per loop over the contention-free one: no
                            software overheads here, so Chittor's tau_m / bL

The SystemC mesh, oldest-first arbitration, 2-flit wormhole FIFOs, computation uniform on 0..2c per
loop; a shorter c raises the applied traffic. Beside each, the single-path model's theta, the mean
over the nodes of each one's own (`kncsim contention --applied`, eq 3.11 node by node).

The thesis's statements, checked:
  - "for the same applied node traffic, the increase in communication time is greater for larger
    systems" (Fig. 4.12);
  - "some nodes (such as the worst-case node) perform much worse than an average node" (on his 144
    nodes; kncsim checks 12x12 and 16x16 at 1.5 times, and the gap growing with the size);
  - "the normalized communication time is a function of the applied node traffic and is
    independent of the message length" (Fig. 4.13).

    chittor_fig4_12_13.py [--kncsim PATH] [--loops N] [--plot PATH] [--json PATH]
"""
import sys

from kncsim_json import run_kncsim
from study_runs import (parse_study_options, pyplot, report, run_all,
                        save_study_figure, study_options, write_study_json)

SIZES = [8, 12, 16]
LENGTHS = [64, 256, 1024]
COMPUTE_256 = [32000, 16000, 8000, 4000, 2500, 1500, 1000]  # for 256-flit messages; scaled with the length
RUN = {"router.impl": "systemc", "router.arbitration": "oldest_first", "router.flow_control": "wormhole",
       "router.fifo_flits": 2, "traffic.pattern": "transpose", "traffic.workload": "closed_loop",
       "traffic.loop_classes": "ab", "traffic.compute": "uniform", "run.max_cycles": 100000000}
LEVELS = [0.04, 0.07]  # applied node traffic at which the curves are compared


def point(kncsim, radix, flits, compute, loops):
    r = run_kncsim(kncsim, {**RUN, "network.radix": radix, "traffic.message_flits": flits,
                            "traffic.packet_payload_flits": flits, "traffic.compute_cycles": compute,
                            "traffic.loops": loops})["closed_loop"]
    worst = max(r["nodes"], key=lambda n: n["communication_time"] / n["contention_free_communication_time"])
    return {"compute": compute, "applied": r["applied_node_traffic"],
            "theta": r["communication_time"] / r["contention_free_communication_time"],
            "worst_node": worst["node"], "worst_applied": worst["applied_node_traffic"],
            "worst_theta": worst["communication_time"] / worst["contention_free_communication_time"]}


def model(kncsim, radix, applied):
    """The single-path model's mean theta over the nodes (each from its own paths) at these levels."""
    levels = sorted(applied)
    t = run_kncsim(kncsim, {"network.radix": radix, "traffic.pattern": "transpose"}, "contention",
                   flags=["--applied", ",".join(f"{x:.6f}" for x in levels)])["theta_model"]
    return [{"applied": x, "theta": th} for x, th in zip(t["applied"], t["nodes"]["theta_mean"])]


def at(series, level, key="theta"):
    """The series' key at an applied node traffic, interpolated linearly (None outside it)."""
    pts = sorted((p["applied"], p[key]) for p in series)
    for (x0, y0), (x1, y1) in zip(pts, pts[1:]):
        if x0 <= level <= x1:
            return y0 + (y1 - y0) * (level - x0) / (x1 - x0)
    return None


def conclusions(sizes, lengths):
    held = []
    for level in LEVELS:
        thetas = [at(sizes[r], level) for r in SIZES]
        held.append((f"Fig. 4.12: at applied {level}, theta grows with the system size "
                     f"({', '.join(f'{r}x{r} {t:.2f}' if t else f'{r}x{r} -' for r, t in zip(SIZES, thetas))})",
                     all(t is not None for t in thetas) and all(a < b for a, b in zip(thetas, thetas[1:]))))
    top = {r: max(sizes[r], key=lambda p: p["applied"]) for r in SIZES}
    gap = [top[r]["worst_theta"] / top[r]["theta"] for r in SIZES]
    held.append(("the worst node performs much worse than the average node from 144 nodes on, and more so in "
                 "larger systems (theta at the highest load: "
                 + ", ".join(f"{r}x{r} {top[r]['worst_theta']:.1f} against {top[r]['theta']:.1f}" for r in SIZES) + ")",
                 all(g >= 1.5 for r, g in zip(SIZES, gap) if r >= 12) and all(a < b for a, b in zip(gap, gap[1:]))))
    for level in LEVELS:
        thetas = [at(lengths[m], level) for m in LENGTHS]
        ok = all(t is not None for t in thetas)
        spread = max(thetas) / min(thetas) if ok else float("inf")
        held.append((f"Fig. 4.13: at applied {level}, theta is the same for {', '.join(map(str, LENGTHS))}-flit "
                     f"messages within 15 % ({', '.join(f'{t:.2f}' if t else '-' for t in thetas)}; "
                     f"spread {spread:.2f})", ok and spread <= 1.15))
    return held


def main():
    ap = study_options(__doc__, "write every series and the checked statements as JSON")
    ap.add_argument("--loops", type=int, default=20, help="measured loops a node (default 20)")
    a = parse_study_options(ap)
    calls = {(r, 256, c): (point, a.kncsim, r, 256, c, a.loops) for r in SIZES for c in COMPUTE_256}
    calls.update({(12, m, c * m // 256): (point, a.kncsim, 12, m, c * m // 256, a.loops)
                  for m in LENGTHS for c in COMPUTE_256})
    out = run_all(calls)
    sizes = {r: [out[(r, 256, c)] for c in COMPUTE_256] for r in SIZES}
    lengths = {m: [out[(12, m, c * m // 256)] for c in COMPUTE_256] for m in LENGTHS}
    models = {r: model(a.kncsim, r, [p["applied"] for p in sizes[r]]) for r in SIZES}

    for title, series, label in (("Fig. 4.12: by system size, 256-flit messages", sizes, "{}x{}"),
                                 ("Fig. 4.13: by message length, 12x12", lengths, "{} flits")):
        print(f"\n{title}: applied node traffic, theta average (model) / worst node")
        for k, s in series.items():
            name = label.format(k, k)
            mod = models[k] if series is sizes else None
            print(f"  {name}: " + "  ".join(
                f"{p['applied']:.3f} {p['theta']:.2f}" + (f" ({m['theta']:.2f})" if mod else "") + f"/{p['worst_theta']:.1f}"
                for p, m in zip(s, mod or [None] * len(s))))
    held = conclusions(sizes, lengths)
    status = report(held, "the thesis's statements (kncsim's findings where they fail)")
    if a.json:
        write_study_json(a.json, {"compute_cycles_256": COMPUTE_256, "sizes": sizes, "lengths": lengths,
                                  "model": models}, held)
    if a.plot:
        plt = pyplot()
        from matplotlib import ticker
        fig, (left, right) = plt.subplots(1, 2, figsize=(10, 4.2))
        for i, r in enumerate(SIZES):
            s = sorted(sizes[r], key=lambda p: p["applied"])
            left.plot([p["applied"] for p in s], [p["theta"] for p in s], marker="o", ms=3, color=f"C{i}",
                      label=f"{r}x{r} average")
            left.plot([p["applied"] for p in s], [p["worst_theta"] for p in s], ls="--", color=f"C{i}",
                      label=f"{r}x{r} worst node")
            m = sorted(models[r], key=lambda p: p["applied"])
            left.plot([p["applied"] for p in m], [p["theta"] for p in m], ls=":", color=f"C{i}")
        left.set_title("by system size (dotted: single-path model)")
        for i, m in enumerate(LENGTHS):
            s = sorted(lengths[m], key=lambda p: p["applied"])
            right.plot([p["applied"] for p in s], [p["theta"] for p in s], marker="o", ms=3, color=f"C{i + 3}",
                       label=f"{m} flits")
        right.set_title("by message length, 12x12")
        for ax in (left, right):
            ax.set_xlabel("applied node traffic")
            ax.set_ylabel("normalised communication time")
            ax.set_yscale("log")
            ax.yaxis.set_major_formatter(ticker.ScalarFormatter())
            ax.yaxis.set_minor_formatter(ticker.NullFormatter())
            ax.set_yticks([1, 1.5, 2, 3, 5, 7])
            ax.grid(True, alpha=0.3)
            ax.legend(fontsize=7)
        save_study_figure(fig, "Chittor Figs. 4.12-4.13: transpose, AB loop, SystemC mesh", a.plot)
    sys.exit(status)


if __name__ == "__main__":
    main()
