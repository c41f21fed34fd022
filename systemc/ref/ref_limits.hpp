#pragma once
// What Pertel's packet-level model (SNS / FNS / ANS) cannot model: empty if these router and
// link parameters are within it, else why not, naming the config key and the values allowed.
#include <fmt/format.h>

#include <string>
#include <vector>

#include "link/link_params.hpp"
#include "router/router_params.hpp"

namespace kncsim {

// fifo_in_flits: the FIFO was given in flits (router.fifo_flits), not in packets.
// link_delays: the mesh's per-dimension delays (none for rings).
inline std::string ref_router_refusal(const RouterParams& r, bool fifo_in_flits, LinkKind link,
                                      const std::vector<int>& link_delays) {
  auto needs = [](const std::string& key, const std::string& value, const std::string& allowed) {
    return fmt::format("router.impl ref (Pertel's packet-level model) does not support {} = {}; allowed: {}, or "
                       "router.impl: systemc",
                       key, value, allowed);
  };
  const bool finite = r.fifo_flits >= 0;
  if (r.switching == Switching::packet || r.switching == Switching::hybrid)
    return needs("router.flow_control", to_string(r.switching), "cut_through or wormhole");
  if (finite && fifo_in_flits)
    return needs("router.fifo_flits", std::to_string(r.fifo_flits), "unbounded (use router.fifo_packets)");
  if (finite && r.credits != CreditPolicy::per_packet)
    return needs("router.flow_control", to_string(r.switching), "cut_through (FNS moves whole packets)");
  if (r.routing == Routing::oblivious || r.routing == Routing::deflection)
    return needs("router.routing", to_string(r.routing), "dor or adaptive");
  if (r.routing == Routing::adaptive && r.selection != Selection::any)
    return needs("router.selection", to_string(r.selection), "auto (Pertel's ANS)");
  if (r.routing_delay != 0) return needs("router.routing_delay", std::to_string(r.routing_delay), "0");
  for (int d : link_delays)
    if (d != 1) return needs("link.delay", fmt::format("{} (from link.embedding and link.switch_to_wire_ratio, or given)", d), "1");
  if (link != LinkKind::pipelined) return needs("link.kind", to_string(link), "pipelined");
  if (r.vcs != 1) return needs("router.vcs", std::to_string(r.vcs), "1");
  if (r.arbitration != Arbitration::priority_token) return needs("router.arbitration", to_string(r.arbitration), "priority_token");
  return {};
}

}  // namespace kncsim
