#!/usr/bin/python3
"""Where a run's instructions go: `kncsim run ARGS` under callgrind, its instructions counted by
part, in total and per simulated node-cycle. Counted instructions do not move from run to run, so
two versions of an RTL (`--set router.rtl_sources=DIR`) or of kncsim compare exactly where timings
on a shared machine drift.

    scripts/profile_rtl.py [--kncsim BIN] [--whole] [--keep FILE] [--top N] -- RUN_ARGS...

The parts: the Verilated models, by the phase of Verilator's evaluation each function belongs to
(the clocked blocks with the assertions in them, the combinational logic after the edge, the logic
of the inputs, the scheduler that runs them); kncsim's own code (its heaviest functions named:
the RTL adapters, links, traffic, statistics); the SystemC kernel; Verilator's runtime (building
the models: scopes, state randomisation); the rest (C library, loader, hashing). Then the models'
instructions over their clock edges: what an edge of the RTL costs.

Exit 0 with the table; kncsim's own status when it fails (2 for a bad configuration; its message
shown); 1 when callgrind fails; 2 on bad arguments or a missing tool.
"""
import argparse
import json
import re
import shutil
import signal
import subprocess
import sys
import tempfile
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# callgrind_annotate's line: "1,234 (12.34%)  * file:function [object]" (a function's own count),
# "... > file:function (56x) [object]" (a callee, with its calls).
LINE = re.compile(r"^\s*([\d,]+)\s+\(\s*[\d.]+%\)\s+(.*?)(?:\s+\[(.*)\])?\s*$")
# Verilator 5's evaluation, by the names it gives its functions.
PHASES = (
    ("___nba_sequent", "model: clocked blocks and assertions (nba_sequent)"),
    ("___nba_comb", "model: logic after the edge (nba_comb)"),
    ("___ico_sequent", "model: logic of the inputs (ico)"),
)
SCHEDULER = "model: Verilator's scheduler (eval, triggers)"


def refuse(message):
    print(f"profile_rtl.py: {message}", file=sys.stderr)
    sys.exit(2)


def part_of(source, function, obj):
    """The part a function's instructions count in, and whether it is one of kncsim's."""
    if obj.endswith("model.so"):
        for key, name in PHASES:
            if key in function:
                return name, False
        return SCHEDULER, False
    if "sc_core::" in function or "libsystemc" in obj:
        return "SystemC kernel", False
    if "Verilated" in function or function.startswith("VL_") or "/verilator/include/" in source:
        return "Verilator runtime", False
    if "kncsim::" in function:
        return "kncsim: adapters, links, traffic, statistics", True
    return "the rest (C library, loader, hashing)", False


def main():
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # `| head` ends the table quietly
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--kncsim", default=str(ROOT / "build/release/tb/kncsim"), help="the kncsim binary")
    ap.add_argument("--keep", help="keep callgrind's output in this file (for callgrind_annotate)")
    ap.add_argument("--top", type=int, default=6, help="kncsim functions to name (default 6)")
    ap.add_argument("--whole", action="store_true",
                    help="count the whole process (building the network and loading the models too), "
                         "not only the simulation")
    ap.add_argument("run_args", nargs=argparse.REMAINDER, help="-- then kncsim run's arguments")
    a = ap.parse_args()
    run_args = a.run_args[1:] if a.run_args[:1] == ["--"] else a.run_args
    if a.top < 0:
        refuse(f"--top takes a count of 0 or more, got {a.top}")
    if not Path(a.kncsim).is_file():
        refuse(f"--kncsim {a.kncsim}: no such file (build it: cmake --build --preset release --target kncsim)")
    for tool in ("valgrind", "callgrind_annotate"):
        if not shutil.which(tool):
            refuse(f"{tool} is not installed (scripts/setup.sh installs valgrind)")

    with tempfile.TemporaryDirectory(prefix="profile_rtl_") as tmp:
        out = a.keep or str(Path(tmp) / "callgrind.out")
        result = Path(tmp) / "result.json"
        # The simulation is SystemC's simulate(): counting only inside it leaves out building
        # the network and loading the models.
        collect = [] if a.whole else ["--collect-atstart=no", "--toggle-collect=sc_core::sc_simcontext::simulate*"]
        cmd = ["valgrind", "--tool=callgrind", *collect, f"--callgrind-out-file={out}", a.kncsim, "run", "--json",
               str(result), *run_args]
        p = subprocess.run(cmd, capture_output=True, text=True)
        if p.returncode != 0 or not result.exists():
            lines = [l for l in p.stderr.splitlines() if not l.startswith("==")]
            print("\n".join(lines[-20:]), file=sys.stderr)
            print(f"profile_rtl.py: kncsim run under callgrind exited {p.returncode}", file=sys.stderr)
            sys.exit(p.returncode or 1)
        r = json.loads(result.read_text())
        node_cycles = float(r["analytic"]["nodes"]) * float(r["curtime"])
        # --tree=calling: each function's own count ("*"), and below it its callees with their
        # call counts (">"): a model's clocked blocks run once at each of its clock edges.
        ann = subprocess.run(["callgrind_annotate", "--threshold=100", "--tree=calling", out], capture_output=True,
                             text=True)
        if ann.returncode != 0:
            print(ann.stderr, file=sys.stderr)
            sys.exit(1)

    parts = defaultdict(int)
    ours = defaultdict(int)
    total = 0
    edges = defaultdict(int)  # by model: the most calls of one of its clocked-block functions
    for line in ann.stdout.splitlines():
        m = LINE.match(line)
        if not m or "PROGRAM TOTALS" in line:
            continue
        count = int(m.group(1).replace(",", ""))
        where, obj = m.group(2), m.group(3) or ""
        if where.startswith(">"):  # a callee: only its calls count, for the models' edges
            calls = re.search(r"___nba_sequent__\w*\(.*\) \(([\d,]+)x\)$", where)
            if calls and obj.endswith("model.so"):
                edges[obj] = max(edges[obj], int(calls.group(1).replace(",", "")))
            continue
        if not where.startswith("*"):
            continue
        where = where[1:].strip()
        source, _, function = where.partition(":")
        part, is_ours = part_of(source, function, obj)
        parts[part] += count
        total += count
        if is_ours:
            ours[re.sub(r"\(.*", "", function.replace("(anonymous namespace)", "{anon}"))] += count
    if total == 0:
        print("profile_rtl.py: callgrind counted no instructions", file=sys.stderr)
        sys.exit(1)

    print(f"{'the whole process' if a.whole else 'the simulation'}: "
          f"{total / 1e6:,.1f} M instructions, {node_cycles:,.0f} node-cycles "
          f"({total / node_cycles:,.0f} a node-cycle)")
    print(f"{'part':<50} {'M instr':>10} {'share':>7} {'a node-cycle':>13}")
    for part, count in sorted(parts.items(), key=lambda kv: -kv[1]):
        print(f"{part:<50} {count / 1e6:>10.1f} {100 * count / total:>6.1f}% {count / node_cycles:>13.0f}")
    model = sum(count for part, count in parts.items() if part.startswith("model:"))
    if edges:
        n = sum(edges.values())
        print(f"the models: {model / 1e6:,.1f} M instructions over {n:,} clock edges ({model / n:,.0f} an edge)")
    if ours and a.top:
        print(f"kncsim's heaviest functions:")
        for function, count in sorted(ours.items(), key=lambda kv: -kv[1])[:a.top]:
            print(f"  {function:<70.70} {count / 1e6:>8.1f} M {count / node_cycles:>6.0f}")


if __name__ == "__main__":
    main()
