// Energy accounting in the models (energy/network_activity.hpp): what the SystemC network counts
// at its pins and the reference model counts packet by packet, held to conservation, to one
// packet's closed form, and to each other.
#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <vector>

#include "energy/energy_estimate.hpp"
#include "energy/router_energies.hpp"
#include "net/wormhole_network.hpp"
#include "ref/ref_network.hpp"
#include "support/test_streams.hpp"

namespace kncsim {
namespace {

const Payload kRandom(PayloadKind::random, 11, 64);

EnergyModel model_45nm(const MeshGeometry& g, int vcs, double mm = 1.5) {
  EnergyModel m;
  m.table = builtin_technology("45nm");
  m.shape = RouterShape{64, g.ports(), vcs, 4};
  const ScaledRouter s = router_energies(m.table, m.shape);
  m.router = s.events;
  m.router_leakage_mw = s.leakage_mw.total();
  for (int k = 0; k < g.dims(); ++k) {
    m.wire_mm.push_back({mm});
    m.wire_cycles.push_back({1});
  }
  return m;
}

// Every router's writes less its reads, against what the network says it holds.
int64_t held(const NetworkActivity& a, const MeshGeometry& g, int vcs) {
  int64_t n = 0;
  for (uint32_t r = 0; r < g.nodes(); ++r) {
    const RouterEvents e = router_events(a, g, r, vcs);
    n += e.buffer_writes - e.buffer_reads;
  }
  return n;
}

// One packet alone, node 0 to the far corner of a 4x4 mesh: every router on its way writes,
// reads, crosses and arbitrates each of its L flits and computes its route once; every link
// on its way starts at 0 and flips what the flits' bits say. The estimate's dynamic energy is
// exactly that, in both models.
TEST(EnergyAccounting, OnePacketCostsTheClosedForm) {
  const MeshGeometry g(2, 4);
  const int L = 8, hops = 6;
  const uint32_t dest = 15;
  const EnergyModel m = model_45nm(g, 1);
  // The packet's bits flipped on a fresh wire: its first flit's ones, then flit to flit.
  int64_t toggles = kRandom.ones(0, 0);
  for (uint32_t s = 1; s < uint32_t(L); ++s) toggles += kRandom.toggles(0, s - 1, 0, s);
  const RouterEventEnergies& r = m.router;
  const double router_pj = (hops + 1) * (L * (r.buffer_write + r.buffer_read + r.crossbar + r.switch_arbitration) +
                                         r.route_computation);
  const double wire_pj = hops * double(toggles) * m.table.wire_fj_per_toggle_mm * 1.5 * 1e-3;

  const auto check = [&](const NetworkModel& net, const char* name) {
    SCOPED_TRACE(name);
    ASSERT_NE(net.activity(), nullptr);
    ASSERT_EQ(net.counters().numrecd, 1);
    const EnergyEstimate e = estimate_energy(*net.activity(), g, m, net.now());
    EXPECT_EQ(e.totals.events.crossbar, (hops + 1) * L);
    EXPECT_EQ(e.totals.events.route_computations, hops + 1);
    EXPECT_EQ(e.totals.link_flits, hops * L);
    EXPECT_EQ(e.totals.toggles, hops * toggles);
    EXPECT_NEAR(e.totals.router_dynamic_pj, router_pj, 1e-9 * router_pj);
    EXPECT_NEAR(e.totals.wire_pj, wire_pj, 1e-9 * wire_pj);
    EXPECT_EQ(e.totals.register_pj, 0);
    EXPECT_NEAR(e.totals.clock_pj, double(net.now()) * g.nodes() * r.clock, 1e-6);
  };
  const auto one = [&] {
    return std::make_unique<InjectionFeed>(
        std::make_unique<ListStream>(std::map<int64_t, std::vector<Injection>>{{3, {{0, dest}}}}), g.nodes(), false);
  };
  {
    auto feed = one();
    WormholeNetworkParams p;
    p.packet_flits = L;
    p.payload = kRandom;
    WormholeNetwork net(g, p, *feed);
    net.run_until(200);
    check(net, "systemc");
  }
  {
    auto feed = one();
    RefParams p;
    p.packet_flits = L;
    p.payload = kRandom;
    RefNetwork net(g, p, *feed);
    net.run_until(200);
    check(net, "ref");
  }
}

struct Case {
  const char* name;
  MeshGeometry g;
  WormholeNetworkParams p;
  double q;
};

std::vector<Case> cases() {
  std::vector<Case> out;
  WormholeNetworkParams p;
  p.packet_flits = 6;
  p.payload = kRandom;
  p.router.fifo_flits = 2;
  p.router.credits = CreditPolicy::per_flit;
  out.push_back({"mesh 6x6 wormhole, 2-flit FIFOs", MeshGeometry(2, 6), p, 0.05});
  WormholeNetworkParams t = p;
  t.router.vcs = 2;
  out.push_back({"torus 5x5, 2 VCs", MeshGeometry(std::vector<int>{5, 5}, true), t, 0.04});
  WormholeNetworkParams h = p;
  h.router.hop_count_headers = true;
  out.push_back({"mesh 5x5, hop-count headers", MeshGeometry(2, 5), h, 0.04});
  WormholeNetworkParams d = p;
  d.link.delay = 3;
  d.router.fifo_flits = 8;
  out.push_back({"mesh 4x4x3, 3-cycle wires", MeshGeometry(std::vector<int>{4, 4, 3}), d, 0.03});
  return out;
}

// Writes = reads + what the routers' FIFOs hold (the flits on the wires into them included; the
// packets waiting behind their sources' front packets are not in a router yet), at any cycle; after a drain every router read what it wrote, its crossbar
// carried every flit once per router it crossed, and no link flipped more wires than it has.
TEST(EnergyAccounting, EventsAreConserved) {
  for (const Case& c : cases()) {
    SCOPED_TRACE(c.name);
    InjectionFeed feed(std::make_unique<StoppingStream>(make_counter_uniform_stream(3, c.g.nodes(), c.q), 1500),
                       c.g.nodes(), false);
    WormholeNetwork net(c.g, c.p, feed);
    Recorder rec;
    net.set_packet_sink(&rec);
    const int vcs = c.p.router.vcs;
    for (int64_t t = 250; t <= 1500; t += 250) {
      net.run_until(t);
      ASSERT_EQ(held(*net.activity(), c.g, vcs), net.flits_buffered() - net.flits_waiting()) << "cycle " << t;
    }
    ASSERT_TRUE(net.drain(20000));
    const NetworkActivity& a = *net.activity();
    int64_t crossings = 0;
    for (const PacketRecord& r : rec.records) crossings += int64_t(c.p.packet_flits) * (r.hops + 1);
    int64_t crossbar = 0;
    for (uint32_t n = 0; n < c.g.nodes(); ++n) {
      const RouterEvents e = router_events(a, c.g, n, vcs);
      EXPECT_EQ(e.buffer_writes, e.buffer_reads) << "router " << n;
      crossbar += e.crossbar;
      for (int port = 1; port < c.g.ports(); ++port)
        EXPECT_LE(a.out(n, port).toggles, int64_t(kRandom.bits()) * a.out(n, port).flits);
    }
    ASSERT_GT(rec.records.size(), 100u);
    if (!c.p.router.hop_count_headers) EXPECT_EQ(crossbar, crossings) << "flit-hops, from the packets' records";
    else EXPECT_LT(crossbar, crossings) << "headers stripped on the way never cross";
  }
}

// The reference model counts what the SystemC network counts, wherever the two are equal packet
// for packet (cut-through FIFOs of whole packets, registered full-FIFO check): after a drain,
// every port's flits, heads and flipped wires, and every node's injections.
TEST(EnergyAccounting, ReferenceAndSystemCCountAlike) {
  for (int fifo_packets : {0, 1, 2}) {
    SCOPED_TRACE(::testing::Message() << "fifo_packets " << fifo_packets);
    const MeshGeometry g(std::vector<int>{5, 4});
    const int L = 5;
    const auto feed = [&] {
      return std::make_unique<InjectionFeed>(
          std::make_unique<StoppingStream>(make_counter_uniform_stream(8, g.nodes(), 0.08), 1200), g.nodes(), false);
    };
    auto f1 = feed(), f2 = feed();
    RefParams rp;
    rp.packet_flits = L;
    rp.fifo_packets = fifo_packets;
    rp.registered_fifo_check = true;
    rp.payload = kRandom;
    RefNetwork ref(g, rp, *f1);
    WormholeNetworkParams sp;
    sp.packet_flits = L;
    sp.router.fifo_flits = fifo_packets ? int64_t(fifo_packets) * L : -1;
    sp.router.credits = fifo_packets ? CreditPolicy::per_packet : CreditPolicy::none;
    sp.payload = kRandom;
    WormholeNetwork sc(g, sp, *f2);
    ref.run_until(6000);
    sc.run_until(6000);
    ASSERT_EQ(ref.counters().numrecd, ref.counters().numsent);
    ASSERT_EQ(sc.counters().numrecd, ref.counters().numrecd);
    const NetworkActivity &a = *ref.activity(), &b = *sc.activity();
    for (uint32_t n = 0; n < g.nodes(); ++n) {
      EXPECT_EQ(a.node(n).injected_flits, b.node(n).injected_flits) << n;
      EXPECT_EQ(a.node(n).delivered_packets, b.node(n).delivered_packets) << n;
      for (int port = 0; port < g.ports(); ++port) {
        const PortActivity &x = a.out(n, port), &y = b.out(n, port);
        EXPECT_TRUE(x.flits == y.flits && x.heads == y.heads && x.toggles == y.toggles)
            << "node " << n << " port " << port << ": ref " << x.flits << " flits, " << x.heads << " heads, " << x.toggles
            << " toggles; systemc " << y.flits << ", " << y.heads << ", " << y.toggles;
      }
    }
  }
}

}  // namespace
}  // namespace kncsim
