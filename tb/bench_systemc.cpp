// Node-cycles per second of the SystemC flit-level network: 8x8 and 16x16 meshes, 4- and
// 32-flit packets, from low load past saturation, plus an almost idle 128x128 mesh (idle
// routers must cost nothing). Each point: a fixed number of cycles, counter stream, one
// thread, run with run.statistics basic (the listings' counters) and then full (percentiles,
// histograms, per-node and per-channel figures); the last column is what full costs, and the
// last line its geometric mean over the points. Usage: kncsim-bench-systemc [--quick]
#include <fmt/format.h>

#include <chrono>
#include <cmath>
#include <cstring>

#include "spec/experiment_spec.hpp"
#include "experiment/experiment.hpp"
#include "experiment/rtl_attach.hpp"

namespace {

struct Point {
  int radix, flits;
  double load;
  long cycles;
};

// Seconds for one run, and its result.
std::pair<double, nlohmann::ordered_json> timed(const Point& p, const char* statistics) {
  kncsim::Config c;
  c.apply_set("router.impl=systemc");
  c.apply_set(fmt::format("network.radix={}", p.radix));
  c.apply_set(fmt::format("traffic.packet_flits={}", p.flits));
  c.apply_set(fmt::format("traffic.load={}", p.load));
  c.apply_set("traffic.stream=counter");
  c.apply_set("run.convergence=fixed");
  c.apply_set(fmt::format("run.cycles={}", p.cycles));
  c.apply_set("run.threads=1");
  c.apply_set(fmt::format("run.statistics={}", statistics));
  decode(c);
  const auto t0 = std::chrono::steady_clock::now();
  auto r = kncsim::run_experiment(kncsim::prepare_run(c));
  return {std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(), std::move(r)};
}

double log_overhead_sum = 0;
int points = 0;

void run(const Point& p) {
  const auto [basic, r] = timed(p, "basic");
  const double full = timed(p, "full").first;
  const double nodes = double(p.radix) * p.radix;
  log_overhead_sum += std::log(full / basic);
  ++points;
  fmt::print("{:<8} {:>3} {:>5} {:>8} {:>7.3f} {:>9.3f} {:>8.3g} {:>14.3g} {:>14.3g} {:>+8.1f}%\n",
             fmt::format("{0}x{0}", p.radix), p.flits, p.load, p.cycles, r["U"].get<double>(),
             r["numrecd"].get<double>() * p.flits / nodes / p.cycles, basic, nodes * p.cycles / basic,
             nodes * p.cycles / full, 100 * (full / basic - 1));
}

}  // namespace

int main(int argc, char** argv) {
  const bool quick = argc > 1 && !std::strcmp(argv[1], "--quick");
  const long scale = quick ? 10 : 1;
  fmt::print("{:<8} {:>3} {:>5} {:>8} {:>7} {:>9} {:>8} {:>14} {:>14} {:>9}\n", "mesh", "L", "A", "cycles", "U",
             "flits/n/c", "seconds", "node-cycles/s", "with stats", "stats");
  for (int radix : {8, 16})
    for (int flits : {4, 32})
      for (double load : {.1, .3, .5, .7, .9, 1.2})
        run({radix, flits, load, (radix == 8 ? 160000 : 40000) / scale});
  run({128, 32, .001, 20000 / scale});  // nearly idle: cost should follow the traffic, not the node count
  run({128, 32, .1, 4000 / scale});
  fmt::print("statistics overhead (run.statistics full against basic), geometric mean over {} points: {:+.1f}%\n",
             points, 100 * (std::exp(log_overhead_sum / points) - 1));
}
