// router.misroute_on_full in the reference model (Pertel's SNS report, section 3): the head of a
// full FIFO that finds no profitable output free takes any free output, and a packet left at a
// node not its own re-enters from that node's injection queue. What must hold: nothing is lost
// or duplicated, each misrouted hop costs exactly two hops on a mesh, no deadlock where
// adaptive routing on the same finite FIFOs deadlocks, and nothing changes where no head ever
// misroutes.
#include <gtest/gtest.h>

#include <algorithm>

#include "ref/ref_network.hpp"
#include "support/ref_case.hpp"
#include "support/test_streams.hpp"

namespace kncsim {
namespace {

using Case = RefCase;

RefParams misrouting(const Case& k, bool on) {
  RefParams p{k.flits, k.adaptive, k.fifo, 2000};
  p.misroute_on_full = on;
  return p;
}

struct Drained {
  std::vector<PacketRecord> records;
  DeliveryCounters counters;
  int64_t left = 0;  // packets still in the network when the drain gave up
};

// Load for `inject` cycles, then nothing until the network is empty.
Drained drain(const MeshGeometry& g, const Case& k, bool on, int64_t inject, uint64_t seed) {
  const double q = std::min(1.0, injection_probability(k.load, k.radix, k.flits));
  InjectionFeed feed(std::make_unique<StoppingStream>(make_counter_uniform_stream(seed, g.nodes(), q), inject), g.nodes(),
                     false);
  RefNetwork net(g, misrouting(k, on), feed);
  Recorder rec;
  net.set_packet_sink(&rec);
  for (int64_t t = inject; t < 40 * inject && (t == inject || net.packets_in_network() > 0); t += 1000) net.run_until(t);
  Drained d{std::move(rec.records), net.counters(), net.packets_in_network()};
  std::sort(d.records.begin(), d.records.end(), [](const auto& a, const auto& b) { return a.id < b.id; });
  return d;
}

class MisroutingDrained : public ::testing::TestWithParam<Case> {};

// Past saturation on one- and two-packet FIFOs: every packet arrives once, and a mesh path is
// its distance plus two hops per step away from the destination, so the delivered hops exceed
// the distances by exactly twice the misrouted hops counted.
TEST_P(MisroutingDrained, EveryPacketOnceAndEachMisrouteCostsTwoHops) {
  const Case k = GetParam();
  const MeshGeometry g(k.dims, k.radix);
  const Drained d = drain(g, k, true, 6000, 41);
  ASSERT_EQ(d.left, 0) << "not drained";
  ASSERT_EQ(int64_t(d.records.size()), d.counters.numsent);
  EXPECT_GT(d.counters.misrouted, 0) << "the case should make full FIFOs misroute";
  EXPECT_GT(d.counters.dejected, 0) << "the case should make full FIFOs deject";
  int64_t extra = 0;
  for (size_t i = 0; i < d.records.size(); ++i) {
    const PacketRecord& r = d.records[i];
    ASSERT_EQ(r.id, i) << "lost or delivered twice";
    const int dist = g.distance(r.src, r.dest);
    ASSERT_GE(r.hops, dist);
    ASSERT_EQ((r.hops - dist) % 2, 0) << "packet " << r.id << ": a mesh path's parity is its distance's";
    extra += r.hops - dist;
    EXPECT_GE(r.tarrive - r.tsent, r.hops + 1) << "faster than one cycle per hop, packet " << r.id;
    EXPECT_GE(r.tleft, r.tsent) << "packet " << r.id;
    EXPECT_LE(r.tleft + r.hops + 1, r.tarrive) << "tleft is its first departure, packet " << r.id;
  }
  EXPECT_EQ(extra, 2 * d.counters.misrouted);
}

INSTANTIATE_TEST_SUITE_P(Shapes, MisroutingDrained,
                         ::testing::Values(Case{2, 4, 4, .9, true, 1}, Case{2, 6, 8, 1.0, true, 2},
                                           Case{2, 5, 4, .9, false, 1}, Case{3, 3, 4, .9, true, 1},
                                           Case{1, 8, 4, .9, true, 1}),
                         [](const auto& info) { return ref_case_name(info.param); });

// The case that deadlocks without misrouting (ref_invariants_test's) runs on with it.
TEST(RefMisrouting, TheAdaptiveDeadlockIsGone) {
  const MeshGeometry g(2, 4);
  const Case k{2, 4, 4, .7, true, 1};
  for (bool on : {false, true}) {
    InjectionFeed feed(make_counter_uniform_stream(3, g.nodes(), injection_probability(k.load, 4, 4)), g.nodes(), false);
    RefParams p = misrouting(k, on);
    p.deadlock_cycles = 500;
    RefNetwork net(g, p, feed);
    if (!on) {
      EXPECT_THROW(net.run_until(200000), DeadlockError);
      continue;
    }
    EXPECT_NO_THROW(net.run_until(200000));
    EXPECT_GT(net.counters().numrecd, 10000);
    EXPECT_GT(net.counters().dejected, 0);
  }
}

// Where no head misroutes, the key changes nothing: the same records, packet for packet.
TEST(RefMisrouting, NoMisrouteNoChange) {
  const MeshGeometry g(2, 6);
  for (const Case& k : {Case{2, 6, 8, .2, true, 4}, Case{2, 6, 8, .2, false, 3}}) {
    const Drained off = drain(g, k, false, 20000, 5), on = drain(g, k, true, 20000, 5);
    ASSERT_EQ(on.counters.misrouted + on.counters.dejected, 0) << "the case should not fill a FIFO's head's way";
    ASSERT_EQ(on.records.size(), off.records.size());
    ASSERT_GT(on.records.size(), 1000u);
    for (size_t i = 0; i < on.records.size(); ++i) {
      const PacketRecord &a = on.records[i], &b = off.records[i];
      ASSERT_TRUE(a.src == b.src && a.dest == b.dest && a.tsent == b.tsent && a.tarrive == b.tarrive &&
                  a.hops == b.hops && a.tleft == b.tleft)
          << "packet " << a.id;
    }
  }
}

// The wake calendar evaluates a node only where that can change something; the listing evaluates
// every node every cycle. Both must give the same records, misrouting or not, under each of
// Pertel's full-FIFO models (a token left behind by a misrouted head once made them differ).
TEST(RefMisrouting, TheCalendarSkipsOnlyEvaluationsThatChangeNothing) {
  int compared = 0;
  for (int index = 0; index < 18; ++index) {
    const Case k{index % 3 == 2 ? 3 : 2, 4 + index % 3, 2 + index % 5, .5 + .1 * (index % 6), index % 4 != 3, 1 + index % 2};
    const MeshGeometry g(k.dims, k.radix);
    const bool misroute = index % 3 != 1;
    std::vector<PacketRecord> runs[2];
    DeliveryCounters counters[2];
    bool deadlocked[2] = {false, false};
    for (int every = 0; every < 2; ++every) {
      const double q = std::min(1.0, injection_probability(k.load, k.radix, k.flits));
      InjectionFeed feed(make_counter_uniform_stream(100 + uint64_t(index), g.nodes(), q), g.nodes(), false);
      RefParams p = misrouting(k, misroute);
      p.every_cycle = every;
      if (!misroute) p.fifo_full = index % 2 ? FifoFullPolicy::abort : FifoFullPolicy::assign_blocked;
      RefNetwork net(g, p, feed);
      Recorder rec;
      net.set_packet_sink(&rec);
      try {
        net.run_until(3000);
      } catch (const DeadlockError&) {
        deadlocked[every] = true;
      }
      runs[every] = std::move(rec.records);
      counters[every] = net.counters();
    }
    ASSERT_EQ(deadlocked[0], deadlocked[1]) << "case " << index;
    ASSERT_EQ(runs[0].size(), runs[1].size()) << "case " << index;
    ASSERT_GT(runs[0].size(), 100u) << "case " << index;
    for (size_t i = 0; i < runs[0].size(); ++i) {
      const PacketRecord &a = runs[0][i], &b = runs[1][i];
      ASSERT_TRUE(a.id == b.id && a.tarrive == b.tarrive && a.hops == b.hops && a.tleft == b.tleft)
          << "case " << index << ", delivery " << i << ": packet " << a.id << " against " << b.id;
    }
    EXPECT_EQ(counters[0].misrouted, counters[1].misrouted);
    EXPECT_EQ(counters[0].dejected, counters[1].dejected);
    compared += misroute && counters[0].misrouted + counters[0].dejected > 0;
  }
  EXPECT_GE(compared, 8) << "most misrouting cases should misroute";
}

// Twice the same run, the same records (the dejected packets' order is the model's, not the heap's).
TEST(RefMisrouting, Deterministic) {
  const MeshGeometry g(2, 4);
  const Case k{2, 4, 4, .9, true, 1};
  const Drained a = drain(g, k, true, 5000, 9), b = drain(g, k, true, 5000, 9);
  ASSERT_EQ(a.records.size(), b.records.size());
  for (size_t i = 0; i < a.records.size(); ++i) ASSERT_EQ(a.records[i].tarrive, b.records[i].tarrive) << i;
  EXPECT_EQ(a.counters.misrouted, b.counters.misrouted);
}

}  // namespace
}  // namespace kncsim
