#!/usr/bin/python3
"""Checks that the model library's folders (systemc/<layer>/) never include each other in a
cycle: data flows one way (source -> NI -> link -> router -> link -> sink), and so do includes.
And that they keep the floors' order: config/ at the bottom (the key store; it includes no
other folder), the models above it (which never read the configuration: no include of config/
or spec/), spec/ above them (the decoding, which knows every model's parameters), then the
report, experiment and sweep layers. A folder not named in FLOORS is a model folder.
Prints the folder graph; exits 1 naming a cycle, or an include that climbs down to a floor it
may not, and the includes that make it.

  scripts/check_layers.py [systemc-dir]
"""
import argparse
import collections
import os
import re
import sys

ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
ap.add_argument("root", nargs="?", default=os.path.join(os.path.dirname(__file__), "..", "systemc"),
                help="the model library's folder (default: systemc/ beside this script)")
root = ap.parse_args().root
edges = collections.defaultdict(dict)  # folder -> {included folder: "file:line"}
for layer in sorted(os.listdir(root)):
    folder = os.path.join(root, layer)
    if not os.path.isdir(folder):
        continue
    for name in sorted(os.listdir(folder)):
        path = os.path.join(folder, name)
        with open(path, errors="replace") as f:
            for number, line in enumerate(f, 1):
                m = re.match(r'\s*#\s*include\s+"([A-Za-z_]+)/', line)
                if m and m.group(1) != layer and os.path.isdir(os.path.join(root, m.group(1))):
                    edges[layer].setdefault(m.group(1), f"{layer}/{name}:{number}")

for layer in sorted(edges):
    print(f"{layer} -> {', '.join(sorted(edges[layer]))}")


def find_cycle():
    state = {}  # 1 = on the path, 2 = done

    def visit(u, path):
        state[u] = 1
        for v in sorted(edges[u]):
            if state.get(v) == 1:
                return path[path.index(v):] + [v]
            if v not in state:
                found = visit(v, path + [v])
                if found:
                    return found
        state[u] = 2
        return None

    for u in sorted(edges):
        if u not in state:
            found = visit(u, [u])
            if found:
                return found
    return None


# Bottom to top; a folder includes folders of its own floor or of a lower one, never a higher one,
# and a model folder (floor 1) does not include the configuration's floors (0 and 2).
FLOORS = {"config": 0, "spec": 2, "report": 3, "diverge": 3, "experiment": 4, "sweep": 5, "regress": 5}
MODELS = 1


def floor(layer):
    return FLOORS.get(layer, MODELS)


bad = []
for layer in sorted(edges):
    for to, where in sorted(edges[layer].items()):
        if floor(to) > floor(layer) or (floor(layer) == MODELS and floor(to) == 0):
            bad.append(f"  {layer} (floor {floor(layer)}) -> {to} (floor {floor(to)}): {where}")
if bad:
    print("folder includes against the floors' order (config 0, models 1, spec 2, report and diverge 3, "
          "experiment 4, sweep and regress 5; a model includes neither config/ nor spec/):", file=sys.stderr)
    for line in bad:
        print(line, file=sys.stderr)
    sys.exit(1)

cycle = find_cycle()
if cycle:
    print("folder include cycle: " + " -> ".join(cycle), file=sys.stderr)
    for a, b in zip(cycle, cycle[1:]):
        print(f"  {a} -> {b}: {edges[a][b]}", file=sys.stderr)
    sys.exit(1)
print("no folder include cycles; every include keeps the floors' order")
