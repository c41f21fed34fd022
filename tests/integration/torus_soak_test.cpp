// Deadlock freedom at length (label slow): a torus overloaded for 10^6 cycles, under dimension
// order with datelines on 2 channels and under Duato's adaptive routing on 3, keeps moving (the
// watchdog would stop it), conserves flits (checked at every run_until), and once the sources
// stop, drains completely: nothing is stuck anywhere.
#include <gtest/gtest.h>

#include "net/wormhole_network.hpp"
#include "support/test_streams.hpp"

namespace kncsim {
namespace {

void soak(int vcs, bool adaptive) {
  const MeshGeometry g(2, 8, true);
  const int64_t stop = 1000000;
  InjectionFeed feed(std::make_unique<StoppingStream>(
                         make_counter_uniform_stream(13, g.nodes(), injection_probability(1.3, 8, 8, true)), stop),
                     g.nodes(), false);
  WormholeNetworkParams p;
  p.packet_flits = 8;
  p.router.fifo_flits = 4;
  p.router.credits = CreditPolicy::per_flit;
  p.router.vcs = vcs;
  p.router.adaptive = adaptive;
  p.source_queue_packets = 4;  // the overload waits (and is dropped) at the sources, not in memory
  p.deadlock_cycles = 5000;
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
