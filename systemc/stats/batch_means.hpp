#pragma once
// A confidence interval of a mean from correlated samples (packet latencies in delivery
// order), by batch means: consecutive samples are grouped in batches of equal size, whose
// means are close to independent when a batch is long. The batch size doubles as the run goes
// on (adjacent batches merge), so that between kMinBatches and 2 kMinBatches full batches are
// kept whatever the run's length, in constant memory.
#include <cstdint>
#include <vector>

namespace kncsim {

class BatchMeans {
 public:
  static constexpr int kMinBatches = 32;

  void add(double x) {
    current_ += x;
    if (++in_current_ < batch_size_) return;
    sums_.push_back(current_);
    current_ = 0;
    in_current_ = 0;
    if (sums_.size() == 2 * kMinBatches) merge();
  }

  struct Interval {
    int batches = 0;           // full batches used
    int64_t batch_size = 0;    // samples per batch
    double mean = 0;           // of the full batches' samples
    double half_width = 0;     // t(0.975, batches - 1) * s / sqrt(batches); NaN below 2 batches
  };
  Interval interval95() const;

 private:
  void merge();
  std::vector<double> sums_;  // full batches' sums
  double current_ = 0;
  int64_t in_current_ = 0, batch_size_ = 1;
};

}  // namespace kncsim
