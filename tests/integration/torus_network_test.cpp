// The SystemC wormhole network as a torus (network.topology: torus): wraparound links, the
// shorter way round, wire delays from the wiring and the embedding, and the deadlock that
// one channel per link allows on its rings.
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <string>
#include <vector>

#include "analytic/mesh_analytic.hpp"
#include "spec/experiment_spec.hpp"
#include "spec/link_timing.hpp"
#include "net/wormhole_network.hpp"
#include "router/vc_classes.hpp"
#include "support/overload.hpp"
#include "support/every_pair.hpp"
#include "support/test_streams.hpp"

namespace kncsim {
namespace {

Config torus_config(const std::vector<std::string>& sets) {
  Config c;
  for (const char* s : {"network.topology=torus", "router.impl=systemc", "router.allow_deadlock=true"})
    c.apply_set(s);
  for (const std::string& s : sets) c.apply_set(s);
  decode(c);
  return c;
}

struct TorusCase {
  std::string name;
  std::vector<std::string> sets;
};

void PrintTo(const TorusCase& c, std::ostream* os) { *os << c.name; }

class TorusZeroLoad : public ::testing::TestWithParam<TorusCase> {};

// Every pair alone: each packet's latency is the wires of its path, walked hop by hop the
// shorter way round (each wire's delay from the layout), + 1 at the destination; and the mean
// over all pairs is the analytic zero-load latency.
TEST_P(TorusZeroLoad, EveryPairAloneTakesItsPathsWires) {
  const Config c = torus_config(GetParam().sets);
  const MeshLinkTiming t = mesh_link_timing(c);
  const std::vector<int> radices = std::get<MeshExperiment>(decode(c).topology).radices;
  const MeshGeometry g(radices, true);
  WormholeNetworkParams p;
  p.packet_flits = 4;
  p.link_delays = t.wire_delays;
  p.router.vcs = std::get<MeshExperiment>(decode(c).topology).flit.router.vcs;
  const int64_t gap = 8 + 4 + int64_t(t.max_delay() + 1) * (g.ports() * 8);
  const std::vector<PacketRecord> records = every_pair_alone(g, p, gap);
  ASSERT_EQ(records.size(), size_t(g.nodes()) * g.nodes());
  double sum = 0;
  for (const PacketRecord& r : records) {
    int64_t expect = 1;
    uint32_t at_node = r.src;
    for (int k = 0; k < g.dims(); ++k) {  // dimension order, one hop at a time
      const int off = g.offset(r.src, r.dest, k);
      for (int i = 0; i < std::abs(off); ++i) {
        const int port = off > 0 ? MeshGeometry::succ(k) : MeshGeometry::pred(k);
        const uint32_t next = g.neighbour(at_node, port);
        const int wire = off > 0 ? g.coord(at_node, k) : g.coord(next, k);
        expect += t.wire_delays[size_t(k)][size_t(wire)];
        at_node = next;
      }
    }
    ASSERT_EQ(at_node, r.dest);
    ASSERT_EQ(r.hops, g.distance(r.src, r.dest)) << r.src << " -> " << r.dest;
    ASSERT_EQ(r.tarrive - r.tsent, expect) << r.src << " -> " << r.dest;
    sum += double(r.tarrive - r.tsent);
  }
  EXPECT_NEAR(sum / double(records.size()), zero_load_latency(radices, true, t.wire_delays, 0), 1e-9);
  EXPECT_NEAR(double(g.distance(0, g.nodes() - 1)), g.dims(), 0);  // the far corner is one wraparound per dimension
}

INSTANTIATE_TEST_SUITE_P(
    Wirings, TorusZeroLoad,
    ::testing::Values(
        // The straight row's wraparound spans R - 1 neighbours: 5 cycles at S = 1 on a 6-ring.
        TorusCase{"straight_even_S1", {"network.dims=2", "network.radix=6", "link.switch_to_wire_ratio=1"}},
        TorusCase{"straight_odd_S2", {"network.dims=2", "network.radix=5"}},
        // Folded: every wire spans two neighbours but two of them (the turn and the wraparound) one.
        TorusCase{"folded_even_S1", {"network.dims=2", "network.radix=6", "network.wiring=folded",
                                     "link.switch_to_wire_ratio=1"}},
        TorusCase{"folded_odd_S_half", {"network.dims=1", "network.radix=7", "network.wiring=folded",
                                        "link.switch_to_wire_ratio=0.5"}},
        TorusCase{"cube_3ary4cube_S1", {"network.dims=4", "network.radix=3", "link.embedding=cube",
                                        "link.switch_to_wire_ratio=1"}},
        TorusCase{"planar_folded_4ary3cube", {"network.dims=3", "network.radix=4", "link.embedding=planar",
                                              "network.wiring=folded", "link.switch_to_wire_ratio=1"}},
        TorusCase{"synchronous", {"network.dims=2", "network.radix=6", "link.mode=synchronous"}},
        TorusCase{"per_dimension_list", {"network.dims=2", "network.radix=[4,5]", "link.delay=[1,3]"}},
        TorusCase{"radix_2", {"network.dims=3", "network.radix=2"}},
        // Datelines change the channel, never the path or its wires.
        TorusCase{"datelines_straight_S1", {"network.dims=2", "network.radix=5", "router.vcs=2",
                                            "link.switch_to_wire_ratio=1"}},
        TorusCase{"three_vcs_folded", {"network.dims=2", "network.radix=4", "router.vcs=3",
                                       "network.wiring=folded", "link.switch_to_wire_ratio=1"}}),
    [](const ::testing::TestParamInfo<TorusCase>& i) { return i.param.name; });

// The torus's wires: the straight wraparound is long, folded ones are short, synchronous links
// stretch the clock by the longest.
TEST(TorusLinkTiming, WiresFollowTheWiring) {
  const MeshLinkTiming straight = mesh_link_timing(torus_config({"network.radix=6", "link.switch_to_wire_ratio=1"}));
  EXPECT_EQ(straight.wire_delays[0], (std::vector<int>{1, 1, 1, 1, 1, 5}));
  EXPECT_EQ(straight.delays, (std::vector<int>{5, 5}));
  EXPECT_DOUBLE_EQ(straight.longest, 5);
  const MeshLinkTiming folded =
      mesh_link_timing(torus_config({"network.radix=6", "network.wiring=folded", "link.switch_to_wire_ratio=1"}));
  EXPECT_EQ(folded.wire_delays[1], (std::vector<int>{2, 2, 1, 2, 2, 1}));
  EXPECT_DOUBLE_EQ(folded.longest, 2);
  const MeshLinkTiming sync = mesh_link_timing(torus_config({"network.radix=6", "link.mode=synchronous"}));
  EXPECT_EQ(sync.wire_delays[0], (std::vector<int>(6, 1)));
  EXPECT_DOUBLE_EQ(sync.cycle_time_factor, 1 + 5.0 / 2);  // the straight wraparound sets the clock
  // A mesh in the same layout has no wraparound: its longest wire is a neighbour's.
  Config mesh;
  mesh.apply_set("network.radix=6");
  mesh.apply_set("link.mode=synchronous");
  EXPECT_DOUBLE_EQ(mesh_link_timing(mesh).cycle_time_factor, 1 + 1.0 / 2);
}

// A torus overloaded until its watchdog fires: the deadlock's report.
std::string deadlock_report(const MeshGeometry& g, InjectionFeed& feed, const WormholeNetworkParams& p) {
  WormholeNetwork net(g, p, feed);
  try {
    net.run_until(200000);
  } catch (const DeadlockError& e) {
    return e.what();
  }
  return "";
}

// Dimension order on one channel per link: the rings close cycles of channels, and under
// overload packets waiting around a ring wait for ever. The watchdog names the cycle.
TEST(TorusDeadlock, DimensionOrderOnOneChannelDeadlocksAndTheWatchdogNamesTheRing) {
  const MeshGeometry g(2, 8, true);
  InjectionFeed feed = uniform_feed(g, 7, injection_probability(.9, 8, 8, true));
  const std::string m = deadlock_report(g, feed, wormhole_8flit(8, 1, false, 500));
  EXPECT_NE(m.find("no flit moved for 501 cycles"), std::string::npos) << m;
  EXPECT_NE(m.find("(the first channel again)"), std::string::npos) << m;
}

// Adaptive routing on two channels (no escape pair) deadlocks too, and the report names each
// channel's virtual channel.
TEST(TorusDeadlock, AdaptiveOnTwoChannelsDeadlocksAndTheReportNamesTheChannels) {
  const MeshGeometry g(2, 8, true);
  InjectionFeed feed = uniform_feed(g, 1, injection_probability(1.0, 8, 8, true));
  const std::string m = deadlock_report(g, feed, wormhole_8flit(4, 2, true, 1000));
  EXPECT_NE(m.find(" vc 0 ("), std::string::npos) << m;
  EXPECT_NE(m.find("(the first channel again)"), std::string::npos) << m;
}

// The same stream on a mesh of the same size (no wraparound) never deadlocks under dimension
// order.
TEST(TorusDeadlock, TheMeshOnTheSameStreamDoesNot) {
  const MeshGeometry g(2, 8);
  InjectionFeed feed = uniform_feed(g, 7, injection_probability(.9, 8, 8, true));
  WormholeNetwork net(g, wormhole_8flit(8, 1, false, 500), feed);
  EXPECT_NO_THROW(net.run_until(30000));
  EXPECT_GT(net.counters().numrecd, 1000);
}

TEST(TorusRouting, EveryPacketTakesTheShorterWayRound) {
  for (bool adaptive : {false, true}) {
    const MeshGeometry g(std::vector<int>{5, 6}, true);
    InjectionFeed feed(make_counter_uniform_stream(11, g.nodes(), injection_probability(.1, 6, 4, true)), g.nodes(),
                       false);
    WormholeNetworkParams p;
    p.packet_flits = 4;
    p.router.adaptive = adaptive;
    WormholeNetwork net(g, p, feed);
    Recorder rec;
    net.set_packet_sink(&rec);
    net.run_until(5000);
    ASSERT_GT(rec.records.size(), 200u);
    for (const PacketRecord& r : rec.records) ASSERT_EQ(r.hops, g.distance(r.src, r.dest)) << r.src << " -> " << r.dest;
  }
}

// Dally & Seitz's datelines: a head takes the low class of a dimension until the wraparound,
// the high class on it and after; classes interleave over the channels.
TEST(TorusDatelines, TheClassChangesOnTheWraparound) {
  const MeshGeometry g(2, 6, true);
  const int up = MeshGeometry::succ(0), down = MeshGeometry::pred(0);
  const uint32_t src = 4;  // (4,0)
  EXPECT_EQ(output_vcs(g, 4, src, up, 2), 1u);  // 4 -> 5: before the wraparound
  EXPECT_EQ(output_vcs(g, 5, src, up, 2), 2u);  // 5 -> 0: the wraparound
  EXPECT_EQ(output_vcs(g, 0, src, up, 2), 2u);  // 0 -> 1: after it
  EXPECT_EQ(output_vcs(g, 1, 2, down, 2), 1u);  // 1 -> 0 from 2: before
  EXPECT_EQ(output_vcs(g, 0, 2, down, 2), 2u);  // 0 -> 5: the wraparound
  EXPECT_EQ(output_vcs(g, 5, 2, down, 3), 2u);  // after it; three channels: low {0, 2}, high {1}
  EXPECT_EQ(output_vcs(g, 4, src, up, 3), 5u);
  EXPECT_EQ(output_vcs(g, 4, src, 0, 3), 1u);  // the local output has one channel
  const MeshGeometry mesh(2, 6);
  EXPECT_EQ(output_vcs(mesh, 4, src, up, 3), 7u);  // a mesh needs no classes
}

// A torus overloaded past saturation keeps moving (no deadlock), and when the sources stop it
// drains, every packet delivered once on a minimal path.
void overload_then_drain(int vcs, Arbitration a, bool adaptive) {
  const MeshGeometry g(2, 8, true);
  const int64_t stop = 8000;
  InjectionFeed feed = uniform_feed(g, 7, injection_probability(1.3, 8, 8, true), stop);
  WormholeNetworkParams p = wormhole_8flit(4, vcs, adaptive, 2000);
  p.router.arbitration = a;
  WormholeNetwork net(g, p, feed);
  Recorder rec;
  net.set_packet_sink(&rec);
  overload_then_drain(net, g, rec, stop);
}

// With the datelines, dimension order: for every arbitration policy and 2 or 3 channels.
TEST(TorusDatelines, OverloadNeverDeadlocksAndDrains) {
  for (int vcs : {2, 3})
    for (Arbitration a : {Arbitration::priority_token, Arbitration::round_robin, Arbitration::oldest_first}) {
      SCOPED_TRACE(testing::Message() << vcs << " VCs, arbitration " << int(a));
      overload_then_drain(vcs, a, false);
    }
}

// Duato's minimal adaptive routing: adaptive channels over the dimension-order escape pair.
TEST(TorusDuato, AdaptiveOverTheEscapePairNeverDeadlocksAndDrains) {
  for (int vcs : {3, 4})
    for (Arbitration a : {Arbitration::priority_token, Arbitration::oldest_first}) {
      SCOPED_TRACE(testing::Message() << vcs << " VCs, arbitration " << int(a));
      overload_then_drain(vcs, a, true);
    }
}

// More channels per link carry more before saturation (PP-MESS-SIM Fig. 11's knob): on a
// 6x6 torus at overload, accepted throughput rises from 2 to 3 channels.
TEST(TorusDatelines, AThirdChannelCarriesMore) {
  auto accepted = [](int vcs) {
    const MeshGeometry g(2, 6, true);
    InjectionFeed feed(make_counter_uniform_stream(3, g.nodes(), injection_probability(1.5, 6, 16, true)), g.nodes(),
                       false);
    WormholeNetworkParams p;
    p.packet_flits = 16;
    p.router.fifo_flits = 8;
    p.router.credits = CreditPolicy::per_flit;
    p.router.vcs = vcs;
    WormholeNetwork net(g, p, feed);
    net.run_until(5000);
    const int64_t before = net.flits_delivered();
    net.run_until(25000);
    return double(net.flits_delivered() - before) / 20000 / g.nodes();
  };
  EXPECT_GT(accepted(3), 1.05 * accepted(2));
}

}  // namespace
}  // namespace kncsim
