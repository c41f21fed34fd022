#!/usr/bin/python3
"""What energy accounting costs a run: each point run without and with energy.technology (and,
with --rtl, on all-RTL networks; with --toggles, all-RTL networks counting their toggles too,
energy.rtl_toggles), taking turns over rounds so that the machine's drift falls on both alike.
Prints each point's median ratio of simulated seconds (the run's own "simulated in" figure,
start-up excluded), with / without, and their geometric mean. 1.05 is 5 % dearer.

    scripts/energy_overhead.py [ROUNDS] [--rtl | --toggles [--rings]] [--set KEY=VALUE]...

Points: 8x8 and 16x16 meshes, 4- and 32-flit packets, A = .1, .3, .5 (wormhole, 4-flit FIFOs),
counter stream, fixed cycles; --rings: SCI rings of 4x4 and 8x8 nodes (active buffers of 4),
A = .1, .3, .5.
"""
import argparse
import math
import pathlib
import re
import statistics
import subprocess

ROOT = pathlib.Path(__file__).resolve().parent.parent
KNCSIM = ROOT / "build/release/tb/kncsim"


def seconds(args):
    out = subprocess.run([str(KNCSIM), "run", *args], check=True, capture_output=True, text=True).stdout
    return float(re.search(r"simulated in ([0-9.e+-]+) s", out).group(1))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("rounds", nargs="?", type=int, default=5)
    ap.add_argument("--rtl", action="store_true", help="all-RTL networks (the model cache builds them first)")
    ap.add_argument("--toggles", action="store_true",
                    help="all-RTL networks; the with side counts their toggles too (energy.rtl_toggles)")
    ap.add_argument("--rings", action="store_true", help="SCI rings instead of meshes")
    ap.add_argument("--set", action="append", default=[], metavar="KEY=VALUE", help="on both sides")
    a = ap.parse_args()
    impl = "rtl" if a.rtl or a.toggles else "systemc"
    energy = ["--set", "energy.technology=45nm"] + (["--set", "energy.rtl_toggles=on"] if a.toggles else [])
    points = ([(r, 0, load) for r in (4, 8) for load in (0.1, 0.3, 0.5)] if a.rings else
              [(r, l, load) for r in (8, 16) for l in (4, 32) for load in (0.1, 0.3, 0.5)])
    ratios = []
    print(f"{'mesh':>6} {'L':>3} {'A':>4} {'without s':>10} {'with s':>10} {'ratio':>6}")
    for radix, flits, load in points:
        cycles = 40000 if radix <= 8 else 10000
        if a.rings:
            net = ["--set", "network.topology=rings", "--set", "router.model=sci", "--set", "network.dims=2",
                   "--set", "router.active_buffer_packets=4"]
        else:
            net = ["--set", f"traffic.packet_flits={flits}", "--set", "router.fifo_flits=4",
                   "--set", "router.flow_control=wormhole"]
        base = ["--set", f"router.impl={impl}", "--set", f"network.radix={radix}", *net, "--set", f"traffic.load={load}",
                "--set", "traffic.stream=counter", "--set", "run.convergence=fixed", "--set", f"run.cycles={cycles}",
                "--set", "run.threads=1"] + [w for s in a.set for w in ("--set", s)]
        seconds(base + energy)  # warm: an RTL model's first build, caches
        off, on = [], []
        for _ in range(a.rounds):
            off.append(seconds(base))
            on.append(seconds(base + energy))
        ratio = statistics.median(b / o for o, b in zip(off, on))
        ratios.append(ratio)
        print(f"{radix}x{radix:<3} {flits or '-':>3} {load:>4} {statistics.median(off):10.4f} {statistics.median(on):10.4f} "
              f"{ratio:6.3f}")
    g = math.exp(sum(map(math.log, ratios)) / len(ratios))
    what = "energy accounting and RTL toggle counting" if a.toggles else "energy accounting"
    print(f"{what} on {impl} {'rings' if a.rings else 'networks'}: geometric mean of the median ratios {g:.3f} "
          f"(min {min(ratios):.3f}, max {max(ratios):.3f}; {a.rounds} rounds)")


if __name__ == "__main__":
    main()
