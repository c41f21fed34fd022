#!/usr/bin/env python3
"""Per-file line, branch and toggle coverage from a Verilator coverage.dat (points hit / points).

A point is one (file, line, column, parameter set, object) over all instances: the two
bindings of a parameter set (SystemC-mode and C++ models) name their instances differently,
and a point counts as hit if any instance hit it.
"""
import collections
import re
import sys

counts = collections.defaultdict(int)  # point -> hits over all instances
for line in open(sys.argv[1], encoding="utf-8", errors="replace"):
    if not line.startswith("C '"):
        continue
    key, count = line[3:].rsplit("' ", 1)
    fields = dict(re.findall(r"\x01(\w+)\x02([^\x01]*)", key))
    point = tuple(fields.get(k, "") for k in ("f", "l", "n", "page", "o"))
    counts[point] += int(count)

points = collections.defaultdict(lambda: [0, 0])  # (file, kind) -> [hit, total]
for (f, _, _, page, _), count in counts.items():
    kind = page.split("/")[0][2:]  # line, branch or toggle
    entry = points[(f.split("/")[-1], kind)]
    entry[1] += 1
    entry[0] += count > 0

print(f"{'file':<28} {'kind':<7} {'hit':>6} {'points':>7} {'%':>6}")
totals = collections.defaultdict(lambda: [0, 0])
for (name, kind), (hit, total) in sorted(points.items()):
    print(f"{name:<28} {kind:<7} {hit:>6} {total:>7} {100.0 * hit / total:>6.1f}")
    totals[kind][0] += hit
    totals[kind][1] += total
for kind, (hit, total) in sorted(totals.items()):
    print(f"{'all':<28} {kind:<7} {hit:>6} {total:>7} {100.0 * hit / total:>6.1f}")
