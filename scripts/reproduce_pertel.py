#!/usr/bin/env python3
"""Reproduce Pertel's 1992 tables (Critique Tables 1-3, SNS report 128x128 table) with kncsim
and print paper vs kncsim side by side.

A printed value matches when kncsim's value rounds to it at the printed precision. The paper
rounded some values digit by digit from their 6-digit printout (0.914474 -> .9145 -> .915 -> .92);
such cells are accepted and flagged '~'. 'inf' rows must end not converged; '>x' rows must end above x or not converged.

Usage: scripts/reproduce_pertel.py [--kncsim PATH] [--tables critique:1,critique:3,...]
                                   [--max-cycles N] [--jobs N] [--check]
"""
import argparse
import concurrent.futures as cf
import csv
import json
import os
import subprocess
import sys
import time
from decimal import Decimal, ROUND_HALF_UP

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
DEFAULT_TSV = os.path.join(ROOT, "..", "shared", "data", "pertel-tables.tsv")
DEFAULT_KNCSIM = os.path.join(ROOT, "build", "release", "tb", "kncsim")


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


def run_row(kncsim, row, max_cycles, budget):
    nodes = int(row["R"]) ** int(row["d"])
    max_cycles = max(1, min(max_cycles, budget // nodes))
    sets = {
        "network.dims": row["d"], "network.radix": row["R"], "traffic.packet_flits": row["L"],
        "traffic.load": row["A"], "router.routing": row["routing"],
        "router.fifo_packets": row["fifo_packets"], "run.convergence": row["convergence"],
        "run.max_cycles": str(max_cycles), "run.threads": "1",
    }
    cmd = [kncsim, "run", "--json", "-"]
    for k, v in sets.items():
        cmd += ["--set", f"{k}={v}"]
    t0 = time.time()
    out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    return json.loads(out), time.time() - t0


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--kncsim", default=DEFAULT_KNCSIM)
    ap.add_argument("--tsv", default=DEFAULT_TSV)
    ap.add_argument("--tables", default="", help="e.g. critique:1,sns-report:7 (default: all)")
    ap.add_argument("--max-cycles", type=int, default=1 << 30,
                    help="cap per run; rows printed as inf must not converge within it")
    ap.add_argument("--node-cycle-budget", type=float, default=2e10,
                    help="cap per run in node-cycles (big meshes get fewer cycles)")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--check", action="store_true", help="exit 1 if any row differs")
    args = ap.parse_args()

    with open(args.tsv) as f:
        rows = list(csv.DictReader(f, delimiter="\t"))
    if args.tables:
        wanted = set(args.tables.split(","))
        rows = [r for r in rows if f"{r['source']}:{r['table']}" in wanted]

    with cf.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        results = list(pool.map(lambda r: run_row(args.kncsim, r, args.max_cycles, int(args.node_cycle_budget)), rows))

    head = f"{'source':<11}{'tb':>3}{'d':>3}{'R':>5}{'A':>6} {'routing':<9}{'Q':>10}  {'T paper':>8} {'kncsim':>9}    {'AQLEN p':>8} {'kncsim':>8}    {'cycles':>9} {'s':>6}"
    print(head)
    bad = 0
    for row, (res, secs) in zip(rows, results):
        conv = res["converged"]
        T, AQ = res["T"], res["AQLEN"]
        okT, mT = verdict(row["T"], T, conv)
        okA, mA = verdict(row["AQLEN"], AQ, conv)
        bad += (not okT) + (not okA)
        t_txt = f"{T:.4g}" if conv and T is not None else "not conv"
        a_txt = f"{AQ:.4f}" if conv and AQ is not None else "-"
        print(f"{row['source']:<11}{row['table']:>3}{row['d']:>3}{row['R']:>5}{row['A']:>6} {row['routing']:<9}"
              f"{row['fifo_packets']:>10}  {row['T']:>8} {t_txt:>9} {mT:<2}  {row['AQLEN']:>8} {a_txt:>8} {mA:<2}"
              f"  {res['curtime']:>9} {secs:>6.1f}")
    print(f"\n{len(rows)} rows, {bad} mismatching cells"
          " (ok = rounds to the printed digit; ~ = only when rounded digit by digit, as the paper did)")
    return 1 if (args.check and bad) else 0


if __name__ == "__main__":
    sys.exit(main())
