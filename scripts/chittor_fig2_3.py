#!/usr/bin/python3
"""Chittor's chapter 2, mesh against hypercube: Table 2.2 (the speedup R_e = R_b of contention-free
adjacent-node communication under the linear, logarithmic and constant delay models) against
the printed cells, and Fig. 2.3 (R_e of contention-free non-adjacent communication against system
size, for several message lengths L' in header lengths; the average node by eq 2.22, the worst by
eq 2.23), from one `kncsim analytic --mesh-vs-hypercube`.

The thesis's stated conclusions, checked on the numbers (and held by
tests/paper/chittor_mesh_vs_hypercube_test.cpp):
  - while the message is much longer than the path, the path length does not matter: R_e = R_b
    (within 5 % once L' >= 20 D_max of the mesh);
  - R_e <= R_b, and meshes beat hypercubes (R_e > 1) under contention-free conditions, by less when
    the message is about as long as the path (L' = 1: below 65 % of R_b);
  - the speedup grows with the system size: appreciable for hundreds of nodes.

    scripts/chittor_fig2_3.py [--kncsim BIN] [--plot PATH] [--json PATH]

Instant.
"""
import sys

from kncsim_json import run_kncsim
from study_runs import parse_study_options, pyplot, report, save_study_figure, study_options, write_study_json

SIZES = [2 ** m for m in range(4, 15)]
MESSAGES = [1, 4, 16, 64, 256, 1024, 4096, 16384]
# Table 2.2 as printed: N -> (linear, logarithmic, constant).
TABLE_2_2 = {64: (10.4, 8.9, 5.3), 128: (17.2, 13.7, 7.5), 256: (30.2, 21.8, 10.7), 512: (53.7, 34.1, 15.0),
             1024: (97.1, 53.6, 21.3), 2048: (176.3, 83.3, 30.1), 4096: (321.8, 129.6, 42.7)}
MODELS = ("linear", "logarithmic", "constant")


def conclusions(rows):
    rb = {r["nodes"]: r["bandwidth_ratio"]["constant"] for r in rows}
    avg = {r["nodes"]: r["speedup_average"]["constant"] for r in rows}
    worst = {r["nodes"]: r["speedup_worst"]["constant"] for r in rows}
    dmax = {r["nodes"]: r["distances"]["mesh_max"] for r in rows}
    long_enough = [(n, i) for n in rb for i, l in enumerate(MESSAGES) if l >= 20 * dmax[n]]
    return [
        ("R_e = R_b (within 5 %) for messages of at least 20 times the mesh's longest path, average and worst node",
         bool(long_enough) and all(worst[n][i] >= 0.95 * rb[n] for n, i in long_enough)),
        ("R_e <= R_b at every size and message length; the worst node's R_e <= the average node's",
         all(w <= a <= rb[n] + 1e-9 for n in rb for a, w in zip(avg[n], worst[n]))),
        ("meshes beat hypercubes without contention (R_e > 1 everywhere), by less when L' = 1 (< 65 % of R_b)",
         all(w > 1 for n in rb for w in worst[n]) and all(avg[n][0] < 0.65 * rb[n] for n in rb if n >= 64)),
        ("R_b grows with N under every delay model (appreciable for hundreds of nodes: > 10 from N = 256)",
         all(a["bandwidth_ratio"][m] < b["bandwidth_ratio"][m] for a, b in zip(rows, rows[1:]) for m in MODELS)
         and all(r["bandwidth_ratio"]["constant"] > 10 for r in rows if r["nodes"] >= 256)),
    ]


def main():
    a = parse_study_options(study_options(__doc__, "write the rows and the checked conclusions as JSON"))
    r = run_kncsim(a.kncsim, {}, command="analytic",
                   flags=["--mesh-vs-hypercube", "--sizes", ",".join(map(str, SIZES)),
                          "--messages", ",".join(map(str, MESSAGES))])
    rows = r["sizes"]
    print("Table 2.2, R_e = R_b: kncsim (Table 2.1's formulas) against the thesis's printed cells")
    print(f"{'N':>6} " + " ".join(f"{m:>22}" for m in MODELS))
    for row in rows:
        if row["nodes"] not in TABLE_2_2:
            continue
        cells = []
        for m, printed in zip(MODELS, TABLE_2_2[row["nodes"]]):
            v = row["bandwidth_ratio"][m]
            cells.append(f"{v:7.1f} / {printed:6.1f} {100 * (v / printed - 1):+5.1f}%")
        print(f"{row['nodes']:>6} " + " ".join(f"{c:>22}" for c in cells))
    held = conclusions(rows)
    status = report(held, "the thesis's conclusions")
    if a.json:
        write_study_json(a.json, {"rows": rows, "table_2_2_printed": TABLE_2_2}, held)
    if a.plot:
        plt = pyplot()
        fig, axes = plt.subplots(1, 3, figsize=(15, 4.8))
        n = [row["nodes"] for row in rows]
        for m, style in zip(MODELS, ("-", "--", ":")):
            axes[0].plot(n, [row["bandwidth_ratio"][m] for row in rows], style, color="k", label=f"{m} delay")
            axes[0].plot(list(TABLE_2_2), [v[MODELS.index(m)] for v in TABLE_2_2.values()], "o", color="C3", ms=4)
        axes[0].plot([], [], "o", color="C3", ms=4, label="Table 2.2 as printed")
        axes[0].set_title("R_b = R_e, adjacent nodes (Tables 2.1, 2.2)")
        for col, (key, title) in enumerate((("speedup_average", "average node (eq 2.22)"),
                                            ("speedup_worst", "worst node (eq 2.23)")), start=1):
            axes[col].plot(n, [row["bandwidth_ratio"]["constant"] for row in rows], "k--", label="R_b")
            for i, l in enumerate(MESSAGES):
                axes[col].plot(n, [row[key]["constant"][i] for row in rows], marker="o", ms=3, label=f"L' = {l}")
            axes[col].set_title(f"R_e, constant delay, {title}")
        for ax in axes:
            ax.set_xscale("log", base=2)
            ax.set_yscale("log")
            ax.set_xlabel("system size N")
            ax.grid(True, alpha=0.3)
            ax.legend(fontsize=7)
        axes[0].set_ylabel("speedup of the 2D mesh over the hypercube")
        save_study_figure(fig, "Chittor ch. 2: a 2D mesh against a hypercube at equal wire density", a.plot)
    sys.exit(status)


if __name__ == "__main__":
    main()
