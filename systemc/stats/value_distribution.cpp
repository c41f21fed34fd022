#include "stats/value_distribution.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace kncsim {

double ValueDistribution::mean() const { return count_ ? sum_ / double(count_) : std::nan(""); }

double ValueDistribution::variance() const {
  if (count_ < 2) return std::nan("");
  const long double n = count_, m = (long double)sum_ / n;
  const long double v = (sum_sq_ - n * m * m) / (n - 1);
  return double(v < 0 ? 0 : v);
}

int64_t ValueDistribution::percentile(double p) const {
  if (!(p > 0 && p <= 100)) throw std::invalid_argument("percentile: p must be in (0, 100]");
  if (!count_) return -1;
  // rank = ceil(p/100 * n) in integers (p to a millionth of a percent), exact for any n.
  const __int128 micro = __int128(std::llround(p * 1e6));
  const int64_t rank = std::max<int64_t>(1, int64_t((micro * count_ + 100000000 - 1) / 100000000));
  int64_t seen = 0, found = max_;
  bool done = false;
  for_each([&](int64_t v, int64_t c) {
    if (done) return;
    seen += c;
    if (seen >= rank) {
      found = v;
      done = true;
    }
  });
  return found;
}

ValueDistribution::Histogram ValueDistribution::log_histogram(int per_octave) const {
  Histogram h;
  if (!count_ || per_octave < 1 || min_ < 0 || max_ > (int64_t{1} << 53)) return h;  // latencies and hops: 0..2^53
  // Edges 0, 1, 2, .. then every floor(2^(i/per_octave)) once, until one passes max.
  auto edge = [per_octave](int i) { return int64_t(std::floor(std::pow(2.0, double(i) / per_octave))); };
  std::vector<int64_t> all{0};
  for (int i = 0; all.back() <= max_; ++i)
    if (const int64_t e = edge(i); e > all.back()) all.push_back(e);
  std::vector<int64_t> counts(all.size() - 1, 0);
  size_t j = 0;
  for_each([&](int64_t v, int64_t c) {
    while (all[j + 1] <= v) ++j;
    counts[j] += c;
  });
  // Keep the bins from the first to the last non-empty one.
  size_t first = 0, last = counts.size();
  while (counts[first] == 0) ++first;
  while (counts[last - 1] == 0) --last;
  h.edges.assign(all.begin() + long(first), all.begin() + long(last) + 1);
  h.counts.assign(counts.begin() + long(first), counts.begin() + long(last));
  return h;
}

}  // namespace kncsim
