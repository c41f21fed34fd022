#!/usr/bin/python3
"""Mutation testing of the router RTL and of the SCI ring node RTL: does the test suite notice
when the design is wrong?

Two families of mutants (--family, the table FAMILIES below), each with its own files, tests,
equivalents file and output directory; the router's is the default, and what is said below of
it holds for the SCI node's with these differences:
  router  rtl/wormhole/kncsim_*.sv and the prims (rtl/prim/); lint over the 12 router parameter sets (KNCSIM_RTL_LINT_SETS);
          tests *RouterLockstep*:*RtlNetwork*:*RtlRouterAssertions* without
          *RtlNetworkDrawnSet*, then, for a mutant they all pass, *RtlNetworkDrawnSet*;
          scripts/rtl_mutants_equivalent.json; build/mutants/.
  sci     rtl/sci/kncsim_sci_*.sv and the prims (the packages' functions too; the port connections of
          instances as well); lint once, top kncsim_sci_node_top (its network parameters are
          straps: one model, in two bindings); tests *SciNodeLockstep*:*SciModels*:*SciRtlAssertions*;
          scripts/rtl_mutants_sci_equivalent.json; build/mutants-sci/.

--judge verify judges every mutant by `kncsim verify --seeds 20` alone instead of the tests, with
every assertion compiled out (`define SYNTHESIS in the family's package, as an architect's design
without assertions): the family's VERIFY_DESIGNS one after another while the mutant passes (the
router: seven designs over the parameter sets kncsim verify takes; the SCI node: four). A
failing case kills it. Results go to their own --root (build/mutants-verify/,
build/mutants-sci-verify/); the equivalents are the family's.

How a mutant is tested: nothing is compiled into a build directory. The test binaries of an
existing build (--build, default build/release: build it first; the script never builds it)
get every Verilated model at run time from the model cache (systemc/rtl_cache/), which
Verilates and compiles a model the first time a process needs it. With KNCSIM_RTL_DIR set they
take kncsim's RTL from that directory (laid out as rtl/: wormhole/ for the router, sci/ for the
SCI node, prim/ for both) instead of rtl/, and a model's cache key covers its sources and their directory: so each worker
writes the mutated copy of rtl/ into its own directory, <root>/worker<N>/rtl, and runs the tests
with KNCSIM_RTL_DIR=<that copy> and KNCSIM_CACHE=<root>/cache, a cache of the run's own (shared
by the workers: the cache locks per model) so that models of mutants never go into the user's.
The tests build the models they need on demand, so a mutant an early test kills builds few;
ccache keeps the objects of what a mutation did not change. A mutant's models are removed from
the cache when it is done (no other mutant can use them). Building up front instead what
`kncsim rtl build --tests -j 2` builds took 70-95 s a mutant of kncsim_router.sv (its 24
router models), against 10-20 s on demand for one the first tests kill and about 130 s for a
survivor (32 models, the drawn sets' 8 too): on demand wins, since most mutants are killed.

What it does
  1. Generates mutants of the router's design code (rtl/wormhole/*.sv, never inside
     `ifndef SYNTHESIS blocks, comments, strings, declarations, module headers or the
     assertion-only checker instances): one small textual change of one line each, of six
     classes:
       relational   < <-> <=, > <-> >=, == <-> != (a nonblocking assignment's <= is left alone)
       arithmetic   + <-> -
       constant     a literal off by one (N -> N+1 / N-1, width and base kept), 1'b0 <-> 1'b1,
                    '0 <-> '1
       condition    if (x) -> if (!(x)), && <-> ||, !x -> x
       stuck_at     the right-hand side of an assignment to a 1-bit signal (an enable, a
                    valid, a push, a pop...) -> 1'b0 or 1'b1
       dropped      a nonblocking assignment in an always_ff keeps the old value (q <= q)
     All sites are found, then --count of them are drawn with a seeded random sample spread
     over files and classes (--seed, default 1: the same mutants every time). Each gets an id
     (M001...), a file and line, and its original and mutated line (--list).
  2. Checks first that the unmutated RTL passes the tests below, in worker1's directory (the
     baseline; the run stops if it does not: every mutant would look killed). Then runs each
     mutant: Verilator lint (verilator --lint-only -Wall --assert, as CI's rtl_lint_* tests,
     over every parameter set of KNCSIM_RTL_LINT_SETS in rtl/CMakeLists.txt, those of the
     LINT_FIRST table below for the mutant's file first; the sources in the order of
     KNCSIM_RTL_SOURCES, KNCSIM_SCI_RTL_SOURCES); a hard error is "stillborn" (left out of the
     score), a warning "lint" (CI would reject the change). A lint-clean mutant is tested:
       <build>/tests/<binary> --gtest_filter=<the family's filter> --gtest_fail_fast
     for every binary of TEST_BINARIES (equivalence_tests, unit_tests, rtl_mutation_tests)
     that has tests the filter selects (found with --gtest_list_tests; --dry-run shows them:
     today equivalence_tests alone), filter after filter while the mutant survives. A failing
     run "killed" it (the first failing test is recorded), a run past --timeout "timeout"
     (counted as detected: a hang fails CI too), a passing one "survived".
     A run the model cache stopped because it refused the mutated sources ("Verilator refused
     the ... sources", "... do not have the port contract", a compile error in the Verilated
     code) is "stillborn"; one stopped by a Verilator warning (kncsim builds with warnings as
     errors; a parameter set lint does not cover, as the drawn ones) is "lint". A run that ran
     no test is a harness "error" (not recorded: fix the tree and run again).
     The drawn parameter sets (RtlNetworkDrawnSet: 8 sets none of the twelve has, each a model
     of its own) run last and only for a mutant that passed the rest: they may kill a mutant
     the twelve reference sets miss, and cost nothing for the mutants those kill.
     (`kncsim rtl check --tests` would add nothing: a mutant never touches a module header, a
     parameter or a declaration, so the tops' ports cannot change, and lint -Wall sees every
     warning it would, for the same parameter sets.)
  3. Writes each result to build/mutants/results/<id>.json as it finishes (--lint-only too, for
     the mutants lint kills or finds stillborn); a second run skips the mutants done (--fresh
     redoes them) and --only M003,M017 runs a subset.
  4. Reports a table (id, file:line, class, status, the killing test or the reason), the
     totals, and the mutation score, on stdout and in build/mutants/report.md:
       score = (killed + lint + timeout) / (mutants not stillborn - survivors known equivalent)
     Survivors are looked up in scripts/rtl_mutants_equivalent.json, an object from a mutant's
     signature ("file: original line  =>  mutated line", stable when ids move) to the reason it
     cannot change behaviour. Survivors not listed there are HOLES in the tests: they are
     printed last, with their lines, for someone to write the test that kills them (or to
     explain them in that file).

How long it takes (measured on 2 cores shared with another build, one worker)
  --list, --dry-run, --report: under a second. --lint-only: about 3-4 s a router mutant (12
  parameter sets), 0.2 s an SCI one. The baseline: a new worker directory builds every model
  the tests use (router: 32 models, 5 minutes; SCI: 2 models, 15 s) and runs the tests (router
  12 s, SCI 65 s); later baselines find the models in the cache. A router mutant: 10-20 s when
  a death test or the first network test kills it, 20-45 s when a test of a VC router does
  (the models of the routers without VCs are built before it, quickly: ccache), about 100 s
  when only the lockstep tests do, about 150 s for a survivor (all 32 models, then every
  test). By these times the 70 mutants of docs/rtl-mutation-report.md take about 50 minutes
  on one worker. An SCI mutant: about 6 s when killed early (both node models, then the test),
  about 65 s for a survivor (every test): 100 mutants in about 25 minutes. --timeout counts
  the tests only: the clock stops while a process of the run builds a model. Results
  accumulate across runs, so a slice at a time with --only works too.

Reading the output
  A progress bar on stderr, and a line per finished mutant. Then the table, the totals, the
  score, and the holes. Logs of every step: build/mutants/logs/<id>.{lint,test}.log (the
  baseline's: baseline.test.log); the log of a model the cache refused is named in the test
  log (<root>/cache/failed/).

Examples
  scripts/rtl_mutants.py --list                  the mutants, and how many per file and class
  scripts/rtl_mutants.py --lint-only             the lint triage of all of them
  scripts/rtl_mutants.py --only M003,M017        two of them, end to end
  scripts/rtl_mutants.py --jobs 2 --nice 10      all of them (resumes where a last run stopped)
  scripts/rtl_mutants.py --report                the report of the results so far
  scripts/rtl_mutants.py --count 70 --jobs 2     the run of docs/rtl-mutation-report.md
  scripts/rtl_mutants.py --family sci --count 100 --jobs 2 --nice 10
                                                 100 mutants of the SCI ring node, end to end
                                                 (docs/rtl-sci-mutation-report.md)

The RTL is read once, at the start: every mutant of a run is made from that snapshot (an edit
to rtl/ during a run does not mix in; the results record the snapshot's hash, and the report
counts results from another one). The rest of the tree is taken as the build is: rebuild it
(cmake --build build/release) after changing systemc/ or tests/, before a run.

Equivalent mutants: a survivor that cannot change what the router does at its pins (e.g. it
changes a value no one reads in that variant). Add it to scripts/rtl_mutants_equivalent.json
with a one-paragraph reason; the score then leaves it out.
"""
import argparse
import concurrent.futures
import dataclasses
import fnmatch
import hashlib
import json
import math
import os
import queue
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from tqdm import tqdm

import kncsim_output

REPO = Path(__file__).resolve().parent.parent
RTL = REPO / "rtl"

# ---- which router variants lint a mutant first, by the file it is in ---------------------------
# Lint runs every variant (KNCSIM_RTL_LINT_SETS in rtl/CMakeLists.txt) and stops at the first
# complaint: these, the variants that exercise the file, go first, so that the complaint reported
# is about a variant that uses the changed code. (The tests need no such table: every model they
# use is built on demand from the mutated sources.) Names after "router_":
# d<dims>_q<depth>_a<adaptive>_c<cut-through>, and for routers with virtual channels
# _v<vcs>_t<torus>_r<arbitration: 0 token, 1 round robin, 2 oldest first>.
SINGLE_VC = ["d1_q8_a0_c1",   # 1D, cut-through
             "d2_q4_a0_c0",   # 2D wormhole, dimension order
             "d2_q4_a1_c0",   # 2D wormhole, adaptive
             "d2_q8_a0_c1",   # 2D cut-through
             "d3_q2_a0_c0"]   # 3D, 2-flit FIFOs
VC = ["d2_q4_a0_c0_v2_t1_r0",  # torus, datelines, priority token
      "d2_q4_a1_c0_v3_t1_r1",  # torus, Duato, round robin
      "d2_q4_a0_c0_v3_t0_r1",  # mesh, 3 VCs, round robin
      "d2_q4_a0_c0_v2_t1_r2"]  # torus, datelines, oldest first
LINT_FIRST = {
    "wormhole/kncsim_router.sv":        SINGLE_VC,
    "wormhole/kncsim_vc_router.sv":     VC,
    "wormhole/kncsim_switch_alloc.sv":  VC,
    "wormhole/kncsim_vc_route.sv":      VC,
    "wormhole/kncsim_vc_rr_alloc.sv":   ["d2_q4_a1_c0_v3_t1_r1", "d2_q4_a0_c0_v3_t0_r1"],
    "wormhole/kncsim_vc_age_alloc.sv":  ["d2_q4_a0_c0_v2_t1_r2"],
    # adaptive routing too: the only place an input may take more than one output
    "wormhole/kncsim_token_alloc.sv":   ["d2_q4_a0_c0", "d2_q4_a1_c0", "d2_q4_a0_c0_v2_t1_r0"],
    "wormhole/kncsim_router_regs.sv":   ["d2_q4_a0_c0", "d2_q4_a0_c0_v2_t1_r0"],
    # the prims both families use (the SCI node's mutants of them are its own: sci below)
    "prim/kncsim_prim_fifo.sv": ["d2_q4_a0_c0", "d2_q4_a1_c0", "d2_q4_a0_c0_v2_t1_r0"],
    "prim/kncsim_prim_pkg.sv":  ["d2_q4_a0_c0", "d2_q4_a1_c0", "d2_q4_a0_c0_v3_t0_r1"],
    "wormhole/kncsim_route_compute.sv": ["d2_q4_a0_c0", "d2_q4_a1_c0", "d2_q4_a1_c0_v3_t1_r1"],  # + torus Duato
    "wormhole/kncsim_router_top.sv":    ["d2_q4_a0_c0", "d2_q4_a1_c0", "d2_q4_a0_c0_v2_t1_r0"],
}

# ---- the SCI ring node: one top (kncsim_sci_node_top), linted once ----------------------------
# Its files, by their path under rtl/ (the order is the sample's: keep it, or the ids move).
SCI_FILES = ["sci/kncsim_sci_pkg.sv", "prim/kncsim_prim_fifo.sv", "prim/kncsim_prim_pkg.sv",
             "sci/kncsim_sci_active_buffer.sv", "sci/kncsim_sci_ring_if.sv", "sci/kncsim_sci_switch.sv",
             "sci/kncsim_sci_node.sv", "sci/kncsim_sci_node_top.sv"]


@dataclasses.dataclass(frozen=True)
class Family:
    """One design the script mutates: its files, how a mutant is linted and tested, and where
    the results go."""
    title: str               # the report's heading
    rtl_dir: str             # the directory under rtl/ of its files: the RTL hash covers them
    lint_first: dict         # mutated file (path under rtl/) -> lint sets its mutants are linted with first
    sources_list: str        # the rtl/CMakeLists.txt list of its sources, in Verilator's order
    top_module: str
    lint_per_variant: bool   # lint once per router variant (its -G parameters), else once
    test_steps: tuple        # gtest filters, run one after another while the mutant survives
    equivalent_file: Path    # survivors known equivalent: signature -> reason
    root: Path               # default --root: worker directories, model cache, results, logs, report
    instance_ports: bool     # mutate the port connections of an instance with a #(...) parameter list


FAMILIES = {
    "router": Family(
        title="Router RTL mutation testing", rtl_dir="wormhole", lint_first=LINT_FIRST,
        sources_list="KNCSIM_RTL_SOURCES", top_module="kncsim_router_top", lint_per_variant=True,
        # The drawn parameter sets last, and only for a mutant the rest did not kill: each needs
        # a model of its own (8 more builds), which a mutant killed before them never pays for.
        test_steps=("*RouterLockstep*:*RtlNetwork*:*RtlRouterAssertions*-*RtlNetworkDrawnSet*",
                    "*RtlNetworkDrawnSet*"),
        equivalent_file=REPO / "scripts" / "rtl_mutants_equivalent.json", root=REPO / "build" / "mutants",
        # Off: the router's instances stay whole, as before the SCI family came, so that its
        # sample (its mutant ids, its report) stays what it was.
        instance_ports=False),
    "sci": Family(
        title="SCI ring node RTL mutation testing", rtl_dir="sci", lint_first={f: [] for f in SCI_FILES},
        sources_list="KNCSIM_SCI_RTL_SOURCES", top_module="kncsim_sci_node_top", lint_per_variant=False,
        test_steps=("*SciNodeLockstep*:*SciModels*:*SciRtlAssertions*",),
        equivalent_file=REPO / "scripts" / "rtl_mutants_sci_equivalent.json", root=REPO / "build" / "mutants-sci",
        instance_ports=True),
}
DEFAULT_FAMILY = "router"
# The test binaries (in <build>/tests/) searched for the tests of a family's filters; each
# filter runs in every one of them that has a test it matches.
TEST_BINARIES = ("equivalence_tests", "unit_tests", "rtl_mutation_tests")
DEFAULT_BUILD = REPO / "build" / "release"
CLASSES = ["relational", "arithmetic", "constant", "condition", "stuck_at", "dropped"]
# Instances of these modules are assertions only: their connections are not design code.
CHECKER_MODULES = ("kncsim_grant_check", "kncsim_prim_reset_check")

# Set at ^C: the workers' test runs stop.
# --judge verify: the designs kncsim verify judges a mutant with (--set arguments of each), in
# order; the router's cover the parameter sets verify takes (a mesh's adaptive routing can
# deadlock, so verify refuses it: its code runs in the Duato torus); the ring node's, whole-packet
# and stomp acceptance and two to four dimensions (the fourth ring interface).
VERIFY_DESIGNS = {
    "router": [
        "network.radix=4 router.impl=rtl router.fifo_flits=4 router.flow_control=wormhole",
        "network.dims=1 network.radix=8 router.impl=rtl router.fifo_flits=8 router.flow_control=cut_through "
        "traffic.packet_flits=4",
        "network.radix=4 router.impl=rtl router.fifo_flits=4 router.flow_control=wormhole network.topology=torus "
        "router.vcs=2",
        "network.radix=4 router.impl=rtl router.fifo_flits=4 router.flow_control=wormhole network.topology=torus "
        "router.routing=adaptive router.vcs=3 router.arbitration=round_robin",
        "network.radix=4 router.impl=rtl router.fifo_flits=4 router.flow_control=wormhole router.vcs=3 "
        "router.arbitration=round_robin",
        "network.radix=4 router.impl=rtl router.fifo_flits=4 router.flow_control=wormhole network.topology=torus "
        "router.vcs=2 router.arbitration=oldest_first",
        "network.dims=3 network.radix=3 router.impl=rtl router.fifo_flits=2 router.flow_control=wormhole",
    ],
    "sci": [
        "network.topology=rings router.model=sci router.impl=rtl router.active_buffer_packets=4 network.dims=2 "
        "network.radix=4",
        "network.topology=rings router.model=sci router.impl=rtl router.active_buffer_packets=4 network.dims=2 "
        "network.radix=4 router.sci_accept=stomp router.input_queue_flits=20",
        "network.topology=rings router.model=sci router.impl=rtl router.active_buffer_packets=2 network.dims=3 "
        "network.radix=3",
        "network.topology=rings router.model=sci router.impl=rtl router.active_buffer_packets=4 network.dims=4 "
        "network.radix=2",
    ],
}
VERIFY_PACKAGE = {"router": "wormhole/kncsim_pkg.sv", "sci": "sci/kncsim_sci_pkg.sv"}
# Survivors of --judge verify that are legal designs (another arbitration order or starting
# priority, ...): what verify judges is what any router must do, so a mutant that makes a
# different correct router is not a hole. Signature -> why it is correct.
VERIFY_LEGAL = {"router": REPO / "scripts" / "rtl_mutants_verify_legal.json",
                "sci": REPO / "scripts" / "rtl_mutants_sci_verify_legal.json"}
VERIFY_SEEDS = 20


@dataclasses.dataclass
class VerifyStep:
    """One design kncsim verify judges a mutant with."""
    design: str  # --set arguments, space separated
    binary: Path  # kncsim


STOPPING = threading.Event()

# Statuses: detected ones count for the score; stillborn ones are left out of it.
DETECTED = ("killed", "lint", "timeout")
STATUSES = ("stillborn", "killed", "lint", "timeout", "survived")


class UsageError(Exception):
    """Bad command-line input: reported on stderr with exit status 2."""


# ---- mutants ---------------------------------------------------------------------------------

@dataclasses.dataclass
class Mutant:
    file: str
    line: int       # 1-based
    col: int        # 0-based column of the change
    klass: str
    what: str       # e.g. "< -> <="
    original: str   # the whole line, without its newline
    mutated: str
    id: str = ""
    occurrence: int = 1  # which of the file's lines with this same text (1: the first)
    lint_first: list = dataclasses.field(default_factory=list)  # lint sets to lint it with first

    @property
    def signature(self):
        """Names the mutant by its text, not its id: file, original and mutated line."""
        sig = f"{self.file}: {self.original.strip()}  =>  {self.mutated.strip()}"
        return sig if self.occurrence == 1 else f"{sig}  (#{self.occurrence})"


# ---- reading the design code -------------------------------------------------------------------

def blank_comments(raw, in_block):
    """The line with comments and string literals blanked (same length); the block-comment state after."""
    out = []
    i, n = 0, len(raw)
    while i < n:
        if in_block:
            end = raw.find("*/", i)
            stop = n if end < 0 else end + 2
            out.append(" " * (stop - i))
            in_block = end < 0
            i = stop
        elif raw.startswith("//", i):
            out.append(" " * (n - i))
            i = n
        elif raw.startswith("/*", i):
            in_block = True
        elif raw[i] == '"':
            end = i + 1
            while end < n and raw[end] != '"':
                end += 2 if raw[end] == "\\" else 1
            stop = min(end + 1, n)
            out.append(" " * (stop - i))
            i = stop
        else:
            out.append(raw[i])
            i += 1
    return "".join(out), in_block


def matching(code, i, open_ch="(", close_ch=")"):
    """Index of the bracket closing the one at code[i], on this line; None if it does not close."""
    depth = 0
    for j in range(i, len(code)):
        if code[j] == open_ch:
            depth += 1
        elif code[j] == close_ch:
            depth -= 1
            if depth == 0:
                return j
    return None


def mask_line(code):
    """Blank (NUL) the parts of a code line no mutant may touch: for-loop headers and constant
    range selects [a:b] (changing one changes a width, which lint rejects outright)."""
    chars = list(code)
    for m in re.finditer(r"\bfor\s*\(", code):
        end = matching(code, m.end() - 1)
        for j in range(m.end() - 1, len(code) if end is None else end + 1):
            chars[j] = "\0"
    i = 0
    while True:
        i = code.find("[", i)
        if i < 0:
            break
        end = matching(code, i, "[", "]")
        if end is None:
            break
        inner = code[i + 1:end]
        if re.search(r"(?<![+\-]):", inner) and "?" not in inner:
            for j in range(i, end + 1):
                chars[j] = "\0"
            i = end + 1
        else:
            i += 1
    return "".join(chars)


NOT_DESIGN_START = re.compile(
    r"^\s*(logic|bit|int|integer|flit_t|localparam|parameter|genvar|typedef|input|output|inout|"
    r"import|module|endmodule|function|endfunction|task|endtask|package)\b")


def design_lines(text, instance_ports=False):
    """(line number, raw line, code, mask) for each line a mutant may change. An instance's
    parameter list #(...) never; its port connections only with instance_ports (else the whole
    instance is left alone)."""
    in_block = False
    ifdefs = []       # per open `ifdef/`ifndef: [about SYNTHESIS, current branch excluded]
    header = None     # paren depth inside a module header, None outside it
    params = None     # paren depth inside an instance's parameter list #( ... )
    checker = None    # paren depth inside an instance of an assertion-only module
    for n, raw in enumerate(text.split("\n"), 1):
        code, in_block = blank_comments(raw, in_block)
        s = code.strip()
        m = re.match(r"`(ifndef|ifdef)\s+(\w+)", s)
        if m:
            synth = m.group(2) == "SYNTHESIS"
            ifdefs.append([synth, synth and m.group(1) == "ifndef"])
            continue
        if s.startswith("`else") and ifdefs:
            ifdefs[-1][1] = ifdefs[-1][0] and not ifdefs[-1][1]
            continue
        if s.startswith("`endif") and ifdefs:
            ifdefs.pop()
            continue
        if any(excluded for _, excluded in ifdefs) or not s or s.startswith("`"):
            continue
        depth = code.count("(") - code.count(")")
        if header is not None or re.match(r"module\b", s):
            header = (header or 0) + depth
            if header == 0 and s.endswith(");"):
                header = None
            continue
        if checker is not None or any(re.search(rf"\b{c}\b", code) for c in CHECKER_MODULES):
            checker = (checker or 0) + depth
            if checker <= 0 and s.endswith(";"):
                checker = None
            continue
        if params is not None or "#(" in code:
            at = code.find("#(") if params is None else 0
            if instance_ports:  # up to the close of #( only: the port connections follow it
                params = params or 0
                for ch in code[at:]:
                    params += {"(": 1, ")": -1}.get(ch, 0)
                    if params == 0:
                        break
            else:
                params = (params or 0) + code.count("(", at) - code.count(")", at)
            if params <= 0:
                params = None
            continue
        if NOT_DESIGN_START.match(code) or "unused" in code:
            continue
        yield n, raw, code, mask_line(code)


# ---- declarations: which signals are one bit wide ---------------------------------------------

DECL = re.compile(r"^\s*(?:(?:input|output|inout)\s+)?(?:logic|bit)\b\s*(?:(?:signed|unsigned)\b\s*)?"
                  r"((?:\[[^\]]*\]\s*)*)(.*)$")


def declarations(text):
    """name -> (packed dimensions, unpacked dimensions) of every logic/bit declared in the file
    (None when the name is declared twice with different shapes)."""
    shapes = {}
    in_block = False
    for raw in text.split("\n"):
        code, in_block = blank_comments(raw, in_block)
        m = DECL.match(code)
        if not m:
            continue
        packed = m.group(1).count("[")
        for part in m.group(2).split(","):
            nm = re.match(r"\s*([A-Za-z_]\w*)\s*((?:\[[^\]]*\]\s*)*)", part)
            if not nm or not nm.group(1):
                continue
            shape = (packed, nm.group(2).count("["))
            name = nm.group(1)
            shapes[name] = shape if shapes.get(name, shape) == shape else None
    return shapes


def parse_lvalue(code, i):
    """(end, name, [index texts], field) of a variable reference starting at code[i], or None."""
    m = re.compile(r"[A-Za-z_]\w*").match(code, i)
    if not m:
        return None
    name, j, indices = m.group(0), m.end(), []
    while True:
        k = j
        while k < len(code) and code[k] == " ":
            k += 1
        if k < len(code) and code[k] == "[":
            end = matching(code, k, "[", "]")
            if end is None:
                return None
            indices.append(code[k + 1:end])
            j = end + 1
        else:
            break
    field = None
    fm = re.compile(r"\.([A-Za-z_]\w*)").match(code, j)
    if fm:
        field, j = fm.group(1), fm.end()
    return j, name, indices, field


def statement_start(code):
    """Where the statement proper starts, past `else`, `begin`, `if (...)`, `for (...)`, `assign`."""
    i = 0
    while True:
        while i < len(code) and code[i].isspace():
            i += 1
        m = re.compile(r"(else|begin|assign)\b").match(code, i)
        if m:
            i = m.end()
            continue
        m = re.compile(r"(if|for)\s*\(").match(code, i)
        if m:
            end = matching(code, m.end() - 1)
            if end is None:
                return None
            i = end + 1
            continue
        return i


def is_nonblocking(code, pos):
    """Whether the <= at code[pos] is a nonblocking assignment (what precedes it is an lvalue)."""
    start = statement_start(code[:pos])
    if start is None:
        return False
    lv = parse_lvalue(code, start)
    return lv is not None and code[lv[0]:pos].strip() == ""


def assignment(code):
    """(lhs start, lhs end, lvalue, op, rhs start, rhs end) of a one-line assignment, or None."""
    start = statement_start(code)
    if start is None:
        return None
    lv = parse_lvalue(code, start)
    if lv is None:
        return None
    m = re.compile(r"\s*(<=|=)(?!=)\s*").match(code, lv[0])
    if not m:
        return None
    rhs_start = m.end()
    semi = code.find(";", rhs_start)
    if semi < 0 or code[semi + 1:].strip() or code.count("(", rhs_start, semi) != code.count(")", rhs_start, semi):
        return None
    rhs_end = len(code[:semi].rstrip())
    return start, lv[0], lv, m.group(1), rhs_start, rhs_end


def one_bit(lvalue, shapes):
    _, name, indices, field = lvalue
    shape = shapes.get(name)
    if shape is None or field is not None or any(":" in ix for ix in indices):
        return False
    return len(indices) == shape[0] + shape[1]


LITERAL = re.compile(r"^(\d+'[sS]?[bBdDhH][0-9a-fA-F_]+|'[01]|\d+)$")


# ---- finding the sites of each class ------------------------------------------------------------

def edit(raw, start, end, text):
    return raw[:start] + text + raw[end:]


def relational_sites(raw, code, mask):
    swap = {"<": "<=", "<=": "<", ">": ">=", ">=": ">", "==": "!=", "!=": "=="}
    for m in re.finditer(r"===|!==|==|!=|<=|>=|<<<|>>>|<<|>>|->|=>|<|>", mask):
        op = m.group(0)
        if op not in swap or (op == "<=" and is_nonblocking(code, m.start())):
            continue
        yield m.start(), f"{op} -> {swap[op]}", edit(raw, m.start(), m.end(), swap[op])


def arithmetic_sites(raw, code, mask):
    for m in re.finditer(r"(?<![+\-])[+\-](?![+\-:=])", mask):
        before = code[:m.start()].rstrip()
        if not before or before[-1] in "([{,=?:&|^~!<>+-*/%":
            continue  # unary
        new = "-" if m.group(0) == "+" else "+"
        yield m.start(), f"{m.group(0)} -> {new}", edit(raw, m.start(), m.end(), new)


def constant_sites(raw, code, mask):
    for m in re.finditer(r"(?<![\w'])(\d+)'([sS]?)([bBdDhH])([0-9a-fA-F_]+)(?![\w'])", mask):
        width, signed, base, digits = int(m.group(1)), m.group(2), m.group(3), m.group(4).replace("_", "")
        radix = {"b": 2, "d": 10, "h": 16}[base.lower()]
        try:
            value = int(digits, radix)
        except ValueError:
            continue
        if width == 1:
            news = [1 - value]
        else:
            news = [v for v in (value + 1, value - 1) if 0 <= v < 2 ** width]
        fmt = {2: "b", 10: "d", 16: "x"}[radix]
        for v in news:
            text = f"{width}'{signed}{base}{format(v, fmt)}"
            yield m.start(), f"{m.group(0)} -> {text}", edit(raw, m.start(), m.end(), text)
    for m in re.finditer(r"(?<![\w')])'([01])(?![\w'(])", mask):
        text = "'1" if m.group(1) == "0" else "'0"
        yield m.start(), f"{m.group(0)} -> {text}", edit(raw, m.start(), m.end(), text)
    for m in re.finditer(r"(?<![\w'.$])(\d+)(?![\w'.])", mask):
        value = int(m.group(1))
        for v in (value + 1, value - 1):
            if v >= 0:
                yield m.start(), f"{value} -> {v}", edit(raw, m.start(), m.end(), str(v))


def condition_sites(raw, code, mask):
    for m in re.finditer(r"\bif\s*\(", mask):
        open_at = m.end() - 1
        close = matching(mask, open_at)
        if close is None:
            continue
        cond = raw[open_at + 1:close]
        if re.fullmatch(r"\s*!\s*[A-Za-z_]\w*\s*", cond):
            continue  # the same as dropping its !, found below
        yield m.start(), "if (x) -> if (!(x))", edit(raw, open_at, close + 1, f"(!({cond}))")
    for m in re.finditer(r"&&|\|\|", mask):
        new = "||" if m.group(0) == "&&" else "&&"
        yield m.start(), f"{m.group(0)} -> {new}", edit(raw, m.start(), m.end(), new)
    for m in re.finditer(r"!(?!=)", mask):
        yield m.start(), "!x -> x", edit(raw, m.start(), m.end(), "")


def stuck_at_sites(raw, code, mask, shapes):
    a = assignment(code)
    if a is not None:
        _, _, lv, _, rs, re_ = a
        rhs = code[rs:re_].strip()
        if one_bit(lv, shapes) and not LITERAL.match(rhs) and "\0" not in mask[rs:re_]:
            for v in ("1'b0", "1'b1"):
                yield rs, f"{lv[1]} stuck at {v[-1]}", edit(raw, rs, re_, v)
    for m in re.finditer(r"\.(push_i|pop_i)\s*\(", mask):
        close = matching(mask, m.end() - 1)
        if close is None:
            continue
        for v in ("1'b0", "1'b1"):
            yield m.end(), f".{m.group(1)} stuck at {v[-1]}", edit(raw, m.end(), close, v)


def dropped_sites(raw, code, mask):
    a = assignment(code)
    if a is None or a[3] != "<=":
        return
    ls, le, lv, _, rs, re_ = a
    lhs = code[ls:le].strip()
    if code[rs:re_].strip() != lhs:
        yield ls, f"{lhs} keeps its value", edit(raw, rs, re_, lhs)


def file_sites(family, name, text):
    """Every candidate mutant of one file, in line order. (Nonblocking assignments, the ones
    `dropped` removes, are in always_ff blocks only: the design code has no other.)"""
    shapes = declarations(text)
    out = []
    for n, raw, code, mask in design_lines(text, family.instance_ports):
        finders = [("relational", relational_sites(raw, code, mask)),
                   ("arithmetic", arithmetic_sites(raw, code, mask)),
                   ("constant", constant_sites(raw, code, mask)),
                   ("condition", condition_sites(raw, code, mask)),
                   ("stuck_at", stuck_at_sites(raw, code, mask, shapes)),
                   ("dropped", dropped_sites(raw, code, mask))]
        for klass, sites in finders:
            for col, what, mutated in sites:
                if mutated != raw:
                    out.append(Mutant(name, n, col, klass, what, raw, mutated,
                                      lint_first=list(family.lint_first[name])))
    return out


def all_sites(family, sources):
    """Every candidate in every mutated file, without duplicates (same file, line and text)."""
    seen, out = set(), []
    for name in family.lint_first:
        for m in file_sites(family, name, sources[name]):
            key = (m.file, m.line, m.mutated)
            if key not in seen:
                seen.add(key)
                out.append(m)
    return out


def quotas(sizes, count):
    """Mutants per file: shares of `count` by the square root of the file's number of sites
    (big files get more, small ones are not starved), none above what a file has."""
    order = list(sizes)
    quota = {f: 0 for f in order}
    left = min(count, sum(sizes.values()))
    while left > 0:
        open_files = [f for f in order if quota[f] < sizes[f]]
        total = sum(math.sqrt(sizes[f]) for f in open_files)
        share = {f: left * math.sqrt(sizes[f]) / total for f in open_files}
        given = 0
        for f in open_files:
            n = min(int(share[f]), sizes[f] - quota[f])
            quota[f] += n
            given += n
        if given == 0:  # less than one each: the largest remainders get one
            for f in sorted(open_files, key=lambda f: (-(share[f] % 1), order.index(f)))[:left]:
                quota[f] += 1
                given += 1
        left -= given
    return quota


def sample(family, sites, count, seed):
    """`count` sites by a seeded random draw: per file a quota (quotas()), taken in turns over
    the classes so each class is represented; ids in file, line and column order."""
    rng = random.Random(seed)
    order = list(family.lint_first)
    by_file = {f: {c: [m for m in sites if m.file == f and m.klass == c] for c in CLASSES} for f in order}
    for f in order:
        for c in CLASSES:
            rng.shuffle(by_file[f][c])
    quota = quotas({f: sum(len(v) for v in by_file[f].values()) for f in order}, count)
    chosen = []
    for f in order:
        taken = 0
        while taken < quota[f]:
            for c in CLASSES:
                if by_file[f][c] and taken < quota[f]:
                    chosen.append(by_file[f][c].pop())
                    taken += 1
    chosen.sort(key=lambda m: (order.index(m.file), m.line, m.col, m.klass, m.mutated))
    return chosen


def generate(family, sources, count, seed):
    mutants = sample(family, all_sites(family, sources), count, seed)
    for i, m in enumerate(mutants, 1):
        m.id = f"M{i:03d}"
        lines = sources[m.file].split("\n")
        m.occurrence = sum(1 for l in lines[:m.line - 1] if l.strip() == m.original.strip()) + 1
    return mutants


def mutated_text(sources, m):
    lines = sources[m.file].split("\n")
    assert lines[m.line - 1] == m.original
    lines[m.line - 1] = m.mutated
    return "\n".join(lines)


# ---- rtl/CMakeLists.txt: the lint sets and the source order ---------------------------------------

def cmake_lint_sets():
    """name suffix -> Verilator -G parameters, for every parameter set of KNCSIM_RTL_LINT_SETS in
    rtl/CMakeLists.txt (its rtl_lint_* tests)."""
    text = (RTL / "CMakeLists.txt").read_text()
    block = re.search(r"set\(KNCSIM_RTL_LINT_SETS(.*?)\)", text, re.S)
    if not block:
        raise SystemExit("rtl/CMakeLists.txt: no set(KNCSIM_RTL_LINT_SETS ...)")
    out = {}
    for fields in re.findall(r'"([\d ]+)"', block.group(1)):
        f = [int(x) for x in fields.split()]
        dims, depth, adaptive, cut = f[:4]
        vcs, torus, arb = f[4:7] if len(f) > 4 else (1, 0, 0)
        name = f"d{dims}_q{depth}_a{adaptive}_c{cut}" + (f"_v{vcs}_t{torus}_r{arb}" if len(f) > 4 else "")
        out[name] = [f"-GDims={dims}", f"-GDepth={depth}", f"-GAdaptive=1'b{adaptive}",
                     f"-GCutThrough=1'b{cut}", f"-GTorus=1'b{torus}", f"-GVcs={vcs}", f"-GArb={arb}"]
    if not out:
        raise SystemExit("rtl/CMakeLists.txt: set(KNCSIM_RTL_LINT_SETS ...) has no parameter set")
    return out


def cmake_sources(list_name):
    """A design's source files (paths under rtl/), in the order rtl/CMakeLists.txt gives
    Verilator: its list `list_name`, of files in ${KNCSIM_RTL_DIR}."""
    text = (RTL / "CMakeLists.txt").read_text()
    block = re.search(rf"set\({list_name}\b(.*?)\)", text, re.S)
    if not block:
        raise SystemExit(f"rtl/CMakeLists.txt: no set({list_name} ...)")
    files = []
    for file, inner in re.findall(r"\$\{KNCSIM_RTL_DIR\}/([\w./]+)|\$\{(\w+)\}", block.group(1)):
        files += [file] if file else cmake_sources(inner)  # a list inside the list: its files
    if not files:
        raise SystemExit(f"rtl/CMakeLists.txt: set({list_name} ...) names no file in ${{KNCSIM_RTL_DIR}}")
    return files


def pristine_sources():
    """The .sv and .vlt files of rtl/ and its subdirectories (the SCI node's rtl/sci/) as they
    are now, by their path under rtl/: every mutant is made from this snapshot, and a worker's
    copy of rtl/ holds them all."""
    return {p.relative_to(RTL).as_posix(): p.read_text() for p in sorted(RTL.rglob("*"))
            if p.suffix in (".sv", ".svh", ".vlt") and p.is_file()}


def rtl_hash(family, sources):
    """The hash of the family's own files (those in its directory of rtl/) and of the prims."""
    h = hashlib.sha256()
    for name in sorted(n for n in sources if os.path.dirname(n) in (family.rtl_dir, "prim")):
        h.update(name.encode() + b"\0" + sources[name].encode() + b"\0")
    return h.hexdigest()[:16]


# ---- the test binaries ---------------------------------------------------------------------------

@dataclasses.dataclass(frozen=True)
class TestStep:
    binary: Path
    filter: str
    tests: int  # how many tests the filter selects in it


def listed_tests(binary):
    """Every test of a gtest binary (Suite.Name, parameters included)."""
    r = subprocess.run([str(binary), "--gtest_list_tests"], capture_output=True, text=True)
    if r.returncode != 0:
        raise UsageError(f"{binary} --gtest_list_tests failed (exit {r.returncode}): "
                         f"{(r.stderr or r.stdout).strip()[:300]}")
    out, suite = [], None
    for line in r.stdout.splitlines():
        if not line.strip() or line.startswith("Running main()"):
            continue
        name = line.split("#")[0].strip()
        if not line.startswith(" "):
            suite = name
        elif suite:
            out.append(suite + name)
    return out


def filter_patterns(flt):
    """A gtest filter's positive and negative patterns."""
    positive, _, negative = flt.partition("-")
    return [x for x in positive.split(":") if x] or ["*"], [x for x in negative.split(":") if x]


def selects(flt, name):
    """Whether the gtest filter selects the test `name` (Suite.Name)."""
    positive, negative = filter_patterns(flt)
    return (any(fnmatch.fnmatchcase(name, x) for x in positive)
            and not any(fnmatch.fnmatchcase(name, x) for x in negative))


def test_steps(family, build):
    """The family's filters, each with the binaries of <build>/tests/ that have tests it selects,
    in order. Every pattern of a filter must select a test somewhere, and every binary that runs
    must honour KNCSIM_RTL_DIR (else it would test the unmutated RTL and every mutant would
    survive)."""
    tests_dir = build / "tests"
    listed = {tests_dir / b: listed_tests(tests_dir / b) for b in TEST_BINARIES if (tests_dir / b).is_file()}
    if not listed:
        raise UsageError(f"no test binary in {tests_dir} ({', '.join(TEST_BINARIES)}): build the tests first "
                         f"(cmake --build {build})")
    steps = []
    for flt in family.test_steps:
        for pattern in filter_patterns(flt)[0]:
            if not any(selects(pattern, n) for names in listed.values() for n in names):
                raise UsageError(f"no test in {', '.join(b.name for b in listed)} matches {pattern} "
                                 f"(of --gtest_filter={flt})")
        for binary, names in listed.items():
            n = sum(selects(flt, x) for x in names)
            if n:
                steps.append(TestStep(binary, flt, n))
    for path in sorted({st.binary for st in steps} | {build / "tb" / "kncsim"}):
        if not path.is_file():
            raise UsageError(f"{path} does not exist: build it first (cmake --build {build})")
        if b"KNCSIM_RTL_DIR" not in path.read_bytes():
            raise UsageError(f"{path} does not read KNCSIM_RTL_DIR (built from older sources?): its tests would "
                             f"run on rtl/, not on the mutants. Rebuild it (cmake --build {build}).")
    return steps


# ---- running: lint, tests ----------------------------------------------------------------------

@dataclasses.dataclass
class Settings:
    family: Family
    root: Path
    jobs: int
    timeout: float
    nice: int
    verilator: str
    lint_sets: dict      # what lint runs once per: name (a router variant, or the top) -> -G parameters
    sources_order: list
    pristine: dict
    rtl_hash: str
    seed: int
    build: Path          # the build directory whose test binaries run the mutants
    steps: list = None   # [TestStep], found when tests are to run (test_steps()); [VerifyStep] to verify
    judge: str = "tests"  # or "verify": kncsim verify --seeds 20, assertions compiled out

    @property
    def cache(self):
        """The run's own model cache (KNCSIM_CACHE), shared by its workers: the models of mutants
        never go into the user's."""
        return self.root / "cache"


def write_sources(directory, pristine, mutant=None):
    """Make `directory` hold the pristine sources, with the mutant's file mutated; files already
    right are not touched, and .sv, .svh or .vlt files not in the snapshot are removed (the model
    cache takes every one of its directory)."""
    directory.mkdir(parents=True, exist_ok=True)
    for name, text in pristine.items():
        want = mutated_text(pristine, mutant) if mutant is not None and name == mutant.file else text
        path = directory / name
        if not path.exists() or path.read_text() != want:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(want)
    for path in directory.rglob("*"):
        if path.suffix in (".sv", ".svh", ".vlt") and path.relative_to(directory).as_posix() not in pristine:
            path.unlink()


def without_assertions(s, rtl_dir):
    """--judge verify: the copy in rtl_dir as an architect's design without assertions, SYNTHESIS
    defined first in its package (lint still sees the assertions: it runs on its own copy)."""
    if s.judge != "verify":
        return
    package = rtl_dir / VERIFY_PACKAGE[family_name(s.family)]
    package.write_text("`define SYNTHESIS\n" + package.read_text())


def lint(s, m):
    """("clean" | "lint" | "stillborn", reason): Verilator -Wall over every variant (the
    router's; the SCI node's one top), the mutant's own first, stopping at the first complaint."""
    s.root.joinpath("tmp").mkdir(parents=True, exist_ok=True)
    order = [v for v in m.lint_first if v in s.lint_sets] + [v for v in s.lint_sets if v not in m.lint_first]
    log = []
    with tempfile.TemporaryDirectory(dir=s.root / "tmp") as d:
        write_sources(Path(d), s.pristine, m)
        for v in order:
            cmd = niced(s, [s.verilator, "--lint-only", "-Wall", "--assert", "--top-module", s.family.top_module,
                            *s.lint_sets[v], f"-I{Path(d) / 'prim'}", *[str(Path(d) / f) for f in s.sources_order]])
            r = subprocess.run(cmd, capture_output=True, text=True)
            log.append(f"$ {' '.join(cmd)}\n{r.stdout}{r.stderr}")
            if r.returncode != 0:
                write_log(s, m, "lint", "\n".join(log))
                return lint_verdict(r.stderr + r.stdout, v, d)
    write_log(s, m, "lint", "\n".join(log))
    return "clean", ""


def lint_verdict(output, variant, tmpdir):
    output = output.replace(tmpdir + "/", "")
    errors = [l for l in output.splitlines() if l.startswith("%Error") and "Exiting due to" not in l]
    if errors:
        return "stillborn", f"{errors[0][:160]} [{variant}]"
    warnings = [l for l in output.splitlines() if l.startswith("%Warning")]
    return "lint", (warnings[0][:160] if warnings else output.strip()[:160]) + f" [{variant}]"


def write_log(s, m, step, text):
    d = s.root / "logs"
    d.mkdir(parents=True, exist_ok=True)
    (d / f"{m.id}.{step}.log").write_text(text)


def niced(s, cmd):
    return ["nice", "-n", str(s.nice), *cmd] if s.nice else cmd


def session_of(pid):
    """The session id of a process, None when it is gone."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return int(stat.rsplit(")", 1)[1].split()[3])


def building(s, session):
    """Whether a process of this session is building a model into the cache now (the cache
    stages a build in staging/<key>.<pid of the builder>)."""
    try:
        names = os.listdir(s.cache / "staging")
    except OSError:
        return False
    return any(n.rpartition(".")[2].isdigit() and session_of(int(n.rpartition(".")[2])) == session for n in names)


def run_step(s, step, rtl_dir, log_path, budget):
    """Run one test binary on the sources in rtl_dir, its output into log_path: (exit code or
    None when it ran past `budget` seconds of testing, build seconds, test seconds). Models
    the tests build on demand do not count against the budget: the clock stops while a process
    of the run is building one."""
    if isinstance(step, VerifyStep):
        sets = [w for kv in step.design.split() for w in ("--set", kv)]
        cmd = niced(s, [str(step.binary), "verify", *sets, "--seeds", str(VERIFY_SEEDS), "-j", "1", "--no-shrink",
                        "-q", "--out", str(rtl_dir.parent / "verify")])
    else:
        cmd = niced(s, [str(step.binary), f"--gtest_filter={step.filter}", "--gtest_fail_fast", "--gtest_color=no"])
    env = dict(os.environ, GTEST_COLOR="no", KNCSIM_RTL_DIR=str(rtl_dir), KNCSIM_CACHE=str(s.cache))
    with open(log_path, "a") as log:
        log.write(f"$ KNCSIM_RTL_DIR={rtl_dir} KNCSIM_CACHE={s.cache} {' '.join(cmd)}\n")
        log.flush()
        p = subprocess.Popen(cmd, cwd=rtl_dir.parent, stdout=log, stderr=subprocess.STDOUT, text=True, env=env,
                             start_new_session=True)
        built = tested = 0.0
        last = time.monotonic()
        try:
            while True:
                try:
                    rc = p.wait(timeout=0.5)
                except subprocess.TimeoutExpired:
                    rc = None
                now = time.monotonic()
                if building(s, p.pid):
                    built += now - last
                else:
                    tested += now - last
                last = now
                if rc is not None:
                    return rc, built, tested
                if STOPPING.is_set():
                    raise KeyboardInterrupt
                if tested > budget:
                    os.killpg(p.pid, signal.SIGKILL)
                    p.wait()
                    return None, built, tested
        except BaseException:  # ^C: the tests are in a session of their own, which the terminal's does not reach
            os.killpg(p.pid, signal.SIGKILL)
            p.wait()
            raise


def run_tests(s, rtl_dir, log_path):
    """Run the test steps on the sources in rtl_dir, one after another while they pass:
    ("killed" | "stillborn" | "lint" | "timeout" | "survived" | "error", reason, build s, test s)."""
    log_path.parent.mkdir(parents=True, exist_ok=True)
    log_path.write_text("")
    built = tested = 0.0
    passed = 0
    for step in s.steps:
        start = log_path.stat().st_size
        rc, b, t = run_step(s, step, rtl_dir, log_path, s.timeout - tested)
        built, tested = built + b, tested + t
        with open(log_path, errors="replace") as f:
            f.seek(start)
            out = f.read()
        if rc is None:
            return "timeout", f"past {s.timeout:g} s in {running_test(out) or '?'}", built, tested
        if isinstance(step, VerifyStep):
            if rc == 1 and re.search(r"^case +\d+ FAILED: ", out, re.M):
                first = re.search(r"^case +(\d+) FAILED: [^\n]*\n  ([^\n]*)", out, re.M)
                return "killed", f"verify ({step.design.split()[0]}...): case {first.group(1)}: " \
                                 f"{first.group(2)[:160]}", built, tested
            if rc != 0:
                status, detail = failure_verdict(out, rc, rtl_dir)
                return (status if status != "killed" else "error"), detail, built, tested
            passed += VERIFY_SEEDS
            continue
        if rc != 0:
            status, detail = failure_verdict(out, rc, rtl_dir)
            return status, detail, built, tested
        n = re.search(r"^\[  PASSED  \] (\d+) test", out, re.M)
        if not n or n.group(1) == "0":
            return "error", f"{step.binary.name} --gtest_filter={step.filter} ran no test", built, tested
        passed += int(n.group(1))
    return "survived", f"{passed} {'cases' if s.judge == 'verify' else 'tests'} passed", built, tested


# What the model cache says when it will not build the sources in {dir} (the mutant's): the
# status that makes, and the pattern of the line after it worth quoting.
CACHE_REFUSALS = [
    ("stillborn", r"Verilator refused the \w+ sources in {dir}\b", r"%Error.*"),
    ("stillborn", r"the \w+ sources in {dir}\S* do not have the port contract", r"(port \d+ of|\S+ has no port) .*"),
    ("stillborn", r"building the \w+ model failed: compiling", r"error: .*"),
    ("lint", r"Verilator warns about the \w+ sources in {dir}\b", r"%Warning.*"),  # kncsim treats them as errors
]


def failure_verdict(out, rc, rtl_dir):
    """A failed test run: the model cache refusing the mutated sources ("stillborn", or "lint"
    for a Verilator warning), else a test failing ("killed")."""
    found = [(m.start(), status, quote) for status, pattern, quote in CACHE_REFUSALS
             for m in [re.search(pattern.format(dir=re.escape(str(rtl_dir))), out)] if m]
    if not found:
        return "killed", killing_test(out, rc)
    at, status, quote = min(found)
    said = out[at:].replace(str(rtl_dir) + "/", "")
    q = re.search(quote, said)
    what = q.group(0) if q else said.splitlines()[0]
    return status, f"{what.strip()[:160]} [model cache; {first_failed(out) or running_test(out) or '?'}]"


def first_failed(out):
    """The first failed test's name (without the comma gtest puts after a parameterized one's)."""
    failed = re.search(r"^\[  FAILED  \] ([^\s,]+)", out, re.M)
    return failed.group(1) if failed else None


def running_test(out):
    """The test that was running when the output ends (started, not finished)."""
    current = None
    for line in out.splitlines():
        m = re.match(r"\[ RUN      \] (\S+)", line)
        if m:
            current = m.group(1)
        elif re.match(r"\[\s+(OK|FAILED)\s+\] ", line):
            current = None
    return current


def killing_test(out, rc):
    """The first failing test, and why: the RTL assertion that stopped the process, or how a
    death test went wrong."""
    failed = first_failed(out)
    name = failed or running_test(out)
    # An assertion's report, not one a death test expected (those lines start with [  DEATH   ]):
    # the router's name their rule (..._A), the SCI node's name their module and say the rule.
    rule = re.search(r"^(?!\[  DEATH).*Assertion failed.*?\b(\w+_A)\b:", out, re.M)
    sci_rule = re.search(r"^(?!\[  DEATH).*Assertion failed in \S+: (kncsim_sci_\w+) \S+:\s+(.*?) \(", out, re.M)
    if "died but not with expected error" in out:
        why = " (a death test died another way)"
    elif "failed to die" in out:
        why = " (a death test did not die)"
    elif rule:
        why = f" ({rule.group(1)})"
    elif sci_rule:
        why = f" ({sci_rule.group(1)}: {sci_rule.group(2)})"
    else:
        why = "" if failed else f" (exit {rc})"
    return f"{name or '?'}{why}"


def prune_models(s, rtl_dir, m):
    """Remove the mutant's models from the run's cache (no other mutant can use them; ccache
    keeps their objects): the entries built from its directory with its mutated file. And the
    staging directories of builds whose process is gone (killed at a timeout)."""
    path = rtl_dir / m.file
    # Its directory (a prim's mutant: the worker's rtl/wormhole/ or rtl/sci/; the cache takes rtl/prim/).
    mark = (f"sources {os.path.realpath(rtl_dir / s.family.rtl_dir)}\n",
            f"source {path.name} {hashlib.sha256(mutated_text(s.pristine, m).encode()).hexdigest()}\n")
    for entry in (s.cache / "models").glob("*"):
        try:
            key = (entry / "key.txt").read_text()
        except OSError:
            continue
        if all(x in key for x in mark):
            shutil.rmtree(entry, ignore_errors=True)
            (s.cache / "locks" / (entry.name.rpartition("-")[2] + ".lock")).unlink(missing_ok=True)
    for entry in (s.cache / "staging").glob("*.*"):
        pid = entry.name.rpartition(".")[2]
        if pid.isdigit() and session_of(int(pid)) is None:
            shutil.rmtree(entry, ignore_errors=True)


def run_mutant(s, m, worker_ids, lint_cache):
    """Lint and test one mutant in a free worker's directory; the result as a dict."""
    t0 = time.monotonic()
    times = {}
    status, detail = lint_cache.get(m.id) or lint(s, m)
    times["lint"] = round(time.monotonic() - t0, 1)
    if status == "clean":
        wid = worker_ids.get()
        try:
            rtl_dir = s.root / f"worker{wid}" / "rtl"
            try:
                write_sources(rtl_dir, s.pristine, m)
                without_assertions(s, rtl_dir)
                status, detail, built, tested = run_tests(s, rtl_dir, s.root / "logs" / f"{m.id}.test.log")
                times["build"], times["test"] = round(built, 1), round(tested, 1)
            finally:
                write_sources(rtl_dir, s.pristine)
                prune_models(s, rtl_dir, m)
        finally:
            worker_ids.put(wid)
        detail = f"{detail} [worker{wid}]" if status == "error" else detail
    times["total"] = round(time.monotonic() - t0, 1)
    return result_record(s, m, status, detail, times)


def baseline(s):
    """Test the unmutated RTL in worker1's directory; True if the tests pass (if not, a mutant's
    "killed" means nothing). Its models stay in the cache: the next baseline is quick."""
    rtl_dir = s.root / "worker1" / "rtl"
    write_sources(rtl_dir, s.pristine)
    without_assertions(s, rtl_dir)
    t0 = time.monotonic()
    log = s.root / "logs" / "baseline.test.log"
    status, detail, built, tested = run_tests(s, rtl_dir, log)
    print(f"Baseline (unmutated RTL): {'passed' if status == 'survived' else status}: {detail} "
          f"({time.monotonic() - t0:.0f} s: building models {built:.0f} s, tests {tested:.0f} s; log {log})")
    return status == "survived"


def result_record(s, m, status, detail, times):
    return {"id": m.id, "signature": m.signature, "file": m.file, "line": m.line, "class": m.klass,
            "what": m.what, "original": m.original, "mutated": m.mutated, "status": status,
            "detail": detail, "seconds": times, "rtl_hash": s.rtl_hash,
            "finished": time.strftime("%Y-%m-%d %H:%M:%S")}


# ---- results on disk ---------------------------------------------------------------------------

def save_json(path, obj):
    """Write atomically: a reader sees the old file or the new one, never half of one."""
    path.parent.mkdir(parents=True, exist_ok=True)
    kncsim_output.write_json(path, obj, indent=2)


def load_results(directory, mutants):
    """id -> stored result, for the mutants whose stored signature still matches."""
    out = {}
    for m in mutants:
        path = directory / f"{m.id}.json"
        if path.exists():
            try:
                r = json.loads(path.read_text())
            except json.JSONDecodeError:
                continue
            if r.get("signature") == m.signature:
                out[m.id] = r
    return out


def load_equivalent(path):
    if not path.exists():
        return {}
    try:
        data = json.loads(path.read_text())
    except json.JSONDecodeError as e:
        raise UsageError(f"{path}: not JSON: {e}")
    if not isinstance(data, dict):
        raise UsageError(f"{path}: must be a JSON object (signature -> explanation)")
    return data


# ---- reporting ----------------------------------------------------------------------------------

def counts_table(mutants):
    """Rows of mutants per file and class, with totals."""
    files = list(dict.fromkeys(m.file for m in mutants))
    header = ["file"] + CLASSES + ["total"]
    rows = []
    for f in files:
        row = [sum(1 for m in mutants if m.file == f and m.klass == c) for c in CLASSES]
        rows.append([f] + row + [sum(row)])
    totals = [sum(1 for m in mutants if m.klass == c) for c in CLASSES]
    rows.append(["total"] + totals + [sum(totals)])
    return header, rows


def format_table(header, rows, markdown=False):
    rows = [[str(c) for c in r] for r in rows]
    if markdown:
        lines = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
        lines += ["| " + " | ".join(c.replace("|", "\\|") for c in r) + " |" for r in rows]
        return "\n".join(lines)
    widths = [max(len(str(x)) for x in col) for col in zip(header, *rows)]
    fmt = lambda r: "  ".join(str(c).ljust(w) for c, w in zip(r, widths)).rstrip()
    return "\n".join([fmt(header), fmt(["-" * w for w in widths])] + [fmt(r) for r in rows])


def summarize(mutants, results, equivalent):
    counts = {k: 0 for k in STATUSES}
    holes, equiv, not_run = [], [], []
    for m in mutants:
        r = results.get(m.id)
        if r is None:
            not_run.append(m)
            continue
        counts[r["status"]] += 1
        if r["status"] == "survived":
            (equiv if m.signature in equivalent else holes).append(m)
    detected = sum(counts[k] for k in DETECTED)
    denominator = sum(counts.values()) - counts["stillborn"] - len(equiv)
    score = 100.0 * detected / denominator if denominator > 0 else None
    return counts, detected, denominator, score, holes, equiv, not_run


def report(s, mutants, results, equivalent, markdown):
    counts, detected, denominator, score, holes, equiv, not_run = summarize(mutants, results, equivalent)
    rows = []
    for m in mutants:
        r = results.get(m.id)
        status = r["status"] if r else "not run"
        if status == "survived":
            status = "survived (equivalent)" if m.signature in equivalent else "SURVIVED (hole)"
        rows.append([m.id, f"{m.file}:{m.line}", m.klass, status, r["detail"] if r else ""])
    equivalent_name = s.family.equivalent_file.relative_to(REPO).as_posix()
    out = []
    if markdown:
        name = family_name(s.family)
        flag = "" if name == DEFAULT_FAMILY else f" --family {name}"
        if s.judge == "verify":
            designs = "; ".join(f"`{d}`" for d in VERIFY_DESIGNS[name])
            out += [f"# {s.family.title}, judged by kncsim verify", "",
                    f"`scripts/rtl_mutants.py{flag} --judge verify`, seed {s.seed}, RTL {s.rtl_hash}; every assertion "
                    f"compiled out (`define SYNTHESIS); `kncsim verify --seeds {VERIFY_SEEDS}` of the designs {designs}, "
                    f"one after another while the mutant passes (with KNCSIM_RTL_DIR on the mutant), and "
                    f"`verilator --lint-only -Wall`.", ""]
        else:
            out += [f"# {s.family.title}", "",
                    f"`scripts/rtl_mutants.py{flag}`, seed {s.seed}, RTL {s.rtl_hash}; tests "
                    f"{tests_text(s.family)} (with KNCSIM_RTL_DIR on the mutant) and `verilator --lint-only -Wall`.", ""]
    out.append(format_table(["id", "file:line", "class", "status", "killing test / reason"], rows, markdown))
    out.append("")
    total_rows = [["generated", len(mutants)], ["stillborn", counts["stillborn"]],
                  ["killed by verify" if s.judge == "verify" else "killed by tests", counts["killed"]], ["killed by lint", counts["lint"]],
                  ["timed out", counts["timeout"]], ["survived", counts["survived"]],
                  ["  of which known equivalent" + (" or legal" if s.judge == "verify" else ""), len(equiv)],
                  ["  of which holes", len(holes)]]
    if not_run:
        total_rows.append(["not run yet", len(not_run)])
    out.append(format_table(["", "mutants"], total_rows, markdown))
    out.append("")
    score_text = f"{score:.1f}%" if score is not None else "n/a"
    out.append(f"{'**' if markdown else ''}Mutation score: {score_text}{'**' if markdown else ''} "
               f"= (killed {counts['killed']} + lint {counts['lint']} + timed out {counts['timeout']}) / "
               f"(not stillborn {sum(counts.values()) - counts['stillborn']} - equivalent {len(equiv)} = {denominator})")
    stale = sum(1 for r in results.values() if r.get("rtl_hash") != s.rtl_hash)
    if stale:
        out.append(f"\nNote: {stale} results were made from an earlier version of the RTL (--fresh redoes them).")
    if holes:
        out += ["", f"{'## ' if markdown else '!!! '}HOLES: {len(holes)} survivor(s) the tests do not catch "
                f"(not explained in {equivalent_name})", ""]
        for m in holes:
            if markdown:
                out += [f"**{m.id}** {m.file}:{m.line}, {m.klass} ({m.what}); signature `{m.signature}`", "",
                        "```diff", f"- {m.original.strip()}", f"+ {m.mutated.strip()}", "```", ""]
            else:
                out += [f"  {m.id} {m.file}:{m.line} {m.klass} ({m.what})", f"      - {m.original.strip()}",
                        f"      + {m.mutated.strip()}", f"      signature: {m.signature}"]
    unused = [k for k in equivalent if k not in {m.signature for m in mutants}]
    if unused:
        out.append(f"\nNote: {len(unused)} entries of {equivalent_name} match no mutant of this run.")
    return "\n".join(out) + "\n"


# ---- the command line ----------------------------------------------------------------------------

def parse_args(argv):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--family", choices=list(FAMILIES), default=DEFAULT_FAMILY,
                    help="the design to mutate: router (rtl/wormhole/*.sv, the default) or sci (the SCI ring "
                         "node, rtl/sci/*.sv); each has its own tests, equivalents file and --root")
    ap.add_argument("--judge", choices=["tests", "verify"], default="tests",
                    help="tests (default): the family's tests; verify: kncsim verify --seeds 20 alone, every "
                         "assertion compiled out (results in their own --root)")
    ap.add_argument("--seed", type=int, default=1, help="seed of the sample of sites (default 1)")
    ap.add_argument("--count", type=int, default=100, help="mutants to draw from all the sites (default 100)")
    ap.add_argument("--list", action="store_true", help="list the mutants and their counts by file and class, then stop")
    ap.add_argument("--dry-run", action="store_true", help="print what a run would do, then stop")
    ap.add_argument("--lint-only", action="store_true",
                    help="only the lint step of every selected mutant (a quick triage: how many are "
                         "stillborn, how many lint kills); results in <root>/lint/")
    ap.add_argument("--report", action="store_true", help="only print (and write) the report of the results so far")
    ap.add_argument("--baseline", action="store_true",
                    help="only test the unmutated RTL (in worker1's directory), then stop; a full run does "
                         "this first anyway")
    ap.add_argument("--no-baseline", action="store_true",
                    help="skip the check that the unmutated RTL passes the tests before the mutants run")
    ap.add_argument("--only", metavar="IDS", help="comma-separated mutant ids to run, e.g. M003,M017")
    ap.add_argument("--fresh", action="store_true", help="run the selected mutants again even if done")
    ap.add_argument("-j", "--jobs", type=int, default=2,
                    help="parallel workers, each with its own copy of rtl/ (default 2)")
    ap.add_argument("--timeout", type=float, default=600,
                    help="seconds a mutant's tests may run, not counting the building of its models (default 600)")
    ap.add_argument("--nice", type=int, default=0, help="run lint and tests at this niceness (default 0)")
    ap.add_argument("--root", type=Path,
                    help="where worker directories, the model cache, results, logs and the report go (default "
                         + ", ".join(f"{f.root.relative_to(REPO)} for {n}" for n, f in FAMILIES.items()) + ")")
    ap.add_argument("--build", type=Path, default=DEFAULT_BUILD,
                    help=f"the build directory whose test binaries (tests/) and kncsim (tb/) test the mutants "
                         f"(default {DEFAULT_BUILD.relative_to(REPO)}); they are used as they are, never built")
    ap.add_argument("--verilator", default=shutil.which("verilator") or "verilator", help="the Verilator binary")
    args = ap.parse_args(argv)
    if args.jobs < 1:
        ap.error(f"--jobs must be at least 1, not {args.jobs}")
    if args.count < 1:
        ap.error(f"--count must be at least 1, not {args.count}")
    if args.timeout <= 0:
        ap.error(f"--timeout must be positive, not {args.timeout}")
    if not 0 <= args.nice <= 19:
        ap.error(f"--nice must be 0 to 19, not {args.nice}")
    return args


def select(mutants, only):
    if not only:
        return list(mutants)
    by_id = {m.id: m for m in mutants}
    wanted = [x.strip().upper() for x in only.split(",") if x.strip()]
    unknown = [x for x in wanted if x not in by_id]
    if unknown or not wanted:
        raise UsageError(f"--only: unknown mutant id(s) {', '.join(unknown) or '(none given)'}; "
                         f"this seed and count make {mutants[0].id}..{mutants[-1].id} (see --list)")
    return [by_id[x] for x in dict.fromkeys(wanted)]


def family_name(family):
    return next(n for n, f in FAMILIES.items() if f is family)


def check_table(family, lint_sets, sources_order):
    missing = sorted({v for vs in family.lint_first.values() for v in vs} - set(lint_sets))
    if missing:
        raise SystemExit(f"LINT_FIRST names parameter sets not in rtl/CMakeLists.txt's KNCSIM_RTL_LINT_SETS: "
                         f"{', '.join(missing)}")
    unlisted = [f for f in family.lint_first if f not in sources_order]
    if unlisted:
        raise SystemExit(f"{family_name(family)}: mutated files not in rtl/CMakeLists.txt's {family.sources_list}: "
                         f"{', '.join(unlisted)}")


def family_lint_sets(family, cmake_sets):
    """What lint runs once per: every router parameter set (its -G parameters), or the top alone."""
    return cmake_sets if family.lint_per_variant else {family.top_module: []}


def tests_text(family):
    """The family's tests, for the report and the plan."""
    steps = [f"`--gtest_filter={f}`" for f in family.test_steps]
    return steps[0] + "".join(f", then for survivors {x}" for x in steps[1:])


def print_list(mutants):
    for m in mutants:
        print(f"{m.id}  {m.file}:{m.line}  {m.klass}  ({m.what})")
        print(f"    - {m.original.strip()}")
        print(f"    + {m.mutated.strip()}")
    print()
    print(format_table(*counts_table(mutants)))


def print_plan(s, chosen, done, args):
    todo = [m for m in chosen if m.id not in done]
    print(f"{len(chosen)} mutants selected, {len(chosen) - len(todo)} already done (skipped), {len(todo)} to run"
          f"{' (lint only)' if args.lint_only else ''}.")
    for m in todo:
        print(f"  {m.id}  {m.file}:{m.line}  {m.klass}  ({m.what})")
    if s.family.lint_per_variant:
        print(f"\nLint: verilator --lint-only -Wall --assert --top-module {s.family.top_module} <-G params> "
              f"<sources> (each of {len(s.lint_sets)} parameter sets, those of the mutant's file first)")
    else:
        print(f"\nLint: verilator --lint-only -Wall --assert --top-module {s.family.top_module} <sources>")
    if not args.lint_only and todo:
        print(f"Then, lint-clean: {s.jobs} worker(s), each with its copy of rtl/ in {s.root}/worker<N>/rtl (the "
              f"mutated file in it), run{f' at nice {s.nice}' if s.nice else ''} with "
              f"KNCSIM_RTL_DIR=<that copy> KNCSIM_CACHE={s.cache}:")
        for i, st in enumerate(s.steps):
            then = "  then, if it passed: " if i else "  "
            if isinstance(st, VerifyStep):
                print(f"{then}{st.binary} verify --set {' --set '.join(st.design.split())} --seeds {VERIFY_SEEDS}")
            else:
                print(f"{then}{st.binary} --gtest_filter={st.filter} --gtest_fail_fast  ({st.tests} tests)")
        print(f"  (their models built on demand into that cache, removed after; timeout {s.timeout:g} s of "
              f"testing, model builds not counted)")
        if not args.no_baseline:
            print("  first, once: the same tests of the unmutated RTL in worker1 (the baseline; the run stops if "
                  "it fails)")
    print(f"\nResults: {s.root}/results/<id>.json; report: {s.root}/report.md")


def run_all(s, todo, results_dir, lint_cache):
    """Run the mutants on the workers; returns the results (harness errors are not kept)."""
    worker_ids = queue.Queue()
    for w in range(1, s.jobs + 1):
        worker_ids.put(w)
    out, errors = {}, 0
    tally = {k: 0 for k in STATUSES}
    with concurrent.futures.ThreadPoolExecutor(max_workers=s.jobs) as pool, \
            tqdm(total=len(todo), desc="mutants", unit="mutant", file=sys.stderr) as bar:
        futures = {pool.submit(run_mutant, s, m, worker_ids, lint_cache): m for m in todo}
        try:
            for f in concurrent.futures.as_completed(futures):
                m = futures[f]
                r = f.result()
                if r["status"] == "error":
                    errors += 1
                else:
                    save_json(results_dir / f"{m.id}.json", r)
                    out[m.id] = r
                    tally[r["status"]] += 1
                bar.write(f"{m.id} {m.file}:{m.line} {m.klass}: {r['status']} {r['detail']} "
                          f"({r['seconds']['total']:.0f} s)", file=sys.stderr)
                bar.set_postfix({k: v for k, v in tally.items() if v}, refresh=False)
                bar.update()
        except KeyboardInterrupt:
            # The workers stop their tests (nothing more is recorded), the queued mutants never start.
            STOPPING.set()
            pool.shutdown(wait=True, cancel_futures=True)
            raise
    return out, errors


def lint_all(s, todo, lint_dir):
    """The lint triage: each mutant linted on a pool of --jobs threads; results kept."""
    out = {}
    with concurrent.futures.ThreadPoolExecutor(max_workers=s.jobs) as pool, \
            tqdm(total=len(todo), desc="lint", unit="mutant", file=sys.stderr) as bar:
        futures = {pool.submit(lint, s, m): m for m in todo}
        for f in concurrent.futures.as_completed(futures):
            m = futures[f]
            status, detail = f.result()
            out[m.id] = {"id": m.id, "signature": m.signature, "status": status, "detail": detail}
            save_json(lint_dir / f"{m.id}.json", out[m.id])
            bar.update()
    return out


def lint_report(mutants, lint_results):
    counts = {"clean": 0, "lint": 0, "stillborn": 0}
    lines = []
    for m in mutants:
        r = lint_results.get(m.id)
        if r is None:
            continue
        counts[r["status"]] += 1
        if r["status"] != "clean":
            lines.append(f"  {m.id} {m.file}:{m.line} {m.klass} ({m.what}): {r['status']}: {r['detail']}")
    print("\n".join(lines))
    print(f"\nLint triage of {sum(counts.values())} mutants: {counts['clean']} lint-clean (go on to the tests), "
          f"{counts['lint']} killed by lint, {counts['stillborn']} stillborn.")
    stillborn = [m for m in mutants if lint_results.get(m.id, {}).get("status") == "stillborn"]
    if stillborn:
        print(format_table(*counts_table(stillborn)))


def main(argv=None):
    args = parse_args(argv)
    family = FAMILIES[args.family]
    cmake_sets = cmake_lint_sets()
    sources_order = cmake_sources(family.sources_list)
    check_table(family, cmake_sets, sources_order)
    pristine = pristine_sources()
    mutants = generate(family, pristine, args.count, args.seed)
    hash_ = rtl_hash(family, pristine)
    root = args.root or (family.root.with_name(family.root.name + "-verify") if args.judge == "verify" else family.root)
    s = Settings(family=family, root=root.resolve(), jobs=args.jobs, timeout=args.timeout,
                 nice=args.nice, verilator=args.verilator, lint_sets=family_lint_sets(family, cmake_sets),
                 sources_order=sources_order, pristine=pristine, rtl_hash=hash_, seed=args.seed,
                 build=args.build.resolve(), judge=args.judge)
    if args.list:
        print_list(mutants)
        return 0
    equivalent = load_equivalent(family.equivalent_file)
    if args.judge == "verify":  # a mutant equal in behaviour, or a different correct design
        equivalent = {**equivalent, **{k: "legal: " + v for k, v in load_equivalent(VERIFY_LEGAL[args.family]).items()}}
    chosen = select(mutants, args.only)
    results_dir, lint_dir = s.root / "results", s.root / "lint"
    done_dir = lint_dir if args.lint_only else results_dir
    done = {} if args.fresh else load_results(done_dir, chosen)
    todo = [m for m in chosen if m.id not in done]
    if args.baseline or (not args.report and not args.lint_only and (todo or args.dry_run)):
        if args.judge == "verify":
            kncsim = s.build / "tb" / "kncsim"
            if not kncsim.is_file():
                raise UsageError(f"{kncsim} does not exist: build it first (cmake --build {s.build})")
            s.steps = [VerifyStep(d, kncsim) for d in VERIFY_DESIGNS[args.family]]
        else:
            s.steps = test_steps(family, s.build)
    if args.dry_run:
        print_plan(s, chosen, done, args)
        return 0
    if args.baseline:
        return 0 if baseline(s) else 1
    if args.lint_only:
        lint_results = dict(done)
        lint_results.update(lint_all(s, todo, lint_dir))
        # Lint kills and stillborn mutants are final: the full run would record just that.
        finished = load_results(results_dir, chosen)
        for m in chosen:
            r = lint_results.get(m.id)
            if r and r["status"] != "clean" and (args.fresh or m.id not in finished):
                save_json(results_dir / f"{m.id}.json", result_record(s, m, r["status"], r["detail"], {}))
        lint_report(chosen, lint_results)
        return 0
    errors = 0
    if not args.report and todo:
        # Lint verdicts from a --lint-only triage of the same mutants are reused.
        lint_cache = {i: (r["status"], r["detail"]) for i, r in load_results(lint_dir, todo).items()}
        print(f"{len(todo)} mutants to run ({len(chosen) - len(todo)} already done) on {s.jobs} worker(s).",
              file=sys.stderr)
        if not args.no_baseline and not baseline(s):
            print("The unmutated RTL fails these tests: a mutant's kill would mean nothing. Stopping "
                  "(--no-baseline runs anyway).", file=sys.stderr)
            return 1
        _, errors = run_all(s, todo, results_dir, lint_cache)
    results = load_results(results_dir, mutants)
    print(report(s, mutants, results, equivalent, markdown=False), end="")
    s.root.mkdir(parents=True, exist_ok=True)
    kncsim_output.write_text(s.root / "report.md", report(s, mutants, results, equivalent, markdown=True))
    print(f"\nReport written to {s.root / 'report.md'}")
    if errors:
        print(f"{errors} mutants hit a harness error (not recorded; see the lines above and the logs): run again.",
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except UsageError as e:
        print(f"rtl_mutants.py: error: {e}", file=sys.stderr)
        sys.exit(2)
    except KeyboardInterrupt:
        sys.exit(130)
    except BrokenPipeError:  # output piped into head, say
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(0)
