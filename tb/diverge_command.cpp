#include "diverge_command.hpp"

#include <sys/wait.h>
#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include "config/config.hpp"
#include "spec/experiment_spec.hpp"
#include "diverge/first_divergence.hpp"
#include "io/output_target.hpp"
#include "diverge/vcd_window.hpp"
#include "io/child_process.hpp"
#include "experiment/rtl_attach.hpp"
#include "rtl_command.hpp"

namespace kncsim {

namespace {

namespace fs = std::filesystem;

struct Run {
  std::string name;                // "systemc" or "rtl"
  std::vector<std::string> extra;  // --set arguments of this run
  pid_t pid = 0;
  int status = 0;
};

std::vector<std::string> base_args(const DivergeOptions& o) {
  std::vector<std::string> a{o.self, "run"};
  if (!o.config_path.empty()) a.push_back(o.config_path);
  for (const auto& s : o.sets) a.insert(a.end(), {"--set", s});
  a.push_back("--quiet");
  return a;
}

// Runs both at once (two cores, two runs) and waits for them.
void run_all(const DivergeOptions& o, std::vector<Run>& runs, const std::string& suffix) {
  for (Run& r : runs) {
    std::vector<std::string> args = base_args(o);
    for (const auto& s : r.extra) args.insert(args.end(), {"--set", s});
    args.insert(args.end(), {"--json", (fs::path(o.out_dir) / (r.name + suffix + ".json")).string()});
    const std::string log = (fs::path(o.out_dir) / (r.name + suffix + ".log")).string();
    r.pid = spawn_child(args, log, log);
  }
  for (Run& r : runs) waitpid(r.pid, &r.status, 0);
}

bool ok(const Run& r) { return WIFEXITED(r.status) && WEXITSTATUS(r.status) == 0; }

std::string tail_of(const std::string& path, int lines) {
  std::ifstream in(path);
  std::vector<std::string> all;
  for (std::string l; std::getline(in, l);) all.push_back(l);
  std::string out;
  for (size_t i = all.size() > size_t(lines) ? all.size() - size_t(lines) : 0; i < all.size(); ++i)
    out += "    " + all[i] + "\n";
  return out;
}

}  // namespace

int run_diverge(const DivergeOptions& o) {
  Config config;
  if (!o.config_path.empty()) config.merge_file(o.config_path);
  for (const auto& s : o.sets) config.apply_set(s);
  ExperimentSpec spec = decode(config);
  const auto* mesh = std::get_if<MeshExperiment>(&spec.topology);
  const auto* ring = std::get_if<RingsExperiment>(&spec.topology);
  const bool rtl = mesh ? !mesh->flit.rtl_nodes.empty() : !ring->rtl.nodes.empty();
  const bool rings = ring != nullptr;
  if (!rtl)
    throw ConfigError("kncsim diverge compares a network's RTL routers or ring nodes with the SystemC ones, and this "
                      "configuration has none; allowed: router.impl: rtl, or router.impl: systemc with router.rtl_nodes");
  if (o.window < 1 || o.history < 0) throw ConfigError("--window must be at least 1 and --history at least 0");
  check_output_directory(o.out_dir, "kncsim diverge --out");
  // The RTL models first, here: sources that do not build stop diverge with Verilator's own
  // message (an RtlSourceError), not with a flit log the RTL run never wrote; both runs then
  // find their models in the cache.
  prepare_run(spec);
  prepare_rtl_models(spec);
  const std::string dir = o.out_dir;
  const auto file = [&](const std::string& name) { return (fs::path(dir) / name).string(); };

  // 1. Both runs, logging every flit.
  std::vector<Run> runs{
      {"systemc", {"router.impl=systemc", "router.rtl_nodes=none", "router.rtl_sources=", "trace.vcd=",
                   "trace.flits=" + file("systemc.flits")}},
      {"rtl", {"trace.vcd=", "trace.flits=" + file("rtl.flits")}}};
  const char* const part = rings ? "ring nodes" : "routers";
  std::cout << fmt::format("kncsim diverge: running the configuration with SystemC {} and with RTL {} (logs in {})\n",
                           part, part, dir);
  run_all(o, runs, "");
  if (!ok(runs[0])) {
    std::cout << fmt::format("the SystemC run failed ({}):\n{}", file("systemc.log"), tail_of(file("systemc.log"), 6));
    return 1;
  }
  if (!ok(runs[1]) && !fs::exists(file("rtl.flits"))) {
    // It stopped before its first cycle: nothing to compare, its own message says why.
    std::cout << fmt::format("the RTL run failed before it began ({}):\n{}", file("rtl.log"), tail_of(file("rtl.log"), 12));
    return 1;
  }
  const std::vector<LoggedFlit> expected = read_flit_log(file("systemc.flits"));
  const std::vector<LoggedFlit> actual = read_flit_log(file("rtl.flits"));
  int64_t until = INT64_MAX;
  if (!ok(runs[1])) {
    // The RTL run stopped early (an assertion, a deadlock): compare up to its last full cycle.
    until = -1;
    for (const LoggedFlit& f : actual) until = std::max(until, f.cycle);
    until -= 1;
    std::cout << fmt::format("the RTL run stopped before the end ({}):\n{}", file("rtl.log"), tail_of(file("rtl.log"), 6));
  }
  const auto d = first_divergence(expected, actual, size_t(o.history), until);
  if (!d) {
    if (!ok(runs[1])) {
      std::cout << fmt::format("its flits agree with the SystemC run's up to cycle {}; the message above says why it stopped\n",
                               until);
      return 1;
    }
    std::cout << fmt::format("no divergence: the RTL and SystemC runs sent the same {} flits\n", expected.size());
    return 0;
  }
  const DivergenceNames names =
      rings ? ring_names(RingGeometry(ring->params.dims, ring->params.radix)) : mesh_names(mesh->geometry());
  std::cout << describe(*d, names, "SystemC", "RTL");

  // 2. Both again up to just past the divergence, tracing that node; the waveforms cut to
  // the window before it.
  const int64_t stop = d->cycle + 3, from = std::max<int64_t>(0, d->cycle - o.window);
  const std::vector<std::string> traced{"run.convergence=fixed", fmt::format("run.cycles={}", stop),
                                        fmt::format("trace.nodes=[{}]", d->node)};
  std::vector<Run> again{{"systemc", {"router.impl=systemc", "router.rtl_nodes=none", "router.rtl_sources=",
                          "trace.vcd=" + file("systemc.vcd")}},
                         {"rtl", {"trace.vcd=" + file("rtl.vcd")}}};
  for (Run& r : again) r.extra.insert(r.extra.end(), traced.begin(), traced.end());
  run_all(o, again, "-traced");
  const std::string inside = fmt::format("rtl.{}_{}.vcd", rings ? "node" : "router", d->node);
  const std::vector<std::string> vcds{file("systemc.vcd"), file("rtl.vcd"), file(inside)};
  std::cout << fmt::format("waveforms of node {}, cycles {} to {}:\n", d->node, from, stop);
  for (const std::string& v : vcds) {
    if (cut_vcd_window(v, uint64_t(from), uint64_t(stop)))
      std::cout << "  " << v << "\n";
  }
  const char* const one = rings ? "ring node" : "router";
  std::cout << fmt::format("  (systemc.vcd: the SystemC {}'s link pins; rtl.vcd: the RTL {}'s pins; {}: every signal "
                           "inside it. Open them with gtkwave.)\n", one, one, inside);
  return 1;
}

}  // namespace kncsim
