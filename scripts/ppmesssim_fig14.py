#!/usr/bin/python3
"""PP-MESS-SIM's Fig. 14 (Rexford et al., section 8.2.3): tailoring routing to traffic. An 8x8
wormhole mesh with 4 virtual channels carries two tasks, each on its own pair of VCs
(tb/experiments/ppmesssim-fig14.yaml): bit reversal, fixed at A = .12, and bit complement, its
load swept. Three assignments: both tasks in dimension order; both diagonal (adaptive in the
diagonal selection's order, Duato's escape on each task's first VC); and tailored: diagonal for
bit reversal and dimension order for bit complement, as Figs. 12 and 13 suggest.

The paper's conclusion, checked (and held by tests/paper/ppmesssim_figure11_14_test.cpp): the
tailored assignment gives each task a mean latency at most that of either uniform choice, at
every bit-complement load.

    scripts/ppmesssim_fig14.py [--kncsim BIN] [--plot PATH] [--json PATH]
"""
import argparse
import os
import pathlib
import sys

from kncsim_json import run_kncsim
from study_runs import pyplot, report, run_all, save_study_figure, write_study_json

ROOT = pathlib.Path(__file__).resolve().parent.parent
CONFIG = ROOT / "tb" / "experiments" / "ppmesssim-fig14.yaml"
LOADS = [0.05, 0.1, 0.15, 0.2, 0.25]
ASSIGNMENTS = {  # label: (bit reversal's routing, bit complement's)
    "both DOR": ("dor", "dor"),
    "both diagonal": ("diagonal", "diagonal"),
    "tailored": ("diagonal", "dor"),
}
TOLERANCE = 1.0


def keys(task, routing):
    diagonal = routing == "diagonal"
    return {f"classes.{task}.routing": "adaptive" if diagonal else "dor",
            f"classes.{task}.selection": "diagonal" if diagonal else "auto"}


def run(kncsim, assignment, load):
    br, bc = ASSIGNMENTS[assignment]
    sets = {"classes.complement.load": load, **keys("reversal", br), **keys("complement", bc)}
    r = run_kncsim(kncsim, sets, config=CONFIG)
    return {k["name"]: k["latency"]["mean"] for k in r["classes"]}


def conclusions(res):
    out = []
    for task in ("reversal", "complement"):
        worse = [(load, other) for load in LOADS for other in ("both DOR", "both diagonal")
                 if res[("tailored", load)][task] > TOLERANCE * res[(other, load)][task]]
        out.append((f"bit {task}: tailored at most either uniform choice at every load"
                    + (f"; not at {worse}" if worse else ""), not worse))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--kncsim", default="build/release/tb/kncsim")
    ap.add_argument("--plot", metavar="PATH")
    ap.add_argument("--json", metavar="PATH")
    a = ap.parse_args()
    if not os.access(a.kncsim, os.X_OK):
        sys.exit(f"{a.kncsim}: not an executable kncsim (build it: cmake --workflow --preset ci)")
    jobs = [(asg, load) for asg in ASSIGNMENTS for load in LOADS]
    res = run_all({j: (run, a.kncsim, *j) for j in jobs})
    print("mean latency (cycles): bit reversal at A = .12, bit complement at its A")
    print(f"{'A':>5} " + " ".join(f"{asg + ' rev':>18} {asg + ' comp':>19}" for asg in ASSIGNMENTS))
    for load in LOADS:
        print(f"{load:5.2f} " + " ".join(f"{res[(asg, load)]['reversal']:18.1f} {res[(asg, load)]['complement']:19.1f}"
                                          for asg in ASSIGNMENTS))
    held = conclusions(res)
    status = report(held, "the paper's conclusion")
    if a.json:
        write_study_json(a.json, {"latency": {f"{asg}/{load}": v for (asg, load), v in res.items()}}, held)
    if a.plot:
        plt = pyplot()
        fig, axes = plt.subplots(1, 2, figsize=(11, 4.6))
        styles = {"both DOR": "tab:blue", "both diagonal": "tab:orange", "tailored": "tab:green"}
        for ax, task, title in zip(axes, ("reversal", "complement"), ("(a) bit-reversal traffic", "(b) bit-complement traffic")):
            for asg in ASSIGNMENTS:
                ax.plot(LOADS, [res[(asg, x)][task] for x in LOADS], "-o", color=styles[asg], label=asg)
            ax.set_title(title)
            ax.set_xlabel("bit-complement load A")
            ax.set_ylabel("mean latency (cycles)")
            ax.grid(True, alpha=0.3)
            ax.legend(fontsize=8)
        save_study_figure(fig, "PP-MESS-SIM Fig. 14: tailoring routing to each task, 8x8 wormhole mesh, 4 VCs", a.plot)
    sys.exit(status)


if __name__ == "__main__":
    main()
