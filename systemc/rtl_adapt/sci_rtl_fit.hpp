#pragma once
// Whether the SCI ring node RTL (one build, rtl/sci/kncsim_sci_pkg.sv's limits) can be a node
// of a ring network with these parameters: empty if so, else why not, naming the config key
// and the values allowed.
#include <fmt/format.h>

#include <string>
#include <vector>

#include "ring/sci_params.hpp"
#include "rtl/sci_rtl_limits.hpp"

namespace kncsim {

// An RTL node's links carry its pins' words, a word slot per cycle of wire (link/wire_words.hpp):
// the wires are bounded as the meshes' are (spec/link_timing.hpp's kMaxLinkDelay).
constexpr int kMaxRtlRingWireCycles = 1000;

inline std::string sci_rtl_refusal(const SciParams& p) {
  namespace L = rtl::sci;
  for (int w : p.wire_cycles)
    if (w > kMaxRtlRingWireCycles)
      return fmt::format("link.switch_to_wire_ratio and link.mode give ring wires of {} cycles, and the RTL nodes' links "
                         "hold a word per cycle of wire; allowed: at most {} (a larger link.switch_to_wire_ratio, or "
                         "link.mode unit_delay)",
                         w, kMaxRtlRingWireCycles);
  if (p.dims > L::kMaxDims)
    return fmt::format("network.dims = {}: the RTL ring node has {} ring interfaces; allowed: network.dims <= {}",
                       p.dims, L::kMaxDims, L::kMaxDims);
  if (p.radix > L::kMaxRadix)
    return fmt::format("network.radix = {}: the RTL carries {}-bit coordinates; allowed: network.radix <= {}", p.radix,
                       L::kCoordBits, L::kMaxRadix);
  if (p.active_buffer_packets < 1 || p.active_buffer_packets > L::kActiveDepth)
    return fmt::format("router.active_buffer_packets = {}: the RTL's active buffer holds up to {} packets; allowed: "
                       "1..{}",
                       p.active_buffer_packets == 0 ? std::string("unbounded") : std::to_string(p.active_buffer_packets),
                       L::kActiveDepth, L::kActiveDepth);
  if (p.t_pass > L::kMaxDelay || p.t_switch > L::kMaxDelay)
    return fmt::format("router.t_pass = {}, router.t_switch = {}: allowed with RTL nodes: 1..{}", p.t_pass, p.t_switch,
                       L::kMaxDelay);
  if (p.data_flits > L::kMaxLen || p.address_flits > L::kMaxLen)
    return fmt::format("traffic.data_bits / link width give {}-flit packets; the RTL counts {} bits: allowed up to {} "
                       "flits",
                       p.data_flits, L::kLenBits, L::kMaxLen);
  if (p.echo_flits > p.address_flits)
    return fmt::format("traffic.echo_bits gives {} flits, more than an address packet's {}: the RTL makes an echo flit "
                       "per flit that comes in; allowed: traffic.echo_bits <= traffic.address_bits",
                       p.echo_flits, p.address_flits);
  // Storage per queue: the buffer proper and its pipeline stages (as the SystemC model counts them).
  if (p.ring_buffer_flits + p.decode_cycles + p.t_pass > L::kQueueDepth)
    return fmt::format("router.ring_buffer_flits = {}: with T_decode {} and T_pass {} the RTL's {}-flit ring buffer "
                       "overflows; allowed: router.ring_buffer_flits <= {}",
                       p.ring_buffer_flits, p.decode_cycles, p.t_pass, L::kQueueDepth,
                       L::kQueueDepth - p.decode_cycles - p.t_pass);
  if (p.output_queue_flits + p.t_switch > L::kQueueDepth)
    return fmt::format("router.output_queue_flits = {}: with T_switch {} the RTL's {}-flit output queue overflows; "
                       "allowed: router.output_queue_flits <= {}",
                       p.output_queue_flits, p.t_switch, L::kQueueDepth, L::kQueueDepth - p.t_switch);
  if (p.input_queue_flits > L::kQueueDepth)
    return fmt::format("router.input_queue_flits = {}: allowed with RTL nodes: <= {}", p.input_queue_flits,
                       L::kQueueDepth);
  return {};
}

}  // namespace kncsim
