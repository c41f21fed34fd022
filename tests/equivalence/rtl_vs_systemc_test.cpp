// Invariant 2 at network level: for every Verilated router variant (meshes and tori, one or
// more virtual channels, each arbitration built), a network of SystemC
// routers, one of RTL routers, and a mixed one (a random third of the nodes RTL) give
// identical per-packet records for the same config and counter stream, with the RTL models
// bound directly and on sc_signals.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "experiment.hpp"
#include "stats/deadlock_error.hpp"
#include "rtl_adapt/rtl_variants.hpp"
#include "support/test_streams.hpp"

namespace kncsim {
namespace {

struct Outcome {
  std::vector<PacketRecord> records;
  bool deadlocked = false;
  int64_t dropped = 0;  // at full source queues
};

Config variant_config(const RtlVariant& v) {
  Config c;
  const int radix = v.torus ? 4 : v.dims == 1 ? 8 : v.dims == 2 ? 5 : 3;  // a torus's even rings: halfway ties
  const int flits = v.cut_through ? int(v.depth / 2) : 6;  // cut-through: two packets per FIFO
  c.apply_set("network.dims=" + std::to_string(v.dims));
  c.apply_set("network.radix=" + std::to_string(radix));
  c.apply_set("traffic.packet_flits=" + std::to_string(flits));
  c.apply_set("traffic.load=0.7");
  c.apply_set("traffic.stream=counter");
  c.apply_set("traffic.seed=" + std::to_string(v.depth * 10 + v.dims));
  c.apply_set(std::string("router.routing=") + (v.adaptive ? "adaptive" : "dor"));
  c.apply_set("router.fifo_flits=" + std::to_string(v.depth));
  c.apply_set(std::string("router.flow_control=") + (v.cut_through ? "cut_through" : "wormhole"));
  c.apply_set("run.convergence=fixed");
  c.apply_set("run.cycles=2500");
  c.apply_set("run.deadlock_cycles=300");
  c.apply_set("router.impl=systemc");
  if (v.torus) c.apply_set("network.topology=torus");
  c.apply_set("router.vcs=" + std::to_string(v.vcs));
  c.apply_set(std::string("router.arbitration=") + (v.arbitration == Arbitration::round_robin    ? "round_robin"
                                                    : v.arbitration == Arbitration::oldest_first ? "oldest_first"
                                                                                                 : "priority_token"));
  return c;
}

Outcome run(const Config& c) {
  Outcome r;
  Recorder rec;
  try {
    r.dropped = run_experiment(c, &rec)["dropped"].get<int64_t>();
  } catch (const DeadlockError&) {
    r.deadlocked = true;  // adaptive routing with small FIFOs: all three must stop alike
  }
  r.records = std::move(rec.records);
  std::sort(r.records.begin(), r.records.end(), [](auto& a, auto& b) { return a.id < b.id; });
  return r;
}

void expect_same(const Outcome& a, const Outcome& b, const char* what) {
  EXPECT_EQ(a.deadlocked, b.deadlocked) << what;
  EXPECT_EQ(a.dropped, b.dropped) << what;
  ASSERT_EQ(a.records.size(), b.records.size()) << what;
  for (size_t i = 0; i < a.records.size(); ++i) {
    const PacketRecord &x = a.records[i], &y = b.records[i];
    ASSERT_TRUE(x.id == y.id && x.src == y.src && x.dest == y.dest && x.tsent == y.tsent && x.tarrive == y.tarrive &&
                x.hops == y.hops)
        << what << ": packet " << x.id << " arrived " << x.tarrive << " (SystemC) vs " << y.tarrive;
  }
}

class RtlNetwork : public ::testing::TestWithParam<size_t> {};

TEST_P(RtlNetwork, AllRtlAndMixedNetworksMatchSystemCPacketForPacket) {
  const RtlVariant& v = rtl_variants()[GetParam()];
  Config c = variant_config(v);
  const bool capped = GetParam() % 2 == 0;  // half the sets past saturation with 2-packet source queues
  if (capped) {
    c.apply_set("traffic.load=1.2");
    c.apply_set("traffic.source_queue_packets=2");
  }
  const Outcome sc = run(c);
  ASSERT_GT(sc.records.size(), 50u);
  if (capped && !sc.deadlocked) {
    EXPECT_GT(sc.dropped, 0) << "the cap must bind";
  }

  std::mt19937 rng(unsigned(GetParam()) + 7);
  std::string nodes;
  const int n = int(std::lround(std::pow(double(c.integer("network.radix")), double(v.dims))));
  for (int k = 0; k < n; ++k)
    if (rng() % 3 == 0) nodes += (nodes.empty() ? "" : ",") + std::to_string(k);
  for (const std::string binding : {"direct", "signals"}) {
    Config all = c;
    all.apply_set("router.impl=rtl");
    all.apply_set("router.rtl_binding=" + binding);
    all.validate();
    expect_same(sc, run(all), ("all RTL, " + binding).c_str());

    Config mixed = c;
    mixed.apply_set("router.rtl_nodes=[" + nodes + "]");
    mixed.apply_set("router.rtl_binding=" + binding);
    mixed.validate();
    expect_same(sc, run(mixed), ("mixed, " + binding).c_str());
  }
}

INSTANTIATE_TEST_SUITE_P(Variants, RtlNetwork, ::testing::Range(size_t(0), rtl_variants().size()),
                         [](const auto& info) { return rtl_variants()[info.param].name; });

}  // namespace
}  // namespace kncsim
