#!/usr/bin/env bash
# Coverage of the RTL: Verilator line, branch and toggle coverage of the wormhole router and the
# SCI ring node, and their functional coverage (cover property points: turns, credit stalls,
# full FIFOs, token rotation, admissions, VC grants, datelines; echoes, nacks, stomps,
# retransmissions, CRC failures), from the equivalence suite (the single-router lockstep test
# and the network tests, run once per parameter set so each set is reported alone) and the
# RTL Table 3 rows. Builds a separate coverage configuration in build/coverage; prints the
# figures and writes an annotated copy of the RTL to build/coverage/annotated/.
set -euo pipefail
cd "$(dirname "$0")/.."
out=build/coverage
cmake -S . -B "$out" -G Ninja -DCMAKE_BUILD_TYPE=Release -DKNCSIM_RTL_COVERAGE=ON >/dev/null
cmake --build "$out" --target equivalence_tests rtl_paper_tests >/dev/null
rm -f "$out"/cov_*.dat "$out"/all_*.dat
tests="$out/tests/equivalence_tests"
for set in $("$tests" --gtest_list_tests --gtest_filter='*RouterLockstep*' | sed -n 's/^  .*\/\(Vkncsim_router[^ ]*\).*/\1/p'); do
  KNCSIM_RTL_COVERAGE_FILE="$out/cov_${set}.dat" "$tests" \
    --gtest_filter="*RouterLockstep*/${set}:*RtlNetwork*/${set}" >/dev/null
done
KNCSIM_RTL_COVERAGE_FILE="$out/cov_Vkncsim_sci_node_top.dat" "$tests" --gtest_filter='*SciNodeLockstep*:*SciModels*' >/dev/null
KNCSIM_RTL_COVERAGE_FILE="$out/all_table3.dat" "$out"/tests/rtl_paper_tests >/dev/null
verilator_coverage --write "$out/coverage.dat" "$out"/cov_*.dat "$out"/all_*.dat
rm -rf "$out/annotated"
verilator_coverage --annotate "$out/annotated" --annotate-min 1 "$out/coverage.dat" | tail -n 3
/usr/bin/python3 scripts/rtl_coverage_summary.py "$out/coverage.dat" "$out"/cov_*.dat
