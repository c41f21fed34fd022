#pragma once
// The exact distribution of a non-negative integer quantity (latency in cycles, hop count):
// counts per value, so that percentiles are exact ranks, not estimates. Values below
// kDense are counted in a vector, larger ones in a map (a saturated run's long tail).
#include <cstddef>
#include <cstdint>
#include <map>
#include <vector>

namespace kncsim {

class ValueDistribution {
 public:
  static constexpr int64_t kDense = 1 << 16;

  void add(int64_t v) {
    if (v >= 0 && v < kDense) {
      if (size_t(v) >= dense_.size()) dense_.resize(size_t(v) + 1 + dense_.size() / 2);
      ++dense_[size_t(v)];
    } else {
      ++sparse_[v];
    }
    ++count_;
    sum_ += double(v);
    sum_sq_ += (long double)v * (long double)v;
    if (count_ == 1 || v < min_) min_ = v;
    if (count_ == 1 || v > max_) max_ = v;
  }

  int64_t count() const { return count_; }
  int64_t min() const { return min_; }
  int64_t max() const { return max_; }
  double mean() const;
  double variance() const;  // of the sample (n - 1); NaN below two values
  // Nearest rank: the smallest value v with at least p% of the values <= v (0 < p <= 100).
  int64_t percentile(double p) const;

  // Log-spaced bins over the values seen (none for values outside 0..2^53): integer edges floor(2^(i / per_octave)), each kept
  // once (so small values get a bin each); bin j is [edges[j], edges[j + 1]).
  struct Histogram {
    std::vector<int64_t> edges;
    std::vector<int64_t> counts;
  };
  Histogram log_histogram(int per_octave = 8) const;

  // Every value seen with its count, in increasing order.
  template <typename F>
  void for_each(F&& f) const {
    for (size_t v = 0; v < dense_.size(); ++v)
      if (dense_[v]) f(int64_t(v), dense_[v]);
    for (const auto& [v, c] : sparse_) f(v, c);
  }

 private:
  std::vector<int64_t> dense_;
  std::map<int64_t, int64_t> sparse_;
  int64_t count_ = 0, min_ = 0, max_ = 0;
  double sum_ = 0;          // exact while the sum is below 2^53
  long double sum_sq_ = 0;  // for the variance
};

}  // namespace kncsim
