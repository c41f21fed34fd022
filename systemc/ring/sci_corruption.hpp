#pragma once
// Link errors (link.corrupt_rate): whether the link out of node u on ring d damages this
// transmission of a send packet, so that its CRC fails where it leaves the ring and it is
// nacked. The draw is keyed by the message, its attempt and the link, never by when or in
// which order a model evaluates, so every model damages the same packets.
#include <cstdint>

#include "ring/sci_packet.hpp"
#include "ring/sci_params.hpp"
#include "rand/counter_rng.hpp"

namespace kncsim {

inline bool sci_link_corrupts(const SciParams& p, uint32_t u, int d, const SciPacket& pk) {
  if (p.corrupt_rate <= 0) return false;
  const uint64_t attempt = (uint64_t(pk.retries) << 5 | uint64_t(d)) << 3 | 7;  // dims <= 24
  return double(counter_bits53(p.seed, u, pk.id, attempt)) * 0x1p-53 < p.corrupt_rate;
}

}  // namespace kncsim
