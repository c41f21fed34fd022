#pragma once
// verify.on_violation count: the protocol monitors' broken rules, counted instead of stopping the
// run. Each rule's count, and the first reports in full (a study of a design's failures, or a
// mutation score, wants them all; what follows a broken flit may break again and is counted too).
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace kncsim {

struct ViolationTally {
  std::map<std::string, int64_t> by_rule;
  std::vector<std::string> first;  // the first reports, in order
  int64_t total = 0;
  static constexpr size_t kKept = 10;
  void count(const std::string& rule, const std::string& report) {
    ++by_rule[rule];
    ++total;
    if (first.size() < kKept) first.push_back(report);
  }
};

}  // namespace kncsim
