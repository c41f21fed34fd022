#include "stats/saturation_check.hpp"

#include <algorithm>
#include <cmath>

namespace kncsim {

const RunSample& SaturationCheck::at_or_before(int64_t cycle) const {
  const auto it = std::upper_bound(samples_.begin(), samples_.end(), cycle,
                                   [](int64_t c, const RunSample& s) { return c < s.cycle; });
  return it == samples_.begin() ? samples_.front() : *std::prev(it);
}

SaturationEvidence SaturationCheck::backlog_test() const {
  SaturationEvidence e;
  e.rule = "backlog_growth";
  const RunSample& n = samples_.back();
  const RunSample& h = at_or_before(n.cycle / 2);
  const RunSample& q = at_or_before(n.cycle - (n.cycle - h.cycle) / 2);
  e.cycle = n.cycle;
  e.window_begin = h.cycle;
  e.backlog = n.offered - n.accepted;
  e.T = n.T;
  e.T_waiting_included = n.T_waiting_included;
  e.T_worst_source = n.T_worst_source;
  e.worst_source = n.worst_source;
  e.latency_bound = rule_.latency_bound;
  if (!(h.cycle < q.cycle && q.cycle < n.cycle)) return e;
  const auto backlog = [](const RunSample& s) { return double(s.offered - s.accepted); };
  const double span = double(n.cycle - h.cycle);
  e.offered_rate = double(n.offered - h.offered) / span;
  e.accepted_rate = double(n.accepted - h.accepted) / span;
  e.growth_first_quarter = (backlog(q) - backlog(h)) / double(q.cycle - h.cycle);
  e.growth_second_quarter = (backlog(n) - backlog(q)) / double(n.cycle - q.cycle);
  e.z = (backlog(n) - backlog(h)) / std::sqrt(std::max(1.0, double(n.offered - h.offered)));
  const double floor = kMinGrowth * e.offered_rate;
  e.saturated = e.growth_first_quarter > floor && e.growth_second_quarter > floor &&
                e.growth_second_quarter >= kMinPersistence * e.growth_first_quarter && e.z > kMinZ;
  return e;
}

bool SaturationCheck::observe(const RunSample& s) {
  if (evidence_.saturated) return true;
  samples_.push_back(s);
  if (!rule_.detect || s.cycle < min_cycles_) return false;
  const double latency = std::isnan(s.T_waiting_included) ? s.T : s.T_waiting_included;
  // A source over the bound must stay over it while the run's age doubles: one congestion
  // episode early on can put a source's mean over it for a while.
  const bool worst = rule_.latency_bound > 0 && s.T_worst_source > rule_.latency_bound;  // NaN is not over
  if (!worst) worst_since_ = -1;
  if (worst && worst_since_ < 0) worst_since_ = s.cycle;
  const bool worst_persists = worst && s.cycle >= 2 * worst_since_;
  if (rule_.latency_bound > 0 && (latency > rule_.latency_bound || worst_persists)) {
    evidence_ = backlog_test();
    evidence_.saturated = true;
    evidence_.rule = latency > rule_.latency_bound ? "latency_bound" : "latency_bound_worst_source";
    return true;
  }
  SaturationEvidence e = backlog_test();
  if (!e.saturated) {
    agreeing_since_ = -1;
    return false;
  }
  if (agreeing_since_ < 0) agreeing_since_ = s.cycle;
  if (s.cycle < 2 * agreeing_since_) return false;
  evidence_ = e;
  return true;
}

}  // namespace kncsim
