#pragma once
// The steady-state mean of a latency series and its 95 % confidence interval: the warm-up is
// cut by MSER (the marginal standard error rule: White, "An effective truncation heuristic for
// bias reduction in simulation output", Simulation 69(6), 1997; as MSER-5 in White, Cobb &
// Spratt, Proc. Winter Simulation Conference 2000), then the rest is split into kBatches
// batches whose means give a Student-t interval (batch means; Schmeiser, "Batch size effects
// in the analysis of simulation output", Operations Research 30(3), 1982, recommends 10 to 30).
#include <cstdint>
#include <string>
#include <vector>

#include "stats/latency_series.hpp"

namespace kncsim {

struct SteadyStateInterval {
  bool ready = false;       // a cut before the series' midpoint and enough batches after it
  std::string not_ready;    // why not, if not
  size_t groups = 0;        // the series' groups
  size_t cut_groups = 0;    // MSER's truncation point d*, in groups
  int64_t cut_packets = 0;  // packets delivered in the cut groups
  int64_t cut_cycle = 0;    // the last cycle cut (-1: none)
  int batches = 0;
  int64_t batch_packets = 0;  // packets per batch (the first batch's; all within one group of it)
  int64_t packets = 0;        // packets after the cut that the batches use
  double mean = 0;            // their mean latency
  double half_width = 0;      // t(0.975, batches-1) s / sqrt(batches)
  double lag1_correlation = 0;  // of the batch means: near 0 when batches are long enough
};

inline constexpr int kBatches = 20;
inline constexpr int kMinGroupsPerBatch = 5;

// d* minimising MSER(d) = sum_{j>d} (y_j - ybar_d)^2 / (n-d)^2 over d in [0, n/2], where y_j
// are the group means.
size_t mser_cut(const std::vector<LatencySeries::Group>& g);

SteadyStateInterval steady_state_interval(const std::vector<LatencySeries::Group>& g);

}  // namespace kncsim
