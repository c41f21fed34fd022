#!/usr/bin/python3
"""What replaying a trace costs against the synthetic run it came from (issue 55: at most 1.5x).

For each case, a synthetic run writes its packets with --trace-out; then that run (without
--trace-out) and the trace's replay (traffic.trace_dependencies off: the same packets at the same
cycles) are timed alternately, whole processes, and the ratio of their medians printed. The replay
also drains the packets the synthetic run left in flight, so the ratio per delivered packet is
printed too. With --instructions, each pair is also counted under callgrind
(scripts/profile_rtl.py): counts do not drift with the machine's load as timings do.

    scripts/trace_speed.py [--kncsim BIN] [-n REPEATS] [--instructions] [--cycles N]

Exit 0 with the table; 1 if a replay costs more than --limit (default 1.5) times its synthetic
run per delivered packet; 2 on a failed run.
"""
import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

CASES = [  # (name, --set assignments)
    ("SystemC 8x8, A=0.1", ["router.impl=systemc", "traffic.load=0.1"]),
    ("SystemC 8x8, A=0.3", ["router.impl=systemc", "traffic.load=0.3"]),
    ("SystemC 8x8, A=0.6", ["router.impl=systemc", "traffic.load=0.6"]),
    ("SystemC 16x16, A=0.3", ["router.impl=systemc", "network.radix=16", "traffic.load=0.3"]),
    ("ref 8x8, A=0.3", ["router.impl=ref", "traffic.load=0.3"]),
]


def sets(assignments):
    out = []
    for a in assignments:
        out += ["--set", a]
    return out


def run(kncsim, assignments, extra=()):
    """Whole-process seconds and the result."""
    with tempfile.NamedTemporaryFile(suffix=".json") as out:
        t0 = time.perf_counter()
        p = subprocess.run([kncsim, "run", "-q", *sets(assignments), "--json", out.name, *extra], capture_output=True, text=True)
        secs = time.perf_counter() - t0
        if p.returncode != 0:
            sys.stderr.write(p.stderr)
            sys.exit(2)
        return secs, json.loads(Path(out.name).read_text())


def instructions(kncsim, assignments):
    p = subprocess.run([sys.executable, str(ROOT / "scripts" / "profile_rtl.py"), "--kncsim", kncsim, "--top", "0", "--",
                        *sets(assignments)], capture_output=True, text=True)
    if p.returncode != 0:
        sys.stderr.write(p.stdout + p.stderr)
        sys.exit(2)
    for line in p.stdout.splitlines():  # "total  1,234,567 instructions ..."
        words = line.split()
        if words and words[0] == "total":
            return int(words[1].replace(",", ""))
    sys.stderr.write(p.stdout)
    sys.exit(2)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--kncsim", default=str(ROOT / "build" / "release" / "tb" / "kncsim"))
    ap.add_argument("-n", type=int, default=5, help="timed runs of each, alternating (default 5)")
    ap.add_argument("--cycles", type=int, default=20000, help="the synthetic runs' cycles (default 20000)")
    ap.add_argument("--instructions", action="store_true", help="also count instructions (callgrind)")
    ap.add_argument("--limit", type=float, default=1.5)
    a = ap.parse_args()
    print(f"{'case':24} {'packets':>8} {'synthetic s':>11} {'replay s':>9} {'ratio':>6} {'per packet':>10}"
          + (f" {'instr. ratio':>12}" if a.instructions else ""))
    worst = 0.0
    with tempfile.TemporaryDirectory() as work:
        for name, case in CASES:
            base = case + ["run.convergence=fixed", f"run.cycles={a.cycles}", "traffic.stream=counter"]
            trace = str(Path(work) / "trace.txt")
            _, synthetic = run(a.kncsim, base, ["--trace-out", trace])
            replay = base + ["traffic.workload=trace", "traffic.trace_format=text", f"traffic.trace_file={trace}",
                             "traffic.trace_dependencies=off"]
            ts, tr = [], []
            for _ in range(a.n):
                s, rs = run(a.kncsim, base)
                r, rr = run(a.kncsim, replay)
                ts.append(s)
                tr.append(r)
            ms, mr = statistics.median(ts), statistics.median(tr)
            ns, nr = rs["numrecd"], rr["numrecd"]
            ratio = mr / ms
            per_packet = (mr / nr) / (ms / ns)
            worst = max(worst, per_packet)
            line = f"{name:24} {ns:>8} {ms:>11.3f} {mr:>9.3f} {ratio:>6.3f} {per_packet:>10.3f}"
            if a.instructions:
                line += f" {instructions(a.kncsim, replay) / instructions(a.kncsim, base):>12.3f}"
            print(line, flush=True)
    print(f"worst replay/synthetic per delivered packet: {worst:.3f} (limit {a.limit})")
    return 0 if worst <= a.limit else 1


if __name__ == "__main__":
    sys.exit(main())
