#!/usr/bin/python3
"""Plots of kncsim results: latency-throughput curves of a sweep, a per-channel utilisation map
of one run, and one run's latency distribution. Each writes STEM.png (150 dpi) and STEM.svg.

Usage:
  scripts/plot.py curve RESULTS.jsonl --out STEM [--x U|TP|accepted|A] [--y T|p50|p99]
                        [--pertel auto|none] [--tsv PATH] [--logy] [--title TEXT]
  scripts/plot.py channels RESULT.json --out STEM [--vmax V] [--title TEXT]
  scripts/plot.py latency RESULT.json --out STEM [--point N] [--hist decade|cycle|count]
                        [--title TEXT]
  scripts/plot.py energy RESULTS.jsonl|RESULT.json --out STEM [--x A|U|accepted] [--title TEXT]

curve     reads a sweep's results.jsonl (one {"point", "task", "params", "seed", "status",
          "result"} object per line) and draws latency against throughput: one line per
          combination of the varied keys other than traffic.load, labelled briefly ("R=8, dor").
          x: U = bisection utilisation (default), TP = delivered flits per cycle (rings:
          bits/cycle/processor), accepted = delivered flits per node per cycle, A = offered load
          (traffic.load). y: T = mean latency (default), p50, p99. Points whose status is
          "saturated" are hollow; those far above the converged points are drawn as hollow
          triangles on the top edge. "skipped" and "error" points are not drawn (the footnote
          counts them).
          --pertel auto overlays Pertel's printed T (black x) when every line is a configuration
          of his tables (a uniform-traffic wormhole mesh; d, R, L, routing, fifo_packets and
          convergence looked up in the TSV, A = traffic.load). The paper prints T per offered
          load A only, so with --x A its points sit at their A; with any other x they sit at the
          x of kncsim's own point at the same A, so the vertical gap is the difference in T.
          Rows printed "inf" are black triangles on the top edge; ">x" rows black triangles at x.
channels  reads one run's JSON (kncsim run --json) and draws every link of a 2-D mesh or torus
          as an arrow coloured by its utilisation (flits per cycle), the two directions side by
          side (keep-right), torus wraparound links as stubs at the edges. Rings: one arrow per
          node and dimension (the last node's link wraps), plus a stacked bar chart of each
          link's address / data / echo / nack flits per cycle. 1-D networks are drawn as a row;
          for d > 2, the plane of dimensions 0 and 1 where every other coordinate is 0.
latency   reads one run's JSON (or, with --point N, a point of a results.jsonl) and draws the
          latency histogram (log x, per decade by default so that bar area is the fraction of
          packets) above the CDF, with the mean, p50 and p99 marked. --point N picks the line
          whose "point" is N.

energy    with a sweep's results.jsonl (points run with energy.technology or energy.table):
          energy per delivered flit against load, one line per combination of the varied keys,
          and beside it the first line's energy per flit by part (router events, clock and
          leakage; wire toggles, pipeline registers and wire leakage). With one run's JSON: each
          router's energy (pJ) on the node grid (2-D meshes and tori; for d > 2 the plane of
          dimensions 0 and 1 where the other coordinates are 0), from its per_router table.
Exit status: 0 on success, 2 for a missing, unreadable or unsuitable input file (the message
names the file) or a bad command line.
"""
import argparse
import csv
import json
import math
import os
import sys
import textwrap

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.collections import PatchCollection  # noqa: E402
from matplotlib.colors import Normalize  # noqa: E402
from matplotlib.lines import Line2D  # noqa: E402
from matplotlib.patches import Rectangle  # noqa: E402
from matplotlib.ticker import FuncFormatter  # noqa: E402
from mpl_toolkits.axes_grid1 import make_axes_locatable  # noqa: E402

import kncsim_output

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_TSV = os.path.join(ROOT, "..", "shared", "data", "pertel-tables.tsv")
LOAD_KEY = "traffic.load"
STATUSES = ("done", "saturated", "skipped", "error")
NO_RESULT = ("skipped", "error")  # records without a "result"
STYLE = {
    "font.size": 10, "axes.titlesize": 11, "axes.labelsize": 10, "legend.fontsize": 9,
    "xtick.labelsize": 9, "ytick.labelsize": 9, "axes.grid": True, "grid.alpha": 0.3,
    "svg.fonttype": "none", "savefig.dpi": 150,
}
# Short names for the varied keys in curve labels; string values of other keys print bare.
SHORT_KEYS = {
    "network.radix": "R", "network.dims": "d", "traffic.packet_flits": "L",
    "router.fifo_packets": "Q", "router.fifo_flits": "F", "router.vcs": "VCs",
    "link.delay": "delay", "link.switch_to_wire_ratio": "S", "router.routing_delay": "routing delay",
    "traffic.seed": "seed", "traffic.hotspot_fraction": "hot", "traffic.data_fraction": "f_data",
    "router.t_pass": "T_pass", "router.t_switch": "T_switch", "seed": "seed",
}
# A result is one of Pertel's configurations only with these settings (the TSV gives the rest).
PERTEL_FIXED = {
    "network.topology": ("mesh",), "router.model": ("wormhole",), "traffic.pattern": ("uniform",),
    "router.vcs": (1,), "link.kind": ("pipelined",), "link.mode": ("pipelined",),
    "link.delay": ("auto", 1), "router.routing_delay": (0,), "router.packet_format": ("absolute",),
    "router.fifo_flits": ("unbounded",), "router.flow_control": ("cut_through",),
    "traffic.source_queue_packets": ("unbounded",),
}
X_AXES = {
    "U": "bisection utilisation U (fraction of bisection bandwidth)",
    "TP": "throughput TP (flits/cycle, whole network)",
    "accepted": "accepted throughput (flits/node/cycle)",
    "A": "offered load A (fraction of bisection bandwidth)",
}
RING_X_AXES = {
    "U": "utilisation U (fraction of the maximum throughput)",
    "TP": "throughput TP (bits/cycle/processor)",
    "accepted": "throughput TP (bits/cycle/processor)",
    "A": "offered load A (fraction of the maximum throughput)",
}
LINE_MARKERS = ("o", "s", "D", "v", "P", "h", "X", "<")  # "^" marks points off the scale
Y_AXES = {"T": "mean latency T (cycles)", "p50": "median latency p50 (cycles)",
          "p99": "99th-percentile latency p99 (cycles)"}


class InputError(Exception):
    """A problem with an input file: reported as 'PATH: message', exit status 2."""

    def __init__(self, path, message):
        super().__init__(f"{path}: {message}")


# ---------------------------------------------------------------- reading inputs

def load_json(path):
    """One run's result JSON (a dict with a config)."""
    try:
        with open(path) as f:
            data = json.load(f)
    except OSError as e:
        raise InputError(path, f"cannot read ({e.strerror})")
    except json.JSONDecodeError as e:
        if e.msg == "Extra data":
            raise InputError(path, "holds several JSON values: a sweep's results.jsonl? "
                                   "(latency takes --point N; channels needs one run's JSON)")
        raise InputError(path, f"not valid JSON ({e})")
    except UnicodeDecodeError as e:
        raise InputError(path, f"not a text file ({e})")
    if isinstance(data, dict) and "params" in data and "status" in data:
        raise InputError(path, "is one sweep point, not a run result (its 'result' has no per-link arrays)")
    if is_contention(data):
        return data
    check_result(path, data)
    return data


def is_contention(data):
    """A kncsim contention report (its channels are a list of loads, not a run's arrays)."""
    return isinstance(data, dict) and all(k in data for k in ("graph", "summary", "network")) and \
        isinstance(data.get("channels"), list)


def check_result(path, data, where=""):
    if not isinstance(data, dict) or not isinstance(data.get("config"), dict) or "T" not in data:
        raise InputError(path, f"{where}not a kncsim run result (no 'config' or 'T'); "
                               "expected the output of kncsim run --json")


def load_jsonl(path):
    """A sweep's results.jsonl: a list of point records, each checked."""
    try:
        with open(path) as f:
            lines = f.readlines()
    except OSError as e:
        raise InputError(path, f"cannot read ({e.strerror})")
    except UnicodeDecodeError as e:
        raise InputError(path, f"not a text file ({e})")
    try:
        whole = json.loads("".join(lines))
    except json.JSONDecodeError:
        whole = None
    if isinstance(whole, dict) and "config" in whole:
        raise InputError(path, "is one run's result, not a sweep's results.jsonl "
                               "(plot it with the channels or latency subcommand)")
    records = []
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            rec = json.loads(line)
        except json.JSONDecodeError as e:
            raise InputError(path, f"line {number}: not valid JSON ({e.msg})")
        if not isinstance(rec, dict) or not isinstance(rec.get("params"), dict) \
                or rec.get("status") not in STATUSES:
            raise InputError(path, f"line {number}: not a sweep point (needs 'params' and a "
                                   f"'status' of {', '.join(STATUSES)})")
        if rec["status"] not in NO_RESULT:
            check_result(path, rec.get("result"), f"line {number}: 'result' is ")
        records.append(rec)
    if not records:
        raise InputError(path, "no sweep points in the file")
    return records


def load_point(path, point):
    """The result of point N of a results.jsonl (the latency subcommand's --point)."""
    for rec in load_jsonl(path):
        if rec.get("point") == point:
            if rec["status"] in NO_RESULT:
                raise InputError(path, f"point {point} is '{rec['status']}': it has no result")
            return rec["result"]
    raise InputError(path, f"no point {point} in the file")


def cfg(result, dotted, default=None):
    """config value by dotted key, e.g. cfg(r, 'network.radix')."""
    node = result.get("config", {})
    for part in dotted.split("."):
        if not isinstance(node, dict) or part not in node:
            return default
        node = node[part]
    return node


def radices(result):
    """The radix of each dimension, as a list of d ints."""
    dims = int(cfg(result, "network.dims", 1))
    radix = cfg(result, "network.radix", 1)
    return [int(r) for r in radix] if isinstance(radix, list) else [int(radix)] * dims


def node_count(result):
    return math.prod(radices(result))


def coords(node, rs):
    """Node n's coordinates: n = x0 + x1*R0 + x2*R0*R1 ..."""
    out = []
    for r in rs:
        out.append(node % r)
        node //= r
    return out


# ---------------------------------------------------------------- describing configurations

def fmt_value(v):
    if isinstance(v, list):
        return "x".join(str(x) for x in v)
    if isinstance(v, float):
        return f"{v:g}"
    return str(v)


def fmt_num(v, digits=4):
    """4 significant digits below 1000, else a whole number with thousands separators."""
    if v is None or not math.isfinite(v):
        return str(v)
    if abs(v) >= 1000:
        return f"{float(f'{v:.{digits}g}'):,.0f}"
    return f"{v:.{digits}g}"


def size_text(result):
    rs = radices(result)
    if len(rs) == 1:
        return f"{rs[0]}-node 1-D"
    if len(rs) <= 3 or len(set(rs)) > 1:
        return "x".join(str(r) for r in rs)
    return f"{rs[0]}-ary {len(rs)}-cube"


def describe(result, omit=(), load=True):
    """A one-line summary, e.g. '8x8 mesh, systemc model, dor, L=32, A=0.5'.
    Keys in omit (dotted) are left out (a sweep's varied keys)."""
    parts = []
    topo = cfg(result, "network.topology", result.get("topology", "?"))
    head = []
    if "network.dims" in omit:
        pass
    elif "network.radix" in omit:
        head.append(f"{len(radices(result))}-D")
    else:
        head.append(size_text(result))
    if "network.topology" not in omit:
        head.append("SCI rings" if topo == "rings" else topo)
    parts.append(" ".join(head))
    if "router.impl" not in omit:
        parts.append(f"{cfg(result, 'router.impl', result.get('model', '?'))} model")
    if topo == "rings":
        if cfg(result, "router.sci_accept") == "stomp" and "router.sci_accept" not in omit:
            parts.append("stomp")
    else:
        if "router.routing" not in omit:
            parts.append(str(cfg(result, "router.routing", "dor")))
        if "traffic.packet_flits" not in omit:
            parts.append(f"L={cfg(result, 'traffic.packet_flits')}")
        for key, short in (("router.fifo_packets", "Q"), ("router.fifo_flits", "F")):
            if cfg(result, key, "unbounded") != "unbounded" and key not in omit:
                parts.append(f"{short}={cfg(result, key)}")
        if int(cfg(result, "router.vcs", 1)) > 1 and "router.vcs" not in omit:
            parts.append(f"{cfg(result, 'router.vcs')} VCs")
    pattern = cfg(result, "traffic.pattern", "uniform")
    if pattern != "uniform" and "traffic.pattern" not in omit:
        parts.append(f"{pattern} traffic")
    if load and LOAD_KEY not in omit:
        parts.append(f"A={fmt_value(cfg(result, LOAD_KEY))}")
    return ", ".join(p for p in parts if p)


def short_label(key, value):
    """'network.radix', 8 -> 'R=8'; 'router.routing', 'dor' -> 'dor'."""
    text = fmt_value(value)
    if key in SHORT_KEYS:
        return f"{SHORT_KEYS[key]}={text}" if key != "router.vcs" else f"{text} VCs"
    if isinstance(value, str) and value not in ("true", "false"):
        return text
    return f"{key.split('.')[-1]}={text}"


def write_figure(fig, stem):
    """STEM.png and STEM.svg (a .png/.svg suffix on STEM is dropped); makes the directory."""
    base, ext = os.path.splitext(stem)
    if ext.lower() in (".png", ".svg"):
        stem = base
    parent = os.path.dirname(os.path.abspath(stem))
    paths = [stem + ".png", stem + ".svg"]
    try:
        os.makedirs(parent, exist_ok=True)
        for p in paths:
            kncsim_output.save_figure(fig, p, dpi=150)
    except OSError as e:
        raise InputError(e.filename or stem, f"cannot write ({e.strerror})")
    finally:
        plt.close(fig)
    return paths


# ---------------------------------------------------------------- curve

def x_value(result, which):
    if which == "U":
        return result.get("U")
    if which == "TP":
        return result.get("TP")
    if which == "A":
        return cfg(result, LOAD_KEY)
    if result.get("topology") == "rings":  # TP is already bits/cycle/processor
        return result.get("TP")
    L = int(cfg(result, "traffic.packet_flits", 1))
    return result["numrecd"] * L / node_count(result) / result["curtime"] if result.get("curtime") else None


def y_value(result, which):
    return result.get("T") if which == "T" else result.get("latency", {}).get(which)


def y_half_width(result, which):
    """The 95% interval's half width of the plotted value, where the point carries one: T of a
    run.convergence ci point is its steady-state mean, with its interval; None otherwise."""
    ci = result.get("ci") or {}
    if which == "T" and ci.get("ready") and isinstance(ci.get("half_width"), (int, float)):
        return ci["half_width"]
    return None


def hashable(v):
    return json.dumps(v, sort_keys=True)


def group_points(records):
    """The keys that label the lines (those other than the load that take more than one value,
    in the sweep's order) and [(their values, [records])], lines in the order the sweep first
    reaches each value."""
    keys = list(dict.fromkeys(k for r in records for k in r["params"] if k != LOAD_KEY))
    varied = [k for k in keys if len({hashable(r["params"].get(k)) for r in records}) > 1]
    if len({hashable(r.get("seed")) for r in records}) > 1:
        varied.append("seed")

    def value(r, k):
        return r.get("seed") if k == "seed" else r["params"].get(k)

    def line_count(ks):
        return len({tuple(hashable(value(r, k)) for k in ks) for r in records})

    # a key that follows from the others (run.max_cycles set per radix) labels nothing
    lines = line_count(varied)
    for k in sorted(varied, key=lambda k: not k.startswith("run.")):
        rest = [x for x in varied if x != k]
        if line_count(rest) == lines:
            varied = rest
    groups = {}
    for r in records:
        vals = tuple(value(r, k) for k in varied)
        groups.setdefault(tuple(hashable(v) for v in vals), (vals, []))[1].append(r)
    first_seen = [{} for _ in varied]
    for vals, _ in groups.values():
        for seen, v in zip(first_seen, vals):
            seen.setdefault(hashable(v), len(seen))
    ordered = sorted(groups.values(),
                     key=lambda g: [seen[hashable(v)] for seen, v in zip(first_seen, g[0])])
    return varied, ordered


def offered_load(rec):
    if LOAD_KEY in rec["params"]:
        return float(rec["params"][LOAD_KEY])
    if rec.get("result"):
        return float(cfg(rec["result"], LOAD_KEY))
    return None


def read_pertel(tsv):
    """{(d, R, L, routing, fifo_packets, convergence): {A: printed T}} from the TSV."""
    table = {}
    with open(tsv) as f:
        for row in csv.DictReader(f, delimiter="\t"):
            key = (int(row["d"]), int(row["R"]), int(row["L"]), row["routing"],
                   row["fifo_packets"], row["convergence"])
            table.setdefault(key, {})[round(float(row["A"]), 6)] = row["T"]
    return table


def pertel_key(result):
    """The TSV key of a result's configuration, or None (with the reason) if it is none of
    Pertel's."""
    for key, allowed in PERTEL_FIXED.items():
        if cfg(result, key) not in allowed:
            return None, f"{key}={fmt_value(cfg(result, key))}"
    rs = radices(result)
    if len(set(rs)) != 1:
        return None, f"network.radix={fmt_value(rs)}"
    return (len(rs), rs[0], int(cfg(result, "traffic.packet_flits")), cfg(result, "router.routing"),
            str(cfg(result, "router.fifo_packets")), cfg(result, "run.convergence")), None


def pertel_series(groups, tsv, which_y):
    """Per line, Pertel's {A: printed T}, or None for all lines with a note why."""
    if which_y != "T":
        return None, "Pertel's tables print only the mean latency T"
    if not os.path.exists(tsv):
        return None, f"{tsv} not found"
    table = read_pertel(tsv)
    series = []
    for vals, recs in groups:
        results = [r["result"] for r in recs if r["status"] not in NO_RESULT]
        if not results:
            return None, "a line has no results"
        keys = set()
        for res in results:
            key, why = pertel_key(res)
            if key is None:
                return None, f"{why} is not one of Pertel's configurations"
            keys.add(key)
        if len(keys) != 1 or next(iter(keys)) not in table:
            return None, f"no table has {describe(results[0], load=False)}"
        series.append(table[next(iter(keys))])
    return series, None


def pertel_points(series, groups, which_x):
    """Pertel's printed points: ([(x, T)], [(x, lower bound or inf)]), at their A (--x A) or
    at the x of kncsim's point at the same A (none where that point was skipped)."""
    points, bounds = [], []
    for printed, (vals, recs) in zip(series, groups):
        for rec in recs:
            A = offered_load(rec)
            t = printed.get(round(A, 6)) if A is not None else None
            if t is None or (which_x != "A" and rec["status"] in NO_RESULT):
                continue
            x = A if which_x == "A" else x_value(rec["result"], which_x)
            if x is None:
                continue
            if t == "inf":
                bounds.append((x, math.inf))
            elif t.startswith(">"):
                bounds.append((x, float(t[1:])))
            else:
                points.append((x, float(t)))
    return points, bounds


def draw_pertel(ax, points, bounds, top):
    """Black x at printed values; small black triangles at lower bounds, and on the top edge
    for 'inf' (and bounds above the scale)."""
    ax.plot([x for x, _ in points], [y for _, y in points], "x", color="black", ms=6, mew=1.5,
            zorder=5, label="Pertel (printed)")
    if not bounds:
        return
    shown = [(x, y) for x, y in bounds if y <= top]
    high = [x for x, y in bounds if y > top]
    ax.plot([x for x, _ in shown], [y for _, y in shown], "^", color="black", ms=5, zorder=5,
            label="Pertel: > value, or inf (top edge)")
    ax.plot(high, [0.965] * len(high), "^", color="black", ms=5, zorder=5, clip_on=False,
            transform=ax.get_xaxis_transform())


def y_top(groups, which_y, extra):
    """The y-axis top: the saturated points that are not more than 3x the highest converged
    one stay on the scale; the rest go on the top edge."""
    done, sat = list(extra), []
    for _, recs in groups:
        for rec in recs:
            if rec["status"] in NO_RESULT:
                continue
            y = y_value(rec["result"], which_y)
            if y is not None:
                (done if rec["status"] == "done" else sat).append(y)
    if not done:
        return max(sat) * 1.08 if sat else 1.0
    cap = 3 * max(done)
    return max([y for y in done + sat if y <= cap]) * 1.08


def curve(args):
    records = load_jsonl(args.results)
    varied, groups = group_points(records)
    series, why = (None, "--pertel none") if args.pertel == "none" else \
        pertel_series(groups, args.tsv, args.y)
    if args.pertel == "auto" and series is None:
        print(f"plot.py: no Pertel overlay: {why}", file=sys.stderr)
    points, bounds = pertel_points(series, groups, args.x) if series else ([], [])
    top = math.inf if args.logy else y_top(groups, args.y, [y for _, y in points])
    first = next((r["result"] for r in records if r["status"] not in NO_RESULT), None)
    if first is None:
        raise InputError(args.results, "no point has a result (all skipped or failed): nothing to plot")

    with plt.rc_context(STYLE):
        fig, ax = plt.subplots(figsize=(9, 5))
        skipped = failed = saturated = off_scale = drawn = bars = 0
        colors = plt.rcParams["axes.prop_cycle"].by_key()["color"]
        # Two varied keys: the first picks the colour, the second the line style and marker, so
        # that a dozen lines stay apart (R=4..128 x dor/adaptive); otherwise one of each per line.
        firsts = list(dict.fromkeys(vals[0] for vals, _ in groups)) if varied else []
        seconds = list(dict.fromkeys(vals[1] for vals, _ in groups)) if len(varied) == 2 else []
        paired = len(varied) == 2 and len(seconds) <= 4 and len(firsts) <= len(colors)
        for i, (vals, recs) in enumerate(groups):
            color = colors[(firsts.index(vals[0]) if paired else i) % len(colors)]
            style = seconds.index(vals[1]) if paired else 0
            marker = LINE_MARKERS[(style if paired else i) % len(LINE_MARKERS)]
            dash = ("-", "--", "-.", (0, (1, 1)))[style]
            label = ", ".join(short_label(k, v) for k, v in zip(varied, vals)) or "kncsim"
            recs = sorted(recs, key=lambda r: (offered_load(r) is None, offered_load(r) or 0, r.get("point", 0)))
            pts = []
            for rec in recs:
                if rec["status"] in NO_RESULT:
                    skipped += rec["status"] == "skipped"
                    failed += rec["status"] == "error"
                    continue
                x, y = x_value(rec["result"], args.x), y_value(rec["result"], args.y)
                if x is None or y is None:
                    continue
                pts.append((x, y, rec["status"], y_half_width(rec["result"], args.y)))
            drawn += len(pts)
            edge = 0.965 * top  # where off-scale points sit
            shown = [(x, y) for x, y, _, _ in pts if y <= top]
            ax.plot([p[0] for p in shown], [p[1] for p in shown], ls=dash, color=color, lw=1.5, zorder=2)
            first_high = next((j for j, p in enumerate(pts) if p[1] > top), None)
            if first_high is not None and first_high > 0:  # dotted on to the first point off the scale
                prev = pts[first_high - 1]
                ax.plot([prev[0], pts[first_high][0]], [prev[1], edge], ":", color=color, lw=1.5,
                        zorder=2)
            done = [p for p in pts if p[2] == "done"]
            ax.plot([p[0] for p in done], [p[1] for p in done], marker, ls="", color=color, ms=7, zorder=3)
            ax.plot([], [], marker, ls=dash, color=color, ms=7, label=label)  # the legend's entry
            err = [p for p in pts if p[3] is not None and p[1] <= top]
            if err:  # each point's 95% interval (a ci sweep's)
                drawn_bars = ax.errorbar([p[0] for p in err], [p[1] for p in err], yerr=[p[3] for p in err],
                                         fmt="none", ecolor=color, elinewidth=1.2, capsize=3, zorder=2.5)
                for artist in drawn_bars.lines[2]:
                    artist.set_gid(f"error-bars-{i}")
                bars += len(err)
            sat = [p for p in pts if p[2] == "saturated" and p[1] <= top]
            high = [p for p in pts if p[2] == "saturated" and p[1] > top]
            saturated += len(sat) + len(high)
            off_scale += len(high)
            ax.plot([p[0] for p in sat], [p[1] for p in sat], marker, ls="", mfc="white", mec=color, mew=1.5,
                    ms=7, zorder=3)
            ax.plot([p[0] for p in high], [edge] * len(high), "^", mfc="white", mec=color, mew=1.5,
                    ms=9, zorder=4, clip_on=False)
        if not drawn:
            raise InputError(args.results, f"no point has a {args.y} value (run.statistics=basic "
                                           "has no latency percentiles)")
        if series is not None:
            draw_pertel(ax, points, bounds, top)
        if not args.logy:
            ax.set_ylim(0, top)
        else:
            ax.set_yscale("log")
            ax.yaxis.set_major_formatter(FuncFormatter(lambda v, _: f"{v:,.0f}" if v >= 1 else f"{v:g}"))
        ax.set_xlim(left=0)
        x_label = (RING_X_AXES if first.get("topology") == "rings" else X_AXES)[args.x]
        ax.set_xlabel(x_label)
        ax.set_ylabel(Y_AXES[args.y])
        what = {"T": "Mean latency", "p50": "Median latency", "p99": "99th-percentile latency"}[args.y]
        against = {"U": "bisection utilisation", "TP": "throughput", "accepted": "accepted throughput",
                   "A": "offered load"}[args.x]
        common = describe(first, omit=varied, load=False)
        ax.set_title(args.title or f"{what} against {against}\n{common}")
        handles, labels = ax.get_legend_handles_labels()
        if saturated:
            handles.append(Line2D([], [], ls="", marker="o", mfc="white", mec="grey", mew=1.5))
            labels.append("saturated (not converged\nor over the latency bound)")
        if off_scale:
            handles.append(Line2D([], [], ls="", marker="^", mfc="white", mec="grey", mew=1.5, ms=8))
            labels.append("saturated, off scale")
        ax.legend(handles, labels, loc="upper left", bbox_to_anchor=(1.02, 1), borderaxespad=0)
        notes = []
        if skipped:
            notes.append(f"{skipped} skipped point{'s' if skipped > 1 else ''} (past saturation) not drawn.")
        if failed:
            notes.append(f"{failed} failed point{'s' if failed > 1 else ''} (status error) not drawn.")
        if series is not None and args.x != "A":
            notes.append("Pertel's points are at kncsim's x for the same offered load A.")
        if bars:
            notes.append("Error bars: the 95% interval of each point's steady-state mean (run.convergence ci).")
        if notes:
            fig.text(0.01, 0.005, " ".join(notes), fontsize=8, color="dimgrey", ha="left", va="bottom")
        fig.tight_layout(rect=(0, 0.03 if notes else 0, 1, 1))
        return write_figure(fig, args.out)


# ---------------------------------------------------------------- channels

def channel_arrays(path, result):
    ch = result.get("channels", {})
    if not all(k in ch for k in ("node", "dim", "dir", "utilisation")):
        raise InputError(path, "no per-channel arrays (channels.node/dim/dir/utilisation): a sweep's "
                               "results.jsonl drops them and run.statistics=basic omits them; "
                               "rerun the point with kncsim run --json")
    return ch


def plane_links(result, ch):
    """The links drawn: those of dimensions 0 and 1 leaving nodes whose other coordinates are 0.
    Returns [(index, coords, dim, dir)]."""
    rs = radices(result)
    links = []
    for i, (n, dim, d) in enumerate(zip(ch["node"], ch["dim"], ch["dir"])):
        c = coords(n, rs)
        if dim < 2 and all(x == 0 for x in c[2:]):
            links.append((i, c + [0] * (2 - len(c)), dim, d))
    return links


def arrow_geometry(c, dim, d, rs, two_way):
    """Start and vector of a link's arrow: from node c in dimension dim, direction d; a
    wraparound link is a stub leaving the edge. Two-way links keep to the right."""
    gap, stub, off = 0.2, 0.38, (0.11 if two_way else 0.0)
    step = [0, 0]
    step[dim] = d
    right = (step[1], -step[0])  # keep right: +x travels below, -x above
    wraps = not 0 <= c[dim] + d < rs[dim]
    length = stub if wraps else 1 - 2 * gap
    x0 = c[0] + step[0] * gap + right[0] * off
    y0 = c[1] + step[1] * gap + right[1] * off
    return x0, y0, step[0] * length, step[1] * length


def draw_links(ax, result, ch, links, vmax):
    """Arrows coloured by utilisation; returns the colour mapping."""
    rs = radices(result) + [1]
    two_way = result.get("topology") != "rings" and any(d == -1 for _, _, _, d in links)
    geo = [arrow_geometry(c, dim, d, rs, two_way) for _, c, dim, d in links]
    util = [ch["utilisation"][i] for i, _, _, _ in links]
    norm = Normalize(0, vmax if vmax else max(max(util, default=0), 1e-9))
    big = max(rs[0], rs[1])
    q = ax.quiver([g[0] for g in geo], [g[1] for g in geo], [g[2] for g in geo], [g[3] for g in geo],
                  util, cmap="viridis", norm=norm, angles="xy", scale_units="xy", scale=1,
                  units="xy", width=0.075, headwidth=2.6, headlength=2.4, headaxislength=2.2,
                  zorder=3, edgecolor="none" if big > 8 else "black", linewidth=0.3)
    return q


def draw_nodes(ax, rs, result):
    size = 0.3
    squares = [Rectangle((x - size / 2, y - size / 2), size, size)
               for y in range(rs[1]) for x in range(rs[0])]
    ax.add_collection(PatchCollection(squares, facecolor="lightgrey", edgecolor="dimgrey", lw=0.6, zorder=2))
    if max(rs[0], rs[1]) <= 8:
        for y in range(rs[1]):
            for x in range(rs[0]):
                ax.text(x, y, str(x + y * rs[0]), ha="center", va="center", fontsize=7, zorder=4)
    ax.set_xlim(-0.7, rs[0] - 0.3)
    ax.set_ylim(-0.7, rs[1] - 0.3)
    ax.set_aspect("equal")
    ax.set_xticks(range(rs[0]) if rs[0] <= 16 else range(0, rs[0], max(1, rs[0] // 8)))
    ax.set_yticks(range(rs[1]) if rs[1] <= 16 else range(0, rs[1], max(1, rs[1] // 8)))
    ax.set_xlabel("coordinate x0 (dimension 0)")
    ax.set_ylabel("coordinate x1 (dimension 1)" if rs[1] > 1 else "")
    if rs[1] == 1:
        ax.set_yticks([])
    ax.grid(False)


def ring_bars(ax, result, ch, links):
    """Stacked address / data / echo / nack flits per cycle, per link (or per ring when the
    plane has more than 64 links)."""
    cycles = result.get("curtime") or 1
    kinds = [k for k in ("address", "data", "echo", "nack") if k in ch]
    colors = {"address": "tab:blue", "data": "tab:orange", "echo": "tab:green", "nack": "tab:red"}
    links = sorted(links, key=lambda l: (l[2], l[1][1], l[1][0]))
    rs = radices(result) + [1]
    per_ring = len(links) > 64
    if per_ring:  # mean per link over each ring, keyed (dim, the other coordinate)
        bars = {}
        for i, c, dim, _ in links:
            bars.setdefault((dim, c[1 - dim]), []).append(i)
        labels = [str(other) for _, other in bars]
        groups = list(bars.values())
    else:
        labels = [str(c[0] + c[1] * rs[0]) for _, c, _, _ in links]
        groups = [[i] for i, _, _, _ in links]
    pos = list(range(len(groups)))
    bottom = [0.0] * len(groups)
    for kind in kinds:
        h = [sum(ch[kind][i] for i in g) / len(g) / cycles for g in groups]
        ax.bar(pos, h, bottom=bottom, width=0.8, color=colors[kind], label=kind)
        bottom = [b + v for b, v in zip(bottom, h)]
    dims = [dim for _, _, dim, _ in links]
    if 1 in dims and 0 in dims:  # separate the two dimensions' links
        split = len(set((l[2], l[1][1 - l[2]]) for l in links if l[2] == 0)) if per_ring else dims.count(0)
        ax.axvline(split - 0.5, color="black", lw=0.8)
        heads = ("rings along x, by y", "rings along y, by x") if per_ring else \
            ("dimension-0 links (along x)", "dimension-1 links (along y)")
        ax.text((split - 1) / 2, 1.0, heads[0], transform=ax.get_xaxis_transform(),
                ha="center", va="bottom", fontsize=9)
        ax.text(split + (len(groups) - split - 1) / 2, 1.0, heads[1],
                transform=ax.get_xaxis_transform(), ha="center", va="bottom", fontsize=9)
    ax.set_xticks(pos)
    ax.set_xticklabels(labels, fontsize=7 if len(pos) <= 32 else 5, rotation=0 if len(pos) <= 32 else 90)
    ax.set_xlim(-0.7, len(pos) - 0.3)
    ax.set_xlabel("ring, by its other coordinate (mean over its links)" if per_ring
                  else "link, by sending node")
    ax.set_ylabel("flits per cycle")
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1), title="packet kind")
    ax.grid(axis="x", visible=False)


def map_size(plane_rs):
    """Inches of the map axes: equal aspect, the longer side 5.6 to 10 inches."""
    span = [r + 0.4 for r in plane_rs]
    longest = min(max(5.6, 0.35 * max(span)), 10.0)
    return longest * span[0] / max(span), longest * span[1] / max(span)


def map_notes(result, ch, rings, width):
    """The lines under the map's title: what is drawn, then the whole network's figures."""
    d = len(radices(result))
    what = []
    if d > 2:
        others = "x2" if d == 3 else f"x2 = ... = x{d - 1}"
        what.append(f"the plane {others} = 0")
    what.append("one arrow per link, in its ring's direction" if rings
                else "two arrows per neighbour pair (keep right)")
    if result.get("topology") == "torus" or rings:
        what.append("wraparound links: stubs at the edges")
    stats = []
    if ch.get("mean_utilisation") is not None:
        stats.append(f"mean {ch['mean_utilisation']:.3f} over all {ch.get('count', len(ch['node']))} links")
    busy = ch.get("busiest")
    if busy:
        where = "(" + ",".join(map(str, busy["coords"])) + ")" if len(busy.get("coords", [])) > 1 else ""
        # no-break spaces keep the busiest link on one line
        stats.append("\u00a0".join(filter(None, [f"busiest {busy['utilisation']:.4g}:", "node",
                                                  str(busy["node"]), where,
                                                  f"{'+' if busy['dir'] > 0 else '-'}x{busy['dim']}"])))
    chars = max(40, int(width * 12))
    lines = textwrap.wrap("; ".join(what), chars) + textwrap.wrap("; ".join(stats), chars)
    return "\n".join(lines)


def contention_as_run(result):
    """A kncsim contention report as the run result the map draws: each channel's load chi
    (paths through it) in place of a link's utilisation."""
    net = result["network"]
    rs, ports = net["radix"], result["channels"]
    ch = {"node": [c["node"] for c in ports], "dim": [(c["port"] - 1) // 2 for c in ports],
          "dir": [1 if c["port"] % 2 == 0 else -1 for c in ports], "utilisation": [c["load"] for c in ports]}
    loads = ch["utilisation"]
    ch["mean_utilisation"] = sum(loads) / len(loads) if loads else 0
    ch["count"] = len(loads)
    if loads:
        i = max(range(len(loads)), key=loads.__getitem__)
        ch["busiest"] = {"utilisation": loads[i], "node": ch["node"][i], "coords": coords(ch["node"][i], rs),
                         "dim": ch["dim"][i], "dir": ch["dir"][i]}
    run = {"topology": net["topology"], "channels": ch,
           "config": {"network": {"radix": rs, "dims": len(rs), "topology": net["topology"]}}}
    s = result["summary"]
    routing = "on the mapping's own paths" if net.get("routing") == "mapping" else "with DOR"
    title = (f"Channel loads: {result['graph']['name']} ({result['graph']['paths']} paths), mapping "
             f"{result['mapping']}, on a {size_text(run)} {net['topology']} {routing}; chi max "
             f"{s['channel_load']['max']}, nu avg {s['contention_level']['avg']:.3g} max {s['contention_level']['max']}")
    return run, ch, title


def channels(args):
    result = load_json(args.result)
    contention = is_contention(result)
    if contention:
        result, ch, default_title = contention_as_run(result)
        unit = "channel load \u03c7 (paths through the channel)"
    else:
        ch = channel_arrays(args.result, result)
        default_title = f"Link utilisation: {describe(result)}"
        unit = "link utilisation (flits/cycle)"
    rings = result.get("topology") == "rings"
    links = plane_links(result, ch)
    if not links:
        raise InputError(args.result, "no links of dimensions 0 and 1 to draw")
    plane_rs = (radices(result) + [1])[:2]
    one_d = plane_rs[1] == 1
    w, h = map_size(plane_rs)
    with plt.rc_context(STYLE):
        if not rings:
            fig, ax = plt.subplots(figsize=(max(w + 1.8, 6), h + (2.6 if one_d else 1.8)))
        elif one_d:
            fig, (ax, bx) = plt.subplots(2, 1, figsize=(max(w + 1.0, 9), h + 7.0),
                                         height_ratios=[h + 1.2, 4.5])
        else:
            fig, (ax, bx) = plt.subplots(1, 2, figsize=(w + 1.8 + 8.0, max(h, 4.5) + 2.0),
                                         width_ratios=[w + 1.8, 8.0])
        draw_nodes(ax, plane_rs, result)
        q = draw_links(ax, result, ch, links, args.vmax)
        divider = make_axes_locatable(ax)
        if one_d:
            cax = divider.append_axes("bottom", size=0.18, pad=0.75)
            cax.grid(False)
            cbar = fig.colorbar(q, cax=cax, orientation="horizontal")
        else:
            cax = divider.append_axes("right", size=0.2, pad=0.15)
            cax.grid(False)
            cbar = fig.colorbar(q, cax=cax)
        cbar.set_label(unit)
        fig.suptitle(textwrap.fill(args.title or default_title, max(50, int(fig.get_figwidth() * 11))),
                     fontsize=12 if not contention else 10)
        ax.set_title(map_notes(result, ch, rings, w + 1.2), fontsize=9)
        if rings:
            ring_bars(bx, result, ch, links)
            bx.set_title("Flits per cycle on each link drawn" + (" above" if one_d else " on the left")
                         + ", by packet kind", fontsize=10, pad=16 if not one_d else 6)
        fig.tight_layout()
        return write_figure(fig, args.out)


# ---------------------------------------------------------------- latency

def histogram(path, lat, mode):
    h = lat.get("histogram") or {}
    edges, counts = h.get("edges"), h.get("counts")
    if not edges or not counts or len(edges) != len(counts) + 1:
        raise InputError(path, "no latency histogram (latency.histogram.edges/counts)")
    edges = [float(e) for e in edges]
    if edges[0] <= 0:  # log axis: the [0, e1) bin drawn from e1/2
        edges[0] = edges[1] / 2
    total = sum(counts) or 1
    if mode == "count":
        heights = list(counts)
    elif mode == "cycle":
        heights = [c / total / (b - a) for c, a, b in zip(counts, edges, edges[1:])]
    else:
        heights = [c / total / math.log10(b / a) for c, a, b in zip(counts, edges, edges[1:])]
    return edges, counts, heights


def latency(args):
    if args.point is not None:
        result = load_point(args.result, args.point)
    else:
        result = load_json(args.result)
    lat = result.get("latency")
    if not isinstance(lat, dict):
        raise InputError(args.result, "no latency distribution (run.statistics=basic omits it)")
    if not lat.get("count"):
        raise InputError(args.result, "no delivered packets: the latency distribution is empty")
    edges, counts, heights = histogram(args.result, lat, args.hist)
    total = sum(counts)
    cdf, run = [], 0
    for c in counts:
        run += c
        cdf.append(run / total)
    ylabels = {"decade": "fraction of packets per decade", "cycle": "fraction of packets per cycle",
               "count": "packets per bin"}
    ci = lat.get("ci95") or {}
    marks = [("mean", lat.get("mean"), "tab:red", "-"), ("p50", lat.get("p50"), "tab:green", "--"),
             ("p99", lat.get("p99"), "tab:purple", ":")]
    with plt.rc_context(STYLE):
        fig, (ax, cx) = plt.subplots(2, 1, figsize=(7, 6.5), sharex=True, height_ratios=[1.3, 1])
        ax.bar(edges[:-1], heights, width=[b - a for a, b in zip(edges, edges[1:])], align="edge",
               color="tab:blue", alpha=0.75, edgecolor="white", lw=0.3)
        cx.plot(edges[:-1] + [edges[-1]], cdf + [1.0], drawstyle="steps-post", color="tab:blue", lw=1.6)
        for name, v, color, ls in marks:
            if v is None:
                continue
            text = f"{name} = {fmt_num(v)}"
            if name == "mean" and ci.get("half_width") is not None:
                text += f" ± {fmt_num(ci['half_width'], 2)} (95% CI)"
            for a in (ax, cx):
                a.axvline(v, color=color, ls=ls, lw=1.6, label=text if a is cx else None)
        ax.set_xscale("log")
        ax.set_ylabel(ylabels[args.hist])
        cx.legend(loc="lower right", framealpha=0.9)  # the CDF is high there: room below it
        unit = lat.get("unit", "cycles")
        cx.set_xlabel(f"latency ({unit}, log scale)")
        cx.set_ylabel("cumulative fraction")
        cx.set_ylim(0, 1.02)
        cx.set_xlim(edges[0], edges[-1])
        cx.xaxis.set_major_formatter(FuncFormatter(lambda v, _: f"{v:,.0f}" if v >= 1 else f"{v:g}"))
        what = "messages" if result.get("topology") == "rings" else "packets"
        extra = [f"{lat['count']:,} {what}", f"p99.9 = {fmt_num(lat.get('p999'))}",
                 f"max = {fmt_num(lat.get('max'))}"]
        if result.get("converged") is False:
            extra.append("NOT CONVERGED")
        ax.set_title(args.title or f"Latency distribution: {describe(result)}\n{', '.join(extra)}")
        cx.set_title("Cumulative distribution", fontsize=10)
        fig.tight_layout()
        return write_figure(fig, args.out)


# ---------------------------------------------------------------- energy

ENERGY_PARTS = [("router_dynamic", "router events"), ("router_clock", "router clock"),
                ("router_leakage", "router leakage"), ("wire_dynamic", "wire toggles"),
                ("wire_registers", "pipeline registers"), ("wire_leakage", "wire leakage")]


def energy_curve(args, records):
    varied, groups = group_points(records)
    have = [r for r in records if r["status"] not in NO_RESULT and "energy" in r.get("result", {})]
    if not have:
        raise InputError(args.result, "no point has an energy section (run with energy.technology or energy.table)")
    with plt.rc_context(STYLE):
        fig, (ax, bx) = plt.subplots(1, 2, figsize=(12, 4.8))
        colors = plt.rcParams["axes.prop_cycle"].by_key()["color"]
        first = None
        for i, (vals, recs) in enumerate(groups):
            pts = []
            for rec in recs:
                r = rec.get("result") or {}
                e = r.get("energy")
                if rec["status"] in NO_RESULT or not e or e.get("per_flit_pj") is None:
                    continue
                x = x_value(r, args.x)
                if x is not None:
                    pts.append((x, e["per_flit_pj"], e, rec["status"]))
            pts.sort(key=lambda p: p[0])
            if not pts:
                continue
            label = ", ".join(short_label(k, v) for k, v in zip(varied, vals)) or "kncsim"
            color = colors[i % len(colors)]
            ax.plot([p[0] for p in pts], [p[1] for p in pts], "-o", color=color, ms=5, label=label)
            sat = [p for p in pts if p[3] == "saturated"]
            ax.plot([p[0] for p in sat], [p[1] for p in sat], "o", mfc="white", mec=color, ms=7)
            if first is None:
                first = (label, pts)
        if first is None:
            raise InputError(args.result, "no point has an energy per flit")
        ax.set_xlabel(X_AXES[args.x])
        ax.set_ylabel("energy per delivered flit (pJ)")
        ax.set_ylim(bottom=0)
        ax.set_xlim(left=0)
        ax.legend(loc="upper right")
        label, pts = first
        xs = [p[0] for p in pts]
        stack = []
        for key, _ in ENERGY_PARTS:
            stack.append([p[2]["parts_pj"][key] / p[2]["delivered_flits"] if p[2]["delivered_flits"] else 0 for p in pts])
        bx.stackplot(xs, stack, labels=[name for _, name in ENERGY_PARTS], alpha=0.85)
        bx.set_xlabel(X_AXES[args.x])
        bx.set_ylabel("pJ per delivered flit")
        bx.set_title(f"by part: {label}", fontsize=10)
        bx.set_xlim(left=min(xs), right=max(xs))
        bx.legend(loc="upper right", fontsize=8)
        tech = have[0]["result"]["energy"]["technology"]
        common = describe(have[0]["result"], omit=varied, load=False)
        fig.suptitle(args.title or f"Energy per delivered flit ({tech})\n{common}", fontsize=11)
        fig.tight_layout()
        return write_figure(fig, args.out)


def energy_map(args, result):
    e = result.get("energy")
    if not e:
        raise InputError(args.result, "no energy section (run with energy.technology or energy.table)")
    table = e.get("per_router")
    if not table:
        raise InputError(args.result, "no per_router table (run.statistics basic leaves it out)")
    rs = radices(result)
    if not rs or result.get("topology") in ("rings", "hexagonal"):
        raise InputError(args.result, "a per-router map needs a mesh or torus")
    cols = rs[0]
    rows = rs[1] if len(rs) > 1 else 1
    grid = [[math.nan] * cols for _ in range(rows)]
    for node, total in zip(table["node"], table["total_pj"]):
        c = coords(node, rs)
        if all(x == 0 for x in c[2:]):
            grid[c[1] if len(c) > 1 else 0][c[0]] = total
    top = max((v for row in grid for v in row if not math.isnan(v)), default=0)
    scale, unit = (1e-3, "nJ") if top >= 1e4 else (1, "pJ")
    with plt.rc_context(STYLE):
        fig, ax = plt.subplots(figsize=(max(6.0, 1.8 + 0.5 * cols), max(4.5, 1.6 + 0.5 * rows)))
        im = ax.imshow([[v * scale for v in row] for row in grid], origin="lower", cmap="viridis")
        ax.set_xlabel("coordinate x0")
        ax.set_ylabel("coordinate x1")
        ax.grid(False)
        cb = fig.colorbar(im, ax=ax)
        cb.set_label(f"router energy ({unit})")
        if cols * rows <= 144:
            for y in range(rows):
                for x in range(cols):
                    if not math.isnan(grid[y][x]):
                        ax.text(x, y, f"{grid[y][x] * scale:.3g}", ha="center", va="center", fontsize=7, color="white")
        title = args.title or (f"Energy per router ({e['technology']}): {describe(result)}; "
                               f"{fmt_num(e['per_flit_pj'])} pJ a delivered flit, {fmt_num(e['power_mw'])} mW")
        ax.set_title("\n".join(textwrap.wrap(title, 60)), fontsize=9)
        fig.tight_layout()
        return write_figure(fig, args.out)


def energy(args):
    if args.result.endswith(".jsonl"):
        return energy_curve(args, load_jsonl(args.result))
    return energy_map(args, load_json(args.result))


# ---------------------------------------------------------------- command line

def parse_args(argv):
    ap = argparse.ArgumentParser(prog="plot.py", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="command", required=True)

    c = sub.add_parser("curve", help="latency against throughput from a sweep's results.jsonl")
    c.add_argument("results", metavar="RESULTS.jsonl")
    c.add_argument("--out", required=True, metavar="STEM", help="writes STEM.png and STEM.svg")
    c.add_argument("--x", choices=list(X_AXES), default="U",
                   help="U (default), TP, accepted (flits/node/cycle) or A (offered load)")
    c.add_argument("--y", choices=list(Y_AXES), default="T", help="T (default), p50 or p99")
    c.add_argument("--pertel", choices=["auto", "none"], default="auto",
                   help="overlay Pertel's printed T when every line is one of his configurations")
    c.add_argument("--tsv", default=DEFAULT_TSV, help="Pertel's tables (default: %(default)s)")
    c.add_argument("--logy", action="store_true", help="log latency axis (no off-scale points)")
    c.add_argument("--title")
    c.set_defaults(func=curve)

    h = sub.add_parser("channels", help="per-link utilisation map of one run, or channel loads of a "
                                         "kncsim contention report")
    h.add_argument("result", metavar="RESULT.json", help="kncsim run --json, or kncsim contention --json")
    h.add_argument("--out", required=True, metavar="STEM")
    h.add_argument("--vmax", type=float, help="top of the colour scale (default: the busiest link shown)")
    h.add_argument("--title")
    h.set_defaults(func=channels)

    lt = sub.add_parser("latency", help="latency histogram and CDF of one run")
    lt.add_argument("result", metavar="RESULT.json")
    lt.add_argument("--out", required=True, metavar="STEM")
    lt.add_argument("--point", type=int, help="RESULT is a results.jsonl: plot its point N")
    lt.add_argument("--hist", choices=["decade", "cycle", "count"], default="decade",
                    help="histogram height: fraction per decade (default; bar area = fraction), "
                         "fraction per cycle, or packets per bin")
    lt.add_argument("--title")
    lt.set_defaults(func=latency)

    en = sub.add_parser("energy", help="energy per flit against load from a sweep's results.jsonl, or one "
                                       "run's energy per router")
    en.add_argument("result", metavar="RESULTS.jsonl|RESULT.json")
    en.add_argument("--out", required=True, metavar="STEM")
    en.add_argument("--x", choices=["A", "U", "accepted"], default="A",
                    help="A = offered load (default), U or accepted flits per node and cycle")
    en.add_argument("--title")
    en.set_defaults(func=energy)
    return ap.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    try:
        paths = args.func(args)
    except InputError as e:
        print(f"plot.py: error: {e}", file=sys.stderr)
        return 2
    except (KeyError, TypeError, ValueError, IndexError) as e:
        name = getattr(args, "results", None) or getattr(args, "result", "?")
        print(f"plot.py: error: {name}: unexpected content ({type(e).__name__}: {e})", file=sys.stderr)
        return 2
    for p in paths:
        print(p)
    return 0


if __name__ == "__main__":
    sys.exit(main())
