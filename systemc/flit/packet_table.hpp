#pragma once
// Header fields of every mesh packet in flight, indexed by the slot its flits carry.
#include <cstdint>

#include "flit/slot_pool.hpp"

namespace kncsim {

struct PacketInfo {
  uint64_t id;     // generation order: by cycle, then node (same as the reference model)
  uint32_t src, dest;
  int64_t tsent;   // the listing's tsent: max(generation, previous injection + L)
  int32_t hops;
  int32_t flits;   // length L
  uint32_t next_free;
  uint32_t at = 0;  // the node its head last reached (the source until it leaves): where a lost packet is
  int64_t since = 0;  // the cycle its head reached `at` (at the source: when it was queued to enter)
  int32_t tail_hops = 0;  // links its tail has crossed (hybrid switching: the links it spans are hops - tail_hops)
  uint8_t cls = 0;            // its traffic class
  uint16_t cut_throughs = 0;  // routers its head crossed without waiting beyond their routing delay
  int32_t blocked = 0;        // cycles its head waited at routers beyond that
  int32_t source_wait = 0;    // of those, at its source's router (for an output, from the local input)
};

static_assert(sizeof(PacketInfo) <= 64, "a packet's header fields fit one cache line (the memory estimate charges 64 B)");

using PacketTable = SlotPool<PacketInfo>;

}  // namespace kncsim
