#!/usr/bin/env python3
"""Coverage figures from Verilator coverage files: line, branch and toggle coverage per file
from the merged file, and functional coverage (cover property points) per parameter set.

    rtl_coverage_summary.py MERGED.dat [SET.dat ...]

MERGED.dat: every run's counts merged (verilator_coverage --write). A line/branch/toggle point
is one (file, line, column, page, object) over all instances: the bindings and the nodes of a
network name their instances differently, and a point counts as hit if any instance hit it.

SET.dat: one parameter set's runs alone (named cov_<set>.dat). Its cover points are grouped by
their place in the design (the hierarchy below the model's top, generate indices kept), so
each turn p -> o, each output's credit stall, each FIFO is a point of its own, hit if any node
hit it. Prints hit / points per set and lists every point not hit.
"""
import collections
import os
import re
import sys


def points(path):
    """Yields (fields, count) for every point of a coverage file."""
    for line in open(path, encoding="utf-8", errors="replace"):
        if not line.startswith("C '"):
            continue
        key, count = line[3:].rsplit("' ", 1)
        yield dict(re.findall(r"\x01(\w+)\x02([^\x01]*)", key)), int(count)


def structural(path):
    counts = collections.defaultdict(int)  # point -> hits over all instances
    for fields, count in points(path):
        if fields.get("page", "").startswith("v_user"):
            continue
        counts[tuple(fields.get(k, "") for k in ("f", "l", "n", "page", "o"))] += count
    table = collections.defaultdict(lambda: [0, 0])  # (file, kind) -> [hit, total]
    for (f, _, _, page, _), count in counts.items():
        entry = table[(f.split("/")[-1], page.split("/")[0][2:])]  # line, branch or toggle
        entry[1] += 1
        entry[0] += count > 0
    print(f"{'file':<28} {'kind':<7} {'hit':>6} {'points':>7} {'%':>6}")
    totals = collections.defaultdict(lambda: [0, 0])
    for (name, kind), (hit, total) in sorted(table.items()):
        print(f"{name:<28} {kind:<7} {hit:>6} {total:>7} {100.0 * hit / total:>6.1f}")
        totals[kind][0] += hit
        totals[kind][1] += total
    for kind, (hit, total) in sorted(totals.items()):
        print(f"{'all':<28} {kind:<7} {hit:>6} {total:>7} {100.0 * hit / total:>6.1f}")


def design_place(hier):
    """The point's place below the model's top: the same for every node and both bindings."""
    hier = hier.replace("__BRA__", "[").replace("__KET__", "]")
    m = re.search(r"(kncsim_router_top|kncsim_sci_node_top)\.(.*)", hier)
    return m.group(2) if m else hier


def functional(paths):
    print(f"\n{'parameter set':<40} {'hit':>5} {'points':>7} {'%':>6}")
    misses = []
    for path in paths:
        name = re.sub(r"^cov_|\.dat$", "", os.path.basename(path))
        counts = collections.defaultdict(int)
        for fields, count in points(path):
            if fields.get("page", "").startswith("v_user"):
                counts[design_place(fields.get("h", ""))] += count
        hit = sum(1 for c in counts.values() if c > 0)
        if counts:
            print(f"{name:<40} {hit:>5} {len(counts):>7} {100.0 * hit / len(counts):>6.1f}")
        misses += [f"{name}: {place}" for place, c in sorted(counts.items()) if c == 0]
    print("\ncover points not hit:" if misses else "\nevery cover point was hit")
    for m in misses:
        print("  " + m)


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    structural(sys.argv[1])
    if len(sys.argv) > 2:
        functional(sys.argv[2:])
