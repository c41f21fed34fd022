#!/usr/bin/python3
"""kncsim's golden set: the outputs of the cases in tests/golden/cases.txt, minus timing, kept in
tests/golden/expected/ and compared byte for byte. A refactoring that changes no behaviour leaves
every file as it is; the check prints the first lines that differ.

    scripts/golden.py --kncsim BIN [--record] [-j N] [NAME...]

--record rewrites the expected files (run it only for a change meant to alter results, and say so
in the commit). NAMEs pick cases; the default is all of them. Exit 0 when every case matches, 1 when
one differs or fails, 2 on bad arguments or a bad case file.
"""
import argparse
import concurrent.futures
import difflib
import json
import os
import pathlib
import re
import shlex
import shutil
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden"
SUBCOMMANDS = ("run", "analytic", "contention", "sweep", "keys")
# What differs from run to run: wall-clock time and anything computed from it.
TIMING_KEY = re.compile(r"seconds|wall|elapsed|per_second|node_cycles_per")
TIMING_LINE = re.compile(r"^simulated in |node-cycles/s")
SWEEP_TIME = re.compile(r" in \d+:\d\d(:\d\d)?(?= ->)")


def refuse(message):
    print(f"golden.py: {message}", file=sys.stderr)
    sys.exit(2)


def read_cases(path):
    cases = []
    for number, line in enumerate(path.read_text().splitlines(), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        words = shlex.split(line)
        if len(words) < 2 or words[1] not in SUBCOMMANDS:
            refuse(f"{path}:{number}: expected 'NAME SUBCOMMAND ARGS...' with SUBCOMMAND one of "
                     f"{', '.join(SUBCOMMANDS)}, got: {line.strip()}")
        if any(c[0] == words[0] for c in cases):
            refuse(f"{path}:{number}: case '{words[0]}' named twice")
        cases.append((words[0], words[1], words[2:]))
    return cases


def untimed(value):
    if isinstance(value, dict):
        return {k: untimed(v) for k, v in value.items() if not TIMING_KEY.search(k)}
    if isinstance(value, list):
        return [untimed(v) for v in value]
    return value


def dump(value, indent=""):
    """JSON one member per line, a list of plain values on one line: diffs name the field."""
    inner = indent + " "
    if isinstance(value, dict) and value:
        body = ",\n".join(f"{inner}{json.dumps(k)}: {dump(v, inner)}" for k, v in value.items())
        return "{\n" + body + "\n" + indent + "}"
    if isinstance(value, list) and any(isinstance(v, (dict, list)) for v in value):
        return "[\n" + ",\n".join(inner + dump(v, inner) for v in value) + "\n" + indent + "]"
    return json.dumps(value, ensure_ascii=False)


def text(output):
    lines = (SWEEP_TIME.sub(" in <time>", line) for line in output.splitlines() if not TIMING_LINE.search(line))
    return "".join(line + "\n" for line in lines)


def run_case(kncsim, case):
    """The case's outputs as one text, or raises RuntimeError with what went wrong."""
    name, sub, args = case
    with tempfile.TemporaryDirectory(prefix=f"golden_{name}_") as work:
        work = pathlib.Path(work)
        # An experiment file of the repository (tb/experiments/...) is read where it is.
        argv = [kncsim, sub] + [str(ROOT / a) if a.endswith(".yaml") and (ROOT / a).is_file() else a for a in args]
        # A data file of the repository given to a key (KEY=tests/data/...) is copied beside the run
        # and named there, so the outputs name it alike wherever the repository is.
        for i, a in enumerate(argv):
            key, _, value = a.partition("=")
            if value.startswith("tests/data/") and (ROOT / value).is_file():
                shutil.copy(ROOT / value, work / pathlib.Path(value).name)
                argv[i] = f"{key}={pathlib.Path(value).name}"
        if sub == "sweep":
            shutil.copy(GOLDEN / args[0], work / args[0])
            argv = [kncsim, "sweep", "-j", "2", "--quiet", args[0]]
        elif sub in ("run", "analytic", "contention"):
            argv += ["--json", str(work / "out.json")]
        p = subprocess.run(argv, cwd=work, capture_output=True, text=True, timeout=600)
        if "building the RTL model" in p.stderr:
            raise RuntimeError("it built an RTL model: golden cases use only `kncsim rtl build --tests` models")
        out = [f"$ kncsim {sub} {shlex.join(args)}\n", f"== exit {p.returncode}\n", "== stdout\n", text(p.stdout)]
        if p.returncode != 0:  # a refusal: its message is the output (a run's stderr is progress otherwise)
            out += ["== stderr\n", text(p.stderr)]
        if (work / "out.json").exists():
            out += ["== json\n", dump(untimed(json.loads((work / "out.json").read_text()))) + "\n"]
        if sub == "sweep":
            store = work / pathlib.Path(args[0]).stem
            records = [json.loads(line) for line in (store / "results.jsonl").read_text().splitlines() if line]
            out.append("== results.jsonl (by point)\n")
            for r in sorted(records, key=lambda r: r["point"]):
                out.append(dump(untimed(r)) + "\n")
            out += ["== summary.csv\n", (store / "summary.csv").read_text()]
        return "".join(out)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--kncsim", required=True, help="the kncsim binary")
    ap.add_argument("--record", action="store_true", help="rewrite the expected outputs")
    ap.add_argument("-j", "--jobs", type=int, default=2, help="cases at once (default 2)")
    ap.add_argument("names", nargs="*", help="cases to run (default: all)")
    a = ap.parse_args()
    cases = read_cases(GOLDEN / "cases.txt")
    known = {c[0] for c in cases}
    if unknown := [n for n in a.names if n not in known]:
        refuse(f"no case {', '.join(unknown)} in {GOLDEN / 'cases.txt'}")
    if a.names:
        cases = [c for c in cases if c[0] in a.names]
    expected_dir = GOLDEN / "expected"
    if a.record:
        expected_dir.mkdir(exist_ok=True)
    elif stale := sorted({p.stem for p in expected_dir.glob("*.txt")} - known):
        print(f"golden.py: expected outputs without a case: {', '.join(stale)}")
        return 1
    failed = 0
    with concurrent.futures.ThreadPoolExecutor(max(1, a.jobs)) as pool:
        futures = {pool.submit(run_case, os.path.abspath(a.kncsim), c): c[0] for c in cases}
        for future in concurrent.futures.as_completed(futures):
            name = futures[future]
            try:
                got = future.result()
            except (RuntimeError, subprocess.TimeoutExpired) as e:
                print(f"FAIL {name}: {e}")
                failed += 1
                continue
            path = expected_dir / f"{name}.txt"
            if a.record:
                path.write_text(got)
                print(f"recorded {name}")
                continue
            want = path.read_text() if path.exists() else ""
            if got == want:
                print(f"ok   {name}")
                continue
            failed += 1
            print(f"DIFF {name}: its output differs from {path.relative_to(GOLDEN.parent.parent)}"
                  + ("" if want else " (no expected output: run with --record)"))
            diff = list(difflib.unified_diff(want.splitlines(), got.splitlines(), "expected", "now", lineterm="", n=2))
            print("\n".join(diff[:40]) + ("\n..." if len(diff) > 40 else ""))
    print(f"golden set: {len(cases) - failed} of {len(cases)} cases {'recorded' if a.record else 'identical'}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
