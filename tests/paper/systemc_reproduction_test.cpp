// The SystemC flit-level network reproduces Pertel's tables: under the legacy stream with the
// default seed it prints the same T, U, D, AQLEN (bit for bit) as the reference model for
// Critique Table 3 rows R=4 and R=8 (DOR and AR, A = .1 to .7) and Table 1, and those match
// the printed digits. Rows printed as infinity run to 2^20 cycles: neither model converges
// and both report the same figures at the cap.
#include <gtest/gtest.h>

#include <set>

#include "experiment.hpp"
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

// Table 1 rows of more than ~6e7 node-cycles (R * cycles to converge): the slow label.
bool slow(const TableRow& r) {
  static const std::set<std::string> kSlow = {
      "critique1_d1_R32_Ap7_dor",  "critique1_d1_R64_Ap1_dor",  "critique1_d1_R64_Ap3_dor",
      "critique1_d1_R64_Ap5_dor",  "critique1_d1_R64_Ap7_dor",  "critique1_d1_R128_Ap1_dor",
      "critique1_d1_R128_Ap3_dor", "critique1_d1_R128_Ap5_dor", "critique1_d1_R128_Ap7_dor"};
  return kSlow.count(r.name()) > 0;
}

std::vector<TableRow> rows(bool want_slow) {
  std::vector<TableRow> out;
  for (const auto& r : all_rows())
    if (in_scope(r) && slow(r) == want_slow) out.push_back(r);
  return out;
}

class SystemCTable : public ::testing::TestWithParam<TableRow> {};

TEST_P(SystemCTable, SameFiguresAsTheReferenceModelAndThePaper) {
  const TableRow& row = GetParam();
  Config c = row_config(row);
  if (row.T == "inf") c.apply_set("run.max_cycles=1048576");
  const auto ref = run_experiment(c);
  c.apply_set("router.impl=systemc");
  const auto sc = run_experiment(c);
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

#ifdef KNCSIM_SLOW_ROWS
INSTANTIATE_TEST_SUITE_P(Slow, SystemCTable, ::testing::ValuesIn(rows(true)),
                         [](const auto& info) { return info.param.name(); });
#else
INSTANTIATE_TEST_SUITE_P(Ci, SystemCTable, ::testing::ValuesIn(rows(false)),
                         [](const auto& info) { return info.param.name(); });
#endif

TEST(SystemCTableScope, CoversTable3R4R8AndAllOfTable1) {
  EXPECT_EQ(rows(false).size() + rows(true).size(), 24u + 20u);
}

}  // namespace
}  // namespace kncsim::paper
