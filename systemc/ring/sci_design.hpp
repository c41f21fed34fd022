#pragma once
// From a rings design (the analytic model's parameters) to the simulated network's: the same
// link width, decode cycles and per-dimension wire delays. Synchronous links have no wire
// cycles (the wire is inside the stretched cycle); multiply simulated cycles by
// `cycle_time_increase` to get switch cycles, as eq 8 does.
#include "analytic/rings_analytic.hpp"
#include "ring/sci_params.hpp"

namespace kncsim {

struct SciQueues {
  int ring_buffer_bits = 800, input_queue_bits = 800, output_queue_bits = 800;  // 100 bytes (§3.2)
};

SciParams sci_params(const RingsDesign& d, const SciQueues& q = {});

}  // namespace kncsim
