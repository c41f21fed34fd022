// The router pin monitor alone, driven as an adapter drives it: legal traffic passes, and each
// rule that the broken designs of router_monitor_test.cpp do not reach is reported with its name,
// the node, the port and the cycle.
#include "verify/router_pin_monitor.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

namespace kncsim {
namespace {

struct Reports {
  std::vector<std::string> rules, texts;
};

struct Fixture {
  MeshGeometry g{2, 4};  // 4x4 mesh; node 5 is (1, 1)
  PacketTable packets;
  Reports got;
  RouterPinMonitor m;
  explicit Fixture(int vcs = 1, bool cut_through = false)
      : m(5, g, RouterMonitorParams{5, vcs, 4, cut_through, 7}, packets,
          [this](const std::string& rule, int64_t, const std::string& text) {
            got.rules.push_back(rule);
            got.texts.push_back(text);
          }) {
    for (int p = 1; p < 5; ++p) m.set_output_linked(p, true);
  }
  // A packet from node 5 to `dest`, `flits` long; its slot.
  uint32_t packet(uint32_t dest, int flits) { return packets.allocate(PacketInfo{uint64_t(packets.live() + 100), 5, dest, 0, 0, flits, 0}); }
  uint64_t field(uint32_t node) const { return uint64_t(g.coord(node, 0)) | uint64_t(g.coord(node, 1)) << 7; }
  // A head is first received on the local input (a router sends only what it holds).
  bool send(int port, uint32_t slot, int index, int64_t t, int vc = 0) {
    if (index == 0) m.flit_in(0, 0, true, packets[slot].flits, slot, t - 1);
    Flit f;
    f.packet = slot;
    f.head = index == 0;
    f.tail = index == packets[slot].flits - 1;
    f.vc = uint8_t(vc);
    return m.flit_out(port, f, field(packets[slot].dest), packets[slot].flits, t);
  }
};

TEST(RouterPinMonitor, LegalTrafficPassesWithCreditsComingBack) {
  Fixture x;
  const uint32_t a = x.packet(6, 6);  // (2, 1): +x, port 2
  for (int i = 0; i < 6; ++i) {
    EXPECT_TRUE(x.send(2, a, i, 10 + i));
    if (i >= 3) {  // the FIFO downstream holds 4
      EXPECT_TRUE(x.m.credit_in(2, 0, 1, 10 + i));
    }
  }
  x.m.flit_in(1, 0, true, 4, x.packet(6, 4), 19);
  EXPECT_TRUE(x.m.popped(1, 20));
  EXPECT_TRUE(x.m.credit_out(1, 0, 1, 21));  // a cycle late: a design may return it later
  EXPECT_TRUE(x.got.rules.empty()) << x.got.texts.front();
}

TEST(RouterPinMonitor, ACreditBeyondTheDepthIsNamed) {
  Fixture x;
  EXPECT_FALSE(x.m.credit_in(3, 0, 1, 7));
  ASSERT_EQ(x.got.rules, std::vector<std::string>{"CreditBeyondDepth_M"});
  EXPECT_NE(x.got.texts[0].find("cycle 7, node 5 (1, 1), port 3 (-y)"), std::string::npos) << x.got.texts[0];
}

TEST(RouterPinMonitor, APopOfAnEmptyInputIsNamed) {
  Fixture x;
  x.m.flit_in(2, 0, true, 4, x.packet(6, 4), 2);
  EXPECT_TRUE(x.m.popped(2, 3));
  EXPECT_FALSE(x.m.popped(2, 4));
  ASSERT_EQ(x.got.rules, std::vector<std::string>{"PopEmpty_M"});
  EXPECT_NE(x.got.texts[0].find("cycle 4, node 5 (1, 1), port 2"), std::string::npos) << x.got.texts[0];
}

TEST(RouterPinMonitor, OutputsPastThePortsOrWithoutALinkAreNamed) {
  Fixture x;
  EXPECT_FALSE(x.m.outputs_driven(1u << 5, 2));
  x.m.set_output_linked(4, false);
  const uint32_t a = x.packet(9, 2);  // (1, 2): +y, port 4
  EXPECT_FALSE(x.send(4, a, 0, 3));
  EXPECT_EQ(x.got.rules, (std::vector<std::string>{"NoSuchOutput_M", "NoSuchOutput_M"}));
}

TEST(RouterPinMonitor, ATagNamingNoPacketIsNamed) {
  Fixture x;
  Flit f;
  f.packet = 40;  // the table has no slot 40
  f.head = true;
  EXPECT_FALSE(x.m.flit_out(2, f, 0, 1, 5));
  EXPECT_EQ(x.got.rules, std::vector<std::string>{"UnknownPacket_M"});
}

TEST(RouterPinMonitor, AFlitOfAnotherPacketInsideOneIsInterleaving) {
  Fixture x;
  const uint32_t a = x.packet(6, 3), b = x.packet(7, 3);
  EXPECT_TRUE(x.send(2, a, 0, 1));
  EXPECT_FALSE(x.send(2, b, 1, 2));
  ASSERT_EQ(x.got.rules, std::vector<std::string>{"Interleaved_M"});
  // The report carries the last flits out of the port.
  EXPECT_NE(x.got.texts[0].find("the last flits out of that port: cycle 1: packet 100 flit 0 (head)"), std::string::npos)
      << x.got.texts[0];
}

TEST(RouterPinMonitor, PacketsOnDifferentChannelsMayInterleave) {
  Fixture x(2);
  const uint32_t a = x.packet(6, 2), b = x.packet(7, 2);
  EXPECT_TRUE(x.send(2, a, 0, 1, 0));
  EXPECT_TRUE(x.send(2, b, 0, 2, 1));
  EXPECT_TRUE(x.send(2, a, 1, 3, 0));
  EXPECT_TRUE(x.send(2, b, 1, 4, 1));
  EXPECT_TRUE(x.got.rules.empty()) << x.got.texts.front();
}

TEST(RouterPinMonitor, CutThroughHeadsNeedTheirPacketsRoom) {
  Fixture x(1, true);
  const uint32_t a = x.packet(6, 3), b = x.packet(6, 2);
  for (int i = 0; i < 3; ++i) EXPECT_TRUE(x.send(2, a, i, 1 + i));  // takes 3 of 4 at its head
  EXPECT_FALSE(x.send(2, b, 0, 5));                                  // needs 2, 1 left
  EXPECT_EQ(x.got.rules, std::vector<std::string>{"NoCredit_M"});
}

TEST(RouterPinMonitor, EitherWayRoundIsMinimalHalfwayRoundATorus) {
  MeshGeometry torus({4, 4}, true);
  PacketTable packets;
  std::vector<std::string> rules;
  RouterPinMonitor m(5, torus, RouterMonitorParams{5, 2, 4, false, 7}, packets,
                     [&](const std::string& rule, int64_t, const std::string&) { rules.push_back(rule); });
  for (int p = 1; p < 5; ++p) m.set_output_linked(p, true);
  const uint32_t a = packets.allocate(PacketInfo{1, 5, 7, 0, 0, 1, 0});  // (3, 1): two hops either way in x
  Flit f;
  f.packet = a;
  f.head = f.tail = true;
  for (int t = 0; t < 3; ++t) m.flit_in(0, 0, true, 1, a, t);  // three copies, one for each try
  EXPECT_TRUE(m.flit_out(1, f, 3 | 1 << 7, 1, 1));  // -x
  EXPECT_TRUE(m.flit_out(2, f, 3 | 1 << 7, 1, 2));  // +x
  EXPECT_FALSE(m.flit_out(3, f, 3 | 1 << 7, 1, 3));  // -y: no closer
  EXPECT_EQ(rules, std::vector<std::string>{"Misrouted_M"});
}

TEST(RouterPinMonitor, AHeadTheRouterDoesNotHoldIsNamed) {
  Fixture x;
  const uint32_t a = x.packet(6, 1);
  EXPECT_TRUE(x.send(2, a, 0, 4));  // received, then sent
  Flit f;
  f.packet = a;
  f.head = f.tail = true;
  EXPECT_FALSE(x.m.flit_out(2, f, x.field(6), 1, 6));  // the same packet again: a duplicate
  ASSERT_EQ(x.got.rules, std::vector<std::string>{"NotHeld_M"});
  EXPECT_NE(x.got.texts[0].find("cycle 6, node 5 (1, 1), port 2 (+x)"), std::string::npos) << x.got.texts[0];
}

// Coverage: a head in from -x that leaves +y at an inside node is the turn, a full FIFO and an
// output without credits inside a packet are marked, and a head waiting on room is blocked.
TEST(RouterPinMonitor, MarksTheCoveragePointsItSees) {
  MeshGeometry g(2, 4);  // 4x4
  PacketTable packets;
  NetworkCoverage cov(g, false, 1);
  RouterMonitorParams p{5, 1, 2, false, 7};
  p.coverage = &cov;
  std::vector<std::string> rules;
  RouterPinMonitor m(5, g, p, packets, [&](const std::string& rule, int64_t, const std::string&) { rules.push_back(rule); });
  for (int port = 1; port < 5; ++port) m.set_output_linked(port, true);
  const uint32_t a = packets.allocate(PacketInfo{1, 4, 9, 0, 0, 3, 0});  // (0, 1) to (1, 2): +y at node 5
  m.flit_in(1, 0, true, 3, a, 0);   // in from -x
  m.flit_in(1, 0, false, 3, a, 1);  // the FIFO of 2 is full
  Flit f;
  f.packet = a;
  f.head = true;
  EXPECT_TRUE(m.flit_out(4, f, 1 | 2 << 7, 3, 2));
  f.head = false;
  EXPECT_TRUE(m.flit_out(4, f, 1 | 2 << 7, 3, 3));  // no credit left, the packet open
  const std::vector<std::string> hit = cov.hit_names();
  for (const char* want : {"turn/inside/-x>+y", "fifo_full/-x/0", "backpressure/+y"})
    EXPECT_NE(std::find(hit.begin(), hit.end(), want), hit.end()) << want;
  EXPECT_TRUE(rules.empty());
  // Dimension order never turns from y back to x; a U-turn is never minimal.
  for (const auto& pt : cov.points()) {
    if (pt.name == "turn/inside/-y>+x" || pt.name == "turn/inside/-x>-x") {
      EXPECT_FALSE(pt.reachable) << pt.name;
    }
    if (pt.name == "turn/corner/local>local" || pt.name == "requesters/5") {
      EXPECT_TRUE(pt.reachable) << pt.name;
    }
  }
}

// On a torus a head keeps to its dateline class: even VCs until the packet takes the
// dimension's wraparound, odd ones after.
TEST(RouterPinMonitor, ATorusHeadOnTheWrongDatelineClassIsNamed) {
  MeshGeometry torus(std::vector<int>{4, 4}, true);
  PacketTable packets;
  std::vector<std::string> rules;
  RouterPinMonitor m(5, torus, RouterMonitorParams{5, 2, 4, false, 7}, packets,
                     [&](const std::string& rule, int64_t, const std::string&) { rules.push_back(rule); });
  for (int p = 1; p < 5; ++p) m.set_output_linked(p, true);
  const uint32_t a = packets.allocate(PacketInfo{1, 5, 6, 0, 0, 1, 0});  // (1, 1) to (2, 1): +x, no wraparound
  Flit f;
  f.packet = a;
  f.head = f.tail = true;
  m.flit_in(0, 0, true, 1, a, 0);
  m.flit_in(0, 0, true, 1, a, 1);
  f.vc = 0;
  EXPECT_TRUE(m.flit_out(2, f, 2 | 1 << 7, 1, 2));  // the low class
  f.vc = 1;
  EXPECT_FALSE(m.flit_out(2, f, 2 | 1 << 7, 1, 3));  // the high class, before the wraparound
  EXPECT_EQ(rules, std::vector<std::string>{"VcClass_M"});
}

}  // namespace
}  // namespace kncsim
