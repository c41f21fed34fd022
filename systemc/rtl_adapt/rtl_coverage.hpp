#pragma once
// Coverage builds (KNCSIM_RTL_COVERAGE): the counts of every RTL model this process ran go to
// the file named by KNCSIM_RTL_COVERAGE_FILE when it exits (scripts/rtl_coverage.sh reads
// them). Call it once a model exists, so that the write runs before Verilator's own context
// is destroyed. Elsewhere it does nothing.
namespace kncsim {

void write_coverage_at_exit();

}  // namespace kncsim
