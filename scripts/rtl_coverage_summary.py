#!/usr/bin/python3
"""Coverage figures from Verilator coverage files: line, branch and toggle coverage per file
from the merged file, and functional coverage (cover property points) per parameter set.

    rtl_coverage_summary.py MERGED.dat [SET.dat ...]

MERGED.dat: every run's counts merged (verilator_coverage --write). A line/branch/toggle point
is one (file, line, column, kind, object) over all instances and parameter sets: the bindings
and the nodes of a network name their instances differently, Verilator names a module's page
by its parameters (an arm that one set holds constant is another set's live code), and a point
counts as hit if any of them hit it. Lines inside `ifndef SYNTHESIS blocks (the assertions and
their failure reports, which run only when a rule breaks) are counted apart from the design.

SET.dat: one parameter set's runs alone (named cov_<set>.dat). Its cover points are grouped by
their place in the design (the hierarchy below the model's top, generate indices kept), so
each turn p -> o, each output's credit stall, each FIFO is a point of its own, hit if any node
hit it. Prints hit / reachable / points per set and lists every point not hit.

A point that cannot be reached in a parameter set is explained in
scripts/rtl_coverage_unreachable.json: a list of {"sets": regex, "point": regex, "reason": text},
the regexes matched (re.search) against the set's name and the point's place. Exit status 1
when a reachable point was not hit, or a point explained as unreachable was hit (the
explanation is wrong); 2 on bad input.
"""
import collections
import json
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


def check_blocks(path, cache={}):
    """Line ranges of the source file's `ifndef SYNTHESIS blocks (none if it cannot be read)."""
    if path not in cache:
        ranges, start = [], None
        try:
            for i, line in enumerate(open(path, encoding="utf-8", errors="replace"), 1):
                if "`ifndef SYNTHESIS" in line:
                    start = i
                elif "`endif" in line and start is not None:
                    ranges.append((start, i))
                    start = None
        except OSError:
            pass
        cache[path] = ranges
    return cache[path]


def structural(path):
    counts = collections.defaultdict(int)  # point -> hits over all instances and parameter sets
    for fields, count in points(path):
        page = fields.get("page", "")
        if page.startswith("v_user"):
            continue
        counts[(fields.get("f", ""), fields.get("l", ""), fields.get("n", ""), page.split("/")[0][2:],
                fields.get("o", ""))] += count
    table = collections.defaultdict(lambda: [0, 0])  # (file, kind, part) -> [hit, total]
    misses = []
    for (f, line, _, kind, obj), count in counts.items():
        checks = any(a <= int(line or 0) <= b for a, b in check_blocks(f))
        part = "checks" if checks else "design"
        entry = table[(f.split("/")[-1], kind, part)]
        entry[1] += 1
        entry[0] += count > 0
        if count == 0 and part == "design" and kind != "toggle":
            misses.append(f"{f.split('/')[-1]}:{line} ({kind}, {obj})")
    print(f"{'file':<28} {'kind':<7} {'part':<7} {'hit':>6} {'points':>7} {'%':>6}")
    totals = collections.defaultdict(lambda: [0, 0])
    for (name, kind, part), (hit, total) in sorted(table.items()):
        print(f"{name:<28} {kind:<7} {part:<7} {hit:>6} {total:>7} {100.0 * hit / total:>6.1f}")
        totals[(kind, part)][0] += hit
        totals[(kind, part)][1] += total
    for (kind, part), (hit, total) in sorted(totals.items()):
        print(f"{'all':<28} {kind:<7} {part:<7} {hit:>6} {total:>7} {100.0 * hit / total:>6.1f}")
    print("\ndesign lines and branches not hit:" if misses else "\nevery design line and branch was hit")
    for m in sorted(set(misses)):
        print("  " + m)


def design_place(hier):
    """The point's place below the model's top: the same for every node and both bindings."""
    hier = hier.replace("__BRA__", "[").replace("__KET__", "]")
    m = re.search(r"(kncsim_router_top|kncsim_sci_node_top)\.(.*)", hier)
    return m.group(2) if m else hier


UNREACHABLE_FILE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "rtl_coverage_unreachable.json")


def bad_input(message):
    print(message, file=sys.stderr)
    sys.exit(2)


def load_unreachable(path=UNREACHABLE_FILE):
    """[(set regex, point regex, reason)] from the explanations file; exits 2 on a bad entry."""
    try:
        data = json.load(open(path, encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as e:
        bad_input(f"{path}: {e}")
    rules = []
    for i, entry in enumerate(data if isinstance(data, list) else [None]):
        if not isinstance(entry, dict) or set(entry) != {"sets", "point", "reason"}:
            bad_input(f"{path}: entry {i}: must be an object with the keys sets, point and reason")
        try:
            rules.append((re.compile(entry["sets"]), re.compile(entry["point"]), entry["reason"]))
        except re.error as e:
            bad_input(f"{path}: entry {i}: bad regular expression: {e}")
    return rules


def functional(paths, rules):
    """Prints the per-set table, the unreachable points by reason and the misses; True if clean."""
    print(f"\n{'parameter set':<40} {'hit':>5} {'reachable':>9} {'points':>7} {'% of reachable':>15}")
    misses, wrong = [], []
    unreachable = collections.defaultdict(list)  # reason -> ["set: point"]
    for path in paths:
        name = re.sub(r"^cov_|\.dat$", "", os.path.basename(path))
        counts = collections.defaultdict(int)
        for fields, count in points(path):
            if fields.get("page", "").startswith("v_user"):
                counts[design_place(fields.get("h", ""))] += count
        if not counts:
            continue
        reachable = hit = 0
        for place, c in sorted(counts.items()):
            reason = next((r for s, pt, r in rules if s.search(name) and pt.search(place)), None)
            if reason is None:
                reachable += 1
                hit += c > 0
                if c == 0:
                    misses.append(f"{name}: {place}")
            elif c > 0:
                wrong.append(f"{name}: {place} was hit {c} times, but is explained as unreachable: {reason}")
            else:
                unreachable[reason].append(f"{name}: {place}")
        print(f"{name:<40} {hit:>5} {reachable:>9} {len(counts):>7} {100.0 * hit / max(reachable, 1):>15.1f}")
    for reason, where in unreachable.items():
        print(f"\nunreachable ({len(where)} points): {reason}")
        for w in where:
            print("  " + w)
    print("\nreachable cover points not hit:" if misses else "\nevery reachable cover point was hit")
    for m in misses:
        print("  " + m)
    for w in wrong:
        print("explanation contradicted: " + w)
    return not misses and not wrong


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] in ("-h", "--help"):
        print(__doc__)
        sys.exit(0)
    if len(sys.argv) < 2:
        bad_input(__doc__)
    structural(sys.argv[1])
    if len(sys.argv) > 2 and not functional(sys.argv[2:], load_unreachable()):
        sys.exit(1)
