#!/usr/bin/python3
"""Pipelined against synchronous links, in energy as well as latency (issue 54's study): a
64-node 4-ary 3-cube laid out three ways, its wires stretched from 0.5 to 16 mm a neighbour
wire, at 45 and 22 nm (DSENT 0.91's tables, docs/energy.md).

  2-D            a mesh, its dimensions folded onto 2 axes (link.embedding planar): some wires 2 long
  3-D            a mesh, a dimension an axis (link.embedding cube): every wire 1 long
  folded torus   a torus on 2 virtual channels, cube embedding, rows folded: wires 2 long

A wire of u mm (energy.mm_per_unit) takes u x 100 ps (a repeated global wire), so at a 1 GHz
switch clock S = 10 / u (link.switch_to_wire_ratio):
  pipelined    a wire of length l takes ceil(l / S) cycles, with ceil(l / S) - 1 registers
  synchronous  every wire one cycle, stretched to 1 + longest / S switch cycles (eq 14)

Each point: uniform traffic at A = .2, 16-flit packets, 32-flit wormhole FIFOs (credits cover
the longest wire's round trip), 10000 cycles, the SystemC network. Latency is T in ns (T x the
cycle's stretch / 1 GHz); energy is per delivered flit. Prints a table and the conclusions it
checks; --plot draws latency and energy against wire length. About 5 s on 2 cores.
"""
import study_runs
from kncsim_json import run_kncsim

LAYOUTS = {
    "2-D": {"network.topology": "mesh", "link.embedding": "planar"},
    "3-D": {"network.topology": "mesh", "link.embedding": "cube"},
    "folded torus": {"network.topology": "torus", "link.embedding": "cube", "network.wiring": "folded", "router.vcs": 2},
}
MM = [0.5, 1, 2, 4, 8, 16]
MODES = ["pipelined", "synchronous"]
TECHS = ["45nm", "22nm"]
WIRE_PS_PER_MM = 100


def point(kncsim, layout, mm, mode, tech, cycles):
    sets = {"network.dims": 3, "network.radix": 4, "router.impl": "systemc", "traffic.packet_flits": 16,
            "router.flow_control": "wormhole", "router.fifo_flits": 32, "traffic.stream": "counter",
            "traffic.load": 0.2, "run.convergence": "fixed", "run.cycles": cycles, "link.mode": mode,
            "link.switch_to_wire_ratio": 1000 / (WIRE_PS_PER_MM * mm), "energy.technology": tech,
            "energy.mm_per_unit": mm, "run.statistics": "basic", **LAYOUTS[layout]}
    r = run_kncsim(kncsim, sets)
    e = r["energy"]
    return {"latency_ns": r["T"] * r["cycle_time_factor"], "per_flit_pj": e["per_flit_pj"],
            "wire_pj_per_flit": (e["parts_pj"]["wire_dynamic"] + e["parts_pj"]["wire_registers"]) / e["delivered_flits"],
            "registers_pj_per_flit": e["parts_pj"]["wire_registers"] / e["delivered_flits"],
            "stretch": r["cycle_time_factor"], "power_mw": e["power_mw"]}


def main():
    ap = study_runs.study_options(__doc__, json_help="write every point's figures and the conclusions as JSON")
    ap.add_argument("--cycles", type=int, default=10000)
    a = study_runs.parse_study_options(ap)
    keys = [(lay, mm, mode, tech) for lay in LAYOUTS for mm in MM for mode in MODES for tech in TECHS]
    res = study_runs.run_all({k: (point, a.kncsim, *k, a.cycles) for k in keys})

    print(f"{'layout':<13} {'mm':>5}  {'T ns pipe':>9} {'T ns sync':>9}  "
          + "  ".join(f"{'pJ/flit ' + t + ' pipe':>17} {'sync':>6}" for t in TECHS))
    for lay in LAYOUTS:
        for mm in MM:
            p, q = res[(lay, mm, "pipelined", "45nm")], res[(lay, mm, "synchronous", "45nm")]
            line = f"{lay:<13} {mm:>5}  {p['latency_ns']:9.2f} {q['latency_ns']:9.2f}  "
            for t in TECHS:
                line += f"{res[(lay, mm, 'pipelined', t)]['per_flit_pj']:17.2f} {res[(lay, mm, 'synchronous', t)]['per_flit_pj']:6.2f}  "
            print(line)

    held = []
    long_mm = MM[-1]
    held.append(("at 16 mm a neighbour wire, pipelined links deliver sooner than synchronous ones in every layout",
                 all(res[(lay, long_mm, "pipelined", "45nm")]["latency_ns"] < res[(lay, long_mm, "synchronous", "45nm")]["latency_ns"]
                     for lay in LAYOUTS)))
    held.append(("synchronous links pay no pipeline registers",
                 all(res[(lay, mm, "synchronous", t)]["registers_pj_per_flit"] == 0 for lay in LAYOUTS for mm in MM for t in TECHS)))
    held.append(("the wires' energy per flit grows with their length, in both modes and technologies",
                 all(res[(lay, MM[i + 1], m, t)]["wire_pj_per_flit"] > res[(lay, MM[i], m, t)]["wire_pj_per_flit"]
                     for lay in LAYOUTS for m in MODES for t in TECHS for i in range(len(MM) - 1))))
    held.append(("synchronous links cost more energy per flit than pipelined ones at every length: the same work "
                 "in a stretched cycle leaks longer",
                 all(res[(lay, mm, "synchronous", t)]["per_flit_pj"] > res[(lay, mm, "pipelined", t)]["per_flit_pj"]
                     for lay in LAYOUTS for mm in MM for t in TECHS)))
    held.append(("22 nm costs less energy per flit than 45 nm at every point",
                 all(res[(lay, mm, m, "22nm")]["per_flit_pj"] < res[(lay, mm, m, "45nm")]["per_flit_pj"]
                     for lay in LAYOUTS for mm in MM for m in MODES)))
    status = study_runs.report(held, "the study's checks")
    if a.json:
        study_runs.write_study_json(a.json, {"points": [{"layout": k[0], "mm": k[1], "mode": k[2], "technology": k[3], **v}
                                                        for k, v in res.items()]}, held)
    if a.plot:
        plt = study_runs.pyplot()
        fig, axes = plt.subplots(1, 3, figsize=(15, 4.8))
        colors = {"2-D": "tab:blue", "3-D": "tab:orange", "folded torus": "tab:green"}
        for lay in LAYOUTS:
            for m in MODES:
                ls = "-" if m == "pipelined" else "--"
                axes[0].plot(MM, [res[(lay, mm, m, "45nm")]["latency_ns"] for mm in MM], ls, marker="o", color=colors[lay],
                             label=f"{lay}, {m}")
                for ax, t in zip(axes[1:], TECHS):
                    ax.plot(MM, [res[(lay, mm, m, t)]["per_flit_pj"] for mm in MM], ls, marker="o", color=colors[lay])
        axes[0].set_ylabel("mean packet latency (ns)")
        for ax, t in zip(axes[1:], TECHS):
            ax.set_ylabel(f"energy per delivered flit (pJ), {t}")
        for ax in axes:
            ax.set_xscale("log", base=2)
            ax.set_xticks(MM)
            ax.set_xticklabels([f"{x:g}" for x in MM])
            ax.set_xlabel("neighbour wire (mm; 100 ps/mm, 1 GHz)")
            ax.grid(True, which="both", alpha=0.3)
        axes[0].legend(fontsize=8)
        study_runs.save_study_figure(fig, "Pipelined (solid) against synchronous (dashed) links: a 4-ary 3-cube, "
                                          "A = .2, L = 16", a.plot)
    return status


if __name__ == "__main__":
    raise SystemExit(main())
