// The SCI node's switch (ring/sci_switch.hpp) between its sources (the CPU's queue, each ring
// interface's input queue) and destinations (each output queue, the CPU), in a node of a 4x4
// network of rings assembled as SciNode assembles it, stepped cycle by cycle without SystemC:
// ring interfaces receive, the CPU takes what is due, the switch steps, the rings transmit onto
// links into plain FIFOs. Node 0 is at (0, 0). A message goes to the ring of the first
// dimension its destination differs in, or to the CPU; a source keeps its destination for a
// whole packet, moving a flit a cycle; two sources for one destination take it packet by
// packet, the one first in the cycle's turn first, and a destination freed by a tail is not
// bound again in the same cycle; a full output queue holds the source back.
#include <gtest/gtest.h>

#include <functional>
#include <utility>
#include <vector>

#include "link/flit_link.hpp"
#include "ring/sci_cpu_port.hpp"
#include "ring/sci_ring_interface.hpp"
#include "ring/sci_shared.hpp"
#include "ring/sci_switch.hpp"

namespace kncsim {
namespace {

struct NoWake final : Wakeable {
  void wake_at(int64_t) override {}
};

SciParams params(int output_queue_flits = 25) {
  SciParams p;  // 2 dimensions of radix 4, T_switch 2, address packets of 4 flits
  p.output_queue_flits = output_queue_flits;
  return p;
}

std::vector<SciRingInterface> make_rings(uint32_t node, SciShared& s) {
  std::vector<SciRingInterface> rings;
  rings.reserve(size_t(s.p.dims));
  for (int d = 0; d < s.p.dims; ++d) rings.emplace_back(node, d, s);
  return rings;
}

class Node {
 public:
  static constexpr uint32_t kNode = 0;
  explicit Node(const SciParams& p)
      : shared(p, 64, counters, deliver_), cpu(kNode, shared), rings(make_rings(kNode, shared)),
        sw(kNode, shared, cpu, rings), links(size_t(p.dims)) {
    deliver_ = [this](const SciDelivery& x) { delivered.push_back(x); };
    for (int d = 0; d < p.dims; ++d)
      rings[size_t(d)].connect_output(LinkParams{}, RingInput{&links[size_t(d)], 1, &wake_});
  }
  // One cycle, in SciNode::evaluate's order.
  void cycle(int64_t t) {
    for (SciRingInterface& r : rings) r.receive(t);
    cpu.deliver(t);
    sw.step(t);
    for (SciRingInterface& r : rings) r.transmit(t);
  }
  // A send packet that left ring d here, in its input queue from cycle `at`.
  uint64_t arrived(int d, uint32_t dest, int64_t at, uint64_t id) {
    SciPacket pk;
    pk.id = id;
    pk.src = 9;
    pk.dest = dest;
    pk.flits = shared.p.address_flits;
    const uint32_t slot = shared.packets.allocate(pk);
    for (int i = 0; i < pk.flits; ++i)
      rings[size_t(d)].input_queue().push(
          TimedFlit{at, Flit{slot, uint16_t(i), 0, i == 0, i == pk.flits - 1, false, 0, uint8_t(pk.kind), false}});
    return id;
  }
  // The message ids and positions ring d's link carried, in order.
  std::vector<std::pair<uint64_t, int>> sent_on(int d) {
    std::vector<std::pair<uint64_t, int>> out;
    for (FlitFifo& l = links[size_t(d)]; !l.empty(); l.pop())
      out.emplace_back(shared.packets[l.front().flit.packet].id, l.front().flit.seq);
    return out;
  }

  SciCounters counters;
  std::vector<SciDelivery> delivered;
  SciShared shared;
  SciCpuPort cpu;
  std::vector<SciRingInterface> rings;
  SciSwitch sw;
  std::vector<FlitFifo> links;  // ring d's output link writes into links[d]

 private:
  std::function<void(const SciDelivery&)> deliver_;
  NoWake wake_;
};

std::vector<std::pair<uint64_t, int>> flits_of(uint64_t id, int n) {
  std::vector<std::pair<uint64_t, int>> out;
  for (int i = 0; i < n; ++i) out.emplace_back(id, i);
  return out;
}

// CPU messages to (1, 0) and (0, 1): the first onto ring 0, the second onto ring 1, each a flit
// a cycle and in order (both move in the same cycles: different destinations).
TEST(SciSwitch, SendsACpuMessageToTheRingOfItsFirstDifferingDimension) {
  Node n(params());
  const uint64_t to_x = n.cpu.hand_over(1, SciKind::address, false, 0);
  std::vector<std::pair<size_t, size_t>> queues;  // per cycle: flits left at the CPU, flits on ring 0's link
  for (int64_t t = 0; t < 4; ++t) {
    n.cycle(t);
    queues.emplace_back(n.cpu.queue().size(), n.links[0].size());
  }
  EXPECT_EQ(queues, (std::vector<std::pair<size_t, size_t>>{{3, 0}, {2, 0}, {1, 1}, {0, 2}}))
      << "a flit a cycle through the switch, on the link from T_switch = 2 on";
  const uint64_t to_y = n.cpu.hand_over(4, SciKind::address, false, 4);
  for (int64_t t = 4; t < 20; ++t) n.cycle(t);
  EXPECT_EQ(n.sent_on(0), flits_of(to_x, 4));
  EXPECT_EQ(n.sent_on(1), flits_of(to_y, 4));
  EXPECT_TRUE(n.delivered.empty());
}

// A packet that left ring 1 here, and one that left ring 0 here with nothing left to travel,
// both reach the CPU, whole; a packet that left ring 0 for (0, 1) goes on onto ring 1.
TEST(SciSwitch, SendsAnInputQueuesPacketOnInDimensionOrderOrToTheCpu) {
  Node n(params());
  n.arrived(1, Node::kNode, 0, 100);
  n.arrived(0, 4, 0, 200);
  for (int64_t t = 0; t < 20; ++t) n.cycle(t);
  ASSERT_EQ(n.delivered.size(), 1u);
  EXPECT_EQ(n.delivered[0].id, 100u);
  EXPECT_EQ(n.delivered[0].delivered, 3 + n.shared.p.t_switch) << "the tail crossed in cycle 3";
  EXPECT_EQ(n.sent_on(1), flits_of(200, 4));
  EXPECT_TRUE(n.sent_on(0).empty());
}

// The CPU and input queue 0 both have a packet for ring 1 from cycle `start`. The source first
// in the cycle's turn (cycle mod 3: 0 the CPU, 1 input queue 0) takes ring 1 for its whole
// packet; the other follows in the cycle after the tail, not in the tail's cycle.
TEST(SciSwitch, TwoSourcesForOneRingTakeItPacketByPacketInTurn) {
  for (int64_t start : {0, 1}) {
    Node n(params());
    const uint64_t from_cpu = n.cpu.hand_over(4, SciKind::address, false, start);
    const uint64_t from_ring = n.arrived(0, 4, start, 300);
    std::vector<int> moved;  // per cycle: 0 the CPU's flit, 1 input queue 0's
    size_t cpu = n.cpu.queue().size(), ring = n.rings[0].input_queue().size();
    for (int64_t t = start; t < start + 8; ++t) {
      n.cycle(t);
      const size_t c = n.cpu.queue().size(), r = n.rings[0].input_queue().size();
      ASSERT_EQ((cpu - c) + (ring - r), 1u) << "one flit into ring 1's output queue in cycle " << t;
      moved.push_back(c < cpu ? 0 : 1);
      cpu = c;
      ring = r;
    }
    const bool cpu_first = start % 3 == 0;
    const int a = cpu_first ? 0 : 1, b = 1 - a;
    EXPECT_EQ(moved, (std::vector<int>{a, a, a, a, b, b, b, b})) << "from cycle " << start;
    for (int64_t t = start + 8; t < start + 20; ++t) n.cycle(t);
    auto want = flits_of(cpu_first ? from_cpu : from_ring, 4), second = flits_of(cpu_first ? from_ring : from_cpu, 4);
    want.insert(want.end(), second.begin(), second.end());
    EXPECT_EQ(n.sent_on(1), want);
  }
}

// An output queue of 4 flits (plus T_switch = 2 stages) and no transmission: of the CPU's two
// 4-flit messages for ring 0, 6 flits cross and 2 wait at the CPU.
TEST(SciSwitch, AFullOutputQueueHoldsTheSourceBack) {
  Node n(params(4));
  n.cpu.hand_over(1, SciKind::address, false, 0);
  n.cpu.hand_over(1, SciKind::address, false, 0);
  for (int64_t t = 0; t < 12; ++t) n.sw.step(t);
  EXPECT_EQ(n.rings[0].flits_held(), 6u);
  EXPECT_EQ(n.cpu.queue().size(), 2u);
}

}  // namespace
}  // namespace kncsim
