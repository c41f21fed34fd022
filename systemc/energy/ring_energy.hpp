#pragma once
// An SCI ring node's events, from its network's activity, and the run's energy. Per node u:
//   decode          every flit that arrives on its rings passes the decode register; each head is
//                   decoded (priced as a route computation)
//   ring buffer     a write and a read per flit passed on or answered (an echo or nack made here)
//   output queue    a write and a read per new packet's flit sent
//   active buffer   a write per new packet's flit sent (its copy, until the echo), a read per flit
//                   retransmitted
//   input queue     a write and a read per flit the switch takes out of it
//   switch          a traversal and an arbitration per flit across it (CPU and input queues to
//                   output queues and the CPU)
// priced with the technology table scaled to a router of the ring's width W, n + 1 ports (a
// ring interface per dimension and the CPU), one channel, and input queues' depth; clock and
// leakage per node; the links' wires by their toggles, lengths (the cube embedding's), registers
// and leakage, as for meshes.
#include <cstdint>
#include <functional>

#include "energy/energy_estimate.hpp"
#include "energy/ring_activity.hpp"

namespace kncsim {

struct RingNodeEvents {
  int64_t decoded_flits = 0, decoded_heads = 0;
  int64_t ring_buffer = 0, output_queue = 0, input_queue = 0;
  int64_t active_writes = 0, active_reads = 0;
  int64_t switched = 0, answered = 0;
  RingNodeEvents& operator+=(const RingNodeEvents& o);
};

// upstream(u, d): the node whose ring d link ends at u.
RingNodeEvents ring_node_events(const RingActivity& a, uint32_t u, const std::function<uint32_t(uint32_t, int)>& upstream);

// As estimate_energy, for rings: `m.wire_mm[d][0]` and `m.wire_cycles[d][0]` are ring d's links';
// each router's events are its node's buffers (writes, reads), switch and decodes, and
// `ring_events` (one per node, and their sum) the node's events apart.
struct RingEnergyEstimate {
  EnergyEstimate energy;
  std::vector<RingNodeEvents> nodes;
  RingNodeEvents total;
};
RingEnergyEstimate estimate_ring_energy(const RingActivity& a, const std::function<uint32_t(uint32_t, int)>& upstream,
                                        const EnergyModel& m, int64_t cycles);

}  // namespace kncsim
