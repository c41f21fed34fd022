#!/usr/bin/python3
"""The configuration is read only where it is decoded: a string-keyed read of a Config
(c.text("router.impl"), .integer, .number, .integers, .is_word, .values) outside systemc/config/
is counted per file and held to tests/lint/config_read_budget.txt. The budget only goes down: a
file over its budget, or a new file that reads the Config, fails with each read's file:line; a
file under its budget fails too, asking for the budget to be lowered, so the ratchet keeps what
a change removed. (tests/unit/config_test.cpp tests Config itself and is not counted.) The end
state is an empty budget.

    scripts/check_config_reads.py [--root DIR]
Exit 0 when every count equals its budget, 1 otherwise, 2 on a bad budget file.
"""
import argparse
import pathlib
import re
import sys

READ = re.compile(r"(?:\b(?:c|cfg|conf|config)|\bp\.config|\bconfig_of\([^()]*\))(?:\.|->)"
                  r"(?:text|integer|number|integers|is_word|values)\(")
EXEMPT = {"tests/unit/config_test.cpp"}


def reads(root):
    out = {}
    for folder in ("systemc", "tb", "tests"):
        for path in sorted((root / folder).rglob("*")):
            if path.suffix not in (".cpp", ".hpp", ".h", ".inc") or not path.is_file():
                continue
            rel = path.relative_to(root).as_posix()
            if rel.startswith("systemc/config/") or rel in EXEMPT:
                continue
            hits = [(n, line.strip()) for n, line in enumerate(path.read_text(errors="replace").splitlines(), 1)
                    for _ in READ.finditer(line)]
            if hits:
                out[rel] = hits
    return out


def budget(path):
    allowed = {}
    for n, line in enumerate(path.read_text().splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        parts = line.split()
        if len(parts) != 2 or not parts[1].isdigit():
            print(f"check_config_reads.py: {path}:{n}: expected 'FILE COUNT', got: {line}", file=sys.stderr)
            sys.exit(2)
        allowed[parts[0]] = int(parts[1])
    return allowed


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--root", default=pathlib.Path(__file__).resolve().parent.parent, type=pathlib.Path)
    a = ap.parse_args()
    found = reads(a.root)
    allowed = budget(a.root / "tests" / "lint" / "config_read_budget.txt")
    bad = 0
    for rel in sorted(set(found) | set(allowed)):
        have, may = len(found.get(rel, [])), allowed.get(rel, 0)
        if have > may:
            bad += 1
            print(f"{rel}: {have} Config reads, budget {may}: decode the keys in systemc/config/ and pass the spec")
            for n, text in found[rel]:
                print(f"  {rel}:{n}: {text}")
        elif have < may:
            bad += 1
            print(f"{rel}: {have} Config reads, budget {may}: lower its budget in tests/lint/config_read_budget.txt")
    total = sum(len(v) for v in found.values())
    print(f"Config reads outside systemc/config/: {total} in {len(found)} files"
          + ("" if bad else " (each at its budget)"))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
