// Invariants of the reference model: nothing lost, minimal paths, DOR keeps per-pair
// order, lone packets take exactly D+1 cycles, FNS never overfills a FIFO, determinism.
#include <gtest/gtest.h>

#include <functional>
#include <map>
#include <set>

#include "spec/experiment_spec.hpp"
#include "experiment/experiment.hpp"
#include "experiment/rtl_attach.hpp"
#include "ref/ref_network.hpp"
#include "support/ref_case.hpp"
#include "support/test_streams.hpp"
#include "traffic/drand48_lcg.hpp"

namespace kncsim {
namespace {

using Case = RefCase;

class DrainedNetwork : public ::testing::TestWithParam<Case> {};

TEST_P(DrainedNetwork, EveryPacketDeliveredOnceOnAMinimalPathInPairOrder) {
  const Case k = GetParam();
  MeshGeometry g(k.dims, k.radix);
  const double q = injection_probability(k.load, k.radix, k.flits);
  InjectionFeed feed(std::make_unique<StoppingStream>(make_counter_uniform_stream(11, g.nodes(), q), 20000),
                     g.nodes(), false);
  RefNetwork net(g, RefParams{k.flits, k.adaptive, k.fifo}, feed);
  Recorder rec;
  net.set_packet_sink(&rec);
  net.run_until(20000);
  ASSERT_GT(net.counters().numsent, 100);
  for (int64_t t = 20000; net.packets_in_network() > 0 && t < 2000000; t += 1000) net.run_until(t);

  // Conservation: drained, and every id 0..numsent-1 delivered exactly once.
  EXPECT_EQ(net.packets_in_network(), 0);
  EXPECT_EQ(net.counters().numrecd, net.counters().numsent);
  ASSERT_EQ(int64_t(rec.records.size()), net.counters().numrecd);
  std::vector<bool> seen(rec.records.size());
  int64_t totlat = 0, tothops = 0;
  std::map<std::pair<uint32_t, uint32_t>, uint64_t> last_id;
  for (const auto& r : rec.records) {
    ASSERT_LT(r.id, seen.size());
    EXPECT_FALSE(seen[r.id]) << "packet " << r.id << " delivered twice";
    seen[r.id] = true;
    EXPECT_EQ(r.hops, g.distance(r.src, r.dest)) << "non-minimal path, packet " << r.id;
    EXPECT_GE(r.tarrive - r.tsent, r.hops + 1) << "faster than one cycle per hop";
    totlat += r.tarrive - r.tsent;
    tothops += r.hops;
    if (!k.adaptive) {  // single path: packets of a pair arrive in generation order
      auto [it, fresh] = last_id.try_emplace({r.src, r.dest}, r.id);
      if (!fresh) {
        EXPECT_GT(r.id, it->second) << "DOR reordered pair " << r.src << "->" << r.dest;
        it->second = r.id;
      }
    }
  }
  EXPECT_EQ(totlat, net.counters().totlat);
  EXPECT_EQ(tothops, net.counters().tothops);
}

INSTANTIATE_TEST_SUITE_P(Shapes, DrainedNetwork,
                         ::testing::Values(Case{1, 8, 32, .7, false, 0}, Case{2, 4, 8, .6, false, 0},
                                           Case{2, 5, 3, .5, true, 0}, Case{3, 3, 4, .5, true, 0},
                                           Case{2, 6, 16, .7, false, 1}, Case{2, 4, 4, .6, false, 2}),
                         [](const auto& info) { return ref_case_name(info.param); });

// Finite FIFOs + adaptive routing without misrouting can deadlock (SNS report §2.2):
// the watchdog must say so instead of hanging, and DOR on the same stream must not.
TEST(RefNetwork, AdaptiveRoutingWithFiniteFifosDeadlocksAndIsReported) {
  MeshGeometry g(2, 4);
  const double q = injection_probability(.7, 4, 4);
  for (bool adaptive : {true, false}) {
    InjectionFeed feed(make_counter_uniform_stream(3, g.nodes(), q), g.nodes(), false);
    RefNetwork net(g, RefParams{4, adaptive, 1, 500}, feed);
    if (adaptive) {
      try {
        net.run_until(200000);
        ADD_FAILURE() << "expected a deadlock";
      } catch (const DeadlockError& e) {
        EXPECT_NE(std::string(e.what()).find("no packet moved"), std::string::npos);
      }
    } else {
      EXPECT_NO_THROW(net.run_until(200000));
      EXPECT_GT(net.counters().numrecd, 10000);
    }
  }
}

TEST(RefNetwork, ALonePacketTakesOneCyclePerHopPlusOne) {
  MeshGeometry g(2, 8);
  const uint32_t src = 3 + 8 * 1, dest = 6 + 8 * 7;  // (3,1) -> (6,7): 9 hops
  for (bool adaptive : {false, true}) {
    // At cycle 0 the listing's tls=0 holds the first packet until cycle L; at 100 it goes at once.
    InjectionFeed feed(std::make_unique<ListStream>(std::map<int64_t, std::vector<Injection>>{
                           {0, {{src, dest}}}, {100, {{src, dest}}}}),
                       g.nodes(), false);
    RefNetwork net(g, RefParams{32, adaptive, 0}, feed);
    Recorder rec;
    net.set_packet_sink(&rec);
    net.run_until(300);
    ASSERT_EQ(rec.records.size(), 2u);
    EXPECT_EQ(rec.records[0].tsent, 32) << "tls starts at 0: first injection waits L cycles";
    EXPECT_EQ(rec.records[1].tsent, 100);
    for (const auto& r : rec.records) {
      EXPECT_EQ(r.hops, 9);
      EXPECT_EQ(r.tarrive - r.tsent, 10);
    }
  }
}

TEST(RefNetwork, SameConfigSameBytesWithOneOrTwoThreads) {
  Config c;
  c.apply_set("network.radix=6");
  c.apply_set("traffic.load=0.5");
  c.apply_set("run.threads=1");
  const std::string one = run_experiment(prepare_run(c)).dump();
  EXPECT_EQ(one, run_experiment(prepare_run(c)).dump());
  c.apply_set("run.threads=2");
  auto two = run_experiment(prepare_run(c));
  two["config"]["run"]["threads"] = 1;
  EXPECT_EQ(one, two.dump());
}

TEST(RefNetwork, SeedsChangeTheStream) {
  Config a, b;
  for (Config* c : {&a, &b}) c->apply_set("run.convergence=fixed");
  b.apply_set("traffic.seed=1");
  EXPECT_NE(run_experiment(prepare_run(a))["numsent"], run_experiment(prepare_run(b))["numsent"]);
}

// FNS's full-FIFO check as listed sees a lower-numbered neighbour's dequeue of the same
// cycle; registered does not. With one-packet FIFOs under load the two must differ (the
// option matters) on the same stimulus.
TEST(RefNetwork, RegisteredFifoCheckDiffersFromTheListedInOrderCheck) {
  MeshGeometry g(2, 4);
  DeliveryCounters c[2];
  for (int registered = 0; registered < 2; ++registered) {
    InjectionFeed feed(make_counter_uniform_stream(21, g.nodes(), injection_probability(.6, 4, 4)), g.nodes(), false);
    RefParams p{4, false, 1, 10000};
    p.registered_fifo_check = registered;
    RefNetwork net(g, p, feed);
    net.run_until(20000);
    c[registered] = net.counters();
  }
  EXPECT_EQ(c[0].numsent, c[1].numsent);
  EXPECT_NE(c[0].totlat, c[1].totlat);
}

}  // namespace

}  // namespace kncsim
