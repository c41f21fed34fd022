// Pertel 1992 to the printed digit: a CI-fast sample of Critique Tables 1-3 and the SNS
// report's 128x128 table (every row: scripts/reproduce_pertel.py, ctest -L slow).
// Tolerance: none beyond the paper's own rounding. A printed value must be what kncsim's
// value rounds to (directly, or digit by digit as the author did); 'inf' rows must not
// converge within the cap.
#include <gtest/gtest.h>

#include <cmath>
#include <set>

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

// Rows cheap enough for every CI run: 122 of the 170, from every table, DOR and AR,
// A = .01 to .95, FNS Q=1 and ANS at 128x128, and rows printed as infinity.
const std::set<std::string> kCiSample = {
#include "ci_sample.inc"
};

std::vector<TableRow> ci_rows() {
  std::vector<TableRow> out;
  for (const auto& r : all_rows())
    if (kCiSample.count(r.name())) out.push_back(r);
  return out;
}

class PertelTable : public ::testing::TestWithParam<TableRow> {};

TEST_P(PertelTable, ReproducesThePrintedDigits) {
  const TableRow& row = GetParam();
  const Config c = row_config(row);
  const auto r = run_experiment(prepare_run(c));
  const bool converged = r["converged"].get<bool>();

  if (row.T == "inf") {
    EXPECT_FALSE(converged) << "the paper found no convergence; kncsim converged at T=" << r["T"];
    return;
  }
  ASSERT_TRUE(converged) << "stopped: " << r["stop_reason"] << " at " << r["curtime"];
  const double T = r["T"].get<double>(), AQLEN = r["AQLEN"].get<double>();
  EXPECT_NE(matches_printed(T, row.T), DigitMatch::no) << "T = " << T << ", paper prints " << row.T;
  if (!row.AQLEN.empty()) {
    EXPECT_NE(matches_printed(AQLEN, row.AQLEN), DigitMatch::no) << "AQLEN = " << AQLEN << ", paper prints " << row.AQLEN;
  }
}

INSTANTIATE_TEST_SUITE_P(Ci, PertelTable, ::testing::ValuesIn(ci_rows()),
                         [](const auto& info) { return info.param.name(); });

TEST(PertelTables, TheCiSampleIsInTheTable) {
  std::set<std::string> names;
  for (const auto& r : all_rows()) names.insert(r.name());
  EXPECT_EQ(all_rows().size(), 170u);
  for (const auto& n : kCiSample) EXPECT_TRUE(names.count(n)) << n;
}

TEST(DigitRule, RoundsLikeThePaper) {
  EXPECT_EQ(matches_printed(3.95397, "3.95"), DigitMatch::exact);
  EXPECT_EQ(matches_printed(382.24, "382"), DigitMatch::exact);
  EXPECT_EQ(matches_printed(0.454545, "0.46"), DigitMatch::stepwise);
  EXPECT_EQ(matches_printed(0.454545, "0.45"), DigitMatch::exact);
  EXPECT_EQ(matches_printed(278. / 304, "0.92"), DigitMatch::stepwise);  // Table 3, R=8 A=.7 AR
  EXPECT_EQ(matches_printed(278. / 304, "0.93"), DigitMatch::no);
  EXPECT_EQ(matches_printed(1233.4, "1233"), DigitMatch::exact);
  EXPECT_EQ(matches_printed(9.75, "9.79"), DigitMatch::no);
  EXPECT_EQ(matches_printed(84.4, "85"), DigitMatch::no);
}

}  // namespace
}  // namespace kncsim::paper
