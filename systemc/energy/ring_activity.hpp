#pragma once
// What an SCI ring network did, as energy counts it (Scott & Goodman's ring interface, whose
// bypass, queues, active buffer, echoes and nacks all cost energy): per ring link (node u, ring
// d) the flits its output sent, their heads and the wires they flipped, by where each came from
// (passed on through the ring buffer, an echo or nack made here, a new packet from the output
// queue, a retransmission from the active buffer); per node the flits its switch moved, from
// the CPU or the input queues, to the output queues or the CPU. The ring node's events follow
// (energy/ring_energy.hpp). Every model moves flits one at a time and counts at the same points
// (the output link, the switch), so models equal packet for packet count alike at every cycle.
#include <array>
#include <cstdint>
#include <vector>

#include "energy/network_activity.hpp"
#include "energy/payload.hpp"

namespace kncsim {

enum class RingSource : uint8_t { passed, answered, output, resent };

struct RingLinkActivity : PortActivity {
  std::array<int64_t, 4> by_source{};  // RingSource
};

struct RingNodeActivity {
  int64_t switched = 0;           // flits across the switch
  int64_t from_cpu = 0;           // of them, out of the CPU's queue
  int64_t from_input_queues = 0;  // out of the rings' input queues
  int64_t to_cpu = 0;             // to the CPU (the rest: into output queues)
};

class RingActivity {
 public:
  RingActivity(uint32_t nodes, int dims, const Payload& payload)
      : dims_(dims), payload_(payload), links_(size_t(nodes) * size_t(dims)), nodes_(nodes),
        wide_(payload.bits() > 64 ? links_.size() : 0) {}

  int dims() const { return dims_; }
  uint32_t nodes() const { return uint32_t(nodes_.size()); }
  const RingLinkActivity& link(uint32_t u, int d) const { return links_[size_t(u) * size_t(dims_) + size_t(d)]; }
  const RingNodeActivity& node(uint32_t u) const { return nodes_[u]; }

  // Flit `seq` of packet `id` out on node u's ring d link, from `queue`: the output queue, the
  // active buffer (resent), or the ring buffer (passed on, or answered: an echo or nack `made_here`).
  // An answer's bits are drawn from its packet's id with bit 63 set (they share the id).
  void sent(uint32_t u, int d, uint64_t id, uint32_t seq, bool answer, bool made_here, RingSource queue) {
    const size_t i = size_t(u) * size_t(dims_) + size_t(d);
    RingLinkActivity& a = links_[i];
    const RingSource from = queue == RingSource::passed && answer && made_here ? RingSource::answered : queue;
    ++a.by_source[size_t(from)];
    a.carry(payload_, wide_, i, answer ? id | uint64_t{1} << 63 : id, seq, seq == 0);
  }
  void switched(uint32_t u, bool from_cpu, bool to_cpu) {
    RingNodeActivity& n = nodes_[u];
    ++n.switched;
    n.from_cpu += from_cpu;
    n.from_input_queues += !from_cpu;
    n.to_cpu += to_cpu;
  }

 private:
  int dims_;
  Payload payload_;
  std::vector<RingLinkActivity> links_;
  std::vector<RingNodeActivity> nodes_;
  std::vector<WideWire> wide_;
};

}  // namespace kncsim
