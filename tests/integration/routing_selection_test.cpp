// PP-MESS-SIM's routing algorithms on the SystemC mesh (issue 51): oblivious and adaptive minimal
// routing under each selection function, and deflection routing with its bound on nonminimal hops.
#include <gtest/gtest.h>

#include <vector>

#include "net/wormhole_network.hpp"
#include "support/test_streams.hpp"

namespace kncsim {
namespace {

WormholeNetworkParams routed(Routing r, Selection s, int deflections = 1) {
  WormholeNetworkParams p;
  p.packet_flits = 8;
  p.router.routing = r;
  p.router.adaptive = r == Routing::adaptive;
  p.router.selection = s;
  p.router.deflections = deflections;
  return p;  // unbounded FIFOs: cut-through that never deadlocks
}

std::vector<PacketRecord> run(const MeshGeometry& g, const WormholeNetworkParams& p, double load, int64_t stop = 3000) {
  InjectionFeed feed(std::make_unique<StoppingStream>(
                         make_counter_uniform_stream(17, g.nodes(), injection_probability(load, g.radix(), 8)), stop),
                     g.nodes(), false);
  WormholeNetwork net(g, p, feed);
  Recorder rec;
  net.set_packet_sink(&rec);
  net.run_until(stop + 200000);
  EXPECT_EQ(net.flits_buffered(), 0) << "every packet delivered";
  EXPECT_EQ(net.counters().numrecd, net.counters().numsent);
  return rec.records;
}

TEST(RoutingSelection, MinimalRoutingTakesMinimalPathsUnderEverySelection) {
  const MeshGeometry g(2, 8);
  const std::vector<PacketRecord> dor = run(g, routed(Routing::dor, Selection::any), .6);
  for (Routing r : {Routing::oblivious, Routing::adaptive}) {
    for (Selection s : {Selection::dimension_order, Selection::random, Selection::diagonal, Selection::least_congested}) {
      const auto records = run(g, routed(r, s), .6);
      ASSERT_EQ(records.size(), dor.size()) << to_string(r) << " " << to_string(s);
      for (const PacketRecord& x : records) ASSERT_EQ(x.hops, g.distance(x.src, x.dest)) << to_string(s);
    }
  }
  // Oblivious in dimension order is DOR, packet for packet.
  const auto oblivious_dor = run(g, routed(Routing::oblivious, Selection::dimension_order), .6);
  for (size_t k = 0; k < dor.size(); ++k) {
    EXPECT_EQ(oblivious_dor[k].id, dor[k].id);
    EXPECT_EQ(oblivious_dor[k].tarrive, dor[k].tarrive);
  }
}

// Deflection: some packets leave the minimal paths under load, none takes more than m
// nonminimal hops (its route is at most distance + 2m: no livelock), and every one arrives.
// With m = 0 it is adaptive routing in the same selection order, packet for packet.
TEST(RoutingSelection, DeflectionIsBoundedAndDeliversEveryPacket) {
  const MeshGeometry g(2, 8);
  for (int m : {1, 3}) {
    const auto records = run(g, routed(Routing::deflection, Selection::dimension_order, m), .9);
    int deflected = 0;
    for (const PacketRecord& x : records) {
      const int d = g.distance(x.src, x.dest);
      ASSERT_LE(x.hops, d + 2 * m);
      ASSERT_EQ((x.hops - d) % 2, 0);  // a detour returns: even extra hops on a mesh
      deflected += x.hops > d;
    }
    EXPECT_GT(deflected, 50) << "m = " << m;
  }
  const auto none = run(g, routed(Routing::deflection, Selection::diagonal, 0), .9);
  const auto adaptive = run(g, routed(Routing::adaptive, Selection::diagonal), .9);
  ASSERT_EQ(none.size(), adaptive.size());
  for (size_t k = 0; k < none.size(); ++k) EXPECT_EQ(none[k].tarrive, adaptive[k].tarrive);
}

}  // namespace
}  // namespace kncsim
