#!/usr/bin/python3
"""Tables for scripts/bench_curve.sh: reads BookSim's outputs and kncsim's sweep results of one
case and prints the per-load comparison and the checks (`case`), or the table of all cases
(`summary`). `last-stable DIR N` prints the index of BookSim's last stable load (empty if none).

BookSim (src/trafficmanager.cpp, booksim_config.cpp): a run that completes prints
"====== Overall Traffic Statistics ======" and then "Packet latency average = X (1 samples)"
(the per-sample blocks before it print the same line, so only the one after that header counts);
a run whose average latency (in-flight packets included) passes latency_thres prints "Average
latency for class 0 exceeded 500 cycles. Aborting simulation." and "Simulation unstable, ending
...". A run that uses all max_samples sample periods without three converged ones in a row is
reported as a plain result with no message (the "Too many sample periods" line is printed only
when the run was aborted); it is flagged here by replaying BookSim's rule on the printed
"latency change" and "throughput change" of each sample.
"""

import argparse
import json
import math
import re
import sys
from pathlib import Path

# BookSim's defaults (booksim_config.cpp), which bench_curve.sh leaves in force.
WARMUP_PERIODS = 3
MAX_SAMPLES = 10
STOPPING_THRES = 0.05
ACC_STOPPING_THRES = 0.05
REL_CI_BOUND = 0.10  # check 2: kncsim's half-width may be up to 10% of T (or BookSim's spread)


def booksim_point(out: Path) -> dict:
    """status: stable | saturated | error; latency; cycles; samples; converged; note."""
    try:
        text = out.read_text(errors="replace")
    except OSError:
        return {"status": "error", "note": f"no output {out.name}"}
    r = {"samples": len(re.findall(r"^latency change\s*=", text, re.M))}
    m = re.search(r"^Time taken is (\d+) cycles", text, re.M)
    r["cycles"] = int(m.group(1)) if m else None
    changes = [
        (float(a), float(b))
        for a, b in re.findall(r"^latency change\s*=\s*(\S+)\s*\n^throughput change\s*=\s*(\S+)", text, re.M)
    ]
    if "Simulation unstable" in text:
        r["status"] = "saturated"
        m = re.search(r"^Average latency for class \d+ exceeded (\S+) cycles", text, re.M)
        r["note"] = f"latency > {m.group(1)}" if m else "unstable"
        return r
    head = text.find("====== Overall Traffic Statistics ======")
    m = re.search(r"^Packet latency average = (\S+)", text[head:], re.M) if head >= 0 else None
    if not m:
        tail = [l for l in text.strip().splitlines() if l.strip()][-1:] or ["no output"]
        return {"status": "error", "note": tail[0][:80]}
    r["status"] = "stable"
    r["latency"] = float(m.group(1))
    # BookSim's rule: after the warm-up, three samples in a row whose changes are not above the
    # thresholds (a nan change counts as converged, as in BookSim's comparisons).
    post = changes[WARMUP_PERIODS:]
    r["converged"] = len(post) >= 3 and all(
        not (a > STOPPING_THRES) and not (b > ACC_STOPPING_THRES) for a, b in post[-3:]
    )
    return r


def booksim_curve(d: Path, n: int) -> list:
    return [booksim_point(d / f"p{i}.out") for i in range(n)]


def last_stable(points: list):
    """Index of the last stable load below the first saturated one."""
    last = None
    for i, p in enumerate(points):
        if p["status"] != "stable":
            break
        last = i
    return last


def kncsim_curve(d: Path, loads: list, K: int) -> list:
    """Per load: status (done | saturated | skipped | error | missing), T, hw, cycles, rule, offered."""
    out = [{"status": "missing"} for _ in loads]
    f = d / "results.jsonl"
    if not f.exists():
        return out
    for line in f.read_text().splitlines():
        if not line.strip():
            continue
        rec = json.loads(line)
        A = float(rec.get("params", {}).get("traffic.load", math.nan))
        i = min(range(len(loads)), key=lambda j: abs(loads[j] * K / 4 - A))
        if abs(loads[i] * K / 4 - A) > 1e-9 * max(1.0, A):
            continue
        res = rec.get("result") or {}
        ci = res.get("ci") or {}
        hw = ci.get("half_width") if ci.get("ready", True) else None
        if hw is None:
            hw = ((res.get("latency") or {}).get("ci95") or {}).get("half_width")
        sat = res.get("saturation") or {}
        rule = sat.get("rule") if sat.get("saturated") else None
        if rec.get("status") == "saturated" and not rule:
            rule = res.get("stop_reason") or "not converged"
        out[i] = {
            "status": rec.get("status", "missing"),
            "T": res.get("T"),
            "hw": hw,
            "cycles": res.get("curtime"),
            "rule": rule,
            "offered": (res.get("analytic") or {}).get("offered_flits_per_node_cycle"),
            "error": rec.get("error"),
        }
    return out


def fmt_num(x, spec=".1f"):
    return "-" if x is None or (isinstance(x, float) and math.isnan(x)) else format(x, spec)


def first_saturated(statuses: list, saturated: set):
    for i, s in enumerate(statuses):
        if s in saturated:
            return i
    return None


def case(args) -> None:
    d = Path(args.dir)
    loads = [float(x) for x in args.loads.split()]
    K = args.k
    bs = booksim_curve(d / "booksim", len(loads))
    kn = kncsim_curve(d / "kncsim", loads, K)
    seeds = [int(s) for s in args.seeds.split()]
    li = last_stable(bs)

    # BookSim's spread over seeds at its last stable load.
    spread = None
    if li is not None:
        runs = [booksim_point(d / "seeds" / f"s{s}.out") for s in seeds]
        lat = [r["latency"] for r in runs if r["status"] == "stable"]
        spread = {"load": loads[li], "index": li, "runs": len(runs), "stable": len(lat)}
        if len(lat) >= 2:
            mean = sum(lat) / len(lat)
            half = (max(lat) - min(lat)) / 2
            spread |= {
                "mean": mean,
                "min": min(lat),
                "max": max(lat),
                "half": half,
                "rel": half / mean if mean > 0 else math.nan,
            }

    print()
    hdr = f"{'f':>7} {'A':>7} | {'BookSim':>9} {'cycles':>7} | {'kncsim T':>9} {'+-95%':>7} {'cycles':>9} | saturated by"
    print(hdr)
    print("-" * len(hdr))
    warn = []
    for i, f in enumerate(loads):
        b, k = bs[i], kn[i]
        if b["status"] == "stable":
            bcol = fmt_num(b["latency"]) + ("*" if not b.get("converged", True) else " ")
        elif b["status"] == "saturated":
            bcol = "sat "
        else:
            bcol = "error "
        if k["status"] == "done":
            kcol, hcol = fmt_num(k["T"]), fmt_num(k["hw"], ".2f")
        elif k["status"] in ("saturated", "skipped"):
            kcol, hcol = "sat", ""
        else:
            kcol, hcol = k["status"], ""
        kcyc = fmt_num(k.get("cycles"), "d") if k["status"] in ("done", "saturated") else ""
        bsat, ksat = b["status"] == "saturated", k["status"] in ("saturated", "skipped")
        whocol = "both" if bsat and ksat else "BookSim" if bsat else "kncsim" if ksat else "-"
        how = []
        if bsat:
            how.append(f"BookSim {b.get('note', '')}")
        if k["status"] == "saturated":
            rule = k.get("rule")
            how.append("kncsim did not converge by run.max_cycles" if rule == "max_cycles" else f"kncsim {rule}")
        if k["status"] == "skipped":
            how.append("kncsim skipped")
        if b["status"] == "error":
            how.append(f"BookSim error: {b.get('note')}")
        if k["status"] == "error":
            how.append(f"kncsim error: {str(k.get('error'))[:60]}")
        if how:
            whocol += f" ({'; '.join(how)})"
        bcyc = fmt_num(b.get("cycles"), "d") if b["status"] == "stable" else ""
        print(f"{f:7.4g} {f * K / 4:7.4g} | {bcol:>9} {bcyc:>7} | {kcol:>9} {hcol:>7} {kcyc:>9} | {whocol}")
        if k.get("offered") is not None and abs(k["offered"] - f) > 1e-9 * f:
            warn.append(f"kncsim reports {k['offered']} offered flits/node-cycle at f = {f}")
    if any(b["status"] == "stable" and not b.get("converged", True) for b in bs):
        print(f"* BookSim used all {MAX_SAMPLES} sample periods without converging and reported the latency anyway")
    for w in warn:
        print("warning:", w)

    bw, kw = args.booksim_wall, args.kncsim_wall
    ratio = bw / kw if kw > 0 else math.inf
    print(f"\nwall time of the whole curve: BookSim {bw:.2f} s, kncsim {kw:.2f} s, BookSim/kncsim {ratio:.2f}")
    if args.kncsim_rc:
        print(f"kncsim sweep exited with status {args.kncsim_rc}")
    if spread:
        lead = f"BookSim seeds {args.seeds.replace(' ', ',')} at its last stable load f = {spread['load']:g}: "
        extra = f"{spread['runs'] - spread['stable']} of {spread['runs']} seeds saturated" if spread["stable"] < spread["runs"] else ""
        if "rel" in spread:
            print(
                lead + f"mean {spread['mean']:.1f}, min {spread['min']:.1f}, max {spread['max']:.1f}, "
                f"half spread {spread['half']:.1f} ({100 * spread['rel']:.1f}% of the mean)" + (f"; {extra}" if extra else "")
            )
        else:
            print(lead + f"{extra}: no spread (fewer than two stable seeds)")
    else:
        print("BookSim has no stable load (no seed spread)")

    # The checks.
    c1 = kw <= bw
    detail1 = f"kncsim {kw:.2f} s vs BookSim {bw:.2f} s"
    both = [i for i in range(len(loads)) if bs[i]["status"] == "stable" and kn[i]["status"] == "done"]
    bad = []
    for i in both:
        T, hw = kn[i]["T"], kn[i]["hw"]
        rel = REL_CI_BOUND
        if spread and spread["index"] == i and not math.isnan(spread.get("rel", math.nan)):
            rel = max(rel, spread["rel"])
        if T is None or hw is None or not (hw <= rel * T):
            bad.append(f"f={loads[i]:g}: " + ("no interval" if hw is None or T is None else f"+-{hw:.2f} > {rel * T:.2f}"))
    c2 = bool(both) and not bad
    detail2 = (f"{len(both)} loads both stable" + (f"; not met at {', '.join(bad)}" if bad else "")) if both else "no load both stable"
    bi = first_saturated([b["status"] for b in bs], {"saturated"})
    ki = first_saturated([k["status"] for k in kn], {"saturated", "skipped"})
    c3 = bi is not None and ki is not None and abs(bi - ki) <= 1
    name = lambda i: "none" if i is None else f"{loads[i]:g}"
    detail3 = f"first saturated: BookSim {name(bi)}, kncsim {name(ki)}" + (
        f" ({abs(bi - ki)} step{'s' if abs(bi - ki) != 1 else ''} apart)" if bi is not None and ki is not None else " (not inside the grid)"
    )
    checks = [c1, c2, c3]
    print("checks:")
    for n, (ok, what, det) in enumerate(
        [
            (c1, "kncsim's curve no slower than BookSim's", detail1),
            (c2, "kncsim's 95% half-width <= max(10% of T, BookSim's seed spread)", detail2),
            (c3, "first saturated loads within one grid step", detail3),
        ],
        1,
    ):
        print(f"  ({n}) {'PASS' if ok else 'FAIL'}  {what}: {det}")

    summary = {
        "name": args.name,
        "loads": loads,
        "booksim_wall": bw,
        "kncsim_wall": kw,
        "ratio": ratio,
        "booksim_first_sat": name(bi),
        "kncsim_first_sat": name(ki),
        "spread": spread,
        "checks": checks,
        "kncsim_rc": args.kncsim_rc,
    }
    (d / "summary.json").write_text(json.dumps(summary, indent=1))


def summary(args) -> None:
    rows = []
    for d in args.dirs:
        try:
            rows.append(json.loads((Path(d) / "summary.json").read_text()))
        except (OSError, ValueError):
            rows.append({"name": Path(d).name, "missing": True})
    print(
        "| case | loads f (flits/node-cycle) | first saturated BookSim / kncsim | BookSim curve s | kncsim curve s "
        "| BookSim/kncsim | BookSim 5-seed half spread | (1) time | (2) CI | (3) knee |"
    )
    print("|---|---|---|---:|---:|---:|---|---|---|---|")
    for r in rows:
        if r.get("missing"):
            print(f"| {r['name']} | (no result) | | | | | | | | |")
            continue
        s = r["spread"]
        sp = "-" if not s else f"{100 * s['rel']:.1f}% at f={s['load']:g}" if "rel" in s else f"none at f={s['load']:g} ({s['runs'] - s['stable']} of {s['runs']} saturated)"
        if s and "rel" in s and s["stable"] < s["runs"]:
            sp += f" ({s['runs'] - s['stable']} of {s['runs']} saturated)"
        loads = f"{r['loads'][0]:g} .. {r['loads'][-1]:g}"
        ok = ["PASS" if c else "FAIL" for c in r["checks"]]
        print(
            f"| {r['name']} | {loads} | {r['booksim_first_sat']} / {r['kncsim_first_sat']} | {r['booksim_wall']:.2f} "
            f"| {r['kncsim_wall']:.2f} | {r['ratio']:.2f} | {sp} | {ok[0]} | {ok[1]} | {ok[2]} |"
        )
    if rows and all(not r.get("missing") for r in rows):
        bw = sum(r["booksim_wall"] for r in rows)
        kw = sum(r["kncsim_wall"] for r in rows)
        print(f"| all | | | {bw:.2f} | {kw:.2f} | {bw / kw if kw else math.inf:.2f} | | | | |")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("last-stable")
    p.add_argument("dir")
    p.add_argument("n", type=int)
    p = sub.add_parser("case")
    p.add_argument("--dir", required=True)
    p.add_argument("--name", required=True)
    p.add_argument("--k", type=int, required=True)
    p.add_argument("--loads", required=True)
    p.add_argument("--booksim-wall", type=float, required=True)
    p.add_argument("--kncsim-wall", type=float, required=True)
    p.add_argument("--kncsim-rc", type=int, default=0)
    p.add_argument("--seeds", default="1 2 3 4 5")
    p = sub.add_parser("summary")
    p.add_argument("dirs", nargs="*")
    args = ap.parse_args()
    if args.cmd == "last-stable":
        i = last_stable(booksim_curve(Path(args.dir), args.n))
        print("" if i is None else i)
    elif args.cmd == "case":
        case(args)
    else:
        summary(args)


if __name__ == "__main__":
    sys.exit(main())
