#include "stats/batch_means.hpp"

#include <boost/math/distributions/students_t.hpp>
#include <cmath>

namespace kncsim {

void BatchMeans::merge() {
  for (size_t i = 0; i < batches_.size() / 2; ++i)
    batches_[i] = Batch{batches_[2 * i].sum + batches_[2 * i + 1].sum, batches_[2 * i].count + batches_[2 * i + 1].count};
  batches_.resize(batches_.size() / 2);
  batch_size_ *= 2;
}

BatchMeans::Interval BatchMeans::interval95() const {
  Interval r;
  r.batches = int(batches_.size());
  r.batch_size = batch_size_;
  if (r.batches == 0) {
    r.mean = r.half_width = std::nan("");
    return r;
  }
  double total = 0;
  for (const Batch& b : batches_) total += b.sum / double(b.count);
  r.mean = total / r.batches;
  if (r.batches < 2) {
    r.half_width = std::nan("");
    return r;
  }
  double ss = 0;
  for (const Batch& b : batches_) ss += std::pow(b.sum / double(b.count) - r.mean, 2);
  r.half_width = batch_means_half_width95(std::sqrt(ss / (r.batches - 1)), r.batches);
  return r;
}

double batch_means_half_width95(double sd, int batches) {
  const boost::math::students_t t(batches - 1);
  return boost::math::quantile(boost::math::complement(t, 0.025)) * sd / std::sqrt(double(batches));
}

}  // namespace kncsim
