#!/usr/bin/env python3
"""Per-file line and toggle coverage from a Verilator coverage.dat (points hit / points)."""
import collections
import re
import sys

points = collections.defaultdict(lambda: [0, 0])  # (file, kind) -> [hit, total]
for line in open(sys.argv[1], encoding="utf-8", errors="replace"):
    if not line.startswith("C '"):
        continue
    key, count = line[3:].rsplit("' ", 1)
    fields = dict(re.findall(r"\x01(\w+)\x02([^\x01]*)", key))
    kind = "toggle" if fields.get("page", "").startswith("v_toggle") else "line"
    name = fields.get("f", "?").split("/")[-1]
    entry = points[(name, kind)]
    entry[1] += 1
    entry[0] += int(count) > 0

print(f"{'file':<28} {'kind':<7} {'hit':>6} {'points':>7} {'%':>6}")
totals = collections.defaultdict(lambda: [0, 0])
for (name, kind), (hit, total) in sorted(points.items()):
    print(f"{name:<28} {kind:<7} {hit:>6} {total:>7} {100.0 * hit / total:>6.1f}")
    totals[kind][0] += hit
    totals[kind][1] += total
for kind, (hit, total) in sorted(totals.items()):
    print(f"{'all':<28} {kind:<7} {hit:>6} {total:>7} {100.0 * hit / total:>6.1f}")
