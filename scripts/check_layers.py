#!/usr/bin/env python3
"""Checks that the model library's folders (systemc/<layer>/) never include each other in a
cycle: data flows one way (source -> NI -> link -> router -> link -> sink), and so do includes.
Prints the folder graph; exits 1 naming a cycle and the includes that make it.

  scripts/check_layers.py [systemc-dir]
"""
import collections
import os
import re
import sys

root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", "systemc")
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


cycle = find_cycle()
if cycle:
    print("folder include cycle: " + " -> ".join(cycle), file=sys.stderr)
    for a, b in zip(cycle, cycle[1:]):
        print(f"  {a} -> {b}: {edges[a][b]}", file=sys.stderr)
    sys.exit(1)
print("no folder include cycles")
