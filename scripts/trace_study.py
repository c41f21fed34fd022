#!/usr/bin/python3
"""A program's traffic against the link's width (issue 55's study): Netrace's two longer samples,
`multiregion` and `lngrex` (blackscholes), replayed with their dependencies on an 8x8 SystemC mesh
whose flits and links are 16 to 256 bits wide (energy.flit_bits: a packet of B bytes is
ceil(8 B / width) flits, so the 72-byte data packets are 36 flits at 16 bits and one at 256),
priced at 45 nm.

Prints, per trace and width: the cycles to the last delivery and the slowdown against a
contention-free network, the packets' mean and 99th-percentile latency, the packets the
dependencies held, and the energy per packet; then the conclusions it checks. --plot draws
latency and energy against the width. About 15 s on 2 cores.
"""
from pathlib import Path

import study_runs
from kncsim_json import run_kncsim

ROOT = Path(__file__).resolve().parent.parent
TRACES = ["multiregion", "lngrex"]
WIDTHS = [16, 32, 64, 128, 256]


def point(kncsim, trace, width):
    r = run_kncsim(kncsim, {"router.impl": "systemc", "traffic.workload": "trace",
                            "traffic.trace_file": str(ROOT / "tests" / "data" / "netrace" / f"{trace}.tra.bz2"),
                            "energy.flit_bits": width, "energy.technology": "45nm", "run.statistics": "basic"})
    t = r["trace"]
    return {"converged": r["converged"], "packets": t["packets"], "delivered": t["delivered"], "cycles": t["cycles"],
            "ideal_cycles": t["ideal_cycles"], "slowdown": t["slowdown"], "latency_mean": t["latency"]["mean"],
            "latency_p99": t["latency"]["p99"], "ideal_latency_mean": t["ideal_latency"]["mean"],
            "held": t["held"]["packets"], "pj_per_packet": r["energy"]["per_packet_pj"]}


def main():
    ap = study_runs.study_options(__doc__, json_help="write every point's figures and the conclusions as JSON")
    a = study_runs.parse_study_options(ap)
    keys = [(t, w) for t in TRACES for w in WIDTHS]
    res = study_runs.run_all({k: (point, a.kncsim, *k) for k in keys})

    print(f"{'trace':<12} {'bits':>4} {'cycles':>9} {'slowdown':>8} {'T mean':>7} {'T ideal':>7} {'T p99':>6} "
          f"{'held':>6} {'pJ/packet':>9}")
    for t, w in keys:
        x = res[(t, w)]
        print(f"{t:<12} {w:>4} {x['cycles']:>9} {x['slowdown']:8.4f} {x['latency_mean']:7.2f} "
              f"{x['ideal_latency_mean']:7.2f} {x['latency_p99']:>6} {x['held']:>6} {x['pj_per_packet']:9.1f}")

    held = [
        ("every replay finishes, each sample's packets all delivered",
         all(res[k]["converged"] and res[k]["delivered"] == res[k]["packets"] for k in keys)),
        ("a packet's mean latency falls as the links widen (fewer flits to a packet)",
         all(res[(t, WIDTHS[i + 1])]["latency_mean"] < res[(t, WIDTHS[i])]["latency_mean"]
             for t in TRACES for i in range(len(WIDTHS) - 1))),
        ("the program never takes longer on wider links",
         all(res[(t, WIDTHS[i + 1])]["cycles"] <= res[(t, WIDTHS[i])]["cycles"]
             for t in TRACES for i in range(len(WIDTHS) - 1))),
        ("no replay beats its contention-free replay (slowdown >= 1, latency >= the ideal's)",
         all(res[k]["slowdown"] >= 1 and res[k]["latency_mean"] >= res[k]["ideal_latency_mean"] for k in keys)),
        ("the narrowest links hold back more packets by their dependencies than the widest",
         all(res[(t, WIDTHS[0])]["held"] > res[(t, WIDTHS[-1])]["held"] for t in TRACES)),
    ]
    status = study_runs.report(held, "the study's checks")
    if a.json:
        study_runs.write_study_json(a.json, {"points": [{"trace": k[0], "flit_bits": k[1], **v} for k, v in res.items()]},
                                    held)
    if a.plot:
        plt = study_runs.pyplot()
        fig, axes = plt.subplots(1, 3, figsize=(15, 4.6))
        for t, color in zip(TRACES, ["tab:blue", "tab:orange"]):
            axes[0].plot(WIDTHS, [res[(t, w)]["latency_mean"] for w in WIDTHS], "-o", color=color, label=f"{t}")
            axes[0].plot(WIDTHS, [res[(t, w)]["ideal_latency_mean"] for w in WIDTHS], ":", color=color,
                         label=f"{t}, contention-free")
            axes[1].plot(WIDTHS, [res[(t, w)]["latency_p99"] for w in WIDTHS], "-o", color=color, label=t)
            axes[2].plot(WIDTHS, [res[(t, w)]["pj_per_packet"] for w in WIDTHS], "-o", color=color, label=t)
        axes[0].set_ylabel("mean packet latency (cycles)")
        axes[1].set_ylabel("99th-percentile packet latency (cycles)")
        axes[2].set_ylabel("energy per delivered packet (pJ, 45 nm)")
        for ax in axes:
            ax.set_xscale("log", base=2)
            ax.set_xticks(WIDTHS)
            ax.set_xticklabels([str(w) for w in WIDTHS])
            ax.set_xlabel("link and flit width (bits)")
            ax.grid(True, which="both", alpha=0.3)
            ax.legend(fontsize=8)
        axes[0].set_yscale("log")
        axes[1].set_yscale("log")
        study_runs.save_study_figure(fig, "Netrace samples on an 8x8 mesh, dependencies on: the link's width", a.plot)
    return status


if __name__ == "__main__":
    raise SystemExit(main())
