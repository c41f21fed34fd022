// Channel assignment (router/vc_allocator.hpp) under each router.arbitration, called as the
// wormhole router calls it: input and output channels as port * vcs + vc in 64-bit masks,
// `route` the channels each head may take. Under every policy a grant is a free channel the
// head may take, and no input or output channel is granted twice; a single free channel goes
// to exactly one of the heads that want it. Round robin moves its start past the input it
// served; oldest first serves the oldest head (generation time, then id); the priority token
// stays on an input until it is served. With a torus's dateline classes (vc_classes.hpp) a
// head is never given a channel of the other class, even when that one alone is free.
#include <gtest/gtest.h>

#include <map>
#include <random>
#include <tuple>
#include <utility>
#include <vector>

#include "router/vc_allocator.hpp"
#include "router/vc_classes.hpp"
#include "topo/mesh_geometry.hpp"

namespace kncsim {
namespace {

constexpr Arbitration kPolicies[] = {Arbitration::priority_token, Arbitration::round_robin, Arbitration::oldest_first};

uint64_t bit(int i) { return uint64_t{1} << i; }

// One cycle's assignment: input channel -> output channel, in the order granted.
using Grants = std::vector<std::pair<int, int>>;

Grants allocate(Arbitration policy, VcAllocatorState& s, int channels, uint64_t ready,
                const std::map<int, uint64_t>& route, uint64_t free,
                const std::map<int, std::pair<int64_t, uint64_t>>& age = {}) {
  Grants grants;
  allocate_channels(
      policy, s, channels, ready, [&](int in) { return route.at(in); },
      [&](int in) { return age.count(in) ? age.at(in) : std::pair<int64_t, uint64_t>{0, uint64_t(in)}; }, free,
      [&](int in, int out) { grants.emplace_back(in, out); });
  return grants;
}

// Random requests over 5 ports x 3 VCs, many cycles with state carried: every grant is a
// ready input, a free channel its route allows, each input and output channel at most once.
// Round robin and oldest first are greedy: no ready head is left with a free channel it could
// have taken. (The priority token is not: as in Pertel's listing, the input that takes the
// token next searches only the outputs after the one just granted.)
TEST(VcAllocator, GrantsAreFreeAllowedAndEachChannelOnce) {
  constexpr int kChannels = 15;
  for (Arbitration policy : kPolicies) {
    VcAllocatorState s;
    std::mt19937_64 rng(7);
    int64_t granted = 0;
    for (int cycle = 0; cycle < 2000; ++cycle) {
      const uint64_t all = bit(kChannels) - 1;
      const uint64_t ready = rng() & all, free = rng() & all;
      std::map<int, uint64_t> route;
      std::map<int, std::pair<int64_t, uint64_t>> age;
      for (int in = 0; in < kChannels; ++in) {
        route[in] = rng() & rng() & all;  // about a quarter of the channels
        age[in] = {int64_t(rng() % 50), uint64_t(in)};
      }
      const Grants g = allocate(policy, s, kChannels, ready, route, free, age);
      uint64_t ins = 0, outs = 0;
      for (const auto& [in, out] : g) {
        ASSERT_TRUE(ready & bit(in)) << to_string(policy) << ": input " << in << " was not ready";
        ASSERT_TRUE(route[in] & free & bit(out)) << to_string(policy) << ": " << in << " -> " << out;
        ASSERT_FALSE(ins & bit(in)) << to_string(policy) << ": input " << in << " granted twice";
        ASSERT_FALSE(outs & bit(out)) << to_string(policy) << ": output " << out << " granted twice";
        ins |= bit(in);
        outs |= bit(out);
      }
      granted += int64_t(g.size());
      if (policy == Arbitration::priority_token) continue;
      for (uint64_t m = ready & ~ins; m; m &= m - 1) {
        const int in = lowest_bit(m);
        EXPECT_EQ(route[in] & free & ~outs, 0u) << to_string(policy) << ": input " << in << " left unserved";
      }
    }
    EXPECT_GT(granted, 2000) << to_string(policy);
  }
}

TEST(VcAllocator, OneFreeChannelGoesToExactlyOneOfItsRequesters) {
  for (Arbitration policy : kPolicies) {
    VcAllocatorState s;
    const std::map<int, uint64_t> route{{1, bit(6)}, {4, bit(6)}, {8, bit(6) | bit(7)}};
    const Grants g = allocate(policy, s, 10, bit(1) | bit(4) | bit(8), route, bit(6));
    ASSERT_EQ(g.size(), 1u) << to_string(policy);
    EXPECT_EQ(g[0].second, 6) << to_string(policy);
  }
}

// Three heads want the one channel 7, every cycle: round robin serves them 0, 1, 2, 0, ...
// and, with only inputs 1 and 2 ready, the input after the one served goes first next time.
TEST(VcAllocator, RoundRobinMovesItsStartPastTheInputServed) {
  VcAllocatorState s;
  const std::map<int, uint64_t> route{{0, bit(7)}, {1, bit(7)}, {2, bit(7)}};
  std::vector<int> served;
  for (int cycle = 0; cycle < 6; ++cycle) {
    const Grants g = allocate(Arbitration::round_robin, s, 3, 0b111, route, bit(7));
    ASSERT_EQ(g.size(), 1u);
    served.push_back(g[0].first);
  }
  EXPECT_EQ(served, (std::vector<int>{0, 1, 2, 0, 1, 2}));

  VcAllocatorState t;
  EXPECT_EQ(allocate(Arbitration::round_robin, t, 3, 0b110, route, bit(7)), (Grants{{1, 7}}));
  EXPECT_EQ(allocate(Arbitration::round_robin, t, 3, 0b110, route, bit(7)), (Grants{{2, 7}}));
  EXPECT_EQ(allocate(Arbitration::round_robin, t, 3, 0b110, route, bit(7)), (Grants{{1, 7}}))
      << "past the last channel the turn wraps to 0";

  // Two free channels, both wanted by all three: the start moves past the first input served
  // that cycle, not past the last.
  VcAllocatorState u;
  const std::map<int, uint64_t> both{{0, bit(6) | bit(7)}, {1, bit(6) | bit(7)}, {2, bit(6) | bit(7)}};
  EXPECT_EQ(allocate(Arbitration::round_robin, u, 3, 0b111, both, bit(6) | bit(7)), (Grants{{0, 6}, {1, 7}}));
  EXPECT_EQ(allocate(Arbitration::round_robin, u, 3, 0b111, both, bit(6) | bit(7)), (Grants{{1, 6}, {2, 7}}));
  EXPECT_EQ(allocate(Arbitration::round_robin, u, 3, 0b111, both, bit(6) | bit(7)), (Grants{{2, 6}, {0, 7}}));
}

// Ages (generation time, id): input 5's packet is oldest, then input 2's (same time as input
// 0's, smaller id); with two free channels they take them in that order.
TEST(VcAllocator, OldestFirstServesTheOldestHeadFirst) {
  VcAllocatorState s;
  const std::map<int, uint64_t> route{{0, bit(3) | bit(4)}, {2, bit(3) | bit(4)}, {5, bit(3) | bit(4)}};
  const std::map<int, std::pair<int64_t, uint64_t>> age{{0, {20, 9}}, {2, {20, 4}}, {5, {11, 30}}};
  EXPECT_EQ(allocate(Arbitration::oldest_first, s, 6, bit(0) | bit(2) | bit(5), route, bit(3) | bit(4), age),
            (Grants{{5, 3}, {2, 4}}));
  EXPECT_EQ(allocate(Arbitration::oldest_first, s, 6, bit(0) | bit(2) | bit(5), route, bit(4), age), (Grants{{5, 4}}));
}

// Pertel's token: inputs 0 and 1 (one VC) both want output 2; the token's holder is served,
// then the token passes on, so the two alternate; an input whose head is not ready is skipped.
TEST(VcAllocator, PriorityTokenAlternatesBetweenTwoContendingInputs) {
  VcAllocatorState s;
  const std::map<int, uint64_t> route{{0, bit(2)}, {1, bit(2)}};
  std::vector<int> served;
  for (int cycle = 0; cycle < 4; ++cycle) {
    const Grants g = allocate(Arbitration::priority_token, s, 3, 0b11, route, bit(2));
    ASSERT_EQ(g.size(), 1u);
    served.push_back(g[0].first);
  }
  EXPECT_EQ(served, (std::vector<int>{0, 1, 0, 1}));
}

// A 1D torus of radix 4, 2 VCs, output +x (port 2). At node 1 a packet from node 0 has not
// crossed the dateline: low class, VC 0. At node 3 (the wraparound output) it has: VC 1. With
// both channels free a head takes its own class's; with only the other class's free, nothing.
TEST(VcAllocator, NoHeadGetsAChannelOutsideItsDatelineClass) {
  const MeshGeometry g(1, 4, true);
  constexpr int kVcs = 2, kPort = 2;
  const int low = kPort * kVcs, high = kPort * kVcs + 1;
  const uint64_t before = uint64_t(output_vcs(g, 1, 0, kPort, kVcs)) << (kPort * kVcs);
  const uint64_t after = uint64_t(output_vcs(g, 3, 0, kPort, kVcs)) << (kPort * kVcs);
  ASSERT_EQ(before, bit(low));
  ASSERT_EQ(after, bit(high));
  for (Arbitration policy : kPolicies) {
    for (const auto& [classes, own, other] : {std::tuple{before, low, high}, std::tuple{after, high, low}}) {
      const std::map<int, uint64_t> route{{3, classes}};
      VcAllocatorState s;
      EXPECT_EQ(allocate(policy, s, 3 * kVcs, bit(3), route, bit(low) | bit(high)), (Grants{{3, own}}))
          << to_string(policy);
      EXPECT_EQ(allocate(policy, s, 3 * kVcs, bit(3), route, bit(other)), (Grants{}))
          << to_string(policy) << ": VC " << other - kPort * kVcs << " is of the other class";
    }
  }
}

}  // namespace
}  // namespace kncsim
