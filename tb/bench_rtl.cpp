// The all-RTL 8x8 network next to the SystemC network in the same run: node-cycles per
// second on the same configs (counter stream, fixed cycles, one thread), with the RTL models
// bound directly (the default) and on sc_signals, and each one's ratio to SystemC.
// Usage: kncsim-bench-rtl [--quick] [--rounds N] [--set KEY=VALUE ...]
// --set applies to every point's configuration, last (e.g. verify.monitors=off, to measure
// what the monitors cost: scripts/bench_against.py rtl --vs-set verify.monitors=off).
// With --rounds N the three take turns N times at each point, and each column is the median
// of its rounds (a ratio: of the rounds' ratios): on a machine whose speed drifts by tens of
// percent within minutes, a ratio of runs made in one stretch is the one to trust.
#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "spec/experiment_spec.hpp"
#include "experiment/experiment.hpp"
#include "experiment/rtl_attach.hpp"

namespace {

double node_cycles_per_second(const kncsim::Config& c) {
  const auto t0 = std::chrono::steady_clock::now();
  const auto r = kncsim::run_experiment(kncsim::prepare_run(c));
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return r["analytic"]["nodes"].get<double>() * r["curtime"].get<double>() / s;
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

}  // namespace

int main(int argc, char** argv) {
  long cycles = 40000;
  int rounds = 1;
  std::vector<std::string> sets;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--quick")) {
      cycles = 4000;
    } else if (!std::strcmp(argv[i], "--rounds")) {
      char* end = nullptr;
      const long n = i + 1 < argc ? std::strtol(argv[i + 1], &end, 10) : 0;
      if (i + 1 >= argc || *end || n < 1 || n > 1000) {
        fmt::print(stderr, "kncsim-bench-rtl: --rounds takes a whole number from 1 to 1000, got '{}'\n",
                   i + 1 < argc ? argv[i + 1] : "");
        return 2;
      }
      rounds = int(n);
      ++i;
    } else if (!std::strcmp(argv[i], "--set") && i + 1 < argc) {
      sets.push_back(argv[++i]);
    } else {
      fmt::print(stderr, "kncsim-bench-rtl: unknown argument '{}'; usage: kncsim-bench-rtl [--quick] [--rounds N (1 to 1000)] [--set KEY=VALUE ...]\n",
                 argv[i]);
      return 2;
    }
  }
  try {  // a bad --set is refused before anything runs, naming the key
    kncsim::Config check;
    for (const auto& s : sets) check.apply_set(s);
  } catch (const kncsim::ConfigError& e) {
    fmt::print(stderr, "kncsim-bench-rtl: --set: {}\n", e.what());
    return 2;
  }
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
      for (const auto& s : sets) c.apply_set(s);
      std::vector<double> sc, direct, signals, direct_ratio, signals_ratio;
      for (int r = 0; r < rounds; ++r) {
        kncsim::Config systemc = c;  // (coverage is marked by RTL routers' monitors only)
        systemc.apply_set("router.impl=systemc");
        systemc.apply_set("verify.coverage=off");
        decode(systemc);
        sc.push_back(node_cycles_per_second(systemc));
        c.apply_set("router.impl=rtl");
        c.apply_set("router.rtl_binding=direct");
        decode(c);
        direct.push_back(node_cycles_per_second(c));
        c.apply_set("router.rtl_binding=signals");
        decode(c);
        signals.push_back(node_cycles_per_second(c));
        direct_ratio.push_back(direct.back() / sc.back());
        signals_ratio.push_back(signals.back() / sc.back());
      }
      fmt::print("{:<6} {:<22} {:>5} {:>14.3g} {:>14.3g} {:>7.3f} {:>14.3g} {:>7.3f}\n", "8x8",
                 fmt::format("{} flits {}", f.flits, f.flow), load, median(sc), median(direct), median(direct_ratio),
                 median(signals), median(signals_ratio));
    }
  }
}
