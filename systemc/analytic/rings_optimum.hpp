#pragma once
// Scott & Goodman's optimal dimensionality (section 2.3, Figs. 4, 11 and 12): for N nodes, the
// dimensionality n and radix k = N^(1/n) that minimise the summed unloaded latency of a set of
// messages, per network variant (link.mode) and design constraint.
//
// As the paper does, the continuous optimum treats every discrete quantity as continuous: n, k,
// flits P = bits / W, decode cycles log2 N / W, wire cycles length / S, and W itself under the
// node-size (wires / 2n) and bisection (k B / 2N) constraints. The integral choices are the
// networks one can build (k an integer, k^n = N), with every quantity rounded as eqs 1-8 round
// it (rings_analytic), as the paper's section 5 picks radix 4 for N = 4096.
#include <vector>

#include "analytic/rings_analytic.hpp"

namespace kncsim {

struct RingsPoint {
  double dims = 0, radix = 0;  // n and k = N^(1/n)
  double width_bits = 0;       // W (fractional in the continuous model)
  double latency = 0;          // summed unloaded latency, switch cycles
};

struct RingsOptimum {
  RingLinkMode variant;
  RingConstraint constraint;
  RingsPoint continuous;               // the continuous minimum over 1 <= n <= log2 N
  std::vector<RingsPoint> curve;       // the continuous latency against n, for plots
  std::vector<RingsPoint> integral;    // every buildable network (k^n = N, W >= 1), by n
  RingsPoint best_integral;            // the lowest of those (latency 0 when there are none)
};

// The continuous model's latency of `message_bits` (summed) at dimensionality n, N nodes; the
// design gives S, T_pass, T_switch and what fixes W. Eq 4 with T_wire from the variant (eq 6's
// mean wire, eq 5's longest, or 1), eq 8 for synch; wires of n <= 3 dimensions are length 1.
RingsPoint rings_continuous_latency(const RingsDesign& d, RingLinkMode variant, RingConstraint constraint,
                                    double nodes, double dims, const std::vector<int>& message_bits);

// The optimum of one variant under one constraint for N = d.radix^d.dims; `curve_points`
// samples of the continuous curve from n = 1 to log2 N.
RingsOptimum rings_optimum(const RingsDesign& d, RingLinkMode variant, RingConstraint constraint,
                           const std::vector<int>& message_bits, int curve_points = 89);

}  // namespace kncsim
