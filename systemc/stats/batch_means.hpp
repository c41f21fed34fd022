#pragma once
// A confidence interval of a mean from correlated samples (packet latencies in delivery
// order), by batch means: consecutive samples are grouped in batches of about equal size,
// whose means are close to independent when a batch is long. The batch size doubles as the
// run goes on (adjacent batches merge), so that between kMinBatches and 2 kMinBatches full
// batches are kept whatever the run's length, in constant memory. A batch closes only between
// cycles (at the first sample of a later cycle once it holds batch_size samples), so models
// that deliver the same packets in the same cycles, in whatever order within a cycle, get the
// same batches.
#include <cstdint>
#include <vector>

namespace kncsim {

// t(0.975, batches - 1) * sd / sqrt(batches): the 95 % half-width from `batches` batch means
// whose sample standard deviation is `sd` (Student's t from Boost.Math).
double batch_means_half_width95(double sd, int batches);

class BatchMeans {
 public:
  static constexpr int kMinBatches = 32;

  void add(double x, int64_t cycle) {
    if (cycle != cycle_ && in_current_ >= batch_size_) {
      batches_.push_back(Batch{current_, in_current_});
      current_ = 0;
      in_current_ = 0;
      if (batches_.size() == 2 * kMinBatches) merge();
    }
    cycle_ = cycle;
    current_ += x;
    ++in_current_;
  }

  struct Interval {
    int batches = 0;           // full batches used
    int64_t batch_size = 0;    // samples per batch, at least (a batch ends with its last cycle)
    double mean = 0;           // of the full batches' samples
    double half_width = 0;     // t(0.975, batches - 1) * s / sqrt(batches); NaN below 2 batches
  };
  Interval interval95() const;

 private:
  struct Batch {
    double sum;
    int64_t count;
  };
  void merge();
  std::vector<Batch> batches_;  // closed batches
  double current_ = 0;           // the open batch
  int64_t in_current_ = 0, batch_size_ = 1, cycle_ = -1;
};

}  // namespace kncsim
