#pragma once
// The configurations the fuzzer feeds to `kncsim run`: valid ones drawn from the schema (small
// enough to run a few hundred cycles), and ones broken on purpose.
#include <cstdint>
#include <random>
#include <string>
#include <vector>

namespace kncsim::fuzz {

using Rng = std::mt19937_64;

struct FuzzCase {
  std::string kind;              // one of case_kinds()
  std::string text;              // the config file's bytes (YAML, or not)
  // A value the schema's table rules out (a wrong type, past a bound, NaN, a malformed file):
  // exit 0 is a failure. Whether keys fit together is the rules' to say, not the fuzzer's.
  bool must_refuse = false;
  bool deadlock_allowed = true;  // false for dimension-order routing or unbounded FIFOs
  bool rings = false;            // a valid ring network: its JSON says topology rings
  std::string broken = {};       // what was broken on purpose, where one key or pair says it
};

// Every kind draw_case() makes, valid ones first, in the order the outcome table lists them.
const std::vector<std::string>& case_kinds();

// Case `index` of the run seeded with `seed`: the same pair always draws the same case.
FuzzCase draw_case(uint64_t seed, uint64_t index);

}  // namespace kncsim::fuzz
