#!/usr/bin/env python3
"""An RTL block's pins are written once, in a port table (systemc/rtl_adapt/router_ports.def for
the wormhole router, sci_node_ports.def for the SCI ring node) that the bindings expand; this
check holds the SystemVerilog top to it. Verilator elaborates the top (--xml-only) and every port
must match the table's entry in order, direction and width. Any parameters (-G...) go to
Verilator, so each built variant can be checked.

  scripts/check_rtl_ports.py VERILATOR TOP_MODULE PORTS.def [-GName=value...] RTL_FILE...
"""
import re
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET


def table(path):
    pins = []
    for n, line in enumerate(open(path), 1):
        m = re.match(r"\s*KNCSIM_\w+_PIN\((in|out),\s*(\w+),\s*[\w:]+,\s*(\d+)\)", line)
        if m:
            pins.append((m.group(2), "input" if m.group(1) == "in" else "output", int(m.group(3)), n))
    return pins


def top_ports(verilator, top_name, args):
    with tempfile.TemporaryDirectory() as d:
        subprocess.run([verilator, "--xml-only", "--Mdir", d, "--top-module", top_name, *args], check=True)
        root = ET.parse(f"{d}/V{top_name}.xml").getroot()
    widths = {}
    for t in root.iter():
        if t.get("id") and t.tag.endswith("dtype"):
            left, right = t.get("left"), t.get("right")
            widths[t.get("id")] = abs(int(left) - int(right)) + 1 if left is not None else 1
    top = next(m for m in root.iter("module") if m.get("name") == top_name)
    ports = [v for v in top.iter("var") if v.get("dir")]
    ports.sort(key=lambda v: int(v.get("pinIndex")))
    return [(v.get("name"), v.get("dir"), widths[v.get("dtype_id")]) for v in ports]


def main():
    if len(sys.argv) < 5:
        sys.exit(__doc__)
    verilator, top_name, def_path, args = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
    want, got = table(def_path), top_ports(verilator, top_name, args)
    if not want:
        sys.exit(f"{def_path}: no KNCSIM_..._PIN entries")
    errors = []
    for i in range(max(len(want), len(got))):
        w = want[i] if i < len(want) else None
        g = got[i] if i < len(got) else None
        if w is None:
            errors.append(f"the top's port {i + 1} {g[0]} ({g[1]}, {g[2]} bits) is not in {def_path}")
        elif g is None:
            errors.append(f"{def_path}:{w[3]}: {w[0]} has no port in the top")
        elif (w[0], w[1], w[2]) != g:
            errors.append(f"{def_path}:{w[3]}: {w[0]} ({w[1]}, {w[2]} bits), but the top's port {i + 1} is "
                          f"{g[0]} ({g[1]}, {g[2]} bits)")
    for e in errors:
        print(e, file=sys.stderr)
    if errors:
        sys.exit(1)
    print(f"{len(got)} ports of {top_name} match {def_path}")


if __name__ == "__main__":
    main()
