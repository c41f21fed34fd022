#!/usr/bin/env bash
# Verilator line and toggle coverage of the RTL router, from the equivalence tests (the
# single-router lockstep test and the all-RTL / mixed networks) and the RTL Table 3 rows.
# Builds a separate coverage configuration in build/coverage; prints the per-module figures
# and writes an annotated copy of the RTL to build/coverage/annotated/.
set -euo pipefail
cd "$(dirname "$0")/.."
out=build/coverage
cmake -S . -B "$out" -G Ninja -DCMAKE_BUILD_TYPE=Release -DKNCSIM_RTL_COVERAGE=ON >/dev/null
cmake --build "$out" --target equivalence_tests rtl_paper_tests >/dev/null
rm -f "$out"/cov_*.dat
KNCSIM_RTL_COVERAGE_FILE="$out/cov_lockstep.dat" "$out"/tests/equivalence_tests --gtest_filter='*RouterLockstep*:*RtlNetwork*' >/dev/null
KNCSIM_RTL_COVERAGE_FILE="$out/cov_table3.dat" "$out"/tests/rtl_paper_tests >/dev/null
verilator_coverage --write "$out/coverage.dat" "$out"/cov_*.dat
rm -rf "$out/annotated"
verilator_coverage --annotate "$out/annotated" --annotate-min 1 "$out/coverage.dat" | tail -n 3
python3 scripts/rtl_coverage_summary.py "$out/coverage.dat"
