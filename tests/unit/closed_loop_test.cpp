// Chittor's closed-loop workload (traffic/closed_loop.hpp) on networks simple enough to work
// out by hand: a pair of peers (AB and AA) on a network that delivers every message after a
// fixed delay, the same loops driven packet by packet through packets_for / tail_arrived,
// packetisation, the two colour classes, and the refusal of a graph that has none.
#include <gtest/gtest.h>

#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include "traffic/closed_loop.hpp"

namespace kncsim {
namespace {

const std::vector<std::vector<uint32_t>> kPair{{1}, {0}};
constexpr int64_t kForever = int64_t{1} << 62;

ClosedLoopSpec pair_spec(bool alternate) {
  ClosedLoopSpec s;
  s.classes = alternate ? LoopClasses::ab : LoopClasses::aa;
  s.compute_mean = 100;
  s.compute_uniform = false;
  s.message_flits = 64;
  s.packet_payload_flits = 16;
  s.send_fixed = 10;
  s.send_per_flit = 0.5;  // S = 10 + 32 = 42
  s.receive_fixed = 7;    // R = 7
  s.warmup_loops = 2;
  s.loops = 10;
  return s;
}

// Chittor's simulator shell: the receiver has no step, so no receive overhead.
ClosedLoopSpec shell_spec() {
  ClosedLoopSpec s = pair_spec(false);
  s.classes = LoopClasses::shell;
  s.receive_fixed = 0;
  return s;
}

std::function<int64_t(uint32_t, uint32_t, int64_t, int64_t)> fixed_delay(int64_t d) {
  return [d](uint32_t, uint32_t, int64_t, int64_t) { return d; };
}

// AB: A sends (S), the message arrives (D), B receives it (R), sends back (S), A receives (R),
// then both compute: T = 2(S + D + R) + c at both.
TEST(ClosedLoop, AlternatePairTakesTwoMessagesALoop) {
  const ClosedLoopWorkload w(pair_spec(true), kPair);
  const auto r = w.ideal_run(fixed_delay(65), kForever);
  ASSERT_EQ(r.size(), 2u);
  for (const LoopRecord& x : r) {
    EXPECT_EQ(x.loops, 10);
    EXPECT_DOUBLE_EQ(x.compute_time(), 100);
    EXPECT_DOUBLE_EQ(x.communication_time(), 2 * (42 + 65 + 7));
    EXPECT_DOUBLE_EQ(x.node_traffic(), 64.0 / (2 * (42 + 65 + 7) + 100));
  }
}

// AA: both send at once, each then receives the other's message: T = S + D + R + c.
TEST(ClosedLoop, SendFirstPairOverlapsTheTwoMessages) {
  const ClosedLoopWorkload w(pair_spec(false), kPair);
  for (const LoopRecord& x : w.ideal_run(fixed_delay(65), kForever)) EXPECT_DOUBLE_EQ(x.communication_time(), 42 + 65 + 7);
}

// The loops driven packet by packet as the SystemC and RTL fabrics drive them: each cycle the
// workload hands over the packets due, then the network tells it the tails that arrived in that
// cycle. Every packet's tail arrives a fixed delay after it is handed over, so the records must
// equal the contention-free replay's, for every kind of loop and node, on a pair and on a 3x3
// mesh graph (corner, edge and inner nodes; with uniform computation, so half-duplex sends wait
// for receivers that are computing and for each other), and with no overheads and no
// computation, where a step can fall due in a cycle already drawn.
std::vector<LoopRecord> driven_by_packets(const ClosedLoopSpec& spec, const std::vector<std::vector<uint32_t>>& graph) {
  ClosedLoopWorkload w(spec, graph);
  std::multimap<int64_t, MessagePacket> in_flight;  // by the cycle its tail arrives
  std::vector<MessagePacket> out;
  for (int64_t t = 0; !w.done(); ++t) {
    if (t > 1000000) {
      ADD_FAILURE() << "the loops never finished";
      break;
    }
    out.clear();
    w.packets_for(t, out);
    for (const MessagePacket& p : out) in_flight.emplace(t + 65, p);
    for (auto it = in_flight.begin(); it != in_flight.end() && it->first == t;) {
      w.tail_arrived(0, it->second.node, it->second.dest, t);
      it = in_flight.erase(it);
    }
  }
  return w.records();
}

TEST(ClosedLoop, PacketByPacketMatchesTheReplay) {
  const std::vector<std::vector<uint32_t>> mesh3{{1, 3},    {0, 2, 4},    {1, 5},    {0, 4, 6}, {1, 3, 5, 7},
                                                 {2, 4, 8}, {3, 7},       {4, 6, 8}, {5, 7}};
  for (int variant = 0; variant < 3; ++variant) {  // pair; 3x3 mesh graph; the same with no costs
    const auto* graph = variant == 0 ? &kPair : &mesh3;
    for (int kind = 0; kind < 6; ++kind) {  // aa, ab, shell, each on a duplex and a half-duplex node
      ClosedLoopSpec spec = kind % 3 == 2 ? shell_spec() : pair_spec(kind % 3 == 1);
      spec.half_duplex = kind >= 3;
      spec.compute_uniform = variant == 1;
      if (variant == 2) spec.compute_mean = 0, spec.send_fixed = spec.send_per_flit = spec.receive_fixed = 0;
      const auto driven = driven_by_packets(spec, *graph);
      const auto replay = ClosedLoopWorkload(spec, *graph).ideal_run(fixed_delay(65), kForever);
      ASSERT_EQ(driven.size(), replay.size());
      for (size_t i = 0; i < driven.size(); ++i) {
        EXPECT_EQ(driven[i].loops, 10);
        EXPECT_EQ(driven[i].loop_cycles, replay[i].loop_cycles) << "variant " << variant << " node " << i << " kind " << kind;
        EXPECT_EQ(driven[i].compute_cycles, replay[i].compute_cycles);
        EXPECT_EQ(driven[i].payload_flits, replay[i].payload_flits);
      }
    }
  }
}

// traffic.packet_gap_cycles (Chittor 5.6.3): a message's packet k + 1 is handed over its
// predecessor's length plus G cycles after it. Driven packet by packet, each tail arriving its own
// length plus 10 cycles after its hand-over, the loops equal the replay's, whose delay takes the
// message's whole length plus the gaps between its packets.
TEST(ClosedLoop, PacketGapsSpaceAMessagesPacketsAndTheReplayAddsThem) {
  ClosedLoopSpec first = pair_spec(true);
  first.packet_gap_cycles = 7;
  ClosedLoopWorkload w(first, kPair);
  std::vector<int64_t> handed;
  std::vector<MessagePacket> out;
  for (int64_t t = 0; t < 200; ++t) {
    out.clear();
    w.packets_for(t, out);
    for (const MessagePacket& p : out) {
      EXPECT_EQ(p.flits, 16);
      handed.push_back(t);
    }
  }
  ASSERT_EQ(handed.size(), 4u) << "one message of four packets, and no answer yet";
  for (size_t k = 1; k < handed.size(); ++k) EXPECT_EQ(handed[k] - handed[k - 1], 16 + 7) << "packet " << k;

  // aa, ab, shell; fixed and uniform computation; 64-flit messages (four 16s) and 60 (16, 16, 16,
  // 12); gaps shorter and longer than a packet. A node's packets must leave message by message
  // (AA can start its next message while its last one's packets wait).
  for (int variant = 0; variant < 24; ++variant) {
    const int kind = variant % 3;
    ClosedLoopSpec spec = kind == 2 ? shell_spec() : pair_spec(kind == 1);
    spec.compute_uniform = variant / 3 % 2;
    spec.message_flits = variant / 6 % 2 ? 60 : 64;
    spec.packet_gap_cycles = variant / 12 ? 50 : 7;
    ClosedLoopWorkload driven(spec, kPair);
    std::multimap<int64_t, MessagePacket> in_flight;
    std::vector<int> sizes[2];
    for (int64_t t = 0; !driven.done() && t < 1000000; ++t) {
      out.clear();
      driven.packets_for(t, out);
      for (const MessagePacket& p : out) sizes[p.node].push_back(p.flits);
      for (const MessagePacket& p : out) in_flight.emplace(t + p.flits + 10, p);
      for (auto it = in_flight.begin(); it != in_flight.end() && it->first == t;) {
        driven.tail_arrived(0, it->second.node, it->second.dest, t);
        it = in_flight.erase(it);
      }
    }
    ASSERT_TRUE(driven.done());
    const auto replay = ClosedLoopWorkload(spec, kPair).ideal_run(
        [](uint32_t, uint32_t, int64_t flits, int64_t) { return flits + 10; }, kForever);
    const auto records = driven.records();
    for (size_t i = 0; i < records.size(); ++i)
      EXPECT_EQ(records[i].loop_cycles, replay[i].loop_cycles) << "variant " << variant << " node " << i;
    for (const auto& node : sizes)
      for (size_t k = 0; k < node.size(); ++k)
        ASSERT_EQ(node[k], k % 4 == 3 ? spec.message_flits - 48 : 16) << "variant " << variant << ", packet " << k;
  }
}

// traffic.loop_destinations random (Chittor's uniform reference): under the shell every node sends
// one message a loop to a node drawn among the others, the same draws in the replay; a class
// that must receive from each neighbour is refused.
TEST(ClosedLoop, RandomDestinationsOneMessageALoopToAnotherNodeDrawnUniformly) {
  ClosedLoopSpec spec = shell_spec();
  spec.random_destinations = true;
  spec.loops = 300;
  const std::vector<std::vector<uint32_t>> eight(8);  // the graph is not used: eight nodes
  ClosedLoopWorkload w(spec, eight);
  std::multimap<int64_t, MessagePacket> in_flight;
  std::vector<MessagePacket> out;
  std::vector<std::vector<int>> count(8, std::vector<int>(8, 0));
  for (int64_t t = 0; !w.done() && t < 10000000; ++t) {
    out.clear();
    w.packets_for(t, out);
    for (const MessagePacket& p : out) {
      ++count[p.node][p.dest];
      in_flight.emplace(t + 65, p);
    }
    for (auto it = in_flight.begin(); it != in_flight.end() && it->first == t;) {
      w.tail_arrived(0, it->second.node, it->second.dest, t);
      it = in_flight.erase(it);
    }
  }
  ASSERT_TRUE(w.done());
  const auto replay = ClosedLoopWorkload(spec, eight).ideal_run(fixed_delay(65), kForever);
  const auto records = w.records();
  for (uint32_t n = 0; n < 8; ++n) {
    EXPECT_EQ(records[n].loops, 300);
    EXPECT_EQ(records[n].loop_cycles, replay[n].loop_cycles) << "node " << n;
    EXPECT_EQ(records[n].payload_flits, 300 * 64) << "one message a loop";
    EXPECT_EQ(count[n][n], 0) << "node " << n << " sent to itself";
    int64_t messages = 0;
    for (uint32_t d = 0; d < 8; ++d) {
      messages += count[n][d];
      if (d != n) {  // 4 packets a message
        EXPECT_NEAR(count[n][d], 4 * 302 / 7.0, 4 * 302 / 7.0 * 0.4) << n << " -> " << d;
      }
    }
    EXPECT_EQ(messages, 4 * 302) << "warm-up and measured loops, four packets each";
  }
  ClosedLoopSpec aa = pair_spec(false);
  aa.random_destinations = true;
  EXPECT_THROW(ClosedLoopWorkload(aa, eight), std::invalid_argument);
}

TEST(ClosedLoop, MessagesAreCutIntoPacketsOfAtMostThePayload) {
  ClosedLoopSpec s = pair_spec(true);
  s.message_flits = 600;
  s.packet_payload_flits = 256;
  s.header_flits = 2;
  ClosedLoopWorkload w(s, kPair);
  EXPECT_EQ(w.packets_per_message(), 3);
  std::vector<MessagePacket> out;
  for (int64_t t = 0; out.empty() && t < 1000; ++t) w.packets_for(t, out);
  ASSERT_EQ(out.size(), 3u);
  EXPECT_EQ(out[0].flits, 258);
  EXPECT_EQ(out[1].flits, 258);
  EXPECT_EQ(out[2].flits, 90);
  EXPECT_EQ(out[0].node, 0u);  // node 0 is class A: it sends first
  EXPECT_EQ(out[0].dest, 1u);
}

// A 4-ring's classes alternate; under AB, class A's first packets leave at S, B's only after
// it has received. A triangle has no two classes.
TEST(ClosedLoop, ColourClassesAlternateAndAnOddCycleIsRefused) {
  const std::vector<std::vector<uint32_t>> ring{{1, 3}, {0, 2}, {1, 3}, {0, 2}};
  ClosedLoopWorkload w(pair_spec(true), ring);
  std::vector<MessagePacket> out;
  w.packets_for(42, out);
  ASSERT_FALSE(out.empty());
  for (const MessagePacket& p : out) EXPECT_TRUE(p.node == 0 || p.node == 2) << "node " << p.node << " is class B";
  const std::vector<std::vector<uint32_t>> triangle{{1, 2}, {0, 2}, {0, 1}};
  EXPECT_THROW(ClosedLoopWorkload(pair_spec(true), triangle), std::invalid_argument);
  EXPECT_NO_THROW(ClosedLoopWorkload(pair_spec(false), triangle));
}

// A node no one answers would send without bound, so every edge must run both ways.
TEST(ClosedLoop, AOneWayEdgeIsRefused) {
  const std::vector<std::vector<uint32_t>> one_way{{1}, {0, 2}, {}};
  try {
    ClosedLoopWorkload(pair_spec(false), one_way);
    FAIL() << "a one-way edge was taken";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("node 1 and node 2 are joined one way only"), std::string::npos) << e.what();
  }
}

// The shell (chapter 5): node 0 computes, sends to node 1, waits for the message to arrive, then
// does the same for node 2: a loop is 2 (c + S + D). Nodes 1 and 2 only receive, which takes no
// step, so one-way edges are fine and only node 0 is measured.
TEST(ClosedLoop, ShellSendsOneMessageAtATimeAndWaitsForItsArrival) {
  const std::vector<std::vector<uint32_t>> star{{1, 2}, {}, {}};
  const auto r = ClosedLoopWorkload(shell_spec(), star).ideal_run(fixed_delay(65), kForever);
  ASSERT_EQ(r.size(), 1u);
  EXPECT_EQ(r[0].node, 0u);
  EXPECT_EQ(r[0].loops, 10);
  EXPECT_DOUBLE_EQ(r[0].loop_time(), 2 * (100 + 42 + 65));
  EXPECT_DOUBLE_EQ(r[0].compute_time(), 200);
  EXPECT_DOUBLE_EQ(r[0].node_traffic(), 128.0 / (2 * (100 + 42 + 65)));
  std::vector<MessagePacket> out;  // the second message leaves only after the first has arrived
  ClosedLoopSpec one_packet = shell_spec();
  one_packet.packet_payload_flits = 0;
  ClosedLoopWorkload w(one_packet, star);
  for (int64_t t = 0; t <= 142; ++t) w.packets_for(t, out);
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].dest, 1u);
  for (int64_t t = 143; t < 400; ++t) w.packets_for(t, out);
  EXPECT_EQ(out.size(), 1u) << "sent again before the first message arrived";
  w.tail_arrived(0, 0, 1, 400);
  for (int64_t t = 400; t <= 542; ++t) w.packets_for(t, out);
  ASSERT_EQ(out.size(), 2u);
  EXPECT_EQ(out[1].dest, 2u);
}

// A half-duplex node (the Symult's): a message holds both its ends, channel and processor, for
// its whole S + D + R, so a node's messages in and out follow one another. A pair takes
// 2(S + D + R) a loop under AA as under AB (Chittor's Table 4.1: "if traffic exists in both
// directions, the communication time for a message is increased by a factor of 2"), and on a
// 4-ring, where each node sends two and receives two, 4(S + D + R).
TEST(ClosedLoop, HalfDuplexNodeTakesItsMessagesOneAfterAnother) {
  const std::vector<std::vector<uint32_t>> ring{{1, 3}, {0, 2}, {1, 3}, {0, 2}};
  for (bool alternate : {false, true}) {
    ClosedLoopSpec s = pair_spec(alternate);
    s.half_duplex = true;
    for (const LoopRecord& x : ClosedLoopWorkload(s, kPair).ideal_run(fixed_delay(65), kForever))
      EXPECT_DOUBLE_EQ(x.communication_time(), 2 * (42 + 65 + 7)) << (alternate ? "ab" : "aa") << " pair";
    for (const LoopRecord& x : ClosedLoopWorkload(s, ring).ideal_run(fixed_delay(65), kForever))
      EXPECT_DOUBLE_EQ(x.communication_time(), 4 * (42 + 65 + 7)) << (alternate ? "ab" : "aa") << " ring";
  }
  // The same AA pair with a duplex node overlaps the two messages: S + D + R.
  for (const LoopRecord& x : ClosedLoopWorkload(pair_spec(false), kPair).ideal_run(fixed_delay(65), kForever))
    EXPECT_DOUBLE_EQ(x.communication_time(), 42 + 65 + 7);
}

// Nothing overlaps at a half-duplex node: on a 3x3 mesh graph with uniform computation, each
// node's loops last at least its computations plus its 2δ messages' S + D + R each, in and out.
TEST(ClosedLoop, HalfDuplexNodeNeverComputesWhileAMessageHoldsIt) {
  const std::vector<std::vector<uint32_t>> mesh3{{1, 3},    {0, 2, 4},    {1, 5},    {0, 4, 6}, {1, 3, 5, 7},
                                                 {2, 4, 8}, {3, 7},       {4, 6, 8}, {5, 7}};
  for (bool alternate : {false, true}) {
    ClosedLoopSpec s = pair_spec(alternate);
    s.half_duplex = true;
    s.compute_uniform = true;
    for (const LoopRecord& x : ClosedLoopWorkload(s, mesh3).ideal_run(fixed_delay(65), kForever))
      EXPECT_GE(x.loop_cycles, x.compute_cycles + x.loops * 2 * int64_t(mesh3[x.node].size()) * (42 + 65 + 7))
          << "node " << x.node << (alternate ? " ab" : " aa");
  }
}

// Under the shell the processor takes no step to receive, so a receive overhead is refused.
TEST(ClosedLoop, ShellRefusesAReceiveOverhead) {
  ClosedLoopSpec s = shell_spec();
  s.receive_per_flit = 0.5;
  EXPECT_THROW(ClosedLoopWorkload(s, kPair), std::invalid_argument);
}

// Stopped early, a node reports the loops it has completed, each whole.
TEST(ClosedLoop, AReplayStoppedEarlyReportsTheLoopsCompleted) {
  const auto r = ClosedLoopWorkload(pair_spec(true), kPair).ideal_run(fixed_delay(65), 2 * 328 + 5 * 328 + 10);
  for (const LoopRecord& x : r) {
    EXPECT_EQ(x.loops, 5);
    EXPECT_DOUBLE_EQ(x.loop_time(), 328);  // 2 (42 + 65 + 7) + 100
    EXPECT_DOUBLE_EQ(x.compute_time(), 100);
    EXPECT_EQ(x.payload_flits, 5 * 64);
  }
}

TEST(ClosedLoop, UniformComputationStaysWithinTwiceTheMean) {
  ClosedLoopSpec s = pair_spec(false);
  s.compute_uniform = true;
  s.loops = 200;
  for (const LoopRecord& x : ClosedLoopWorkload(s, kPair).ideal_run(fixed_delay(65), kForever)) {
    EXPECT_GT(x.compute_time(), 85);  // the mean of 200 draws from 0..200 (sd about 4)
    EXPECT_LT(x.compute_time(), 115);
    EXPECT_GT(x.compute_time(), 0);
  }
}

}  // namespace
}  // namespace kncsim
