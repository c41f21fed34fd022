#include "stats/latency_series.hpp"

namespace kncsim {

void LatencySeries::close() {
  groups_.push_back(open_);
  open_ = Group{};
  if (groups_.size() < kMaxGroups) return;
  for (size_t i = 0; i < groups_.size() / 2; ++i) {
    const Group &a = groups_[2 * i], &b = groups_[2 * i + 1];
    groups_[i] = Group{a.sum + b.sum, a.count + b.count, b.last_cycle};
  }
  groups_.resize(groups_.size() / 2);
  group_size_ *= 2;
}

}  // namespace kncsim
