#include "analytic/rings_analytic.hpp"

#include "analytic/wire_embedding.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

namespace kncsim {

namespace {

int ceil_div(long a, long b) { return int((a + b - 1) / b); }

// Eq 4 without its P - 1, for a per-hop wire delay `wire` (a mean over dimensions is exact:
// the equation is linear in it and every dimension is equally likely).
double hops_cycles(const RingsDesign& d, int decode, double wire) {
  const double n = d.dims, k = d.radix;
  return d.t_switch + n * ((k - 1) / k) * (k / 2 * (wire + decode) + (k - 2) / 2 * d.t_pass + d.t_switch);
}

}  // namespace

const char* to_string(RingLinkMode m) {
  switch (m) {
    case RingLinkMode::pipelined: return "pipelined";
    case RingLinkMode::synchronous: return "synchronous";
    case RingLinkMode::pipelined_max: return "pipelined_max";
    case RingLinkMode::unit_delay: return "unit_delay";
  }
  return "?";
}
RingLinkMode ring_link_mode(const std::string& word) {
  for (RingLinkMode m : {RingLinkMode::pipelined, RingLinkMode::synchronous, RingLinkMode::pipelined_max, RingLinkMode::unit_delay})
    if (word == to_string(m)) return m;
  throw std::invalid_argument("link.mode: no variant " + word);
}

const char* to_string(RingConstraint c) {
  return c == RingConstraint::link_width ? "link_width" : c == RingConstraint::node_size ? "node_size" : "bisection";
}

long rings_link_width(const RingsDesign& d) {
  const long nodes = std::lround(std::pow(double(d.radix), double(d.dims)));
  const long bisection = d.bisection_wires > 0 ? d.bisection_wires : 4 * nodes;
  switch (d.constraint) {
    case RingConstraint::link_width: return d.width_bits;
    case RingConstraint::node_size: return d.node_wires / (2 * d.dims);
    case RingConstraint::bisection: return long(d.radix) * bisection / (2 * nodes);  // eq 7
  }
  return 0;
}

RingsAnalytic rings_analytic(const RingsDesign& d) {
  if (d.dims < 1 || d.radix < 2) throw std::invalid_argument("rings: need n >= 1 and k >= 2");
  if (!(d.switch_to_wire > 0)) throw std::invalid_argument("rings: S must be > 0");
  RingsAnalytic a{};
  const int n = d.dims, k = d.radix;
  a.nodes = std::lround(std::pow(double(k), double(n)));
  const long width = rings_link_width(d);
  if (width < 1) throw std::invalid_argument("rings: the constraint leaves links narrower than 1 bit");
  if (width > 65536)  // link.width_bits' own limit
    throw std::invalid_argument("rings: the constraint gives links wider than 65536 bits (W = " +
                                std::to_string(width) + ")");
  a.width_bits = int(width);
  const int W = a.width_bits;
  a.wires_per_node = 2L * n * W;
  a.bisection_wires = 2L * W * a.nodes / k;
  a.decode_cycles = ceil_div(long(std::lround(std::log2(double(a.nodes)))), W);  // eq 2
  a.wire_lengths = neighbour_wire_lengths(n, k, Embedding::cube);  // §2.2.1
  const double S = d.switch_to_wire;
  const double longest = *std::max_element(a.wire_lengths.begin(), a.wire_lengths.end());
  a.max_wire_cycles = wire_cycles(longest, S);  // eq 5 (n > 3); ceil(1/S) otherwise
  double sum = 0;
  for (double l : a.wire_lengths) {
    a.wire_cycles.push_back(d.mode == RingLinkMode::pipelined_max ? a.max_wire_cycles
                            : d.mode == RingLinkMode::unit_delay  ? 1
                                                                  : wire_cycles(l, S));
    sum += a.wire_cycles.back();
  }
  a.mean_wire_cycles = sum / n;
  const bool sync = d.mode == RingLinkMode::synchronous;
  a.cycle_time_increase = sync ? 1 + longest / S : 1;  // eq 14's factor

  a.address = rings_packet_latency(d, a, d.address_bits);
  a.data = rings_packet_latency(d, a, d.data_bits);
  a.echo = rings_packet_latency(d, a, d.echo_bits);
  a.round_trip_cycles = a.address.unloaded_cycles + a.data.unloaded_cycles;
  RingsAnalytic at_max = a;  // every wire at the longest's delay
  at_max.mean_wire_cycles = a.max_wire_cycles;
  a.round_trip_max_wire_cycles = rings_packet_latency(d, at_max, d.address_bits).unloaded_cycles +
                                 rings_packet_latency(d, at_max, d.data_bits).unloaded_cycles;

  // Eq 13: every message crosses (k-1)/2 links per dimension as itself and the rest of its
  // ring as an echo, in whole flits.
  const double f = d.data_fraction;
  const double bits = f * d.data_bits + (1 - f) * d.address_bits;
  const double flits = f * a.data.flits + (1 - f) * a.address.flits + a.echo.flits;
  a.max_throughput = 2 * bits / ((k - 1) * flits) / a.cycle_time_increase;  // eq 14 when synchronous
  return a;
}

PacketLatency rings_packet_latency(const RingsDesign& d, const RingsAnalytic& a, int bits) {
  const int P = ceil_div(bits, a.width_bits);
  // Eq 8: the wire is no longer counted in cycles; it stretches every cycle instead.
  const double cycles = d.mode == RingLinkMode::synchronous
                            ? a.cycle_time_increase * (hops_cycles(d, a.decode_cycles, 0) + P - 1)
                            : hops_cycles(d, a.decode_cycles, a.mean_wire_cycles) + P - 1;
  return PacketLatency{P, cycles};
}

}  // namespace kncsim
