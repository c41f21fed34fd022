// The SCI ring node's protocol monitor (verify/sci_pin_monitor.hpp), rule by rule, on a 4-ary
// 2-cube: what a node may send on a ring (its own packets, what passes, the answers it owes),
// in what order, and what it still owes when a run stops.
#include "verify/sci_pin_monitor.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "verify/sci_coverage.hpp"

namespace kncsim {
namespace {

struct Fixture {
  RingGeometry g{2, 4};
  SciCoverage cov{2, 4, true, false};
  std::vector<std::string> rules, texts;
  // Node 5 (1, 1); address packets of 2 flits, echoes of 1; two packets in an active buffer.
  SciPinMonitor m{5, g, SciMonitorParams{2, 2, 4, 1, 2, &cov},
                  [this](const std::string& rule, int64_t, const std::string& text) {
                    rules.push_back(rule);
                    texts.push_back(text);
                  }};
  static RingFlit head(SciKind k, uint64_t id, uint32_t src, uint32_t dest, uint32_t target, bool tail = false) {
    return RingFlit{true, tail, k, id, src, dest, target};
  }
  static RingFlit body(SciKind k, bool tail) { return RingFlit{false, tail, k}; }
  // A 2-flit address packet in or out on ring d.
  bool in(int d, uint64_t id, uint32_t src, uint32_t dest, uint32_t target, int64_t t) {
    m.ring_in(d, head(SciKind::address, id, src, dest, target), t);
    return m.ring_in(d, body(SciKind::address, true), t + 1);
  }
  bool out(int d, uint64_t id, uint32_t src, uint32_t dest, uint32_t target, int64_t t) {
    return m.ring_out(d, head(SciKind::address, id, src, dest, target), t) &&
           m.ring_out(d, body(SciKind::address, true), t + 1);
  }
  bool answer_out(int d, SciKind k, uint64_t id, uint32_t target, int64_t t) {
    return m.ring_out(d, head(k, id, 5, target, target, true), t);
  }
};

TEST(SciPinMonitor, PassesAnswersAndOwnPacketsAreLegal) {
  Fixture x;
  EXPECT_TRUE(x.in(0, 1, 4, 7, 4, 1));        // from node 4 to 7 (3, 1): passes node 5 on ring 0
  EXPECT_TRUE(x.in(0, 2, 4, 13, 4, 3));       // to 13 (1, 3): leaves ring 0 here, an answer owed to node 4
  EXPECT_TRUE(x.out(0, 1, 4, 7, 4, 5));        // the passing one
  EXPECT_TRUE(x.answer_out(0, SciKind::echo, 2, 4, 7));  // the answer, to where it entered
  EXPECT_TRUE(x.out(1, 2, 4, 13, 5, 8));       // on to ring 1, from this node's active buffer
  x.m.ring_in(1, Fixture::head(SciKind::nack, 2, 13, 5, 5, true), 12);  // nacked
  EXPECT_TRUE(x.out(1, 2, 4, 13, 5, 14));      // sent again
  x.m.ring_in(1, Fixture::head(SciKind::echo, 2, 13, 5, 5, true), 20);  // echoed: freed
  EXPECT_TRUE(x.rules.empty()) << x.texts.front();
  std::vector<std::pair<int64_t, std::string>> owed;
  x.m.stall_items(owed);
  EXPECT_TRUE(owed.empty());
  const auto hit = x.cov.hit_names();
  for (const char* p : {"ring0/pass", "ring1/nack", "ring1/echo", "ring1/retransmission"})
    EXPECT_NE(std::find(hit.begin(), hit.end(), p), hit.end()) << p;
}

TEST(SciPinMonitor, APassingPacketOvertakenIsNamed) {
  Fixture x;
  EXPECT_TRUE(x.in(0, 1, 4, 7, 4, 1));
  EXPECT_TRUE(x.in(0, 3, 4, 6, 4, 3));
  EXPECT_FALSE(x.out(0, 3, 4, 6, 4, 5));
  ASSERT_EQ(x.rules, std::vector<std::string>{"PassOrder_M"});
  EXPECT_NE(x.texts[0].find("cycle 5, node 5 (1, 1), ring 0"), std::string::npos) << x.texts[0];
}

TEST(SciPinMonitor, ADuplicateAnAnswerForNothingAndAResendWithoutNackAreNamed) {
  {
    Fixture x;  // the passing packet out twice
    EXPECT_TRUE(x.in(0, 1, 4, 7, 4, 1));
    EXPECT_TRUE(x.out(0, 1, 4, 7, 4, 5));
    EXPECT_FALSE(x.out(0, 1, 4, 7, 4, 7));
    EXPECT_EQ(x.rules, std::vector<std::string>{"NotFromRing_M"});
  }
  {
    Fixture x;  // an echo for a packet this node never sent
    x.m.ring_in(1, Fixture::head(SciKind::echo, 9, 13, 5, 5, true), 4);
    EXPECT_EQ(x.rules, std::vector<std::string>{"EchoForNothing_M"});
  }
  {
    Fixture x;  // its own packet again with no nack
    EXPECT_TRUE(x.out(1, 2, 5, 13, 5, 2));
    EXPECT_FALSE(x.out(1, 2, 5, 13, 5, 6));
    EXPECT_EQ(x.rules, std::vector<std::string>{"ResendWithoutNack_M"});
  }
}

TEST(SciPinMonitor, TheActiveBufferBoundAndFramingAreKept) {
  Fixture x;
  EXPECT_TRUE(x.out(0, 1, 5, 6, 5, 1));
  EXPECT_TRUE(x.out(0, 2, 5, 6, 5, 3));
  EXPECT_FALSE(x.out(0, 3, 5, 6, 5, 5));  // a third unanswered, with room for two
  EXPECT_EQ(x.rules, std::vector<std::string>{"ActiveBound_M"});
  Fixture y;
  EXPECT_TRUE(y.m.ring_out(0, Fixture::head(SciKind::address, 1, 5, 6, 5), 1));
  EXPECT_FALSE(y.m.ring_out(0, Fixture::head(SciKind::address, 2, 5, 6, 5), 2));  // a head inside it
  EXPECT_EQ(y.rules, std::vector<std::string>{"RingFraming_M"});
}

TEST(SciPinMonitor, WhatIsStillOwedIsListedOldestFirstByTheCaller) {
  Fixture x;
  EXPECT_TRUE(x.in(0, 2, 4, 13, 4, 3));  // taken off: an answer owed from cycle 4
  EXPECT_TRUE(x.out(1, 7, 5, 13, 5, 6));
  x.m.ring_in(1, Fixture::head(SciKind::nack, 7, 13, 5, 5, true), 9);  // nacked, never sent again
  std::vector<std::pair<int64_t, std::string>> owed;
  x.m.stall_items(owed);
  ASSERT_EQ(owed.size(), 2u);
  EXPECT_NE(owed[0].second.find("ring 0: owes the echo or nack for the address of message 0x2"), std::string::npos)
      << owed[0].second;
  EXPECT_EQ(owed[0].first, 4);
  EXPECT_NE(owed[1].second.find("ring 1: has not sent again the address of message 0x7"), std::string::npos)
      << owed[1].second;
}

}  // namespace
}  // namespace kncsim
