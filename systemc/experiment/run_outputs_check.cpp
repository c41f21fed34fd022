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
    if (!out.channel_tables && !out.energy_tables)
      throw ConfigError("--csv writes per-channel and per-node tables, which closed loops and trace replays do not "
                        "keep; allowed with traffic.workload closed_loop or trace: energy accounting "
                        "(energy.technology), whose tables --csv writes");
    check_csv_dir(csv_dir);
  }
}

void request_trace_out(ExperimentSpec& spec, const std::string& path) {
  if (path.empty()) return;
  const auto* mesh = std::get_if<MeshExperiment>(&spec.topology);
  const std::string why =
      spec.workload != Workload::open       ? fmt::format("traffic.workload {}", to_string(spec.workload))
      : spec.impl == RouterImpl::single_node ? std::string("router.impl single_node (no network's messages)")
      : mesh && !mesh->classes.empty()      ? std::string("traffic classes (a text trace has none)")
      : mesh && mesh->flit.source_queue_packets > 0 ? std::string("traffic.source_queue_packets (its dropped packets)")
      : mesh && mesh->overrides && mesh->overrides->failures() ? std::string("network.overrides failures (unreachable packets)")
                                                               : std::string();
  if (!why.empty())
    throw ConfigError(fmt::format("--trace-out records the packets an open workload generates, and this run has {}; "
                                  "allowed: traffic.workload open, one class, unbounded source queues, no failures",
                                  why));
  check_output_path(path, "--trace-out");
  spec.outputs.trace_out = path;
  spec.second_thread = false;  // recorded on the thread that reads the record
}

}  // namespace kncsim
