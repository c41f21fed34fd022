#pragma once
// Whether the RTL wormhole router (rtl/wormhole/kncsim_pkg.sv's limits, one model per parameter set) can
// be a node of a mesh or torus with these parameters: empty if so, else why not, naming the
// config key and the values allowed (the caller says which nodes are RTL).
#include <fmt/format.h>

#include <string>
#include <vector>

#include "link/link_params.hpp"
#include "router/output_arbiter.hpp"
#include "router/router_params.hpp"
#include "rtl/rtl_limits.hpp"

namespace kncsim {

// The longest packet the RTL router's length field carries, in flits.
constexpr long rtl_router_max_packet_flits() { return rtl::kMaxLen; }
constexpr int rtl_router_length_bits() { return rtl::kLenBits; }

inline std::string rtl_router_refusal(const RouterParams& r, LinkKind link, const std::vector<int>& radices,
                                      int packet_flits) {
  if (r.fifo_flits < 0)
    return "have finite FIFOs only (unbounded FIFOs do not exist in hardware); allowed: router.fifo_flits or "
           "router.fifo_packets";
  if (r.switching == Switching::packet || r.switching == Switching::hybrid)
    return fmt::format("switch wormhole or cut-through only; allowed: router.flow_control: wormhole or cut_through (got {})",
                       to_string(r.switching));
  if (r.routing == Routing::oblivious || r.routing == Routing::deflection ||
      (r.routing == Routing::adaptive && r.selection != Selection::any))
    return fmt::format("route by dimension order or Pertel's adaptive ANS only; allowed: router.routing dor or adaptive "
                       "with router.selection auto (got {}, {})",
                       to_string(r.routing), to_string(r.selection));
  if (r.routing_delay != 0) return "route in the cycle a head reaches the front; allowed: router.routing_delay: 0";
  if (r.hop_count_headers) return "carry the destination in every flit; allowed: router.packet_format: absolute";
  if (link != LinkKind::pipelined) return "use credit links; allowed: link.kind: pipelined";
  if (r.vcs > rtl::kMaxVcs)
    return fmt::format("have at most {} virtual channels; allowed: router.vcs <= {}", rtl::kMaxVcs, rtl::kMaxVcs);
  if (r.switching == Switching::cut_through && r.vcs > 1)
    return "cut through with one virtual channel a link only (their credits come back when a head leaves); allowed: "
           "router.vcs 1, or router.flow_control wormhole";
  if (r.fifo_full != FifoFullPolicy::wait)
    return fmt::format("never assign an output whose far FIFO is full; allowed: router.fifo_full_policy: wait (not {}: "
                       "the SystemC router's and the reference model's)",
                       to_string(r.fifo_full));
  // Chittor's queue policies at the outputs are the SystemC router's only.
  if (is_output_arbitration(r.arbitration))
    return fmt::format("assign channels by Pertel's priority token, round robin or oldest first only; allowed: "
                       "router.arbitration: priority_token, round_robin or oldest_first (not {}: the SystemC "
                       "router's, router.impl systemc)",
                       to_string(r.arbitration));
  // One channel per link is kncsim_router, which assigns channels by Pertel's priority token;
  // the other arbiters are kncsim_vc_router's.
  if (r.vcs == 1 && r.arbitration != Arbitration::priority_token)
    return fmt::format("with one channel per link (router.vcs 1) assign channels by Pertel's priority token only; "
                       "allowed: router.arbitration: priority_token, or router.vcs >= 2 for {}",
                       to_string(r.arbitration));
  // The limits of rtl/wormhole/kncsim_pkg.sv (MaxDims, CoordW, LenW).
  if (radices.size() > size_t(rtl::kMaxDims))
    return fmt::format("have at most {} ports; allowed: network.dims <= {}", rtl::kMaxPorts, rtl::kMaxDims);
  for (int k : radices)
    if (k > rtl::kMaxRadix)
      return fmt::format("carry {}-bit coordinates; allowed: network.radix <= {} (got {})", rtl::kCoordBits,
                         rtl::kMaxRadix, k);
  if (packet_flits > rtl::kMaxLen)
    return fmt::format("carry a {}-bit packet length; allowed: traffic.packet_flits <= {} (got {})", rtl::kLenBits,
                       rtl::kMaxLen, packet_flits);
  return {};
}

}  // namespace kncsim
