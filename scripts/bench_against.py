#!/usr/bin/python3
"""One A/B speed harness: a benchmark of this tree against another revision of kncsim, on the
same points, the two builds taking turns over rounds (so that the machine's drift falls on both
alike). Prints each point's median ratio over the rounds (this tree's node-cycles/s over the
other's, paired round by round) and their geometric mean. A ratio of 1 is no slower.

    scripts/bench_against.py systemc [REV] [ROUNDS] [--full]
    scripts/bench_against.py rtl [REV] [ROUNDS] [--full]
    scripts/bench_against.py rtl --vs-set KEY=VALUE [--set KEY=VALUE]... [ROUNDS] [--full]

systemc: kncsim-bench-systemc (8x8 and 16x16 meshes, L = 4 and 32, low load past saturation, an
almost idle 128x128), one thread. REV defaults to 1db18f6, the last commit before virtual
channels. rtl: kncsim-bench-rtl (the all-RTL 8x8 mesh, 4-flit wormhole and 128-flit
cut-through FIFOs, A = .1 to .7, one thread), the direct and the signal binding. REV defaults
to 0b5290e, the last commit with the routers' models linked in; this tree's models come from
the model cache, built before the first round so that no round times a build.

--vs-set KEY=VALUE compares this tree with itself, the other side's points run with that key
(rtl only: e.g. verify.monitors=off, for what the protocol monitors cost); --set KEY=VALUE
(repeatable) sets a key on this side's points (e.g. verify.coverage=on, verify.starvation_cycles).

The other revision is built in a git worktree under build/against-REV (the first time: a full
build, up to 10 minutes on 2 cores). --full runs each benchmark's full point set (or cycle
count) instead of --quick. ROUNDS defaults to 3.
"""
import argparse
import math
import os
import pathlib
import re
import statistics
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent


def run(cmd, cwd=ROOT):
    subprocess.run(cmd, cwd=cwd, check=True, stdout=subprocess.DEVNULL)


def rows(text):
    """The table's rows: lines that start with a network's shape (8x8, 16x16, ...)."""
    return [line.split() for line in text.splitlines() if re.match(r"\d+(x\d+)+\s", line)]


class SystemC:
    target, default_rev = "kncsim-bench-systemc", "1db18f6"
    columns = ["node-cycles/s"]
    key_names = ("mesh", "L", "A")

    def build_other(self, tree):
        # The other tree's tests need ../shared beside it, as this one's do; its benchmark does not.
        run(["cmake", "--preset", "release"], cwd=tree)
        run(["cmake", "--build", "--preset", "release", "--target", self.target], cwd=tree)

    def prepare_this(self):
        run(["cmake", "--preset", "release"])
        run(["cmake", "--build", "--preset", "release", "--target", self.target])

    def table(self, text):
        # The rate's column by its header (later revisions add columns after it).
        header = next(line.split() for line in text.splitlines() if line.startswith("mesh"))
        at = header.index("node-cycles/s")
        return {tuple(r[:3]): (float(r[at]),) for r in rows(text)}


class Rtl:
    target, default_rev = "kncsim-bench-rtl", "0b5290e"
    columns = ["direct", "signals"]
    key_names = ("FIFOs", "flow", "A")

    def build_other(self, tree):
        run(["cmake", "-S", ".", "-B", "build/release", "-G", "Ninja", "-DCMAKE_BUILD_TYPE=Release",
             "-DKNCSIM_TESTS=OFF", "-DKNCSIM_RTL_VARIANT_FILTER=d2_q4_a0_c0$|d2_q128_a0_c1$"], cwd=tree)
        run(["cmake", "--build", "build/release", "--target", self.target], cwd=tree)

    def prepare_this(self):
        run(["cmake", "--preset", "release"])
        run(["cmake", "--build", "--preset", "release", "--target", self.target, "kncsim"])
        for binding in ("direct", "signals"):
            for fifo, flow in (("4", "wormhole"), ("128", "cut_through")):
                run(["build/release/tb/kncsim", "rtl", "build", "--set", "network.radix=8", "--set",
                     "router.impl=rtl", "--set", f"router.fifo_flits={fifo}", "--set",
                     f"router.flow_control={flow}", "--set", "traffic.packet_flits=32", "--set",
                     f"router.rtl_binding={binding}"])

    def table(self, text):
        # mesh, flits, "flits", flow, A, SystemC, direct, /SystemC, signals, /SystemC
        return {(r[1], r[3], r[4]): (float(r[6]), float(r[8])) for r in rows(text)}


BENCHES = {"systemc": SystemC(), "rtl": Rtl()}


def geometric_mean(xs):
    return math.exp(sum(map(math.log, xs)) / len(xs))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0], usage=__doc__.split("\n\n")[1])
    ap.add_argument("bench", choices=sorted(BENCHES))
    ap.add_argument("rev", nargs="?")
    ap.add_argument("rounds", nargs="?", type=int, default=3)
    ap.add_argument("--full", action="store_true")
    ap.add_argument("--vs-set", metavar="KEY=VALUE", help="the other side: this tree with this key set (rtl)")
    ap.add_argument("--set", metavar="KEY=VALUE", action="append", default=[], help="this side's points: a key set (rtl)")
    a = ap.parse_intermixed_args()  # options between the positionals (rtl --vs-set K=V 5)
    bench = BENCHES[a.bench]
    if a.vs_set:
        if a.bench != "rtl" or "=" not in a.vs_set:
            ap.error("--vs-set takes KEY=VALUE, with the rtl benchmark")
        if a.rev is not None:  # "rtl --vs-set K=V 5": the number is the rounds
            if not a.rev.isdigit():
                ap.error("--vs-set compares this tree with itself: give no REV")
            a.rounds, a.rev = int(a.rev), None
    rev = a.vs_set or a.rev or bench.default_rev
    if a.rounds < 1:
        ap.error("ROUNDS must be at least 1")
    if a.set and (a.bench != "rtl" or any("=" not in x for x in a.set)):
        ap.error("--set takes KEY=VALUE, with the rtl benchmark")
    this = [str(ROOT / "build/release/tb" / bench.target)]
    if a.vs_set:
        other = this + ["--set", a.vs_set]
    else:
        tree = ROOT / "build" / f"against-{rev}"
        if not tree.is_dir():
            run(["git", "worktree", "add", "--detach", str(tree), rev])
        bench.build_other(tree)
        other = [str(tree / "build/release/tb" / bench.target)]
    this = this + [w for x in a.set for w in ("--set", x)]
    bench.prepare_this()
    mode = [] if a.full else ["--quick"]
    old, new = [], []
    for _ in range(a.rounds):
        for cmd, out in ((other, old), (this, new)):
            text = subprocess.run([*cmd, *mode], check=True, capture_output=True, text=True).stdout
            out.append(bench.table(text))
    keys = list(old[0])
    header = " ".join(f"{k:>8}" for k in bench.key_names)
    for c in bench.columns:
        header += f" {c + ' (this)':>16} {c + ' ' + rev:>16} {'ratio':>6}"
    print(header)
    ratios = {c: [] for c in range(len(bench.columns))}
    for key in keys:
        line = " ".join(f"{k:>8}" for k in key)
        for c in range(len(bench.columns)):
            ratio = statistics.median(n[key][c] / o[key][c] for n, o in zip(new, old))
            ratios[c].append(ratio)
            line += (f" {statistics.median(n[key][c] for n in new):16.3g}"
                     f" {statistics.median(o[key][c] for o in old):16.3g} {ratio:6.3f}")
        print(line)
    for c, name in enumerate(bench.columns):
        r = ratios[c]
        print(f"{name}: geometric mean of the median ratios {geometric_mean(r):.3f} (min {min(r):.3f}, max "
              f"{max(r):.3f}; this tree over {rev}, {a.rounds} rounds, median rates shown)")


if __name__ == "__main__":
    try:
        main()
    except subprocess.CalledProcessError as e:
        print(f"bench_against.py: {' '.join(map(str, e.cmd))} failed with status {e.returncode}", file=sys.stderr)
        sys.exit(1)
