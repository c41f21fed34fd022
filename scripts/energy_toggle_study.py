#!/usr/bin/python3
"""Two estimates of the RTL nodes' dynamic energy, against load (issue 54's acceptance): the
event model's (events at the pins, priced by the 45 nm table) and the toggles counted inside the
Verilated models (energy.rtl_toggles), weighted per class by one calibration at one load and
then held fixed. The toggles are the design's real activity; where the two part, the event
model misprices what the design does.

  router  an 8x8 mesh of kncsim's RTL routers: wormhole, 4-flit FIFOs, 8-flit packets,
          dimension order; calibrated at A = .2
  ring    a 4-ary 2-cube of kncsim's RTL SCI ring nodes: active buffers of 4 packets;
          calibrated at A = .2

Each point: uniform traffic, a fixed number of cycles, random payloads, the built-in 45 nm
table (the RTL flits carry the packets' fields, not their payloads, so the toggles count the
designs' control and header activity). Prints, per load, the network's ratio toggle / event
estimate and its range over the nodes; exits 1 unless each family's ratio is within 1 +-
--tolerance (.10; the issue asks .25) at 5 or more loads besides the calibration's, and its
storage, allocator (ring: crossbar) and other modules toggle. --plot draws the ratios.
The first run builds the two counting models (about a minute and a half on 2 cores).
"""
import json
import os
import tempfile

import study_runs
from kncsim_json import run_kncsim

FAMILIES = {
    "router": {"router.impl": "rtl", "network.radix": 8, "network.dims": 2, "router.fifo_flits": 4,
               "router.flow_control": "wormhole", "traffic.packet_flits": 8},
    "ring": {"network.topology": "rings", "router.model": "sci", "router.impl": "rtl", "network.radix": 4,
             "network.dims": 2, "router.active_buffer_packets": 4},
}
LOADS = {"router": [0.02, 0.05, 0.1, 0.2, 0.3, 0.4, 0.6], "ring": [0.02, 0.05, 0.1, 0.2, 0.3, 0.5, 0.8]}
CALIBRATION = 0.2


def point(kncsim, family, load, cycles, sampling, weights):
    sets = {**FAMILIES[family], "energy.technology": "45nm", "energy.rtl_toggles": "on", "traffic.load": load,
            "run.convergence": "fixed", "run.cycles": cycles, "traffic.stream": "counter",
            "energy.toggle_sampling": sampling}
    if weights:
        sets["energy.toggle_weights"] = weights
    r = run_kncsim(kncsim, sets)
    t = r["energy"]["rtl_toggles"]
    node_ratios = [x for x in t["per_node"]["ratio"] if x is not None]
    return {"ratio": t["ratio"], "node_min": min(node_ratios), "node_max": max(node_ratios), "weights": t["weights"],
            "toggle_pj": t["toggle_pj"], "event_pj": t["event_pj"], "modules": t["modules"],
            "delivered_flits": r["energy"]["delivered_flits"]}


def main():
    ap = study_runs.study_options(__doc__, json_help="write every point's figures and the checks as JSON")
    ap.add_argument("--cycles", type=int, default=20000)
    ap.add_argument("--tolerance", type=float, default=0.10,
                    help="the ratio's allowed distance from 1 (the issue asks 0.25; the designs hold 0.10)")
    ap.add_argument("--sampling", type=int, default=1,
                    help="energy.toggle_sampling (default 1: every cycle counted; the nodes' ranges are then exact)")
    a = study_runs.parse_study_options(ap)
    with tempfile.TemporaryDirectory() as tmp:
        weights, res = {}, {}
        for family in FAMILIES:  # the calibration runs first (they build the models)
            res[(family, CALIBRATION)] = point(a.kncsim, family, CALIBRATION, a.cycles, a.sampling, None)
            weights[family] = os.path.join(tmp, f"{family}_weights.yaml")
            with open(weights[family], "w") as f:
                json.dump(res[(family, CALIBRATION)]["weights"], f)  # JSON is YAML
        res.update(study_runs.run_all({(fam, load): (point, a.kncsim, fam, load, a.cycles, a.sampling, weights[fam])
                                       for fam in FAMILIES for load in LOADS[fam] if load != CALIBRATION}))

    held = []
    for family in FAMILIES:
        print(f"{family}: weights (pJ per toggle) " + ", ".join(
            f"{k} {v:.4g}" for k, v in res[(family, CALIBRATION)]["weights"].items()))
        print(f"{'A':>6} {'flits':>9} {'events pJ':>12} {'toggles pJ':>12} {'ratio':>6} {'nodes min':>9} {'max':>6}")
        for load in LOADS[family]:
            p = res[(family, load)]
            mark = "  (calibration)" if load == CALIBRATION else ""
            print(f"{load:6.2f} {p['delivered_flits']:9d} {p['event_pj']:12.4g} {p['toggle_pj']:12.4g} {p['ratio']:6.3f} "
                  f"{p['node_min']:9.3f} {p['node_max']:6.3f}{mark}")
        others = [load for load in LOADS[family] if load != CALIBRATION]
        within = [load for load in others if abs(res[(family, load)]["ratio"] - 1) <= a.tolerance]
        outside = ", ".join(f"A = {x:g}: {res[(family, x)]['ratio']:.3f}" for x in others if x not in within)
        held.append((f"{family}: after calibration at A = {CALIBRATION}, the toggle estimate is within {a.tolerance:.0%} "
                     f"of the event estimate at 5 or more other loads ({len(within)} of {len(others)}"
                     + (f"; outside: {outside}" if outside else "") + ")", len(within) >= 5))
    # Calibration absorbs a constant error (a module not counted, or counted twice): the classes
    # each design has must toggle.
    expected = {"router": {"storage", "allocator", "other"}, "ring": {"storage", "crossbar", "other"}}
    for family, classes in expected.items():
        toggled = {v["class"] for v in res[(family, CALIBRATION)]["modules"].values() if v["toggles"] > 0}
        held.append((f"{family}: its {', '.join(sorted(classes))} modules toggle", classes <= toggled))
    status = study_runs.report(held, "the study's checks")
    if a.json:
        study_runs.write_study_json(a.json, {"points": [{"family": k[0], "load": k[1], **v} for k, v in res.items()]}, held)
    if a.plot:
        plt = study_runs.pyplot()
        fig, ax = plt.subplots(figsize=(7.5, 4.5))
        for family, color in zip(FAMILIES, ["tab:blue", "tab:orange"]):
            loads = LOADS[family]
            ratios = [res[(family, x)]["ratio"] for x in loads]
            lo = [r - res[(family, x)]["node_min"] for r, x in zip(ratios, loads)]
            hi = [res[(family, x)]["node_max"] - r for r, x in zip(ratios, loads)]
            ax.errorbar(loads, ratios, yerr=[lo, hi], marker="o", capsize=3, color=color,
                        label=f"{family} (bars: the nodes' range)")
        ax.axhspan(1 - a.tolerance, 1 + a.tolerance, color="0.9", zorder=0)
        ax.axvline(CALIBRATION, color="0.5", ls=":", label="calibration load")
        ax.set_xlabel("applied load A")
        ax.set_ylabel("toggle estimate / event estimate")
        ax.grid(True, alpha=0.3)
        ax.legend(fontsize=8)
        study_runs.save_study_figure(fig, "RTL toggles against the event model (45 nm, uniform traffic, every cycle counted)", a.plot)
    return status


if __name__ == "__main__":
    raise SystemExit(main())
