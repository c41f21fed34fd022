#include "experiment/run_outputs_check.hpp"

#include <fmt/format.h>

#include "io/output_file.hpp"
#include "sc/vcd_file.hpp"
#include "report/statistics_report.hpp"

namespace kncsim {

void check_run_outputs(const RunOutputs& out, const std::string& json_path, const std::string& csv_dir) {
  check_output_path(json_path, "--json");
  if (!out.vcd.empty()) {
    const std::string path = vcd_output_path(out.vcd);
    const OutputTarget t = check_output_path(path, "--vcd (trace.vcd)");
    if (!t.replaced() && out.rtl_internals)
      throw OutputError(fmt::format(
          "--vcd (trace.vcd) '{}' is {}, and the traced RTL nodes write their internal signals beside the VCD, to "
          "PATH.router_N.vcd; allowed: a file path, or trace.nodes without RTL nodes",
          out.vcd, t.what()));
    if (t.replaced()) check_output_path(vcd_stem(path) + ".router_0.vcd", "--vcd (trace.vcd)");
  }
  if (!out.flits.empty()) check_output_path(out.flits, "trace.flits");
  if (!csv_dir.empty()) {
    if (!out.full_statistics) throw ConfigError("--csv needs run.statistics: full (it is basic)");
    check_csv_dir(csv_dir);
  }
}

}  // namespace kncsim
