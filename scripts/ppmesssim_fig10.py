#!/usr/bin/python3
"""PP-MESS-SIM's Fig. 10 (Rexford et al., section 8.1.1): packet switching, virtual cut-through
and wormhole switching on an 8x8 mesh under dimension-order routing, 16-flit packets with
exponentially distributed interarrival times (Poisson arrivals), node-uniform and
matrix-transpose destinations. Mean latency against link utilisation.

The buffers: packet switching and cut-through buffer whole packets (unbounded input FIFOs: "by
removing blocked packets from the network, virtual cut-through and packet switching consume
network bandwidth proportional to the offered load"); wormhole keeps two flits per input (the
round trip of a one-cycle link), so a blocked packet stalls across the links it spans.

Each point runs the SystemC network to kncsim's confidence-interval rule (run.convergence ci)
with saturation detection; a point the detector calls saturated is drawn hollow and left out of
the checks. Besides the curves, the saturation throughput of each scheme: the flits per node and
cycle it delivers when offered 1.5x the bisection bandwidth.

The paper's stated conclusions, checked on the numbers (and held by tests/paper/ppmesssim_figure10_test.cpp):
  1. cut-through's latency is at most packet switching's at every stable load;
  2. the two merge at high load: within 15 % at the highest stable load;
  3. under transpose, wormhole's saturation throughput is at least cut-through's (both carry what
     the busiest links of the transpose allow: equal, within the 1 % a finite run measures);
  4. under uniform traffic, wormhole saturates below cut-through.

    scripts/ppmesssim_fig10.py [--kncsim BIN] [--plot PATH] [--json PATH]

About a minute on 2 cores.
"""
import sys

from kncsim_json import run_kncsim
from study_runs import (parse_study_options, pyplot, report, run_all,
                        save_study_figure, study_options, write_study_json)

SCHEMES = {  # label: keys
    "packet switching": {"router.flow_control": "packet"},
    "virtual cut-through": {"router.flow_control": "cut_through"},
    "wormhole": {"router.flow_control": "wormhole", "router.fifo_flits": 2},
}
LOADS = {
    "uniform": [0.05, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.75, 0.8, 0.82, 0.84, 0.86],
    "transpose": [0.05, 0.1, 0.15, 0.2, 0.22, 0.24, 0.26, 0.28, 0.3, 0.32, 0.35],
}
OVERLOAD = 1.5


def base(pattern, scheme):
    sets = {"router.impl": "systemc", "network.radix": 8, "traffic.packet_flits": 16,
            "traffic.interarrival": "exponential", "traffic.pattern": pattern, "traffic.seed": 7}
    sets.update(SCHEMES[scheme])
    return sets


def curve_point(kncsim, pattern, scheme, load, max_cycles=400000):
    sets = base(pattern, scheme)
    sets.update({"traffic.load": load, "run.convergence": "ci", "run.saturation": "detect",
                 "run.max_cycles": max_cycles})
    r = run_kncsim(kncsim, sets)
    return {"load": load, "T": r["T"], "utilisation": r["channels"]["mean_utilisation"],
            "stable": r["stop_reason"] != "saturated", "stop": r["stop_reason"]}


def saturation_throughput(kncsim, pattern, scheme, cycles=20000):
    sets = base(pattern, scheme)
    sets.update({"traffic.load": OVERLOAD, "run.convergence": "fixed", "run.cycles": cycles})
    r = run_kncsim(kncsim, sets)
    return r["numrecd"] * 16 / 64 / r["curtime"]


def conclusions(curves, sat):
    """The paper's four statements as (text, holds) pairs."""
    out = []
    for pattern in LOADS:
        ps = {p["load"]: p for p in curves[(pattern, "packet switching")]}
        ct = {p["load"]: p for p in curves[(pattern, "virtual cut-through")]}
        both = [a for a in LOADS[pattern] if ps[a]["stable"] and ct[a]["stable"]]
        worse = [a for a in both if ct[a]["T"] > ps[a]["T"]]
        out.append((f"{pattern}: cut-through <= packet switching at every stable load "
                    f"({len(both)} loads{'; not at ' + str(worse) if worse else ''})", not worse))
        top = max(both)
        ratio = ps[top]["T"] / ct[top]["T"]
        out.append((f"{pattern}: at the highest stable load A = {top:g}, packet switching / cut-through = "
                    f"{ratio:.3f} (within 15 %)", ratio <= 1.15))
    wt, ct_t = sat[("transpose", "wormhole")], sat[("transpose", "virtual cut-through")]
    # Both deliver what the transpose's busiest links carry: equal up to the run's last packets (1 %).
    out.append((f"transpose: wormhole saturation throughput {wt:.5f} >= cut-through's {ct_t:.5f} (within the "
                f"measurement's 1 %)", wt >= 0.99 * ct_t))
    wu, ct_u = sat[("uniform", "wormhole")], sat[("uniform", "virtual cut-through")]
    out.append((f"uniform: wormhole saturates at {wu:.4f} flits/node-cycle, below cut-through's {ct_u:.4f}", wu < ct_u))
    return out


def main():
    a = parse_study_options(study_options(__doc__, "write every point as JSON"))

    jobs = [(p, s, load) for p in LOADS for s in SCHEMES for load in LOADS[p]]
    curves = {(p, s): [] for p in LOADS for s in SCHEMES}
    sat = {}
    calls = {j: (curve_point, a.kncsim, *j) for j in jobs}
    calls.update({(p, s): (saturation_throughput, a.kncsim, p, s) for p in LOADS for s in SCHEMES})
    for key, result in run_all(calls).items():
        if len(key) == 3:
            curves[key[:2]].append(result)
        else:
            sat[key] = result
    for c in curves.values():
        c.sort(key=lambda p: p["load"])

    for pattern in LOADS:
        print(f"\n{pattern}: mean latency T (cycles) / mean link utilisation; * = saturated (detector)")
        print(f"{'A':>6} " + " ".join(f"{s:>24}" for s in SCHEMES))
        for i, load in enumerate(LOADS[pattern]):
            cells = []
            for s in SCHEMES:
                p = curves[(pattern, s)][i]
                cells.append(f"{p['T']:10.1f} / {p['utilisation']:.3f}{' ' if p['stable'] else '*'}".rjust(24))
            print(f"{load:6.2f} " + " ".join(cells))
        print("saturation throughput (flits/node-cycle at A = 1.5): " +
              ", ".join(f"{s} {sat[(pattern, s)]:.4f}" for s in SCHEMES))
    held = conclusions(curves, sat)
    status = report(held)

    if a.json:
        write_study_json(a.json, {"curves": {f"{p}/{s}": v for (p, s), v in curves.items()},
                                          "saturation": {f"{p}/{s}": v for (p, s), v in sat.items()}}, held)
    if a.plot:
        plt = pyplot()
        fig, axes = plt.subplots(1, 2, figsize=(11, 4.8))
        colors = {"packet switching": "tab:red", "virtual cut-through": "tab:blue", "wormhole": "tab:green"}
        for ax, pattern in zip(axes, LOADS):
            for s in SCHEMES:
                pts = [p for p in curves[(pattern, s)] if p["stable"]]
                ax.plot([p["utilisation"] for p in pts], [p["T"] for p in pts], "-o", ms=4, color=colors[s], label=s)
            ax.set_yscale("log")
            ax.set_xlabel("mean link utilisation")
            ax.set_ylabel("mean latency (cycles, log scale)")
            ax.set_title("(a) node uniform" if pattern == "uniform" else "(b) matrix transpose")
            ax.grid(True, which="both", alpha=0.3)
            ax.legend(fontsize=8)
        save_study_figure(fig, "PP-MESS-SIM Fig. 10: switching schemes, 8x8 mesh, DOR, 16-flit packets, Poisson arrivals", a.plot)
    sys.exit(status)


if __name__ == "__main__":
    main()
