#include "sched/wake_calendar.hpp"

#include <gtest/gtest.h>

#include <map>
#include <set>

namespace kncsim {
namespace {

// Wakes near (ring) and far (heap) come back in their own cycle, once, in node order.
TEST(WakeCalendar, DeliversEveryWakeInItsCycleInNodeOrder) {
  WakeCalendar cal(200, 4);  // a small ring: most of these wakes overflow to the heap
  std::map<int64_t, std::set<int64_t>> want;
  uint64_t x = 12345;
  for (int i = 0; i < 3000; ++i) {
    x = x * 6364136223846793005ull + 1442695040888963407ull;
    const uint32_t node = uint32_t(x >> 40) % 200;
    const int64_t when = int64_t((x >> 20) % 500);
    cal.wake(node, when, 0);
    want[when].insert(node);  // a node woken twice in a cycle comes out once
  }
  for (int64_t t = 0; t < 500; ++t) {
    cal.begin_cycle(t);
    std::vector<int64_t> got;
    for (int64_t n; (n = cal.next_node()) >= 0;) got.push_back(n);
    EXPECT_EQ(got, std::vector<int64_t>(want[t].begin(), want[t].end())) << "cycle " << t;
  }
}

TEST(WakeCalendar, WakesForLaterNodesInTheCurrentCycleAreSeen) {
  WakeCalendar cal(300, 8);
  cal.wake(5, 0, 0);
  cal.begin_cycle(0);
  EXPECT_EQ(cal.next_node(), 5);
  cal.wake(250, 0, 0);  // FNS-style: a higher-numbered node due in this same cycle
  EXPECT_EQ(cal.next_node(), 250);
  EXPECT_EQ(cal.next_node(), -1);
}

}  // namespace
}  // namespace kncsim
