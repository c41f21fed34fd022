#pragma once
// What the torus and hexagonal-mesh tests share: a network fed uniform traffic of 8-flit packets injected with
// probability q per node-cycle (stopped at `stop`, if given), wormhole FIFOs of `fifo` flits
// per channel, and the watchdog at `deadlock_cycles`.
#include <gtest/gtest.h>

#include <memory>
#include <set>

#include "net/wormhole_network.hpp"
#include "support/test_streams.hpp"

namespace kncsim {

inline WormholeNetworkParams wormhole_8flit(int64_t fifo, int vcs, bool adaptive, int64_t deadlock_cycles) {
  WormholeNetworkParams p;
  p.packet_flits = 8;
  p.router.fifo_flits = fifo;
  p.router.credits = CreditPolicy::per_flit;
  p.router.vcs = vcs;
  p.router.adaptive = adaptive;
  p.deadlock_cycles = deadlock_cycles;
  return p;
}

inline InjectionFeed uniform_feed(const MeshGeometry& g, uint64_t seed, double q, int64_t stop = -1) {
  std::unique_ptr<InjectionStream> stream = make_counter_uniform_stream(seed, g.nodes(), q);
  if (stop >= 0) stream = std::make_unique<StoppingStream>(std::move(stream), stop);
  return InjectionFeed(std::move(stream), g.nodes(), false);
}

// Runs `net` (its sources stopping at `stop`) past saturation, then on until it drains: it must keep
// moving (no deadlock), empty, and deliver every packet once on a minimal path (rec: its sink).
inline void overload_then_drain(WormholeNetwork& net, const MeshGeometry& g, const Recorder& rec, int64_t stop) {
  ASSERT_NO_THROW(net.run_until(stop));
  EXPECT_GT(net.packets_waiting(), 0) << "the sources were not overloaded";
  for (int64_t until = stop; net.flits_buffered() > 0 || net.packets_waiting() > 0;) {
    until += 10000;
    ASSERT_NO_THROW(net.run_until(until));
    ASSERT_LT(until, 20 * stop) << "the network did not drain";
  }
  EXPECT_EQ(net.counters().numrecd, net.counters().numsent);
  EXPECT_EQ(int64_t(rec.records.size()), net.counters().numrecd);
  std::set<uint64_t> ids;
  for (const PacketRecord& r : rec.records) {
    ASSERT_TRUE(ids.insert(r.id).second) << "packet " << r.id << " delivered twice";
    ASSERT_EQ(r.hops, g.distance(r.src, r.dest));
  }
}

}  // namespace kncsim
