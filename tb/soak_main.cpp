// kncsim-soak: each model (ref, SystemC, RTL, SCI rings) over random configurations and seeds
// until it has carried --flit-hops flit-hops, every delivered packet checked on the way.
// Not a CI test: scripts/soak.sh runs it. Exit 0 when every check passed, 1 on a violation
// (the failing run's configuration and how to repeat it go to stderr), 2 on a bad command line.
#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "soak_common.hpp"
#include "soak_mesh.hpp"
#include "soak_rings.hpp"

namespace {

using namespace kncsim::soak;
using Clock = std::chrono::steady_clock;

const std::vector<std::string> kModels = {"ref", "systemc", "rtl", "rings"};

struct Options {
  double flit_hops = 1e8;
  std::vector<std::string> models = kModels;
  uint64_t seed = 1;
  int64_t run = -1;  // >= 0: only this run of each model
};

struct ModelTotals {
  int64_t runs = 0, cycles = 0, packets = 0, flit_hops = 0;
  int64_t deadlocks = 0, pair_order_runs = 0, nacks = 0, corrupted = 0;
  double seconds = 0;

  void add(const RunFigures& f) {
    ++runs;
    cycles += f.cycles;
    packets += f.packets;
    flit_hops += f.flit_hops;
    deadlocks += f.deadlocked;
    pair_order_runs += f.pair_order_checked;
    nacks += f.nacks;
    corrupted += f.corrupted;
  }
};

// A run broke an invariant; the message says which run and how to repeat it.
class RunFailed : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The model's place in kModels keys its random stream, whatever order --models gives.
uint64_t model_key(const std::string& model) {
  for (size_t i = 0; i < kModels.size(); ++i)
    if (kModels[i] == model) return i;
  throw std::logic_error("unknown model " + model);
}

MeshModel mesh_model(const std::string& model) {
  return model == "ref" ? MeshModel::ref : model == "systemc" ? MeshModel::systemc : MeshModel::rtl;
}

Settings random_settings(const std::string& model, Rng& rng) {
  return model == "rings" ? random_ring_settings(rng) : random_mesh_settings(mesh_model(model), rng);
}

RunFigures run_one(const std::string& model, const Settings& s) {
  return model == "rings" ? run_rings(s) : run_mesh(s);
}

std::string failure_text(const std::string& model, int64_t run, const Options& o, const Settings& s,
                         const std::string& why) {
  std::string text = fmt::format("kncsim-soak: VIOLATION in {} run {} (seed {}): {}\n", model, run, o.seed, why);
  text += fmt::format("  configuration: {}\n", s.command_line());
  text += fmt::format("  repeat this run: build/release/tb/kncsim-soak --models {} --seed {} --run {}\n", model,
                      o.seed, run);
  if (model != "rings")  // the model's own checks (NI order, conservation) also fire under kncsim run
    text += fmt::format("  or the model alone: build/release/tb/kncsim run {}\n", s.command_line());
  return text;
}

std::string checks_text(const std::string& model, const ModelTotals& t) {
  if (model == "rings")
    return fmt::format("exactly-once, at the destination, in-order flits and a flit per cycle (CPU), echoes = "
                       "ring crossings, retransmissions = nacks ({} nacks, {} for CRC), active buffers within their size, drained",
                       t.nacks, t.corrupted);
  std::string s = "exactly-once, ids < numsent, count = numrecd, at the destination, minimal hops, a flit per "
                  "cycle at the ejection port, ";
  s += fmt::format("per-pair order (DOR, {} of {} runs), in flight >= 0", t.pair_order_runs, t.runs);
  if (model != "ref") s += ", in-order flits (NI), flit conservation (every run_until)";
  if (t.deadlocks > 0)
    s += fmt::format("; {} adaptive runs with finite FIFOs deadlocked and were reported (allowed)", t.deadlocks);
  return s;
}

ModelTotals soak_model(const std::string& model, const Options& o) {
  ModelTotals t;
  const auto start = Clock::now();
  auto reported = start;
  const double seconds_between_reports = 60;
  for (int64_t k = std::max<int64_t>(o.run, 0);; ++k) {
    Rng rng(o.seed, model_key(model), uint64_t(k));
    const Settings s = random_settings(model, rng);
    if (o.run >= 0) fmt::print("{} run {}: {}\n", model, k, s.command_line());
    try {
      t.add(run_one(model, s));
    } catch (const Violation& v) {
      throw RunFailed(failure_text(model, k, o, s, v.what()));
    }
    t.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    if (o.run >= 0 || double(t.flit_hops) >= o.flit_hops) return t;
    if (std::chrono::duration<double>(Clock::now() - reported).count() >= seconds_between_reports) {
      reported = Clock::now();
      fmt::print(stderr, "  {}: {} runs, {:.3g} flit-hops, {:.0f} s\n", model, t.runs, double(t.flit_hops), t.seconds);
    }
  }
}

void print_totals(const std::string& model, const ModelTotals& t) {
  fmt::print("{:<8} runs {:>5}  cycles {:>9.3e}  packets {:>9.3e}  flit-hops {:>9.3e}  seconds {:>7.1f}\n", model,
             t.runs, double(t.cycles), double(t.packets), double(t.flit_hops), t.seconds);
  fmt::print("         checks passed: {}\n", checks_text(model, t));
  std::fflush(stdout);
}

}  // namespace

int main(int argc, char** argv) {
  Options o;
  CLI::App app{"kncsim-soak: every model over random configurations and seeds, every delivered packet checked"};
  app.add_option("--flit-hops", o.flit_hops, "flit-hops each model must carry (default 1e8)")
      ->check(CLI::PositiveNumber);
  app.add_option("--models", o.models, "comma-separated: ref,systemc,rtl,rings (default all)")
      ->delimiter(',')
      ->check(CLI::IsMember(kModels));
  app.add_option("--seed", o.seed, "seed of the configuration and traffic draws (default 1)");
  app.add_option("--run", o.run, "only run K of each model, printing its configuration (to repeat a failure)")
      ->check(CLI::NonNegativeNumber);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int code = app.exit(e);  // prints help, or the error
    return code == 0 ? 0 : 2;
  }
  fmt::print("kncsim-soak: seed {}, at least {:.3g} flit-hops per model\n", o.seed, o.flit_hops);
  std::fflush(stdout);  // before any progress line on stderr
  const auto start = Clock::now();
  try {
    for (const auto& model : o.models) print_totals(model, soak_model(model, o));
  } catch (const RunFailed& e) {
    fmt::print(stderr, "{}", e.what());
    return 1;
  } catch (const std::exception& e) {
    fmt::print(stderr, "kncsim-soak: error: {}\n", e.what());
    return 1;
  }
  fmt::print("all checks passed in {:.1f} s\n", std::chrono::duration<double>(Clock::now() - start).count());
  return 0;
}
