#pragma once
// The words of the keys that choose a model, decoded once into enums (systemc/config/ reads
// the text; everything else switches on these). to_string gives the key's word back, for
// reports.
#include <string_view>

namespace kncsim {

// router.impl: Pertel's packet-level model, the SystemC flit-level network, Verilated RTL, or
// (rings) Scott & Goodman's single-node model.
enum class RouterImpl { ref, systemc, rtl, single_node };
// network.topology
enum class NetworkTopology { mesh, torus, rings, hexagonal };
// traffic.workload: open-loop sources, the rings' requests with replies, Chittor's base loop, an
// application trace.
enum class Workload { open, request_response, closed_loop, trace };

constexpr std::string_view to_string(RouterImpl i) {
  return i == RouterImpl::ref       ? "ref"
         : i == RouterImpl::systemc ? "systemc"
         : i == RouterImpl::rtl     ? "rtl"
                                    : "single_node";
}
constexpr std::string_view to_string(NetworkTopology t) {
  return t == NetworkTopology::mesh    ? "mesh"
         : t == NetworkTopology::torus ? "torus"
         : t == NetworkTopology::rings ? "rings"
                                       : "hexagonal";
}
constexpr std::string_view to_string(Workload w) {
  return w == Workload::open               ? "open"
         : w == Workload::request_response ? "request_response"
         : w == Workload::closed_loop      ? "closed_loop"
                                           : "trace";
}

}  // namespace kncsim
