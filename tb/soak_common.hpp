#pragma once
// Shared pieces of the soak (kncsim-soak): per-run randomness, a run's configuration as
// `key=value` assignments, a run's figures, and the exception a failed check throws.
#include <fmt/format.h>

#include <cstdint>
#include <stdexcept>
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <string>
#include <vector>

#include "config/config.hpp"
#include "spec/experiment_spec.hpp"
#include "rand/counter_rng.hpp"

namespace kncsim::soak {

// A broken invariant: the message says which check failed and on what.
class Violation : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// SplitMix64 (the library's mixer). A run's stream depends only on (seed, model, run
// index), so any run can be repeated alone (--run K), and the same on every platform (no
// std distributions, whose results are implementation-defined).
class Rng {
 public:
  Rng(uint64_t seed, uint64_t model, uint64_t run) : state_(mix64(mix64(mix64(seed) ^ model) ^ run)) {}
  uint64_t next() {
    state_ += 0x9e3779b97f4a7c15ULL;
    return mix64(state_);
  }
  // Uniform integer in [lo, hi] (the modulo bias is irrelevant at these ranges).
  int64_t range(int64_t lo, int64_t hi) { return lo + int64_t(next() % uint64_t(hi - lo + 1)); }
  double uniform(double lo, double hi) { return lo + (hi - lo) * double(next() >> 11) * 0x1p-53; }
  bool chance(double p) { return uniform(0, 1) < p; }
  template <class T>
  const T& pick(const std::vector<T>& v) { return v[size_t(range(0, int64_t(v.size()) - 1))]; }

 private:
  uint64_t state_;
};

// A run's configuration as the `--set` assignments that build it, so a failure can print
// them for `kncsim run` to repeat.
struct Settings {
  std::vector<std::string> assignments;

  template <class T>
  void set(const std::string& key, const T& value) {
    assignments.push_back(fmt::format("{}={}", key, value));
  }
  // The assignments applied to the schema defaults, validated (throws ConfigError).
  Config config() const {
    Config c;
    for (const auto& a : assignments) c.apply_set(a);
    decode(c);
    return c;
  }
  // "--set 'a=b' --set 'c=d' ...", quoted for a shell.
  std::string command_line() const {
    std::string s;
    for (const auto& a : assignments) s += fmt::format("{}--set '{}'", s.empty() ? "" : " ", a);
    return s;
  }
};

// What one run did, for the per-model totals.
struct RunFigures {
  int64_t cycles = 0;     // simulated cycles (rings: including the drain)
  int64_t packets = 0;    // delivered packets (rings: messages), each checked
  int64_t flit_hops = 0;  // see the model's runner for what is counted
  int64_t nacks = 0, corrupted = 0;  // rings: nacks, and those for a failed CRC (each retransmitted)
  bool deadlocked = false;           // adaptive routing with finite FIFOs stopped, as it may
  bool pair_order_checked = false;   // DOR: per-pair order was checked
};

// A YAML scalar or flow list, as apply_set reads it.
inline std::string yaml_value(const std::vector<int64_t>& v) {
  return v.size() == 1 ? std::to_string(v[0]) : fmt::format("[{}]", fmt::join(v, ","));
}

// Each of `nodes` with probability p (at least one).
inline std::vector<int64_t> random_nodes(uint32_t nodes, double p, Rng& rng) {
  std::vector<int64_t> picked;
  for (uint32_t n = 0; n < nodes; ++n)
    if (rng.chance(p)) picked.push_back(n);
  if (picked.empty()) picked.push_back(rng.range(0, nodes - 1));
  return picked;
}

}  // namespace kncsim::soak
