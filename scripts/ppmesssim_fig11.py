#!/usr/bin/python3
"""PP-MESS-SIM's Fig. 11 (Rexford et al., section 8.1.2): mixing wormhole and packet switching on a
6x6 torus with 3 virtual channels (tb/experiments/ppmesssim-fig11.yaml). Best-effort traffic:
wormhole, dimension order, VCs 1 and 2, its load swept. Time-constrained traffic: packet
switching on VC 0, one 16-flit packet every 1500 cycles at each node. With and without priority
for the time-constrained class at channel assignment and the crossbar.

Prints, per best-effort load, each class's mean latency and standard deviation (all packets), and
of the 5-hop packets as the paper's Fig. 11(b); plots (a) and (b). The paper's conclusions,
checked (and held by tests/paper/ppmesssim_figure11_14_test.cpp):
  1. up to the best-effort knee the time-constrained mean stays within 1.5x its zero-load value,
     while the best-effort mean has passed 3x;
  2. the best-effort latency and its variance grow with its load;
  3. with priority, the time-constrained mean stays within 10 % of its zero-load value, and its
     maximum latency falls.

    scripts/ppmesssim_fig11.py [--kncsim BIN] [--plot PATH] [--json PATH]
"""
import argparse
import os
import pathlib
import sys

from kncsim_json import run_kncsim
from study_runs import pyplot, report, run_all, save_study_figure, write_study_json

ROOT = pathlib.Path(__file__).resolve().parent.parent
CONFIG = ROOT / "tb" / "experiments" / "ppmesssim-fig11.yaml"
LOADS = [0.02, 0.1, 0.2, 0.25, 0.3, 0.35]
KNEE = 0.3  # the best-effort knee: its latency turns up past this load


def run(kncsim, load, priority):
    sets = {"classes.best_effort.load": load}
    if priority:
        sets["classes.time_constrained.priority"] = 1
    r = run_kncsim(kncsim, sets, config=CONFIG)
    out = {}
    for k in r["classes"]:
        five = [b for b in k["history"]["latency_by_hops"] if b["hops"] == 5]
        out[k["name"]] = {"mean": k["latency"]["mean"], "sd": k["latency"]["stddev"], "max": k["latency"]["max"],
                          "sd5": five[0]["stddev"] if five else None}
    return out


def conclusions(plain, prio):
    zero = LOADS[0]
    tc0, be0 = plain[zero]["time_constrained"]["mean"], plain[zero]["best_effort"]["mean"]
    tck, bek = plain[KNEE]["time_constrained"]["mean"], plain[KNEE]["best_effort"]["mean"]
    stable = [a for a in LOADS if a <= KNEE]
    grows = all(plain[b]["best_effort"]["mean"] > plain[a]["best_effort"]["mean"] and
                plain[b]["best_effort"]["sd"] > plain[a]["best_effort"]["sd"] for a, b in zip(stable, stable[1:]))
    p0 = prio[zero]["time_constrained"]["mean"]
    worst = max(prio[a]["time_constrained"]["mean"] for a in stable) / p0
    max_plain = max(plain[a]["time_constrained"]["max"] for a in stable)
    max_prio = max(prio[a]["time_constrained"]["max"] for a in stable)
    return [
        (f"at the knee (A = {KNEE}) time-constrained {tck / tc0:.2f}x its zero-load mean (<= 1.5), best effort "
         f"{bek / be0:.2f}x (> 3)", tck / tc0 <= 1.5 and bek / be0 > 3),
        ("best-effort latency and its variance grow with its load (to the knee)", grows),
        (f"with priority the time-constrained mean stays within {100 * (worst - 1):.1f} % of its zero-load value "
         f"(<= 10 %)", worst <= 1.10),
        (f"with priority its maximum latency falls: {max_prio:g} against {max_plain:g} cycles", max_prio < max_plain),
    ]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--kncsim", default="build/release/tb/kncsim")
    ap.add_argument("--plot", metavar="PATH")
    ap.add_argument("--json", metavar="PATH")
    a = ap.parse_args()
    if not os.access(a.kncsim, os.X_OK):
        sys.exit(f"{a.kncsim}: not an executable kncsim (build it: cmake --workflow --preset ci)")
    jobs = [(load, prio) for prio in (False, True) for load in LOADS]
    res = run_all({j: (run, a.kncsim, *j) for j in jobs})
    plain = {load: res[(load, False)] for load in LOADS}
    prio = {load: res[(load, True)] for load in LOADS}
    print("best-effort load A; mean / standard deviation / sd of 5-hop packets, in cycles")
    print(f"{'A':>5} {'best effort':>26} {'time-constrained':>26} {'time-constr., priority':>26}")
    for load in LOADS:
        be, tc, tp = plain[load]["best_effort"], plain[load]["time_constrained"], prio[load]["time_constrained"]
        cell = lambda k: f"{k['mean']:.1f} / {k['sd']:.1f} / {k['sd5'] if k['sd5'] is None else round(k['sd5'], 1)}"
        print(f"{load:5.2f} {cell(be):>26} {cell(tc):>26} {cell(tp):>26}")
    held = conclusions(plain, prio)
    status = report(held)
    if a.json:
        write_study_json(a.json, {"plain": plain, "priority": prio}, held)
    if a.plot:
        plt = pyplot()
        fig, axes = plt.subplots(1, 2, figsize=(11, 4.6))
        series = [("best effort", plain, "best_effort", "tab:orange", "-"),
                  ("time-constrained", plain, "time_constrained", "tab:blue", "-"),
                  ("time-constrained, priority", prio, "time_constrained", "tab:blue", "--")]
        for label, data, name, color, ls in series:
            axes[0].plot(LOADS, [data[x][name]["mean"] for x in LOADS], ls, marker="o", color=color, label=label)
            axes[1].plot(LOADS, [data[x][name]["sd5"] for x in LOADS], ls, marker="o", color=color, label=label)
        axes[0].set_ylabel("mean latency, all packets (cycles, log)")
        axes[1].set_ylabel("latency standard deviation, 5-hop packets (cycles, log)")
        for ax in axes:
            ax.set_yscale("log")
            ax.set_xlabel("best-effort load A")
            ax.grid(True, which="both", alpha=0.3)
            ax.legend(fontsize=8)
        save_study_figure(fig, "PP-MESS-SIM Fig. 11: wormhole best effort and packet-switched time-constrained traffic, 6x6 torus", a.plot)
    sys.exit(status)


if __name__ == "__main__":
    main()
