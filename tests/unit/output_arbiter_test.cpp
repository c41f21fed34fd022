// Chittor's queue policies at the outputs (router/output_arbiter.hpp), called as the wormhole
// router calls them: input and output channels as port * vcs + vc in 64-bit masks, `allowed`
// the free output channels each head may take. Each policy's rule on a case worked by hand, and
// under every policy a grant is a channel the head may take, no input or output channel twice,
// and every free channel that some head wants is granted.
#include <gtest/gtest.h>

#include <map>
#include <random>
#include <set>
#include <utility>
#include <vector>

#include "router/output_arbiter.hpp"

namespace kncsim {
namespace {

constexpr Arbitration kPolicies[] = {Arbitration::fifo_fixed, Arbitration::fifo_lru, Arbitration::biased_priority,
                                     Arbitration::message_source};
uint64_t bit(int i) { return uint64_t{1} << i; }

using Grants = std::vector<std::pair<int, int>>;

struct Head {
  uint64_t allowed;
  int64_t request = 0;
  uint32_t source = 0;
};

Grants arbitrate(Arbitration policy, OutputArbiterState& s, int ports, int vcs, const std::map<int, Head>& heads) {
  uint64_t ready = 0;
  for (const auto& [in, h] : heads) ready |= bit(in);
  Grants grants;
  arbitrate_outputs(
      policy, s, ports, vcs, ready, [&](int in) { return heads.at(in).allowed; },
      [&](int in) { return heads.at(in).request; }, [&](int in) { return heads.at(in).source; },
      [&](int in, int out) { grants.emplace_back(in, out); });
  return grants;
}

// A 2D router (5 ports: local 0, then +x -x +y -y), one channel a link; output 1 wanted by all.
TEST(OutputArbiter, FifoServesTheFirstRequestTiesByPortOrder) {
  OutputArbiterState s(Arbitration::fifo_fixed, 5, 1, 64, 9, 4);
  EXPECT_EQ(arbitrate(Arbitration::fifo_fixed, s, 5, 1, {{0, {bit(1), 7}}, {3, {bit(1), 5}}, {4, {bit(1), 6}}}),
            (Grants{{3, 1}}));
  // A tie goes to the lower port, whichever it is: the fixed order that starves the others.
  for (int round = 0; round < 3; ++round)
    EXPECT_EQ(arbitrate(Arbitration::fifo_fixed, s, 5, 1, {{2, {bit(1), 5}}, {4, {bit(1), 5}}}), (Grants{{2, 1}}));
}

TEST(OutputArbiter, FifoLruBreaksTiesToTheLeastRecentRequester) {
  OutputArbiterState s(Arbitration::fifo_lru, 5, 1, 64, 9, 4);
  // Never served: port order. Then the port that won last waits behind a tie.
  EXPECT_EQ(arbitrate(Arbitration::fifo_lru, s, 5, 1, {{2, {bit(1), 5}}, {4, {bit(1), 5}}}), (Grants{{2, 1}}));
  EXPECT_EQ(arbitrate(Arbitration::fifo_lru, s, 5, 1, {{2, {bit(1), 9}}, {4, {bit(1), 9}}}), (Grants{{4, 1}}));
  EXPECT_EQ(arbitrate(Arbitration::fifo_lru, s, 5, 1, {{2, {bit(1), 12}}, {4, {bit(1), 12}}}), (Grants{{2, 1}}));
  // The request cycle still comes first.
  EXPECT_EQ(arbitrate(Arbitration::fifo_lru, s, 5, 1, {{2, {bit(1), 20}}, {4, {bit(1), 19}}}), (Grants{{4, 1}}));
  // Per output: port 2 has not asked for output 3 before, port 4 has not either; port order.
  EXPECT_EQ(arbitrate(Arbitration::fifo_lru, s, 5, 1, {{2, {bit(3), 30}}, {4, {bit(3), 30}}}), (Grants{{2, 3}}));
}

// Chittor's 9 and 4: the network port wins, the local port loses 1 a cycle until it ties at 4,
// where port order (local first) lets it through, and it goes back to 9.
TEST(OutputArbiter, BiasedPriorityHoldsTheLocalPortBackThenLetsItThrough) {
  OutputArbiterState s(Arbitration::biased_priority, 5, 1, 64, 9, 4);
  std::vector<int> winners;
  for (int cycle = 0; cycle < 12; ++cycle) {
    // The local head and a fresh network head on port 3 each cycle; port 3's loss resets nothing.
    const Grants g = arbitrate(Arbitration::biased_priority, s, 5, 1, {{0, {bit(1)}}, {3, {bit(1)}}});
    ASSERT_EQ(g.size(), 1u);
    winners.push_back(g[0].first);
  }
  // Local at 9, 8, 7, 6, 5 loses to port 3 (4, or 3 after its one loss, reset on each win), ...
  EXPECT_EQ(winners, (std::vector<int>{3, 3, 3, 3, 3, 0, 3, 3, 3, 3, 3, 0}));
  EXPECT_EQ(s.priority[0], 9);
  // A head with nothing free to ask for does not compete, so it loses nothing.
  const int before = s.priority[2];
  arbitrate(Arbitration::biased_priority, s, 5, 1, {{2, {0}}, {3, {bit(1)}}});
  EXPECT_EQ(s.priority[2], before);
}

TEST(OutputArbiter, MessageSourceServesTheSourceNextAfterTheHand) {
  OutputArbiterState s(Arbitration::message_source, 5, 1, 16, 9, 4);
  s.hand[1] = 5;
  EXPECT_EQ(arbitrate(Arbitration::message_source, s, 5, 1, {{1, {bit(1), 0, 3}}, {2, {bit(1), 0, 7}}}),
            (Grants{{2, 1}}));
  EXPECT_EQ(s.hand[1], 7u);
  // Past 7, 3 comes before 7 again (11 to 15, then 0 to 3).
  EXPECT_EQ(arbitrate(Arbitration::message_source, s, 5, 1, {{1, {bit(1), 0, 3}}, {2, {bit(1), 0, 7}}}),
            (Grants{{1, 1}}));
  // The hand's own source comes last: 3 won, so 7 goes first now even against an older 3.
  EXPECT_EQ(arbitrate(Arbitration::message_source, s, 5, 1, {{1, {bit(1), 0, 3}}, {2, {bit(1), 9, 7}}}),
            (Grants{{2, 1}}));
  // Same source on two ports: the earlier request.
  EXPECT_EQ(arbitrate(Arbitration::message_source, s, 5, 1, {{1, {bit(1), 8, 9}}, {2, {bit(1), 4, 9}}}),
            (Grants{{2, 1}}));
}

// Random cycles on a 3D router with 2 channels a link: every grant legal, none twice, and no
// channel left free that a head left waiting could have had.
TEST(OutputArbiter, EveryPolicyGrantsLegallyAndLeavesNoWantedChannelIdle) {
  constexpr int kPorts = 7, kVcs = 2, kChannels = kPorts * kVcs;
  std::mt19937_64 rng(53);
  for (Arbitration policy : kPolicies) {
    OutputArbiterState s(policy, kPorts, kVcs, 512, 9, 4);
    for (int cycle = 0; cycle < 3000; ++cycle) {
      std::map<int, Head> heads;
      const uint64_t free = rng() & (bit(kChannels) - 1);
      for (int in = 0; in < kChannels; ++in)
        if (rng() % 3 == 0) heads[in] = {rng() & free, int64_t(rng() % 8), uint32_t(rng() % 512)};
      const Grants g = arbitrate(policy, s, kPorts, kVcs, heads);
      std::set<int> ins, outs;
      for (auto [in, out] : g) {
        ASSERT_TRUE(heads.at(in).allowed & bit(out)) << to_string(policy);
        ASSERT_TRUE(ins.insert(in).second) << to_string(policy);
        ASSERT_TRUE(outs.insert(out).second) << to_string(policy);
      }
      for (const auto& [in, h] : heads) {
        if (ins.count(in)) continue;
        for (int out = 0; out < kChannels; ++out)
          ASSERT_FALSE((h.allowed & bit(out)) && !outs.count(out))
              << to_string(policy) << ": input " << in << " waits while channel " << out << " stays free";
      }
    }
  }
}

}  // namespace
}  // namespace kncsim
