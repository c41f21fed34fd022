#include "stats/batch_means.hpp"

#include <boost/math/distributions/students_t.hpp>
#include <cmath>

namespace kncsim {

void BatchMeans::merge() {
  for (size_t i = 0; i < sums_.size() / 2; ++i) sums_[i] = sums_[2 * i] + sums_[2 * i + 1];
  sums_.resize(sums_.size() / 2);
  batch_size_ *= 2;
}

BatchMeans::Interval BatchMeans::interval95() const {
  Interval r;
  r.batches = int(sums_.size());
  r.batch_size = batch_size_;
  if (r.batches == 0) {
    r.mean = r.half_width = std::nan("");
    return r;
  }
  double total = 0;
  for (double s : sums_) total += s / double(batch_size_);
  r.mean = total / r.batches;
  if (r.batches < 2) {
    r.half_width = std::nan("");
    return r;
  }
  double ss = 0;
  for (double s : sums_) ss += std::pow(s / double(batch_size_) - r.mean, 2);
  const double sd = std::sqrt(ss / (r.batches - 1));
  const boost::math::students_t t(r.batches - 1);
  r.half_width = boost::math::quantile(boost::math::complement(t, 0.025)) * sd / std::sqrt(double(r.batches));
  return r;
}

}  // namespace kncsim
