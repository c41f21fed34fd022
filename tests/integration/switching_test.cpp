// PP-MESS-SIM's switching schemes on the SystemC network (issue 51): packet switching stores a
// whole packet at every node it passes, cut-through reserves a packet's room on virtual channels
// flit by flit, and the h-hop hybrid buffers long blocked packets and is wormhole otherwise.
#include <gtest/gtest.h>

#include <map>
#include <vector>

#include "net/wormhole_network.hpp"
#include "support/test_streams.hpp"

namespace kncsim {
namespace {

WormholeNetworkParams params(Switching s, int flits, int64_t fifo_flits) {
  WormholeNetworkParams p;
  p.packet_flits = flits;
  p.router.switching = s;
  p.router.history = true;  // the records' cut-throughs and blocking
  p.router.fifo_flits = fifo_flits;
  const bool whole = s == Switching::cut_through || s == Switching::packet;
  p.router.credits = fifo_flits < 0 ? CreditPolicy::none : whole && p.router.vcs == 1 ? CreditPolicy::per_packet : CreditPolicy::per_flit;
  return p;
}

std::vector<PacketRecord> run(const MeshGeometry& g, const WormholeNetworkParams& p, std::unique_ptr<InjectionStream> s,
                              int64_t until, int64_t* buffered = nullptr) {
  InjectionFeed feed(std::move(s), g.nodes(), false);
  WormholeNetwork net(g, p, feed);
  Recorder rec;
  net.set_packet_sink(&rec);
  net.run_until(until);  // the sinks check every flit's order; run_until checks conservation
  EXPECT_EQ(net.flits_buffered(), 0) << "every packet delivered by cycle " << until;
  EXPECT_EQ(net.counters().numrecd, net.counters().numsent);
  if (buffered) *buffered = net.packets_buffered();
  return rec.records;
}

// A packet alone: store-and-forward waits L - 1 cycles for the tail at each of the H + 1 routers
// it passes (its source's and its destination's included); cut-through never waits.
TEST(Switching, PacketSwitchingWaitsForTheTailAtEveryRouter) {
  const MeshGeometry g(2, 4);
  const int L = 16;
  for (int64_t fifo : {int64_t(-1), int64_t(2 * L)}) {
    for (uint32_t dest : {1u, 5u, 15u}) {
      auto lone = [&](Switching s) {
        std::map<int64_t, std::vector<Injection>> m{{3, {{0, dest}}}};
        const auto r = run(g, params(s, L, fifo), std::make_unique<ListStream>(m), 500);
        return r.at(0);
      };
      const PacketRecord ps = lone(Switching::packet), ct = lone(Switching::cut_through);
      const int hops = g.distance(0, dest);
      EXPECT_EQ(ps.hops, hops);
      EXPECT_EQ(ps.tarrive - ct.tarrive, int64_t(hops + 1) * (L - 1)) << "to node " << dest << ", FIFO " << fifo;
      // The history (run.statistics history): cut-through crosses every router without waiting;
      // packet switching waits L - 1 cycles at each.
      EXPECT_EQ(ct.cut_throughs, hops + 1);
      EXPECT_EQ(ct.blocked, 0);
      EXPECT_EQ(ps.cut_throughs, 0);
      EXPECT_EQ(ps.blocked, (hops + 1) * (L - 1));
    }
  }
}

// Loaded: every packet arrives whole and in order, on one channel a link and on a torus's
// dateline channels, where cut-through and packet switching reserve the room flit by flit.
TEST(Switching, WholePacketSchemesDeliverEveryPacketUnderLoad) {
  for (bool torus : {false, true}) {
    for (Switching s : {Switching::cut_through, Switching::packet}) {
      const MeshGeometry g(std::vector<int>{6, 6}, torus);
      WormholeNetworkParams p = params(s, 8, 8);
      if (torus) {
        p.router.vcs = 2;
        p.router.credits = CreditPolicy::per_flit;  // credit_policy: per-packet credits need one channel
      }
      const double q = injection_probability(.8, 6, 8, torus);
      const auto records =
          run(g, p, std::make_unique<StoppingStream>(make_counter_uniform_stream(3, g.nodes(), q), 4000), 40000);
      EXPECT_GT(records.size(), 2000u) << to_string(s) << (torus ? " torus" : " mesh");
      for (const PacketRecord& r : records) ASSERT_EQ(r.hops, g.distance(r.src, r.dest));
    }
  }
}

// The hybrid with h beyond any packet's span is wormhole, packet for packet; with h = 1 it buffers
// blocked packets, delivers every one, and carries more than wormhole on the same FIFOs.
TEST(Switching, HybridIsWormholeUntilAPacketSpansHLinks) {
  const MeshGeometry g(2, 8);
  const double q = injection_probability(.9, 8, 16);
  auto stream = [&] { return std::make_unique<StoppingStream>(make_counter_uniform_stream(7, g.nodes(), q), 3000); };
  WormholeNetworkParams wormhole = params(Switching::wormhole, 16, 2), never = params(Switching::hybrid, 16, 2);
  never.router.hybrid_hops = 1000;
  int64_t buffered = -1;
  const auto w = run(g, wormhole, stream(), 60000), n = run(g, never, stream(), 60000, &buffered);
  EXPECT_EQ(buffered, 0);
  ASSERT_EQ(w.size(), n.size());
  for (size_t k = 0; k < w.size(); ++k) {
    EXPECT_EQ(w[k].id, n[k].id);
    EXPECT_EQ(w[k].tarrive, n[k].tarrive);
  }
  WormholeNetworkParams hybrid = params(Switching::hybrid, 16, 2);
  hybrid.router.hybrid_hops = 1;
  hybrid.router.buffer_packets = 2;
  const auto h = run(g, hybrid, stream(), 60000, &buffered);
  EXPECT_GT(buffered, 100);
  ASSERT_EQ(h.size(), w.size());
  // Carried more: the last packet arrives sooner than under wormhole.
  auto last = [](const std::vector<PacketRecord>& r) {
    int64_t t = 0;
    for (const auto& x : r) t = std::max(t, x.tarrive);
    return t;
  };
  EXPECT_LT(last(h), last(w));
}

}  // namespace
}  // namespace kncsim
