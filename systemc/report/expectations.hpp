#pragma once
// kncsim check: gate a run in a CI pipeline on its result JSON, e.g. --expect 'T<30'
// --expect 'p99<=80' --expect 'latency.ci95.half_width<0.5'. A key is a dotted path into the
// result (numbers index arrays), or a short name: T, U, D, TP, AQLEN and the other top-level
// numbers, or p50, p90, p99, p999, stddev, variance, min, max (of the latency).
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>

namespace kncsim {

// A malformed expectation or a key the result does not have (exit 2).
class ExpectationError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct Expectation {
  std::string text;  // as given
  std::string key;
  std::string op;    // <, <=, >, >=, ==, !=
  double bound = 0;
};

Expectation parse_expectation(const std::string& text);

struct ExpectationOutcome {
  bool passed = false;
  std::string line;  // "ok   T < 30 (T = 21.64)" or "FAIL ..."
};
ExpectationOutcome check_expectation(const nlohmann::ordered_json& result, const Expectation& e);

// The result file, parsed; ExpectationError names the file and line of a syntax error.
nlohmann::ordered_json read_result_file(const std::string& path);

}  // namespace kncsim
