#!/usr/bin/python3
"""Reproduce Pertel's 1992 tables (Critique Tables 1-3, SNS report 128x128 table) with kncsim
and print paper vs kncsim side by side.

The runs are one sweep (tb/sweeps/pertel.yaml: a point per distinct table row, each load
series stopping at its first run that does not converge, as the paper's inf rows do), run
with `kncsim sweep` on a local process pool (resumable: an interrupted reproduction picks up
where it stopped). A point skipped because a lower load already saturated counts as not
converged. The Critique Table 3 latency-load figure (paper points overlaid) goes to --plot.

A printed value matches when kncsim's value rounds to it at the printed precision. The paper
rounded some values digit by digit from their 6-digit printout (0.914474 -> .9145 -> .915 -> .92);
such cells are accepted and flagged '~'. 'inf' rows must end not converged; '>x' rows must end above x or not converged.

Usage: scripts/reproduce_pertel.py [--kncsim PATH] [--tables critique:1,critique:3,...]
                                   [--jobs N] [--out DIR] [--fresh] [--plot STEM] [--check]
       scripts/reproduce_pertel.py --write-sweep tb/sweeps/pertel.yaml   (regenerate it from the TSV)
"""
import argparse
import csv
import json
import os
import subprocess
import sys
import tempfile
import time
from decimal import Decimal, ROUND_HALF_UP

import kncsim_output

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
DEFAULT_TSV = os.path.join(ROOT, "..", "shared", "data", "pertel-tables.tsv")
DEFAULT_KNCSIM = os.path.join(ROOT, "build", "release", "tb", "kncsim")
DEFAULT_SWEEP = os.path.join(ROOT, "tb", "sweeps", "pertel.yaml")
NODE_CYCLE_BUDGET = 2 * 10**10  # per run: big meshes get fewer cycles before a row counts as inf
MAX_CYCLES = 1 << 30


def rounds_to(value, printed):
    """'yes' if value rounds to the printed text; 'stepwise' if it does only when rounded digit
    by digit from its 6-digit %g form (0.914474 -> .91447 -> .9145 -> .915 -> .92), as the
    paper's author evidently did; else ''."""
    if value is None:
        return ""
    decimals = len(printed.split(".")[1]) if "." in printed else 0
    q = Decimal(1).scaleb(-decimals)
    target = Decimal(printed)
    if Decimal(repr(value)).quantize(q, rounding=ROUND_HALF_UP) == target:
        return "yes"
    v = Decimal("%.6g" % value)
    for k in range(max(-v.as_tuple().exponent, decimals), decimals - 1, -1):
        v = v.quantize(Decimal(1).scaleb(-k), rounding=ROUND_HALF_UP)
    return "stepwise" if v == target else ""


def verdict(printed, value, converged):
    """Compare one printed cell with kncsim's value: (ok, mark)."""
    if printed == "":
        return True, " "
    if printed == "inf":
        return (not converged), ("ok" if not converged else "X")
    if printed.startswith(">"):
        bound = float(printed[1:])
        ok = (not converged) or (value is not None and value > bound)
        return ok, ("ok" if ok else "X")
    if not converged:
        return False, "X"
    how = rounds_to(value, printed)
    return bool(how), {"yes": "ok", "stepwise": "~", "": "X"}[how]


def row_key(d, R, L, A, routing, fifo, convergence):
    """What identifies a row's run: the same in the TSV and in a result's configuration."""
    return (int(d), int(R), int(L), float(A), str(routing), str(fifo), str(convergence))


def tsv_key(row):
    return row_key(row["d"], row["R"], row["L"], row["A"], row["routing"], row["fifo_packets"], row["convergence"])


def point_line(row):
    nodes = int(row["R"]) ** int(row["d"])
    max_cycles = max(1, min(MAX_CYCLES, NODE_CYCLE_BUDGET // nodes))
    return (f"  - {{network.dims: {row['d']}, network.radix: {row['R']}, traffic.packet_flits: {row['L']}, "
            f"router.routing: {row['routing']}, router.fifo_packets: {row['fifo_packets']}, "
            f"run.convergence: {row['convergence']}, run.max_cycles: {max_cycles}, traffic.load: {row['A']}}}")


def sweep_text(rows, source):
    """A sweep with one point per distinct row (rows printed in two tables share a run)."""
    seen, lines = set(), []
    for row in rows:
        if tsv_key(row) not in seen:
            seen.add(tsv_key(row))
            lines.append(point_line(row))
    return ("# Pertel's tables (Critique Tables 1-3, SNS report 128x128): one point per distinct row of\n"
            f"# {source}, written by scripts/reproduce_pertel.py --write-sweep. A run may take at most\n"
            f"# {NODE_CYCLE_BUDGET:.0e} node-cycles (run.max_cycles); a load series stops at its first run\n"
            "# that does not converge, as the paper's inf rows do (detect: false keeps sns4's own stopping\n"
            "# decisions: the early saturation test would end those runs sooner, with the same verdict).\n"
            "set:\n  router.impl: ref\n  traffic.stream: legacy\n"
            "stop_at_saturation: {detect: false}\n"
            "points:\n" + "\n".join(lines) + "\n")


def result_key(record):
    """The row key of a sweep record, from its parameters."""
    p = record["params"]
    return row_key(p["network.dims"], p["network.radix"], p["traffic.packet_flits"], p["traffic.load"],
                   p["router.routing"], p["router.fifo_packets"], p["run.convergence"])


def run_sweep(kncsim, sweep, out, jobs, fresh):
    cmd = [kncsim, "sweep", sweep, "--out", out, "-j", str(jobs)] + (["--fresh"] if fresh else [])
    proc = subprocess.run(cmd, stdout=subprocess.PIPE, text=True)  # stderr: the progress line
    sys.stdout.write(proc.stdout)
    if proc.returncode != 0:
        sys.exit(f"reproduce_pertel: {' '.join(cmd)} failed with status {proc.returncode}")
    with open(os.path.join(out, "results.jsonl")) as f:
        return [json.loads(line) for line in f]


def plot_table3(records, stem):
    """Critique Table 3's latency-load curves (2D meshes), the paper's points overlaid."""
    rows = [r for r in records if r["params"]["network.dims"] == 2 and r["params"]["run.convergence"] == "sns4"]
    fd, path = tempfile.mkstemp(suffix=".jsonl")
    with os.fdopen(fd, "w") as f:
        for r in rows:
            f.write(json.dumps(r) + "\n")
    cmd = [sys.executable, os.path.join(HERE, "plot.py"), "curve", path, "--out", stem, "--x", "A", "--pertel", "auto",
           "--title", "Critique Table 3: 2D meshes, L = 32, unbounded FIFOs"]
    try:
        subprocess.run(cmd, check=True)
    finally:
        os.remove(path)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--kncsim", default=DEFAULT_KNCSIM)
    ap.add_argument("--tsv", default=DEFAULT_TSV)
    ap.add_argument("--sweep", default=DEFAULT_SWEEP, help="the sweep file with every row's point")
    ap.add_argument("--tables", default="", help="e.g. critique:1,sns-report:7 (default: all)")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--out", default=os.path.join(ROOT, "build", "pertel-sweep"), help="the sweep's output directory")
    ap.add_argument("--plot", default="", help="write the Critique Table 3 figure to STEM.png and STEM.svg")
    ap.add_argument("--check", action="store_true", help="exit 1 if any row differs")
    ap.add_argument("--fresh", action="store_true",
                    help="run every point again (else the results already in --out are reused: an interrupted "
                         "reproduction resumes, but a rebuilt kncsim is not rerun)")
    ap.add_argument("--write-sweep", metavar="PATH", help="write the sweep file from the TSV and stop")
    ap.add_argument("--verify-sweep", action="store_true", help="exit 1 unless --sweep is what the TSV gives")
    args = ap.parse_args()

    with open(args.tsv) as f:
        rows = list(csv.DictReader(f, delimiter="\t"))
    text = sweep_text(rows, "shared/data/" + os.path.basename(args.tsv))
    if args.write_sweep:
        kncsim_output.write_text(args.write_sweep, text)
        return 0
    if args.verify_sweep:
        with open(args.sweep) as f:
            if f.read() != text:
                sys.exit(f"reproduce_pertel: {args.sweep} is not what {args.tsv} gives; regenerate it with --write-sweep")
        print(f"{args.sweep}: in step with {args.tsv}")
        return 0
    if args.tables:
        wanted = set(args.tables.split(","))
        rows = [r for r in rows if f"{r['source']}:{r['table']}" in wanted]

    sweep, out = args.sweep, args.out
    if args.tables:  # a sweep of those rows' points only
        fd, sweep = tempfile.mkstemp(suffix=".yaml")
        with os.fdopen(fd, "w") as f:
            f.write(sweep_text(rows, args.tsv))
        out = out + "-" + args.tables.replace(":", "").replace(",", "-")
    t0 = time.time()
    try:
        records = run_sweep(args.kncsim, sweep, out, args.jobs, args.fresh)
    finally:
        if sweep != args.sweep:
            os.remove(sweep)
    by_key = {result_key(r): r for r in records}
    missing = [r for r in rows if tsv_key(r) not in by_key]
    if missing:
        sys.exit(f"reproduce_pertel: {args.sweep} has no point for {len(missing)} rows of {args.tsv} (first: "
                 f"{dict(missing[0])}); regenerate it with --write-sweep")

    head = (f"{'source':<11}{'tb':>3}{'d':>3}{'R':>5}{'A':>6} {'routing':<9}{'Q':>10}  {'T paper':>8} {'kncsim':>9}    "
            f"{'AQLEN p':>8} {'kncsim':>8}    {'cycles':>9}")
    print(head)
    bad = 0
    for row in rows:
        rec = by_key[tsv_key(row)]
        res = rec.get("result")
        conv = bool(res and res["converged"])
        T = res["T"] if res else None
        AQ = res["AQLEN"] if res else None
        okT, mT = verdict(row["T"], T, conv)
        okA, mA = verdict(row["AQLEN"], AQ, conv)
        bad += (not okT) + (not okA)
        t_txt = f"{T:.4g}" if conv and T is not None else ("skipped" if rec["status"] == "skipped" else "not conv")
        a_txt = f"{AQ:.4f}" if conv and AQ is not None else "-"
        cycles = res["curtime"] if res else "-"
        print(f"{row['source']:<11}{row['table']:>3}{row['d']:>3}{row['R']:>5}{row['A']:>6} {row['routing']:<9}"
              f"{row['fifo_packets']:>10}  {row['T']:>8} {t_txt:>9} {mT:<2}  {row['AQLEN']:>8} {a_txt:>8} {mA:<2}"
              f"  {cycles:>9}")
    print(f"\n{len(rows)} rows, {bad} mismatching cells"
          " (ok = rounds to the printed digit; ~ = only when rounded digit by digit, as the paper did;"
          " skipped = a lower load of the series did not converge)")
    print(f"wall time {time.time() - t0:.0f} s on {args.jobs} workers")
    if args.plot:
        plot_table3(records, args.plot)
    return 1 if (args.check and bad) else 0


if __name__ == "__main__":
    sys.exit(main())
