// The all-RTL 8x8 network next to the SystemC network in the same run: node-cycles per
// second on the same configs (counter stream, fixed cycles, one thread), with the RTL models
// bound directly (the default) and on sc_signals, and each one's ratio to SystemC.
// Usage: kncsim-bench-rtl [--quick]
#include <fmt/format.h>

#include <chrono>
#include <cstring>

#include "experiment/experiment.hpp"

namespace {

double node_cycles_per_second(const kncsim::Config& c) {
  const auto t0 = std::chrono::steady_clock::now();
  const auto r = kncsim::run_experiment(c);
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return r["analytic"]["nodes"].get<double>() * r["curtime"].get<double>() / s;
}

}  // namespace

int main(int argc, char** argv) {
  const long cycles = argc > 1 && !std::strcmp(argv[1], "--quick") ? 4000 : 40000;
  struct Fifo { const char* flits; const char* flow; int L; };
  const Fifo fifos[] = {{"4", "wormhole", 32}, {"128", "cut_through", 32}};
  fmt::print("{:<6} {:<22} {:>5} {:>14} {:>14} {:>7} {:>14} {:>7}\n", "mesh", "FIFOs", "A", "SystemC n-c/s",
             "RTL direct", "/SC", "RTL signals", "/SC");
  for (const auto& f : fifos) {
    for (double load : {.1, .3, .5, .7}) {
      kncsim::Config c;
      c.apply_set("network.radix=8");
      c.apply_set(fmt::format("traffic.packet_flits={}", f.L));
      c.apply_set(fmt::format("router.fifo_flits={}", f.flits));
      c.apply_set(fmt::format("router.flow_control={}", f.flow));
      c.apply_set(fmt::format("traffic.load={}", load));
      c.apply_set("traffic.stream=counter");
      c.apply_set("run.convergence=fixed");
      c.apply_set(fmt::format("run.cycles={}", cycles));
      c.apply_set("run.threads=1");
      c.apply_set("router.impl=systemc");
      c.validate();
      const double sc = node_cycles_per_second(c);
      c.apply_set("router.impl=rtl");
      c.validate();
      const double direct = node_cycles_per_second(c);
      c.apply_set("router.rtl_binding=signals");
      c.validate();
      const double signals = node_cycles_per_second(c);
      fmt::print("{:<6} {:<22} {:>5} {:>14.3g} {:>14.3g} {:>7.3f} {:>14.3g} {:>7.3f}\n", "8x8",
                 fmt::format("{} flits {}", f.flits, f.flow), load, sc, direct, direct / sc, signals, signals / sc);
    }
  }
}
