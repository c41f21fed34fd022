#include "ring/sci_params.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace kncsim {

std::string sci_params_refusal(const SciParams& p) {
  if (p.dims < 1 || p.radix < 2)
    return fmt::format("network.dims = {}, network.radix = {}: rings need n >= 1 and k >= 2", p.dims, p.radix);
  if (int(p.wire_cycles.size()) != p.dims)
    return fmt::format("{} wire delays for {} dimensions: one wire delay per dimension", p.wire_cycles.size(), p.dims);
  if (p.decode_cycles < 1) return "decoding takes at least one cycle";
  const int W = p.width_bits, largest = std::max({p.address_flits, p.data_flits, p.echo_flits});
  if (p.ring_buffer_flits < largest)
    return fmt::format(
        "router.ring_buffer_flits = {} is smaller than the largest packet ({} flits at W = {}); allowed: >= {} "
        "(\"The ring buffer must be at least as large as the largest message in order to guarantee that it will "
        "never fill up while the output queue is transmitting a message onto the output link\", Scott & Goodman 4.3)",
        p.ring_buffer_flits, largest, W, largest);
  if (p.input_queue_flits < std::max(p.address_flits, p.data_flits))
    return fmt::format(
        "router.input_queue_flits = {} cannot hold a {}-flit data packet; allowed: >= {} (\"The input queue also "
        "must be large enough to hold the longest message, as its free space is checked when a message arrives in "
        "order to determine if the message can be accepted\", Scott & Goodman 4.3)",
        p.input_queue_flits, p.data_flits, std::max(p.address_flits, p.data_flits));
  if (p.output_queue_flits < 1)
    return fmt::format("router.output_queue_flits = {}; allowed: >= 1", p.output_queue_flits);
  return "";
}

}  // namespace kncsim
