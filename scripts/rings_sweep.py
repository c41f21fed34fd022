#!/usr/bin/python3
"""Latency against throughput for Scott & Goodman's Figure 5/6 (pipelined) or Figure 9/10
(synchronous) configurations of a 4096-node ring network: one kncsim run per (n, k, load).

Prints a table per constraint: offered and carried throughput (bits/cycle/processor), round
trip (address + data latency, switch cycles), nack rate, and the eq 13/14 maximum. A network
past saturation shows "NOT DRAINED". Minutes for the full sweep; --quick does two loads.
"""
import argparse
import sys

from kncsim_json import run_kncsim

CONFIGS = [(2, 64), (3, 16), (4, 8), (6, 4), (12, 2)]  # N = 4096


def run(kncsim, dims, radix, constraint, mode, load, cycles):
    sets = {
        "network.topology": "rings", "router.model": "sci", "network.dims": dims, "network.radix": radix,
        "link.constraint": constraint, "link.mode": mode, "traffic.load": load,
        "run.convergence": "fixed", "run.cycles": cycles,
    }
    return run_kncsim(kncsim, sets)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--kncsim", default="build/release/tb/kncsim")
    ap.add_argument("--mode", choices=["pipelined", "synchronous"], default="pipelined")
    ap.add_argument("--constraint", choices=["link_width", "node_size", "bisection"], action="append")
    ap.add_argument("--cycles", type=int, default=3000)
    ap.add_argument("--quick", action="store_true", help="loads .2 and .6 only")
    a = ap.parse_args()
    loads = [0.2, 0.6] if a.quick else [0.1, 0.3, 0.5, 0.7, 0.8, 0.9]
    for constraint in a.constraint or ["link_width", "node_size", "bisection"]:
        print(f"== {a.mode}, constant {constraint.replace('_', ' ')}, N = 4096")
        print(f"{'n':>3} {'k':>3} {'A':>5} {'offered':>9} {'carried':>9} {'max':>8} {'round trip':>11} {'nack rate':>10}")
        for dims, radix in CONFIGS:
            for load in loads:
                r = run(a.kncsim, dims, radix, constraint, a.mode, load, a.cycles)
                note = "" if r["drained"] else "  NOT DRAINED"
                print(f"{dims:>3} {radix:>3} {load:>5} {r['offered_bits_per_cycle_per_node']:>9.3f} "
                      f"{r['throughput_bits_per_cycle_per_node']:>9.3f} {r['max_throughput']:>8.3f} "
                      f"{r['round_trip']:>11.1f} {r['nack_rate']:>10.4f}{note}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
