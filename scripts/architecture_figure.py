#!/usr/bin/python3
"""Draws docs/architecture.png and .svg: how a kncsim run is put together (decode, assemble,
run, report), and how one cycle runs inside the network. The figure is code, so that it changes
with the layers it shows.

    scripts/architecture_figure.py [--out STEM]   (default: docs/architecture)
"""
import argparse
import os
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.patches import FancyArrowPatch, FancyBboxPatch  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import kncsim_output  # noqa: E402

# The run: (title, folder, what it does), left to right.
RUN = [
    ("command line", "tb/", "kncsim run:\nfile + --set"),
    ("configuration", "config/", "parse, schema:\neach key's values"),
    ("decode", "spec/", "rules between keys,\ntyped ExperimentSpec"),
    ("prepare", "experiment/", "memory check,\nRTL models attached"),
    ("make_model", "experiment/", "switch on RouterImpl:\nref, systemc, rtl"),
    ("run", "stats/ sched/", "convergence driver:\nrun_until(t)"),
    ("report", "report/", "JSON, CSV,\nsummary"),
]
# One cycle t inside the flit-level network, top to bottom.
CYCLE = [
    "1  clock process: draws cycle t+1's injections in node order (the same streams as ref)",
    "2  wake calendar: notifies the nodes due at t (a flit or credit arrives, a packet is injected, work of its own)",
    "3  each due node evaluates once: a SystemC router's SC_METHOD, or an RTL node's adapter\n"
    "    (set the Verilated model's pins, eval, read its pins; direct or sc_signal binding)",
    "4  links: what a node sends at t lands in the far FIFO at t + w (w >= 1), credits likewise,\n"
    "    so the order of step 3 cannot change a result",
    "5  sinks: delivered packets recorded (statistics, convergence, the caller's PacketSink)",
]


def box(ax, x, y, w, h, text, face, size=9, weight="normal"):
    ax.add_patch(FancyBboxPatch((x, y), w, h, boxstyle="round,pad=0.02,rounding_size=0.05", fc=face, ec="#333333",
                                lw=1.0))
    ax.text(x + w / 2, y + h / 2, text, ha="center", va="center", fontsize=size, weight=weight)


def arrow(ax, a, b):
    ax.add_patch(FancyArrowPatch(a, b, arrowstyle="-|>", mutation_scale=12, lw=1.2, color="#333333"))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=os.path.join(os.path.dirname(__file__), "..", "docs", "architecture"))
    args = ap.parse_args()
    fig, ax = plt.subplots(figsize=(13, 6.2))
    ax.set_xlim(0, 14)
    ax.set_ylim(0, 6.4)
    ax.axis("off")
    ax.text(0.1, 6.15, "A run: decode once, assemble, run, report", fontsize=12, weight="bold", va="center")
    w, h, gap, y = 1.82, 1.35, 0.15, 4.45
    for i, (title, folder, what) in enumerate(RUN):
        x = 0.1 + i * (w + gap)
        face = "#dbe9f6" if folder in ("config/", "spec/") else "#eeeeee"
        box(ax, x, y, w, h, f"{title}\n{folder}\n\n{what}", face, size=8)
        if i:
            arrow(ax, (x - gap, y + h / 2), (x, y + h / 2))
    ax.text(0.1, 4.1, "config/ and spec/ (blue) are the only code that reads a Config; everything to their right "
            "reads the typed spec.", fontsize=8.5, color="#444444")
    ax.text(0.1, 3.55, "One cycle t inside the network (net/, router/, ring/, rtl_adapt/)", fontsize=12,
            weight="bold", va="center")
    for i, line in enumerate(CYCLE):
        yy = 3.05 - i * 0.62
        box(ax, 0.1, yy - 0.25, 13.6, 0.5, "", "#f7f3e3" if i == 2 else "#fbfbfb")
        ax.text(0.25, yy, line, fontsize=8.5, va="center", ha="left")
    kncsim_output.save_figure(fig, args.out + ".png", dpi=120)
    kncsim_output.save_figure(fig, args.out + ".svg")
    plt.close(fig)
    print(f"wrote {args.out}.png and {args.out}.svg")


if __name__ == "__main__":
    main()
