#include "stats/steady_state_interval.hpp"

#include "stats/batch_means.hpp"

#include <cmath>

namespace kncsim {

size_t mser_cut(const std::vector<LatencySeries::Group>& g) {
  const size_t n = g.size();
  if (n < 2) return 0;
  // Suffix sums from the end, so each d costs O(1).
  double s1 = 0, s2 = 0;
  size_t best = n / 2;
  double best_value = INFINITY;
  for (size_t d = n; d-- > 0;) {
    const double y = g[d].mean();
    s1 += y;
    s2 += y * y;
    if (d > n / 2) continue;
    const double m = double(n - d);
    const double value = std::max(0.0, s2 - s1 * s1 / m) / (m * m);
    if (value <= best_value) best_value = value, best = d;  // ties: the shortest cut
  }
  return best;
}

SteadyStateInterval steady_state_interval(const std::vector<LatencySeries::Group>& g) {
  SteadyStateInterval r;
  r.groups = g.size();
  if (g.size() < size_t(2 * kBatches * kMinGroupsPerBatch)) {
    r.not_ready = "too few packets for the warm-up cut and the batches";
    return r;
  }
  r.cut_groups = mser_cut(g);
  // A cut at the search's limit says the series still drifts: its warm-up is not over.
  if (r.cut_groups * 20 >= g.size() * 9) {
    r.not_ready = "MSER puts the warm-up at the series' midpoint: the mean still drifts";
    return r;
  }
  const size_t per_batch = (g.size() - r.cut_groups) / kBatches;
  const size_t first = g.size() - per_batch * kBatches;  // the few groups left over are cut too
  for (size_t i = 0; i < first; ++i) r.cut_packets += g[i].count;
  r.cut_cycle = first ? g[first - 1].last_cycle : -1;
  r.batches = kBatches;
  std::vector<double> means;
  double sum = 0;
  for (int b = 0; b < kBatches; ++b) {
    double bs = 0;
    int64_t bc = 0;
    for (size_t i = first + size_t(b) * per_batch; i < first + size_t(b + 1) * per_batch; ++i) bs += g[i].sum, bc += g[i].count;
    if (b == 0) r.batch_packets = bc;
    means.push_back(bs / double(bc));
    sum += bs;
    r.packets += bc;
  }
  r.mean = sum / double(r.packets);
  double bar = 0;
  for (double m : means) bar += m;
  bar /= kBatches;
  double ss = 0, lag = 0;
  for (int b = 0; b < kBatches; ++b) {
    ss += (means[size_t(b)] - bar) * (means[size_t(b)] - bar);
    if (b) lag += (means[size_t(b)] - bar) * (means[size_t(b - 1)] - bar);
  }
  r.lag1_correlation = ss > 0 ? lag / ss : 0;
  r.half_width = batch_means_half_width95(std::sqrt(ss / (kBatches - 1)), kBatches);
  r.ready = true;
  return r;
}

}  // namespace kncsim
