// PP-MESS-SIM's selection functions (router/selection.hpp): the order a head considers its outputs in.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>

#include "router/selection.hpp"

namespace kncsim {
namespace {

// Ports of a 3-D router: 1..6 (pred, succ of each dimension).
std::vector<int> order(Selection s, uint32_t mask, uint64_t id, int hop, std::map<int, int> busy = {},
                       std::map<int, int> hops = {}) {
  int out[32];
  const int n = selection_order(
      s, mask, id, hop, [&](int p) { return busy.count(p) ? busy[p] : 0; },
      [&](int p) { return hops.count(p) ? hops[p] : 0; }, out);
  return std::vector<int>(out, out + n);
}

TEST(Selection, EachFunctionOrdersAsDefined) {
  const uint32_t ports = (1u << 2) | (1u << 3) | (1u << 6);  // +x, -y, +z
  EXPECT_EQ(order(Selection::dimension_order, ports, 1, 0), (std::vector<int>{2, 3, 6}));
  // Diagonal: the most hops left first; ties keep dimension order.
  EXPECT_EQ(order(Selection::diagonal, ports, 1, 0, {}, {{2, 3}, {3, 7}, {6, 3}}), (std::vector<int>{3, 2, 6}));
  // The paper's example: from (4, 3) to (6, 10) the diagonal function goes in y first.
  EXPECT_EQ(order(Selection::diagonal, (1u << 2) | (1u << 4), 1, 0, {}, {{2, 2}, {4, 7}}), (std::vector<int>{4, 2}));
  // Least congested: the fewest busy virtual channels first.
  EXPECT_EQ(order(Selection::least_congested, ports, 1, 0, {{2, 2}, {3, 1}, {6, 0}}), (std::vector<int>{6, 3, 2}));
}

TEST(Selection, RandomIsAReproduciblePermutationDrawnPerPacketAndHop) {
  const uint32_t ports = (1u << 1) | (1u << 4) | (1u << 5);
  std::map<std::vector<int>, int> seen;
  for (uint64_t id = 0; id < 6000; ++id) {
    const auto o = order(Selection::random, ports, id, int(id % 7));
    EXPECT_EQ(o, order(Selection::random, ports, id, int(id % 7)));  // the same draw every time
    auto sorted = o;
    std::sort(sorted.begin(), sorted.end());
    ASSERT_EQ(sorted, (std::vector<int>{1, 4, 5}));
    ++seen[o];
  }
  ASSERT_EQ(seen.size(), 6u);  // all 3! orders
  for (const auto& [o, n] : seen) EXPECT_NEAR(n, 1000, 150);
  // Another hop of the same packet draws again.
  int differ = 0;
  for (uint64_t id = 0; id < 100; ++id) differ += order(Selection::random, ports, id, 0) != order(Selection::random, ports, id, 1);
  EXPECT_GT(differ, 50);
}

}  // namespace
}  // namespace kncsim
