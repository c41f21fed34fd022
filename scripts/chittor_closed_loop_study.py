#!/usr/bin/python3
"""Chittor's Table 4.1 on kncsim: communication time per loop for the near-neighbour patterns
(thesis §4.2.3), simulated with traffic.workload closed_loop on a 4x4 SystemC mesh, printed beside
the Symult 2010's measured values.

  AB-1NN  peers node(i, j) and node(i, j xor 1) (graph pairs); A sends, then receives; B receives,
          then sends; both then compute
  AA-1NN  the same peers, every node sends first
  AB-4NN  the four mesh neighbours (graph mesh2d), classes by i + j parity
  AA-4NN  the four neighbours, every node sends to all, then receives from all

tau is the communication time per loop, T - t (eq 4.1), averaged over the nodes; tau_m, the
contention-free time for one message, is tau(AB-1NN) / 2 (eq 4.2), as in the table.

The machine, in kncsim's units (a flit is a byte, a cycle 50 ns: the Symult's 20 Mbytes/s
channels): messages of 1, 515, 1027, 4099 and 8196 bytes cut into 256-byte packets. Chittor fits
a contention-free message to a + bL with a = 210.2 us and b = 0.0577 us/byte up to 256 bytes,
0.1536 us/byte beyond (packetisation). kncsim splits that between the two ends: a/2 at the sender
and a/2 at the receiver (2102 cycles each), and b less the network's own cycle per byte, halved
(0.077 cycles/byte each up to 256 bytes, 1.036 beyond). The network then adds the flits and the
hop. So AB-1NN reproduces tau_m by construction; the other columns are what the model predicts.

Two nodes: kncsim's duplex node (the network interface sends and receives at once, each end pays
its own overhead), and the Symult's half-duplex node (traffic.node_channel: half_duplex), where a
message holds both its ends, channel and processor, for its whole time.

    chittor_closed_loop_study.py [--kncsim PATH] [--loops N] [--json OUT]
"""
import argparse
import json
import os
import sys

from tqdm import tqdm

import kncsim_output
from kncsim_json import run_kncsim

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CYCLE_US = 0.05  # 20 Mbytes/s: a byte a cycle
ALPHA_US = 210.2
BETA_US = {False: 0.0577, True: 0.1536}  # per byte: single packet, packetised
MESSAGES = [1, 515, 1027, 4099, 8196]
PATTERNS = {"AB-1NN": ("pairs", "ab"), "AA-1NN": ("pairs", "aa"), "AB-4NN": ("mesh2d", "ab"), "AA-4NN": ("mesh2d", "aa")}
# Table 4.1 (ms): tau per loop, by message length, for AB-1NN, AA-1NN, AB-4NN, AA-4NN.
SYMULT = {1: [.412, .385, 2.422, 2.269], 515: [.687, .681, 3.425, 3.059], 1027: [.791, .785, 3.782, 3.683],
          4099: [1.767, 1.766, 7.648, 7.508], 8196: [3.306, 3.295, 12.938, 12.793]}


def overheads(message):
    """Per-end overheads in cycles: a/2 fixed, (b - one cycle a byte) / 2 per byte."""
    fixed = ALPHA_US / CYCLE_US / 2
    per_byte = (BETA_US[message > 256] / CYCLE_US - 1) / 2
    return fixed, per_byte


NODES = {"duplex": "kncsim's duplex node", "half_duplex": "the Symult's half-duplex node"}


def run(binary, node, message, graph, classes, loops):
    fixed, per_byte = overheads(message)
    sets = {"traffic.node_channel": node, "network.radix": "4", "router.impl": "systemc", "router.flow_control": "wormhole",
            "router.fifo_flits": "4", "traffic.workload": "closed_loop", "traffic.pattern": "graph",
            "traffic.graph": graph, "traffic.loop_classes": classes, "traffic.message_flits": message,
            "traffic.packet_payload_flits": 256, "traffic.compute": "fixed", "traffic.compute_cycles": 2000,
            "traffic.send_overhead_cycles": fixed, "traffic.receive_overhead_cycles": fixed,
            "traffic.send_overhead_cycles_per_flit": per_byte, "traffic.receive_overhead_cycles_per_flit": per_byte,
            "traffic.warmup_loops": 1, "traffic.loops": loops}
    return run_kncsim(binary, sets)["closed_loop"]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--kncsim", default=os.path.join(REPO, "build", "release", "tb", "kncsim"))
    ap.add_argument("--loops", type=int, default=5, help="measured loops per node (default 5)")
    ap.add_argument("--json", help="write every figure to this file")
    args = ap.parse_args()
    if args.loops < 1:
        ap.error("--loops must be at least 1")
    if not os.access(args.kncsim, os.X_OK):
        ap.error(f"no kncsim at {args.kncsim} (build it, or pass --kncsim)")

    rows = {node: {} for node in NODES}
    with tqdm(total=len(NODES) * len(MESSAGES) * len(PATTERNS), unit="run", disable=not sys.stderr.isatty()) as bar:
        for node in NODES:
            for m in MESSAGES:
                rows[node][m] = {}
                for name, (graph, classes) in PATTERNS.items():
                    r = run(args.kncsim, node, m, graph, classes, args.loops)
                    rows[node][m][name] = {"tau_ms": r["communication_time"] * CYCLE_US / 1000,
                                           "worst_tau_ms": r["worst_node"]["communication_time"] * CYCLE_US / 1000}
                    bar.update()

    for node, title in NODES.items():
        print(f"Table 4.1 with {title}: communication time per loop (ms), kncsim (4x4 SystemC mesh) / "
              "Symult 2010 measured")
        print(f"{'bytes':>6}" + "".join(f"  {n:>22}" for n in PATTERNS) + "   ratios tau/tau_m, kncsim (Symult)")
        for m in MESSAGES:
            tau_m = rows[node][m]["AB-1NN"]["tau_ms"] / 2
            cells, ratios = "", ""
            for i, name in enumerate(PATTERNS):
                sim, meas = rows[node][m][name]["tau_ms"], SYMULT[m][i]
                rows[node][m][name].update(symult_ms=meas, ratio=sim / tau_m, symult_ratio=meas / (SYMULT[m][0] / 2))
                cells += f"  {sim:9.3f} / {meas:6.3f} ms"
                ratios += f"  {sim / tau_m:5.2f} ({meas / (SYMULT[m][0] / 2):5.2f})"
            print(f"{m:>6}{cells} {ratios}")
        print()
    fixed, _ = overheads(1)
    print(f"overheads per end: {fixed:.0f} cycles + {overheads(1)[1]:.3f} cycles/byte up to 256 bytes, "
          f"{overheads(1000)[1]:.3f} beyond; a cycle is {CYCLE_US * 1000:.0f} ns, a flit a byte")
    if args.json:
        kncsim_output.write_json(args.json, {"cycle_us": CYCLE_US, "alpha_us": ALPHA_US, "beta_us": {
            "le_256": BETA_US[False], "packetised": BETA_US[True]}, "rows": rows})


if __name__ == "__main__":
    main()
