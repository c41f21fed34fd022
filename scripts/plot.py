#!/usr/bin/env python3
"""Plots of kncsim results: latency-throughput curves of a sweep, a per-channel utilisation map
of one run, and one run's latency distribution. Each writes STEM.png (150 dpi) and STEM.svg.

Usage:
  scripts/plot.py curve RESULTS.jsonl --out STEM [--x U|TP|accepted|A] [--y T|p50|p99]
                        [--pertel auto|none] [--tsv PATH] [--logy] [--title TEXT]
  scripts/plot.py channels RESULT.json --out STEM [--vmax V] [--title TEXT]
  scripts/plot.py latency RESULT.json --out STEM [--point N] [--hist decade|cycle|count]
                        [--title TEXT]

curve     reads a sweep's results.jsonl (one {"point", "task", "params", "seed", "status",
          "result"} object per line) and draws latency against throughput: one line per
          combination of the varied keys other than traffic.load, labelled briefly ("R=8, dor").
          x: U = bisection utilisation (default), TP = delivered flits per cycle (rings:
          bits/cycle/processor), accepted = delivered flits per node per cycle, A = offered load
          (traffic.load). y: T = mean latency (default), p50, p99. Points whose status is
          "saturated" are hollow; those far above the converged points are drawn as hollow
          triangles on the top edge. "skipped" points are not drawn (the footnote counts them).
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
latency   reads one run's JSON (or, with --point N, line N of a results.jsonl) and draws the
          latency histogram (log x, per decade by default so that bar area is the fraction of
          packets) above the CDF, with the mean, p50 and p99 marked.

Exit status: 0 on success, 2 for a missing, unreadable or unsuitable input file (the message
names the file) or a bad command line.
"""
import argparse
import csv
import json
import math
import os
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.collections import PatchCollection  # noqa: E402
from matplotlib.colors import Normalize  # noqa: E402
from matplotlib.lines import Line2D  # noqa: E402
from matplotlib.patches import Rectangle  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_TSV = os.path.join(ROOT, "..", "shared", "data", "pertel-tables.tsv")
LOAD_KEY = "traffic.load"
STATUSES = ("done", "saturated", "skipped")
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
    except (json.JSONDecodeError, UnicodeDecodeError) as e:
        raise InputError(path, f"not valid JSON ({e})")
    check_result(path, data)
    return data


def check_result(path, data, where=""):
    if not isinstance(data, dict) or "config" not in data or "latency" not in data:
        raise InputError(path, f"{where}not a kncsim run result (no 'config' or 'latency'); "
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
        if rec["status"] != "skipped":
            check_result(path, rec.get("result"), f"line {number}: 'result' is ")
        rec["_line"] = number
        records.append(rec)
    if not records:
        raise InputError(path, "no sweep points in the file")
    return records


def load_point(path, point):
    """The result of point N of a results.jsonl (the latency subcommand's --point)."""
    for rec in load_jsonl(path):
        if rec.get("point") == point:
            if rec["status"] == "skipped":
                raise InputError(path, f"point {point} was skipped; it has no result")
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


def size_text(result):
    rs = radices(result)
    if len(rs) <= 3 or len(set(rs)) > 1:
        return "x".join(str(r) for r in rs)
    return f"{rs[0]}-ary {len(rs)}-cube"


def describe(result, omit=(), load=True):
    """A one-line summary, e.g. '8x8 mesh, systemc model, dor, L=32, A=0.5'.
    Keys in omit (dotted) are left out (a sweep's varied keys)."""
    parts = []
    topo = cfg(result, "network.topology", result.get("topology", "?"))
    head = []
    if not {"network.radix", "network.dims"} & set(omit):
        head.append(size_text(result))
    if "network.topology" not in omit:
        head.append(topo)
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
    os.makedirs(parent, exist_ok=True)
    paths = [stem + ".png", stem + ".svg"]
    for p in paths:
        fig.savefig(p, dpi=150)
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


def hashable(v):
    return json.dumps(v, sort_keys=True)


def sort_key(v):
    """Numbers numerically, then strings, then anything else by its JSON."""
    if isinstance(v, bool):
        return (2, str(v), 0)
    if isinstance(v, (int, float)):
        return (0, "", v)
    if isinstance(v, list):
        return (1, "", tuple(x if isinstance(x, (int, float)) else 0 for x in v))
    return (2, hashable(v), 0)


def group_points(records):
    """{label key tuple: [records]} in a stable order, and the keys that label the lines."""
    keys = sorted({k for r in records for k in r["params"]} - {LOAD_KEY})
    varied = [k for k in keys if len({hashable(r["params"].get(k)) for r in records}) > 1]
    if len({hashable(r.get("seed")) for r in records}) > 1:
        varied.append("seed")
    groups = {}
    for r in records:
        vals = tuple(r.get("seed") if k == "seed" else r["params"].get(k) for k in varied)
        groups.setdefault(tuple(hashable(v) for v in vals), (vals, []))[1].append(r)
    ordered = sorted(groups.values(), key=lambda g: [sort_key(v) for v in g[0]])
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
        results = [r["result"] for r in recs if r["status"] != "skipped"]
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


def draw_pertel(ax, series, groups, which_x, top):
    """Pertel's printed points, at their A (--x A) or at kncsim's x for the same A."""
    xs, ys, bound_x, bound_y = [], [], [], []
    for printed, (vals, recs) in zip(series, groups):
        for rec in recs:
            A = offered_load(rec)
            t = printed.get(round(A, 6)) if A is not None else None
            if t is None:
                continue
            if which_x == "A":
                x = A
            elif rec["status"] == "skipped":
                continue
            else:
                x = x_value(rec["result"], which_x)
            if t == "inf":
                bound_x.append(x), bound_y.append(math.inf)
            elif t.startswith(">"):
                bound_x.append(x), bound_y.append(float(t[1:]))
            else:
                xs.append(x), ys.append(float(t))
    ax.plot(xs, ys, "x", color="black", ms=8, mew=1.6, zorder=5, label="Pertel (printed)")
    if bound_x:
        finite = [(x, y) for x, y in zip(bound_x, bound_y) if y <= top]
        high = [x for x, y in zip(bound_x, bound_y) if y > top]
        ax.plot([x for x, _ in finite], [y for _, y in finite], "^", color="black", ms=7, zorder=5,
                label="Pertel: lower bound / inf (top edge)")
        ax.plot(high, [0.985] * len(high), "^", color="black", ms=7, zorder=5, clip_on=False,
                transform=ax.get_xaxis_transform())


def y_top(groups, which_x, which_y, extra):
    """The y-axis top: the saturated points that are not more than 3x the highest converged
    one stay on the scale; the rest go on the top edge."""
    done, sat = list(extra), []
    for _, recs in groups:
        for rec in recs:
            if rec["status"] == "skipped":
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
    extra = [float(t) for s in (series or []) for t in s.values() if t.replace(".", "").isdigit()] \
        if args.logy else []
    top = math.inf if args.logy else y_top(groups, args.x, args.y, extra)
    first = next(r["result"] for r in records if r["status"] != "skipped")

    with plt.rc_context(STYLE):
        fig, ax = plt.subplots(figsize=(7, 5))
        skipped = saturated = off_scale = 0
        colors = plt.rcParams["axes.prop_cycle"].by_key()["color"]
        for i, (vals, recs) in enumerate(groups):
            color = colors[i % len(colors)]
            label = ", ".join(short_label(k, v) for k, v in zip(varied, vals)) or describe(first, load=False)
            recs = sorted(recs, key=lambda r: (offered_load(r) is None, offered_load(r) or 0, r.get("point", 0)))
            pts = []
            for rec in recs:
                if rec["status"] == "skipped":
                    skipped += 1
                    continue
                x, y = x_value(rec["result"], args.x), y_value(rec["result"], args.y)
                if x is None or y is None:
                    continue
                pts.append((x, y, rec["status"]))
            ax.plot([p[0] for p in pts if p[1] <= top], [p[1] for p in pts if p[1] <= top], "-",
                    color=color, lw=1.5, zorder=2)
            done = [p for p in pts if p[2] == "done"]
            ax.plot([p[0] for p in done], [p[1] for p in done], "o", color=color, ms=6, zorder=3,
                    label=label)
            sat = [p for p in pts if p[2] == "saturated" and p[1] <= top]
            high = [p for p in pts if p[2] == "saturated" and p[1] > top]
            saturated += len(sat) + len(high)
            off_scale += len(high)
            ax.plot([p[0] for p in sat], [p[1] for p in sat], "o", mfc="white", mec=color, mew=1.5,
                    ms=6, zorder=3)
            ax.plot([p[0] for p in high], [0.985] * len(high), "^", mfc="white", mec=color, mew=1.5,
                    ms=8, zorder=4, clip_on=False, transform=ax.get_xaxis_transform())
        if series is not None:
            draw_pertel(ax, series, groups, args.x, top)
        if not args.logy:
            ax.set_ylim(0, top)
        else:
            ax.set_yscale("log")
        ax.set_xlim(left=0)
        x_label = X_AXES[args.x]
        if args.x in ("TP", "accepted") and first.get("topology") == "rings":
            x_label = "throughput TP (bits/cycle/processor)"
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
        ax.legend(handles, labels, loc="upper left", framealpha=0.9)
        notes = []
        if skipped:
            notes.append(f"{skipped} skipped point{'s' if skipped > 1 else ''} (past saturation) not drawn.")
        if series is not None and args.x != "A":
            notes.append("Pertel's points are at kncsim's x for the same offered load A.")
        if notes:
            fig.text(0.01, 0.005, " ".join(notes), fontsize=8, color="dimgrey", ha="left", va="bottom")
        fig.tight_layout(rect=(0, 0.03 if notes else 0, 1, 1))
        return write_figure(fig, args.out)


# ---------------------------------------------------------------- channels

def channel_arrays(path, result):
    ch = result.get("channels", {})
    if not all(k in ch for k in ("node", "dim", "dir", "utilisation")):
        raise InputError(path, "no per-channel arrays (channels.node/dim/dir/utilisation); a sweep's "
                               "results.jsonl drops them: rerun the point with kncsim run --json")
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
    if per_ring:  # mean per link over each ring: (dim, the other coordinate)
        bars = {}
        for i, c, dim, _ in links:
            bars.setdefault((dim, c[1 - dim]), []).append(i)
        labels = [f"{'xy'[dim]}{other}" for dim, other in bars]
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
        ax.text((split - 1) / 2, 1.0, "ring 0 links (along x)", transform=ax.get_xaxis_transform(),
                ha="center", va="bottom", fontsize=9)
        ax.text(split + (len(groups) - split - 1) / 2, 1.0, "ring 1 links (along y)",
                transform=ax.get_xaxis_transform(), ha="center", va="bottom", fontsize=9)
    ax.set_xticks(pos)
    ax.set_xticklabels(labels, fontsize=7 if len(pos) <= 32 else 5, rotation=0 if len(pos) <= 32 else 90)
    ax.set_xlim(-0.7, len(pos) - 0.3)
    ax.set_xlabel("ring (dimension, other coordinate): mean per link" if per_ring
                  else "link, by sending node")
    ax.set_ylabel("flits per cycle")
    ax.legend(loc="lower right", ncol=len(kinds), framealpha=0.9)
    ax.grid(axis="x", visible=False)


def channels(args):
    result = load_json(args.result)
    ch = channel_arrays(args.result, result)
    rs = radices(result)
    d = len(rs)
    rings = result.get("topology") == "rings"
    links = plane_links(result, ch)
    if not links:
        raise InputError(args.result, "no links of dimensions 0 and 1 to draw")
    plane_rs = (rs + [1])[:2]
    with plt.rc_context(STYLE):
        if rings:
            width = 13 if plane_rs[1] > 1 else 14
            fig, (ax, bx) = plt.subplots(1, 2, figsize=(width, 5.5), width_ratios=[1, 1.35])
        else:
            w = 7 if plane_rs[1] > 1 else 10
            fig, ax = plt.subplots(figsize=(w, 6 if plane_rs[1] > 1 else 2.6))
        draw_nodes(ax, plane_rs, result)
        q = draw_links(ax, result, ch, links, args.vmax)
        cbar = fig.colorbar(q, ax=ax, shrink=0.85 if plane_rs[1] > 1 else 1.0,
                            orientation="vertical" if plane_rs[1] > 1 else "horizontal",
                            pad=0.03 if plane_rs[1] > 1 else 0.35)
        cbar.set_label("link utilisation (flits/cycle)")
        title = args.title or f"Link utilisation: {describe(result)}"
        sub = []
        if d > 2:
            sub.append(f"plane of dimensions 0 and 1 at x2..x{d - 1} = 0")
        if result.get("topology") == "torus" or rings:
            sub.append("wraparound links: stubs at the edges")
        if not rings:
            sub.append("two arrows per pair: traffic keeps right")
        mean = ch.get("mean_utilisation")
        if mean is not None:
            sub.append(f"mean {mean:.3f} over all {ch.get('count', len(ch['node']))} links")
        ax.set_title(title + "\n" + "; ".join(sub), fontsize=10)
        if rings:
            ring_bars(bx, result, ch, links)
            bx.set_title("Flits per cycle on each link, by packet kind" +
                         (" (plane shown on the left)" if d > 2 else ""), fontsize=10, pad=16)
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
    lat = result["latency"]
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
            text = f"{name} = {v:.4g}"
            if name == "mean" and ci.get("half_width") is not None:
                text += f" ± {ci['half_width']:.2g} (95% CI)"
            for a in (ax, cx):
                a.axvline(v, color=color, ls=ls, lw=1.6, label=text if a is ax else None)
        ax.set_xscale("log")
        ax.set_ylabel(ylabels[args.hist])
        ax.legend(loc="upper right", framealpha=0.9)
        unit = lat.get("unit", "cycles")
        cx.set_xlabel(f"latency ({unit}, log scale)")
        cx.set_ylabel("cumulative fraction")
        cx.set_ylim(0, 1.02)
        cx.set_xlim(edges[0], edges[-1])
        extra = [f"{lat['count']} packets", f"p99.9 = {lat.get('p999', float('nan')):.4g}",
                 f"max = {lat.get('max', float('nan')):.4g}"]
        if result.get("converged") is False:
            extra.append("NOT CONVERGED")
        ax.set_title(args.title or f"Latency distribution: {describe(result)}\n{', '.join(extra)}")
        cx.set_title("Cumulative distribution", fontsize=10)
        fig.tight_layout()
        return write_figure(fig, args.out)


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

    h = sub.add_parser("channels", help="per-link utilisation map of one run")
    h.add_argument("result", metavar="RESULT.json")
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
