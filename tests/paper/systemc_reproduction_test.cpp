// The SystemC flit-level network reproduces Pertel's tables: under the legacy stream with the
// default seed it prints the same T, U, D, AQLEN (bit for bit) as the reference model for
// Critique Table 3 rows R=4 and R=8 (DOR and AR, A = .1 to .7) and Table 1, and those match
// the printed digits. Rows printed as infinity run to 2^20 cycles: neither model converges
// and both report the same figures at the cap.
#include <gtest/gtest.h>

#include "spec/experiment_spec.hpp"
#include "experiment/experiment.hpp"
#include "experiment/rtl_attach.hpp"
#include "pertel_tables.hpp"

namespace kncsim::paper {
namespace {

const std::vector<TableRow>& all_rows() {
  static const auto rows = load_pertel_tables(std::string(KNCSIM_SHARED_DIR) + "/data/pertel-tables.tsv");
  return rows;
}

bool in_scope(const TableRow& r) {
  if (r.source != "critique") return false;
  if (r.table == "1") return true;
  return r.table == "3" && (r.R == 4 || r.R == 8) && std::stod(r.A) <= .7;
}

std::vector<TableRow> rows() {
  std::vector<TableRow> out;
  for (const auto& r : all_rows())
    if (in_scope(r)) out.push_back(r);
  return out;
}

class SystemCTable : public ::testing::TestWithParam<TableRow> {};

TEST_P(SystemCTable, SameFiguresAsTheReferenceModelAndThePaper) {
  const TableRow& row = GetParam();
  Config c = row_config(row);
  if (row.T == "inf") c.apply_set("run.max_cycles=1048576");
  const auto ref = run_experiment(prepare_run(c));
  c.apply_set("router.impl=systemc");
  const auto sc = run_experiment(prepare_run(c));
  for (const char* k : {"T", "U", "D", "AQLEN", "AQLEN_corrected", "numsent", "numrecd", "curtime", "converged"})
    EXPECT_EQ(sc[k], ref[k]) << k;
  if (row.T == "inf") {
    EXPECT_FALSE(sc["converged"].get<bool>());
    return;
  }
  ASSERT_TRUE(sc["converged"].get<bool>());
  EXPECT_NE(matches_printed(sc["T"].get<double>(), row.T), DigitMatch::no) << "paper prints " << row.T;
  if (!row.AQLEN.empty()) {
    EXPECT_NE(matches_printed(sc["AQLEN"].get<double>(), row.AQLEN), DigitMatch::no);
  }
}

INSTANTIATE_TEST_SUITE_P(Pertel, SystemCTable, ::testing::ValuesIn(rows()),
                         [](const auto& info) { return info.param.name(); });

TEST(SystemCTableScope, CoversTable3R4R8AndAllOfTable1) {
  EXPECT_EQ(rows().size(), 24u + 20u);
}

}  // namespace
}  // namespace kncsim::paper
