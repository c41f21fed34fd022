// The network interface (ni/network_interface.hpp) alone, on its own injection queue and
// packet table, with a stand-in for the router that records its wakes. Source: a packet is
// spooled one flit per cycle from tin = max(generation, tls + L) (the first one no earlier
// than L), the packets behind the front one wait in the source queues until the injection
// queue runs empty, and a capped source queue refuses a packet until a head leaves. Sink: a
// whole packet in order is counted, recorded head to head and released; a flit for another
// node, a flit out of its place, and (under dimension-order routing) a packet overtaking an
// earlier one of the same pair are refused with std::logic_error.
#include <gtest/gtest.h>

#include <stdexcept>
#include <vector>

#include "ni/network_interface.hpp"
#include "model/scoreboard_error.hpp"

namespace kncsim {
namespace {

struct RecordedWakes final : Wakeable {
  void wake_at(int64_t cycle) override { cycles.push_back(cycle); }
  std::vector<int64_t> cycles;
};

struct Records final : PacketSink {
  void deliver(const PacketRecord& r) override { got.push_back(r); }
  std::vector<PacketRecord> got;
};

constexpr uint32_t kNode = 3, kNodes = 8;
constexpr int kL = 4;

// Node 3's interface on packets of kL flits (`cap` waiting packets at most; 0: unbounded).
struct Ni {
  explicit Ni(int64_t cap = 0) : waiting(kNodes), ni(kNode, SourceParams{kL, cap}, packets, waiting, log, queue, router) {
    queue.set_refill(&ni);
  }
  // The injection queue's flits, taken out in order (the next packet is spooled as it empties).
  std::vector<TimedFlit> drain(size_t n) {
    std::vector<TimedFlit> out;
    for (size_t i = 0; i < n && !queue.empty(); ++i) {
      out.push_back(queue.front());
      queue.pop();
    }
    return out;
  }
  // A packet in flight to `dest`, as a source elsewhere would have made it; its table slot.
  uint32_t packet_for(uint32_t dest, uint64_t id, uint32_t src = 0, int64_t tsent = 5) {
    return packets.allocate(PacketInfo{id, src, dest, tsent, 2, kL, 0});
  }
  static Flit flit(uint32_t slot, int seq) { return Flit{slot, uint16_t(seq), 0, seq == 0, seq == kL - 1}; }

  PacketTable packets;
  SourceQueues waiting;
  DeliveryLog log;
  FlitFifo queue;
  RecordedWakes router;
  NetworkInterface ni;
};

// Each flit of a spooled packet: its packet, position, head/tail and the cycle it may leave.
void expect_packet(const std::vector<TimedFlit>& flits, const PacketTable& packets, uint64_t id, uint32_t dest,
                   int64_t tin) {
  ASSERT_EQ(flits.size(), size_t(kL));
  for (int i = 0; i < kL; ++i) {
    const TimedFlit& f = flits[size_t(i)];
    EXPECT_EQ(f.arrival, tin + i) << "packet " << id << " flit " << i;
    EXPECT_EQ(f.flit.seq, i);
    EXPECT_EQ(f.flit.head, i == 0);
    EXPECT_EQ(f.flit.tail, i == kL - 1);
    EXPECT_EQ(f.flit.packet, flits[0].flit.packet) << "one packet";
  }
  const PacketInfo& p = packets[flits[0].flit.packet];
  EXPECT_EQ(p.id, id);
  EXPECT_EQ(p.src, kNode);
  EXPECT_EQ(p.dest, dest);
  EXPECT_EQ(p.tsent, tin) << "the listing's tsent is tin";
}

TEST(NetworkInterface, SpoolsEachPacketAFlitPerCycleFromMaxOfGenerationAndPreviousTinPlusL) {
  Ni n;
  ASSERT_TRUE(n.ni.inject(0, 5, 1));   // tin = max(1, 0 + L) = 4
  ASSERT_TRUE(n.ni.inject(1, 6, 2));   // tin = max(2, 4 + L) = 8, waits behind packet 0
  ASSERT_TRUE(n.ni.inject(2, 7, 30));  // tin = max(30, 8 + L) = 30
  EXPECT_EQ(n.router.cycles, (std::vector<int64_t>{4, 8, 30})) << "the router is woken for each tin";
  EXPECT_EQ(n.queue.size(), size_t(kL)) << "only the front packet's flits exist";
  EXPECT_EQ(n.waiting.size(kNode), 2u);
  EXPECT_EQ(n.log.flits_injected, 3 * kL);
  expect_packet(n.drain(kL), n.packets, 0, 5, 4);
  expect_packet(n.drain(kL), n.packets, 1, 6, 8);
  expect_packet(n.drain(kL), n.packets, 2, 7, 30);
  EXPECT_TRUE(n.queue.empty());
  EXPECT_TRUE(n.waiting.empty(kNode));
}

TEST(NetworkInterface, ACappedSourceQueueRefusesUntilAHeadLeaves) {
  Ni n(1);
  ASSERT_TRUE(n.ni.inject(0, 5, 10));
  EXPECT_FALSE(n.ni.inject(1, 5, 11)) << "one packet waits already";
  EXPECT_EQ(n.log.flits_injected, kL) << "a refused packet puts no flit in";
  n.ni.head_left(12);
  EXPECT_TRUE(n.ni.inject(2, 5, 13));
}

TEST(NetworkInterface, SinkTakesAWholePacketInOrderAndRecordsItsHead) {
  Ni n;
  Records records;
  n.log.sink = &records;
  const uint32_t k = n.packet_for(kNode, 42, 1, 5);
  for (int i = 0; i < kL; ++i) n.ni.eject(Ni::flit(k, i), 20 + i);
  EXPECT_EQ(n.log.flits_delivered, kL);
  EXPECT_EQ(n.log.counters.numrecd, 1);
  EXPECT_EQ(n.log.counters.totlat, 20 - 5) << "head to head";
  EXPECT_EQ(n.log.counters.tothops, 2);
  ASSERT_EQ(records.got.size(), 1u);
  EXPECT_EQ(records.got[0].id, 42u);
  EXPECT_EQ(records.got[0].src, 1u);
  EXPECT_EQ(records.got[0].dest, kNode);
  EXPECT_EQ(records.got[0].tarrive, 20);
  EXPECT_EQ(n.packets.live(), 0) << "the tail releases the packet";
  // The next packet may follow at once.
  const uint32_t next = n.packet_for(kNode, 43);
  for (int i = 0; i < kL; ++i) n.ni.eject(Ni::flit(next, i), 30 + i);
  EXPECT_EQ(n.log.counters.numrecd, 2);
}

TEST(NetworkInterface, SinkRefusesAFlitForAnotherNode) {
  Ni n;
  const uint32_t k = n.packet_for(kNode + 1, 1);
  EXPECT_THROW(n.ni.eject(Ni::flit(k, 0), 10), ScoreboardError);
  EXPECT_EQ(n.log.counters.numrecd, 0);
  // In kncsim's words: the cycle, the node, the packet and what is wrong with it.
  EXPECT_NE(n.log.failure.find("scoreboard: cycle 10, node"), std::string::npos) << n.log.failure;
  EXPECT_NE(n.log.failure.find("delivered to node"), std::string::npos) << n.log.failure;
}

TEST(NetworkInterface, SinkRefusesFlitsOutOfTheirPlace) {
  {  // a flit skipped
    Ni n;
    const uint32_t k = n.packet_for(kNode, 1);
    n.ni.eject(Ni::flit(k, 0), 10);
    EXPECT_THROW(n.ni.eject(Ni::flit(k, 2), 11), ScoreboardError);
  }
  {  // a body flit with no head before it
    Ni n;
    const uint32_t k = n.packet_for(kNode, 1);
    EXPECT_THROW(n.ni.eject(Ni::flit(k, 1), 10), ScoreboardError);
  }
  {  // another packet's head before this one's tail (wormhole packets do not interleave)
    Ni n;
    const uint32_t a = n.packet_for(kNode, 1), b = n.packet_for(kNode, 2);
    n.ni.eject(Ni::flit(a, 0), 10);
    n.ni.eject(Ni::flit(a, 1), 11);
    EXPECT_THROW(n.ni.eject(Ni::flit(b, 0), 12), ScoreboardError);
  }
  {  // another packet's body flit in this one's place
    Ni n;
    const uint32_t a = n.packet_for(kNode, 1), b = n.packet_for(kNode, 2);
    n.ni.eject(Ni::flit(a, 0), 10);
    EXPECT_THROW(n.ni.eject(Ni::flit(b, 1), 11), ScoreboardError);
  }
}

// Under dimension-order routing packets of one pair arrive in id order; another pair's are
// independent, and without the check any order passes.
TEST(NetworkInterface, SinkRefusesAPacketOvertakingAnEarlierOneOfItsPair) {
  for (bool check : {true, false}) {
    Ni n;
    n.log.check_pair_order = check;
    auto deliver = [&](uint64_t id, uint32_t src) {
      const uint32_t k = n.packet_for(kNode, id, src);
      for (int i = 0; i < kL; ++i) n.ni.eject(Ni::flit(k, i), 10 + i);
    };
    deliver(7, 1);
    deliver(3, 2);  // another source
    deliver(8, 1);
    if (check)
      EXPECT_THROW(deliver(5, 1), std::logic_error);
    else
      EXPECT_NO_THROW(deliver(5, 1));
  }
}

}  // namespace
}  // namespace kncsim
