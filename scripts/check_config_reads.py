#!/usr/bin/python3
"""The configuration is read only where it is decoded. systemc/config/ parses and stores it;
systemc/spec/ checks the rules between keys and turns a Config into the typed specs
(ExperimentSpec, ContentionSpec, and the smaller decodings beside them), and everything else
reads the spec. It fails, with each file:line:

- a call of one of Config's read methods (.text, .integer, .number, .integers, .is_word,
  .values), or of config/'s network_radices, outside systemc/config/ and systemc/spec/, in
  systemc/, tb/ or tests/. No other type in kncsim has methods of these names, so the rule holds
  whatever the receiver is called. (tests/unit/config_test.cpp tests Config itself.) One lookup
  by name stays allowed: numeric_key, with which a sweep reads the value of the key its
  stop_at_saturation series varies (the sweep file names that key; no spec field holds it).
- reading a value back from the resolved configuration's JSON outside those two folders, in
  systemc/ or tb/: a call of resolved_config_json, or a subscript of a result's "config"
  (["config"]["network"], ["config"].get...). The spec records that JSON once, as
  ExperimentSpec::config, and a report copies it whole; a summary reads the spec. (Tests read
  a result's "config" to check what it records.)
- a text comparison of a word of one of the keys that pick a model (router.impl,
  network.topology, router.routing, router.flow_control, router.arbitration, link.kind,
  traffic.workload) anywhere but spec/model_words.hpp, which decodes them into enums.

    scripts/check_config_reads.py [--root DIR]
Exit 0 when there is none, 1 otherwise.
"""
import argparse
import pathlib
import re
import sys

READ = re.compile(r"(?:\.|->)\s*(?:text|integer|number|integers|is_word|values)\s*\(|\bnetwork_radices\s*\(")
JSON_READ = re.compile(r'\[\s*"config"\s*\]\s*(?:\[|\.)|\bresolved_config_json\s*\(')
EXEMPT = {"tests/unit/config_test.cpp"}
DECODING = ("systemc/config/", "systemc/spec/")
MODEL_KEYS = (r"router\.impl|network\.topology|router\.routing|router\.flow_control|router\.arbitration|link\.kind|"
              r"traffic\.workload")
WORD_COMPARE = re.compile(r'text\(\s*"(?:' + MODEL_KEYS + r')"\s*\)\s*(?:==|!=)')
SOURCE = (".cpp", ".hpp", ".h", ".inc")


def sources(root, folders):
    for folder in folders:
        for path in sorted((root / folder).rglob("*")):
            if path.suffix in SOURCE and path.is_file():
                yield path, path.relative_to(root).as_posix()


def hits_of(path, pattern):
    return [(n, line.strip()) for n, line in enumerate(path.read_text(errors="replace").splitlines(), 1)
            if pattern.search(line)]


def find(root, folders, pattern, skip):
    out = {}
    for path, rel in sources(root, folders):
        if skip(rel):
            continue
        hits = hits_of(path, pattern)
        if hits:
            out[rel] = hits
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--root", default=pathlib.Path(__file__).resolve().parent.parent, type=pathlib.Path)
    a = ap.parse_args()
    outside = lambda rel: rel.startswith(DECODING)  # noqa: E731
    reads = find(a.root, ("systemc", "tb", "tests"), READ, lambda rel: outside(rel) or rel in EXEMPT)
    json_reads = find(a.root, ("systemc", "tb"), JSON_READ, outside)
    words = find(a.root, ("systemc",), WORD_COMPARE, lambda rel: rel == "systemc/spec/model_words.hpp")
    for rel, hits in sorted(reads.items()):
        for n, text in hits:
            print(f"{rel}:{n}: a Config read outside systemc/config/ and systemc/spec/: {text}")
    for rel, hits in sorted(json_reads.items()):
        for n, text in hits:
            print(f"{rel}:{n}: a value read back from the resolved configuration's JSON: {text}")
    for rel, hits in sorted(words.items()):
        for n, text in hits:
            print(f"{rel}:{n}: a model key's word compared outside spec/model_words.hpp: {text}")
    if reads or json_reads:
        print("decode the key in systemc/spec/ (experiment_spec, run_sizing, run_outputs, contention_spec) and read "
              "the spec instead")
    if words:
        print("compare the enum (router_impl(c), network_topology(c), adaptive_routing(c), cut_through_flow(c), "
              "arbitration(c), link_kind(c), workload(c)) instead")
    if reads or json_reads or words:
        return 1
    print("Config reads outside systemc/config/ and systemc/spec/: none; no value read back from the resolved JSON; "
          "model keys' words compared only in spec/model_words.hpp")
    return 0


if __name__ == "__main__":
    sys.exit(main())
