#pragma once
// Pertel's printed tables (../shared/data/pertel-tables.tsv) and the rule for "reproduced
// to the printed digit".
#include <ostream>
#include <string>
#include <vector>

#include "config/config.hpp"

namespace kncsim::paper {

struct TableRow {
  std::string source, table;
  int d, R, L;
  std::string A;  // as printed, e.g. ".55": passed to kncsim verbatim
  std::string routing, fifo_packets, convergence;
  std::string T, AQLEN;  // as printed: "3.95", "inf", ">461", "" (not printed)

  std::string name() const;  // e.g. "critique3_R8_A.5_adaptive"
};

std::vector<TableRow> load_pertel_tables(const std::string& tsv_path);
// The row's experiment, validated. Rows the paper saw converge get room to (4e9
// node-cycles); for rows printed as infinity, "not converged" means within 2^22 cycles, far
// past where the converging rows stop.
Config row_config(const TableRow& row);
// GoogleTest prints parameters with this: the row's name, not its bytes.
inline void PrintTo(const TableRow& r, std::ostream* os) { *os << r.name(); }

// How `value` relates to the printed text: rounds to it directly; does so only when rounded
// digit by digit from its 6-digit %g printout, as the paper evidently did
// (0.914474 -> .9145 -> .915 -> .92); or not at all.
enum class DigitMatch { exact, stepwise, no };
DigitMatch matches_printed(double value, const std::string& printed);

}  // namespace kncsim::paper
