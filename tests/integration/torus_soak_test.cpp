// Deadlock freedom at length (label slow): a torus overloaded for 10^6 cycles, under dimension
// order with datelines on 2 channels and under Duato's adaptive routing on 3, keeps moving (the
// watchdog would stop it), conserves flits (checked at every run_until), and once the sources
// stop, drains completely: nothing is stuck anywhere.
#include <gtest/gtest.h>

#include "net/wormhole_network.hpp"
#include "support/overload.hpp"

namespace kncsim {
namespace {

void soak(int vcs, bool adaptive) {
  const MeshGeometry g(2, 8, true);
  const int64_t stop = 1000000;
  InjectionFeed feed = uniform_feed(g, 13, injection_probability(1.3, 8, 8, true), stop);
  WormholeNetworkParams p = wormhole_8flit(4, vcs, adaptive, 5000);
  p.source_queue_packets = 4;  // the overload waits (and is dropped) at the sources, not in memory
  WormholeNetwork net(g, p, feed);
  for (int64_t t = 100000; t <= stop; t += 100000) ASSERT_NO_THROW(net.run_until(t)) << "at cycle " << t;
  EXPECT_GT(net.counters().dropped, 0) << "the sources were not overloaded";
  ASSERT_NO_THROW(net.run_until(stop + 50000));
  EXPECT_EQ(net.flits_buffered(), 0);
  EXPECT_EQ(net.packets_waiting(), 0);
  EXPECT_EQ(net.counters().numrecd, net.counters().numsent);
}

TEST(TorusSoak, DatelinesOnTwoChannelsRunAMillionCyclesOverloaded) { soak(2, false); }
TEST(TorusSoak, DuatoOnThreeChannelsRunsAMillionCyclesOverloaded) { soak(3, true); }

}  // namespace
}  // namespace kncsim
