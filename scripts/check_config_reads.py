#!/usr/bin/python3
"""The configuration is read only where it is decoded: systemc/config/ turns a Config into a
typed ExperimentSpec (and the smaller decodings beside it: run sizing, outputs, contention), and
everything else reads the spec. A call of one of Config's read methods (.text, .integer,
.number, .integers, .is_word, .values) anywhere else in systemc/, tb/ or tests/ fails, with
each call's file:line. No other type in kncsim has methods of these names, so the rule holds
whatever the receiver is called. (tests/unit/config_test.cpp tests Config itself.)
Inside systemc/config/, the words of the keys that pick a model (router.impl, network.topology,
router.routing, router.flow_control, router.arbitration, traffic.workload) are compared in one
place, config/model_words.hpp, which decodes them into enums; a text comparison of one of them
anywhere else fails too.

    scripts/check_config_reads.py [--root DIR]
Exit 0 when there is none, 1 otherwise.
"""
import argparse
import pathlib
import re
import sys

READ = re.compile(r"(?:\.|->)\s*(?:text|integer|number|integers|is_word|values)\s*\(")
EXEMPT = {"tests/unit/config_test.cpp"}
MODEL_KEYS = r"router\.impl|network\.topology|router\.routing|router\.flow_control|router\.arbitration|traffic\.workload"
WORD_COMPARE = re.compile(r'text\(\s*"(?:' + MODEL_KEYS + r')"\s*\)\s*(?:==|!=)')


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
                    if READ.search(line)]
            if hits:
                out[rel] = hits
    return out


def word_compares(root):
    out = {}
    for path in sorted((root / "systemc" / "config").rglob("*")):
        if path.suffix not in (".cpp", ".hpp") or path.name == "model_words.hpp":
            continue
        rel = path.relative_to(root).as_posix()
        hits = [(n, line.strip()) for n, line in enumerate(path.read_text(errors="replace").splitlines(), 1)
                if WORD_COMPARE.search(line)]
        if hits:
            out[rel] = hits
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--root", default=pathlib.Path(__file__).resolve().parent.parent, type=pathlib.Path)
    a = ap.parse_args()
    found = reads(a.root)
    for rel, hits in sorted(found.items()):
        for n, text in hits:
            print(f"{rel}:{n}: a Config read outside systemc/config/: {text}")
    words = word_compares(a.root)
    for rel, hits in sorted(words.items()):
        for n, text in hits:
            print(f"{rel}:{n}: a model key's word compared outside config/model_words.hpp: {text}")
    if found:
        print("decode the key in systemc/config/ (experiment_spec, run_sizing, run_outputs, contention_spec) "
              "and read the spec instead")
    if words:
        print("compare the enum (router_impl(c), network_topology(c), adaptive_routing(c), cut_through_flow(c), "
              "arbitration(c), workload(c)) instead")
    if found or words:
        return 1
    print("Config reads outside systemc/config/: none; model keys' words compared only in config/model_words.hpp")
    return 0


if __name__ == "__main__":
    sys.exit(main())
