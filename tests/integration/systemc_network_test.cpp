// The SystemC network beyond the reference model's semantics: wormhole flow control with
// small FIFOs, link delays, Symult handshake links, routing delay, and the watchdog.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "spec/experiment_spec.hpp"
#include "analytic/mesh_analytic.hpp"
#include "spec/link_timing.hpp"
#include "net/wormhole_network.hpp"
#include "support/every_pair.hpp"
#include "support/test_streams.hpp"

namespace kncsim {
namespace {

WormholeNetworkParams wormhole(int flits, int64_t fifo_flits, CreditPolicy credits, int delay = 1,
                               LinkKind kind = LinkKind::pipelined) {
  WormholeNetworkParams p;
  p.packet_flits = flits;
  p.router.fifo_flits = fifo_flits;
  p.router.credits = credits;
  p.link.delay = delay;
  p.link.kind = kind;
  return p;
}

// The record of one packet sent alone from node 0 to `dest` at cycle 5.
PacketRecord lone_packet(const MeshGeometry& g, const WormholeNetworkParams& p, uint32_t dest) {
  InjectionFeed feed(std::make_unique<ListStream>(std::map<int64_t, std::vector<Injection>>{{5, {{0, dest}}}}),
                     g.nodes(), false);
  WormholeNetwork net(g, p, feed);
  Recorder rec;
  net.set_packet_sink(&rec);
  net.run_until(400);
  EXPECT_EQ(rec.records.size(), 1u);
  EXPECT_EQ(net.flits_buffered(), 0);
  return rec.records.empty() ? PacketRecord{} : rec.records[0];
}

// Delivered flits per node per cycle on a saturated 8x8 mesh.
double saturation_throughput(int64_t fifo_flits) {
  const MeshGeometry g(2, 8);
  InjectionFeed feed(make_counter_uniform_stream(5, g.nodes(), 1.0 / 8), g.nodes(), false);
  WormholeNetwork net(g, wormhole(8, fifo_flits, CreditPolicy::per_flit), feed);
  net.run_until(2000);
  const int64_t before = net.flits_delivered();
  net.run_until(12000);
  return double(net.flits_delivered() - before) / 10000 / g.nodes();
}

TEST(SystemCWormhole, SaturationThroughputRisesWithFifoDepth) {
  const double t1 = saturation_throughput(1), t2 = saturation_throughput(2), t4 = saturation_throughput(4);
  EXPECT_LT(t1, t2);
  EXPECT_LT(t2, t4);
  EXPECT_GT(t1, 0.02);  // it moves at all
}

TEST(SystemCWormhole, SmallFifosDeliverEveryFlitInOrder) {
  for (int64_t fifo : {1, 2, 4}) {
    const MeshGeometry g(2, 6);
    InjectionFeed feed(std::make_unique<StoppingStream>(make_counter_uniform_stream(9, g.nodes(), .02), 3000),
                       g.nodes(), false);
    WormholeNetwork net(g, wormhole(6, fifo, CreditPolicy::per_flit, 3), feed);
    Recorder rec;
    net.set_packet_sink(&rec);
    net.run_until(20000);  // the NIs check order and destination; run_until checks conservation
    EXPECT_EQ(net.counters().numrecd, net.counters().numsent) << "fifo " << fifo;
    EXPECT_EQ(net.flits_delivered(), net.flits_injected());
    EXPECT_EQ(net.flits_buffered(), 0);
    for (const auto& r : rec.records) ASSERT_EQ(r.hops, g.distance(r.src, r.dest));
  }
}

// One long stream of packets from node 0 to node 1; returns flits per cycle at the sink.
double link_rate(int delay, LinkKind kind, int64_t fifo_flits) {
  const MeshGeometry g(1, 2);
  std::map<int64_t, std::vector<Injection>> m;
  for (int i = 0; i < 50; ++i) m[0].push_back(Injection{0, 1});
  InjectionFeed feed(std::make_unique<ListStream>(m), g.nodes(), false);
  WormholeNetwork net(g, wormhole(20, fifo_flits, CreditPolicy::per_flit, delay, kind), feed);
  Recorder rec;
  net.set_packet_sink(&rec);
  net.run_until(20000);
  EXPECT_EQ(rec.records.size(), 50u);
  const int64_t span = rec.records.back().tarrive - rec.records.front().tarrive;  // 49 packets
  return 49.0 * 20 / double(span);
}

TEST(SystemCLinks, HandshakeLinkCarriesOneFlitPerRoundTrip) {
  EXPECT_DOUBLE_EQ(link_rate(1, LinkKind::pipelined, 2), 1.0);   // FIFO covers the round trip
  EXPECT_DOUBLE_EQ(link_rate(1, LinkKind::handshake, 8), 0.5);  // Symult: half, whatever the FIFO
  EXPECT_DOUBLE_EQ(link_rate(2, LinkKind::handshake, 8), 0.25);
  EXPECT_DOUBLE_EQ(link_rate(3, LinkKind::pipelined, 6), 1.0);
  EXPECT_NEAR(link_rate(3, LinkKind::pipelined, 3), 0.5, .005);  // credits cover half the round trip
}

TEST(SystemCLinks, LonePacketLatencyIsHopsTimesDelayPlusRoutingDelays) {
  const MeshGeometry g(2, 5);
  for (int delay : {1, 2, 4}) {
    for (int routing_delay : {0, 2}) {
      auto p = wormhole(4, -1, CreditPolicy::none, delay);
      p.router.routing_delay = routing_delay;
      const PacketRecord r = lone_packet(g, p, 24);
      const int hops = 8;  // (0,0) -> (4,4)
      EXPECT_EQ(r.tarrive - r.tsent, hops * delay + 1 + (hops + 1) * routing_delay)
          << "delay " << delay << " routing delay " << routing_delay;
    }
  }
}

// Zero-load latency for the link timing of an embedding: every (source, destination) pair,
// the source included, sent alone in turn (one packet per `gap` cycles, so none meets
// another). Their mean must equal the closed form sum_k D_k delay_k + 1 + (D+1) routing delay,
// and each must equal its own pair's sum of hops times its dimensions' delays.
struct ZeroLoadCase {
  std::string name;
  std::vector<std::string> sets;
  int routing_delay = 0;
};

class MeshZeroLoad : public ::testing::TestWithParam<ZeroLoadCase> {};

TEST_P(MeshZeroLoad, EveryPairAloneAveragesTheClosedForm) {
  Config c;
  c.apply_set("router.impl=systemc");
  for (const std::string& s : GetParam().sets) c.apply_set(s);
  decode(c);
  const MeshLinkTiming t = mesh_link_timing(c);
  const std::vector<int> radices = std::get<MeshExperiment>(decode(c).topology).radices;
  const MeshGeometry g(radices);
  WormholeNetworkParams p = wormhole(4, -1, CreditPolicy::none);
  p.link_delays = t.wire_delays;
  p.router.routing_delay = GetParam().routing_delay;
  const int64_t gap = 8 + 4 + int64_t(t.max_delay() + 1 + p.router.routing_delay) * (g.ports() * 8);
  const std::vector<PacketRecord> records = every_pair_alone(g, p, gap);
  ASSERT_EQ(records.size(), size_t(g.nodes()) * g.nodes());
  double sum = 0;
  for (const PacketRecord& r : records) {
    int64_t expect = 1, hops = 0;
    for (int k = 0; k < g.dims(); ++k) {
      const int h = std::abs(g.coord(r.src, k) - g.coord(r.dest, k));
      hops += h;
      expect += int64_t(h) * t.delays[size_t(k)];
    }
    expect += (hops + 1) * p.router.routing_delay;
    ASSERT_EQ(r.tarrive - r.tsent, expect) << r.src << " -> " << r.dest;
    sum += double(r.tarrive - r.tsent);
  }
  EXPECT_NEAR(sum / double(records.size()), zero_load_latency(radices, t.delays, p.router.routing_delay), 1e-9);
}

INSTANTIATE_TEST_SUITE_P(
    Embeddings, MeshZeroLoad,
    ::testing::Values(
        ZeroLoadCase{"uniform_S2_delay_1", {"network.dims=2", "network.radix=5"}},
        ZeroLoadCase{"uniform_S_half_delay_2", {"network.dims=2", "network.radix=5", "link.switch_to_wire_ratio=0.5"}},
        ZeroLoadCase{"planar_3ary4cube_S1", {"network.dims=4", "network.radix=3", "link.embedding=planar",
                                             "link.switch_to_wire_ratio=1"}},
        ZeroLoadCase{"cube_3ary4cube_S1", {"network.dims=4", "network.radix=3", "link.embedding=cube",
                                           "link.switch_to_wire_ratio=1"}},
        ZeroLoadCase{"synchronous_planar", {"network.dims=4", "network.radix=3", "link.embedding=planar",
                                            "link.mode=synchronous"}},
        ZeroLoadCase{"pipelined_max_planar", {"network.dims=4", "network.radix=3", "link.embedding=planar",
                                              "link.switch_to_wire_ratio=1", "link.mode=pipelined_max"}},
        ZeroLoadCase{"unit_delay_planar", {"network.dims=4", "network.radix=3", "link.embedding=planar",
                                           "link.switch_to_wire_ratio=1", "link.mode=unit_delay"}},
        ZeroLoadCase{"per_dimension_list", {"network.dims=2", "network.radix=[4,6]", "link.delay=[1,3]"}},
        ZeroLoadCase{"list_and_routing_delay", {"network.dims=3", "network.radix=3", "link.delay=[2,1,3]"}, 1}),
    [](const ::testing::TestParamInfo<ZeroLoadCase>& i) { return i.param.name; });

// The delays the embeddings give, and the synchronous stretch (eq 14 applied to a mesh).
TEST(MeshLinkTiming, DelaysFollowTheLayout) {
  auto timing = [](std::vector<std::string> sets) {
    Config c;
    for (const std::string& s : sets) c.apply_set(s);
    return mesh_link_timing(c);
  };
  EXPECT_EQ(timing({}).delays, (std::vector<int>{1, 1}));  // today's default: every link 1 cycle
  EXPECT_EQ(timing({"network.dims=4", "network.radix=3", "link.embedding=planar", "link.switch_to_wire_ratio=1"}).delays,
            (std::vector<int>{3, 1, 3, 1}));
  EXPECT_EQ(timing({"network.dims=4", "network.radix=3", "link.embedding=cube", "link.switch_to_wire_ratio=1"}).delays,
            (std::vector<int>{2, 2, 2, 1}));  // 3^(1/3) on each axis, then the extra dimension
  const MeshLinkTiming s = timing({"network.dims=4", "network.radix=3", "link.embedding=planar", "link.mode=synchronous"});
  EXPECT_EQ(s.delays, (std::vector<int>{1, 1, 1, 1}));
  EXPECT_DOUBLE_EQ(s.cycle_time_factor, 1 + 3.0 / 2);
  EXPECT_EQ(timing({"network.dims=3", "link.delay=[2,1,3]"}).delays, (std::vector<int>{2, 1, 3}));
  // PipeMax: every link the longest wire's delay; UnitDelay: every link one cycle, whatever its length.
  EXPECT_EQ(timing({"network.dims=4", "network.radix=3", "link.embedding=planar", "link.switch_to_wire_ratio=1",
                    "link.mode=pipelined_max"}).delays,
            (std::vector<int>{3, 3, 3, 3}));
  EXPECT_EQ(timing({"network.dims=4", "network.radix=3", "link.embedding=planar", "link.switch_to_wire_ratio=1",
                    "link.mode=unit_delay"}).delays,
            (std::vector<int>{1, 1, 1, 1}));
  EXPECT_EQ(timing({"network.dims=4", "network.radix=3", "link.embedding=planar", "link.mode=unit_delay"})
                .cycle_time_factor,
            1);
  EXPECT_EQ(timing({"link.delay=4"}).delays, (std::vector<int>{4, 4}));
}

// Symult format: every header is stripped once, at the node where its dimension is done
// (the source, for a zero count), costing its input one cycle: a lone packet takes
// D + 1 + d cycles, headers included, and arrives with its payload only.
TEST(SystemCHopCountFormat, LonePacketsPayOneCyclePerStrippedHeader) {
  const MeshGeometry g(2, 5);
  auto p = wormhole(6, -1, CreditPolicy::none);
  p.router.hop_count_headers = true;
  for (uint32_t dest : {24u, 4u, 20u, 0u, 12u}) {
    const PacketRecord r = lone_packet(g, p, dest);
    EXPECT_EQ(r.tarrive - r.tsent, g.distance(0, dest) + 1 + 2) << "to " << dest;
    EXPECT_EQ(r.hops, g.distance(0, dest));
  }
}

TEST(SystemCHopCountFormat, LoadedNetworkDeliversEveryPayloadInOrder) {
  const MeshGeometry g(2, 6);
  InjectionFeed feed(std::make_unique<StoppingStream>(make_counter_uniform_stream(4, g.nodes(), .03), 4000), g.nodes(),
                     false);
  auto p = wormhole(5, 2, CreditPolicy::per_flit);
  p.router.hop_count_headers = true;
  WormholeNetwork net(g, p, feed);
  net.run_until(30000);
  EXPECT_EQ(net.counters().numrecd, net.counters().numsent);
  EXPECT_EQ(net.flits_delivered() + net.flits_stripped(), net.flits_injected());
  EXPECT_EQ(net.flits_stripped(), 2 * net.counters().numsent);
}

// With virtual channels, several channels of one input can free a slot in one cycle (one flit
// crosses, the others strip headers), so more than a credit a cycle goes back on one link: the
// credit ring once overflowed into the heap here (a crash found by the config fuzzer on this
// torus, seed 11 case 10344).
TEST(SystemCHopCountFormat, VirtualChannelsStripHeadersOnATorusOfLongWires) {
  const MeshGeometry g({7, 5}, true);
  InjectionFeed feed(std::make_unique<StoppingStream>(make_counter_uniform_stream(9, g.nodes(), .06), 1500), g.nodes(),
                     false);
  auto p = wormhole(18, 54, CreditPolicy::per_flit);
  p.router.hop_count_headers = true;
  p.router.vcs = 2;
  p.link_delays = {{4, 4, 4, 4, 4, 4, 4}, {1, 1, 1, 1, 1}};
  WormholeNetwork net(g, p, feed);
  net.run_until(40000);
  EXPECT_GT(net.counters().numsent, 200);
  EXPECT_EQ(net.counters().numrecd, net.counters().numsent);
  EXPECT_EQ(net.flits_delivered() + net.flits_stripped(), net.flits_injected());
  EXPECT_EQ(net.flits_stripped(), 2 * net.counters().numsent);
}

// The parameters validate themselves: the network refuses to be built with flow control, FIFO
// size, packet format and channels that do not agree, in the words the configuration's
// refusal uses.
TEST(WormholeParamsRefusal, TheNetworkRefusesParametersThatDoNotAgree) {
  const MeshGeometry g(2, 4);
  EXPECT_EQ(wormhole_params_refusal(wormhole(8, 8, CreditPolicy::per_packet), g.dims()), "");
  EXPECT_NE(wormhole_params_refusal(wormhole(8, 4, CreditPolicy::per_packet), g.dims()).find("router.fifo_flits = 4 < "),
            std::string::npos);
  auto vcs = wormhole(8, 16, CreditPolicy::per_packet);
  vcs.router.vcs = 2;
  EXPECT_NE(wormhole_params_refusal(vcs, g.dims()).find("router.vcs = 2 with router.flow_control cut_through"),
            std::string::npos);
  auto adaptive = wormhole(8, 8, CreditPolicy::per_flit);
  adaptive.router.hop_count_headers = true;
  adaptive.router.adaptive = true;
  EXPECT_NE(wormhole_params_refusal(adaptive, g.dims()).find("router.routing: dor"), std::string::npos);
  auto short_packets = wormhole(2, 8, CreditPolicy::per_flit);
  short_packets.router.hop_count_headers = true;
  EXPECT_NE(wormhole_params_refusal(short_packets, g.dims()).find("traffic.packet_flits > network.dims = 2"),
            std::string::npos);
  InjectionFeed feed(make_counter_uniform_stream(1, g.nodes(), 0.01), g.nodes(), false);
  EXPECT_THROW(WormholeNetwork(g, adaptive, feed), std::invalid_argument);
}

TEST(SystemCWatchdog, AdaptiveWormholeDeadlockIsReportedWithTheWaitingCycle) {
  const MeshGeometry g(2, 4);
  InjectionFeed feed(make_counter_uniform_stream(3, g.nodes(), injection_probability(.9, 4, 8)), g.nodes(), false);
  auto p = wormhole(8, 2, CreditPolicy::per_flit);
  p.router.adaptive = true;
  p.deadlock_cycles = 300;
  WormholeNetwork net(g, p, feed);
  try {
    net.run_until(200000);
    FAIL() << "expected a deadlock";
  } catch (const DeadlockError& e) {
    const std::string m = e.what();
    EXPECT_NE(m.find("no flit moved for 301 cycles"), std::string::npos) << m;
    EXPECT_NE(m.find("waits for"), std::string::npos) << m;
    EXPECT_NE(m.find("(the first channel again)"), std::string::npos) << m;
  }
}

TEST(SystemCWatchdog, DimensionOrderOnTheSameStreamNeverDeadlocks) {
  const MeshGeometry g(2, 4);
  InjectionFeed feed(make_counter_uniform_stream(3, g.nodes(), injection_probability(.9, 4, 8)), g.nodes(), false);
  auto p = wormhole(8, 2, CreditPolicy::per_flit);
  p.deadlock_cycles = 300;
  WormholeNetwork net(g, p, feed);
  EXPECT_NO_THROW(net.run_until(50000));
  EXPECT_GT(net.counters().numrecd, 1000);
}

}  // namespace
}  // namespace kncsim
