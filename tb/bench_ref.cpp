// Node-cycles per second of the reference model on the benchmark points, each a
// fixed number of cycles under the legacy stream. Usage: kncsim-bench-ref [--threads 1|2]
#include <fmt/format.h>

#include <chrono>
#include <cstring>

#include "spec/experiment_spec.hpp"
#include "experiment/experiment.hpp"
#include "experiment/rtl_attach.hpp"

int main(int argc, char** argv) {
  std::string threads = "auto";
  for (int i = 1; i + 1 < argc; ++i)
    if (!std::strcmp(argv[i], "--threads")) threads = argv[i + 1];
  struct Point { int radix; double load; const char* routing; long cycles; };
  const Point points[] = {
      {8, .5, "dor", 4000000},      {16, .5, "dor", 1000000},  {32, .5, "dor", 250000},
      {32, .5, "adaptive", 250000}, {128, .1, "dor", 40000},   {128, .7, "dor", 20000},
  };
  fmt::print("{:<10} {:>5} {:>9} {:>9} {:>8} {:>14}\n", "mesh", "A", "routing", "cycles", "seconds", "node-cycles/s");
  for (const auto& p : points) {
    kncsim::Config c;
    c.apply_set(fmt::format("network.radix={}", p.radix));
    c.apply_set(fmt::format("traffic.load={}", p.load));
    c.apply_set(fmt::format("router.routing={}", p.routing));
    c.apply_set("run.convergence=fixed");
    c.apply_set(fmt::format("run.cycles={}", p.cycles));
    c.apply_set("run.threads=" + threads);
    decode(c);
    const auto t0 = std::chrono::steady_clock::now();
    const auto r = kncsim::run_experiment(kncsim::prepare_run(c));
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    fmt::print("{:<10} {:>5} {:>9} {:>9} {:>8.3f} {:>14.3g}\n", fmt::format("{0}x{0}", p.radix), p.load, p.routing,
               p.cycles, s, double(p.radix) * p.radix * p.cycles / s);
  }
}
