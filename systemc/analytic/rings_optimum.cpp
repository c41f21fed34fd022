#include "analytic/rings_optimum.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace kncsim {

namespace {

// W under a constraint, continuous: link_width's W, node_size's wires / 2n, eq 7's k B / 2N
// (B = link.bisection_wires, or a hypercube's 4N, as rings_link_width).
double continuous_width(const RingsDesign& d, RingConstraint c, double nodes, double dims, double radix) {
  switch (c) {
    case RingConstraint::link_width: return d.width_bits;
    case RingConstraint::node_size: return d.node_wires / (2 * dims);
    case RingConstraint::bisection: {
      const double b = d.bisection_wires > 0 ? double(d.bisection_wires) : 4 * nodes;
      return radix * b / (2 * nodes);
    }
  }
  return 0;
}

}  // namespace

RingsPoint rings_continuous_latency(const RingsDesign& d, RingLinkMode variant, RingConstraint constraint,
                                    double nodes, double dims, const std::vector<int>& message_bits) {
  RingsPoint p;
  p.dims = dims;
  p.radix = std::pow(nodes, 1 / dims);
  p.width_bits = continuous_width(d, constraint, nodes, dims, p.radix);
  const double n = dims, k = p.radix, S = d.switch_to_wire, W = p.width_bits;
  const double decode = std::log2(nodes) / W;  // eq 2 without its ceiling
  // Eq 6's mean wire and eq 5's longest, in neighbour-wire lengths (both 1 up to 3 dimensions).
  const double mean_wire = n <= 3 ? 1 : (std::pow(k, n / 3) - 1) / (k - 1) * (3 / n);
  const double longest = n <= 3 ? 1 : std::pow(k, n / 3 - 1);
  const double wire = variant == RingLinkMode::pipelined       ? mean_wire / S
                      : variant == RingLinkMode::pipelined_max ? longest / S
                      : variant == RingLinkMode::unit_delay    ? 1
                                                               : 0;  // synch: in the cycle, not counted
  auto hops = [&](double w) {  // eq 4 without its P - 1
    return d.t_switch + n * ((k - 1) / k) * (k / 2 * (w + decode) + (k - 2) / 2 * d.t_pass + d.t_switch);
  };
  const double stretch = variant == RingLinkMode::synchronous ? 1 + longest / S : 1;  // eq 8's factor
  for (int bits : message_bits) p.latency += stretch * (hops(wire) + bits / W - 1);
  return p;
}

RingsOptimum rings_optimum(const RingsDesign& d, RingLinkMode variant, RingConstraint constraint,
                           const std::vector<int>& message_bits, int curve_points) {
  if (message_bits.empty()) throw std::invalid_argument("rings optimum: no message to time");
  RingsOptimum o{variant, constraint, {}, {}, {}, {}};
  const double nodes = std::pow(double(d.radix), double(d.dims));
  const double top = std::log2(nodes);  // a hypercube: k = 2
  auto at = [&](double n) { return rings_continuous_latency(d, variant, constraint, nodes, n, message_bits); };
  // The curve, then a golden-section search round its lowest sample (the curve is smooth and,
  // between samples, has one minimum).
  const int samples = std::max(curve_points, 2);
  for (int i = 0; i < samples; ++i) o.curve.push_back(at(1 + (top - 1) * i / (samples - 1)));
  size_t best = 0;
  for (size_t i = 1; i < o.curve.size(); ++i)
    if (o.curve[i].latency < o.curve[best].latency) best = i;
  double lo = o.curve[best == 0 ? 0 : best - 1].dims, hi = o.curve[std::min(best + 1, o.curve.size() - 1)].dims;
  const double g = (std::sqrt(5.0) - 1) / 2;
  double a = hi - g * (hi - lo), b = lo + g * (hi - lo);
  RingsPoint pa = at(a), pb = at(b);
  for (int i = 0; i < 100 && hi - lo > 1e-9; ++i) {
    if (pa.latency < pb.latency) {
      hi = b, b = a, pb = pa, a = hi - g * (hi - lo), pa = at(a);
    } else {
      lo = a, a = b, pa = pb, b = lo + g * (hi - lo), pb = at(b);
    }
  }
  o.continuous = pa.latency < pb.latency ? pa : pb;
  if (o.curve[best].latency < o.continuous.latency) o.continuous = o.curve[best];  // an end of the range

  // The buildable networks: every n whose n-th root of N is a whole radix.
  for (int n = 1; n <= int(std::lround(top)); ++n) {
    const long k = std::lround(std::pow(nodes, 1.0 / n));
    if (k < 2 || std::abs(std::pow(double(k), double(n)) - nodes) > 0.5) continue;
    RingsDesign e = d;
    e.dims = n;
    e.radix = int(k);
    e.mode = variant;
    e.constraint = constraint;
    const long W = rings_link_width(e);
    if (W < 1 || W > 65536) continue;  // the constraint leaves no link of whole bits
    const RingsAnalytic a = rings_analytic(e);
    RingsPoint p{double(n), double(k), double(W), 0};
    for (int bits : message_bits) p.latency += rings_packet_latency(e, a, bits).unloaded_cycles;
    o.integral.push_back(p);
    if (o.best_integral.latency == 0 || p.latency < o.best_integral.latency) o.best_integral = p;
  }
  return o;
}

}  // namespace kncsim
