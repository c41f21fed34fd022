// Invariant 2 at network level: for every Verilated router variant (meshes and tori, one or
// more virtual channels, each arbitration built), a network of SystemC
// routers, one of RTL routers, and a mixed one (a random third of the nodes RTL) give
// identical per-packet records for the same config and counter stream, with the RTL models
// bound directly and, for four of them (rtl_variant_tests_signals), on sc_signals as well.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <set>

#include "experiment/experiment.hpp"
#include "experiment/rtl_attach.hpp"
#include "spec/experiment_spec.hpp"
#include "stats/deadlock_error.hpp"
#include "rtl_adapt/rtl_variants.hpp"
#include "support/kncsim_process.hpp"
#include "support/rtl_copy.hpp"
#include "support/test_streams.hpp"

namespace kncsim {
namespace {

struct Outcome {
  std::vector<PacketRecord> records;
  bool deadlocked = false;
  int64_t dropped = 0;  // at full source queues
};

// The configuration as --set assignments (kncsim diverge takes them as they are).
std::vector<std::string> variant_sets(const RtlVariant& v) {
  const int radix = v.torus ? 4 : v.dims == 1 ? 8 : v.dims == 2 ? 5 : 3;  // a torus's even rings: halfway ties
  const int flits = v.cut_through ? int(v.depth / 2) : 6;  // cut-through: two packets per FIFO
  std::vector<std::string> s{
      "network.dims=" + std::to_string(v.dims),
      "network.radix=" + std::to_string(radix),
      "traffic.packet_flits=" + std::to_string(flits),
      "traffic.load=0.7",
      "traffic.stream=counter",
      "traffic.seed=" + std::to_string(v.depth * 10 + v.dims),
      std::string("router.routing=") + (v.adaptive ? "adaptive" : "dor"),
      "router.fifo_flits=" + std::to_string(v.depth),
      std::string("router.flow_control=") + (v.cut_through ? "cut_through" : "wormhole"),
      "run.convergence=fixed",
      "run.cycles=2500",
      "run.deadlock_cycles=300",
      "router.impl=systemc",
      "router.vcs=" + std::to_string(v.vcs),
      std::string("router.arbitration=") + (v.arbitration == Arbitration::round_robin    ? "round_robin"
                                            : v.arbitration == Arbitration::oldest_first ? "oldest_first"
                                                                                         : "priority_token")};
  if (v.torus) s.push_back("network.topology=torus");
  return s;
}

Config config_of(const std::vector<std::string>& sets) {
  Config c;
  for (const auto& s : sets) c.apply_set(s);
  decode(c);
  return c;
}

Outcome run(const Config& c) {
  Outcome r;
  Recorder rec;
  try {
    r.dropped = run_experiment(prepare_run(c), &rec)["dropped"].get<int64_t>();
  } catch (const DeadlockError&) {
    r.deadlocked = true;  // adaptive routing with small FIFOs: all three must stop alike
  }
  r.records = std::move(rec.records);
  std::sort(r.records.begin(), r.records.end(), [](auto& a, auto& b) { return a.id < b.id; });
  return r;
}

bool same_records(const Outcome& a, const Outcome& b) {
  if (a.deadlocked != b.deadlocked || a.dropped != b.dropped || a.records.size() != b.records.size()) return false;
  for (size_t i = 0; i < a.records.size(); ++i) {
    const PacketRecord &x = a.records[i], &y = b.records[i];
    if (!(x.id == y.id && x.src == y.src && x.dest == y.dest && x.tsent == y.tsent && x.tarrive == y.tarrive &&
          x.hops == y.hops && x.tleft == y.tleft))
      return false;
  }
  return true;
}

// Every packet record equal; if not, kncsim diverge on the same configuration says where the
// routers first differ (its report and waveforms).
void expect_same(const Outcome& a, const Outcome& b, const std::vector<std::string>& sets, const std::string& what) {
  if (same_records(a, b)) return;
  std::string args = "diverge --out " + ::testing::TempDir() + "diverge-" +
                     ::testing::UnitTest::GetInstance()->current_test_info()->name();
  for (const auto& s : sets) args += " --set '" + s + "'";
  const test::Outcome report = test::kncsim(args);
  ADD_FAILURE() << what << ": the packet records differ (SystemC " << a.records.size() << " packets, "
                << (a.deadlocked ? "deadlocked" : "ran") << "; RTL " << b.records.size() << " packets, "
                << (b.deadlocked ? "deadlocked" : "ran") << ").\nkncsim " << args << ":\n" << report.out << report.err;
}

uint32_t fnv1a(const std::string& s) {
  uint32_t h = 2166136261u;
  for (unsigned char c : s) h = (h ^ c) * 16777619u;
  return h;
}

class RtlNetwork : public ::testing::TestWithParam<size_t> {};

TEST_P(RtlNetwork, AllRtlAndMixedNetworksMatchSystemCPacketForPacket) {
  const RtlVariant& v = rtl_variants()[GetParam()];
  std::vector<std::string> sets = variant_sets(v);
  // Half the sets past saturation with 2-packet source queues; which half, and the mixed
  // networks' RTL nodes, follow the set's name, so a build of fewer sets tests each the same.
  const uint32_t key = fnv1a(v.name);
  const bool capped = key % 2 == 1;
  if (capped) sets.insert(sets.end(), {"traffic.load=1.2", "traffic.source_queue_packets=2"});
  const Config c = config_of(sets);
  const Outcome sc = run(c);
  ASSERT_GT(sc.records.size(), 50u);
  if (capped && !sc.deadlocked) {
    EXPECT_GT(sc.dropped, 0) << "the cap must bind";
  }

  std::mt19937 rng(key);
  std::string nodes;
  const int n = int(std::get<MeshExperiment>(decode(c).topology).geometry().nodes());
  for (int k = 0; k < n; ++k)
    if (rng() % 3 == 0) nodes += (nodes.empty() ? "" : ",") + std::to_string(k);
  for (const std::string binding : {"direct", "signals"}) {
    if (binding == "signals" && !rtl_variant_tests_signals(v)) continue;
    std::vector<std::string> all = sets;
    all.insert(all.end(), {"router.impl=rtl", "router.rtl_binding=" + binding});
    expect_same(sc, run(config_of(all)), all, "all RTL, " + binding);

    std::vector<std::string> mixed = sets;
    mixed.insert(mixed.end(), {"router.rtl_nodes=[" + nodes + "]", "router.rtl_binding=" + binding});
    expect_same(sc, run(config_of(mixed)), mixed, "mixed, " + binding);
  }
}

INSTANTIATE_TEST_SUITE_P(Variants, RtlNetwork, ::testing::Range(size_t(0), rtl_variants().size()),
                         [](const auto& info) { return rtl_variants()[info.param].name; });

std::vector<size_t> torus_variants() {
  std::vector<size_t> out;
  for (size_t i = 0; i < rtl_variants().size(); ++i)
    if (rtl_variants()[i].torus) out.push_back(i);
  return out;
}

// A 4x5 torus: its 5-node rings carry two-hop -y routes, so the node just past the -y
// wraparound sends both channel classes down -y and two inputs contend for that output (on
// the 4-node rings above a -y route is one hop, and every -y output carries one class).
class RtlNetworkOddTorus : public ::testing::TestWithParam<size_t> {};

TEST_P(RtlNetworkOddTorus, AllRtlMatchesSystemCPacketForPacket) {
  std::vector<std::string> sets = variant_sets(rtl_variants()[GetParam()]);
  sets.push_back("network.radix=[4,5]");
  const Outcome sc = run(config_of(sets));
  ASSERT_GT(sc.records.size(), 50u);
  std::vector<std::string> all = sets;
  all.insert(all.end(), {"router.impl=rtl", "router.rtl_binding=direct"});
  expect_same(sc, run(config_of(all)), all, "all RTL, 4x5 torus");
}

GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(RtlNetworkOddTorus);  // a build without tori
INSTANTIATE_TEST_SUITE_P(Variants, RtlNetworkOddTorus, ::testing::ValuesIn(torus_variants()),
                         [](const auto& info) { return rtl_variants()[info.param].name; });

// Chittor's closed loop (over a 2D-mesh process graph, messages of four packets) turns
// deliveries into the next sends, so a difference anywhere would spread: the RTL network must
// give the same packet records and the same loops, cycle for cycle, at every node. The set's
// name picks the loop and the node (AB, AA or the simulator shell; duplex or half duplex), so a
// build of fewer sets tests each the same.
class RtlNetworkClosedLoop : public ::testing::TestWithParam<size_t> {};

TEST_P(RtlNetworkClosedLoop, AllRtlMatchesSystemCLoopForLoop) {
  const RtlVariant& v = rtl_variants()[GetParam()];
  std::vector<std::string> sets = variant_sets(v);
  const std::string flits = std::to_string(std::get<MeshExperiment>(decode(config_of(sets)).topology).packet_flits);
  static const char* const kModes[][2] = {
      {"ab", "duplex"}, {"ab", "half_duplex"}, {"aa", "half_duplex"}, {"shell", "duplex"}, {"shell", "half_duplex"}};
  const auto& mode = kModes[fnv1a(v.name) % 5];
  const bool shell = std::string(mode[0]) == "shell";
  sets.insert(sets.end(), {"traffic.workload=closed_loop", "traffic.pattern=graph", "traffic.graph=mesh2d",
                           "traffic.packet_payload_flits=" + flits,
                           "traffic.message_flits=" + std::to_string(4 * std::stoi(flits)),
                           "traffic.compute_cycles=15", "traffic.send_overhead_cycles=3",
                           std::string("traffic.loop_classes=") + mode[0],
                           std::string("traffic.node_channel=") + mode[1],
                           std::string("traffic.receive_overhead_cycles=") + (shell ? "0" : "2"), "traffic.loops=6"});
  auto run_loops = [](const Config& c, Outcome& o) {
    Recorder rec;
    nlohmann::ordered_json result;
    try {
      result = run_experiment(prepare_run(c), &rec);
    } catch (const DeadlockError&) {
      o.deadlocked = true;
    }
    o.records = std::move(rec.records);
    std::sort(o.records.begin(), o.records.end(), [](auto& a, auto& b) { return a.id < b.id; });
    return result;
  };
  Outcome sc, rtl;
  const auto sc_result = run_loops(config_of(sets), sc);
  ASSERT_GT(sc.records.size(), 100u);
  std::vector<std::string> all = sets;
  all.insert(all.end(), {"router.impl=rtl", "router.rtl_binding=direct"});
  const auto rtl_result = run_loops(config_of(all), rtl);
  expect_same(sc, rtl, all, "all RTL, closed loop");
  if (!sc.deadlocked) {
    EXPECT_TRUE(sc_result["converged"].get<bool>()) << mode[0] << " " << mode[1] << ": every node ran its loops";
    EXPECT_EQ(sc_result["closed_loop"]["nodes"], rtl_result["closed_loop"]["nodes"]) << mode[0] << " " << mode[1];
  }
}

INSTANTIATE_TEST_SUITE_P(Variants, RtlNetworkClosedLoop, ::testing::Range(size_t(0), rtl_variants().size()),
                         [](const auto& info) { return rtl_variants()[info.param].name; });

// Parameter sets none of the twelve above has, drawn from a fixed seed within the RTL's limits
// (1-3 dimensions, odd and even radices, FIFOs of 1-16 flits, 1-4 VCs, mesh and torus, every
// arbitration), each Verilated through the model cache on first use: all-RTL and mixed
// networks equal SystemC packet for packet. A draw the configuration rules refuse (a torus
// with too few VCs, cut-through with VCs) is drawn again. KNCSIM_DRAWN_SETS sets are drawn
// (CI: 8; the slow suite another 20 from another seed).
#ifndef KNCSIM_DRAWN_SETS
#define KNCSIM_DRAWN_SETS 8
#define KNCSIM_DRAWN_SEED 1
#endif

struct DrawnSet {
  RtlVariant v;
  std::vector<std::string> sets;
};

std::vector<DrawnSet> drawn_sets() {
  std::vector<DrawnSet> out;
  std::mt19937 rng(KNCSIM_DRAWN_SEED);
  auto pick = [&](int lo, int hi) { return lo + int(rng() % unsigned(hi - lo + 1)); };
  while (int(out.size()) < KNCSIM_DRAWN_SETS) {
    const int dims = pick(1, 3);
    const bool torus = pick(0, 2) == 0;
    const int vcs = pick(1, 4);
    const bool cut = vcs == 1 && pick(0, 2) == 0;
    const int depth = cut ? 2 * pick(2, 8) : pick(1, 16);
    const bool adaptive = pick(0, 3) == 0;
    const Arbitration arb = vcs == 1 ? Arbitration::priority_token : Arbitration(pick(0, 2));  // the RTL's rule
    RtlVariant v = rtl_router_variant(dims, depth, adaptive, cut, vcs, torus, arb);
    bool known = false;
    for (const auto& r : rtl_variants()) known = known || r.name == v.name;
    for (const auto& d : out) known = known || d.v.name == v.name;
    if (known) continue;
    std::vector<std::string> sets = variant_sets(v);
    const int radix = dims == 1 ? pick(5, 9) : dims == 2 ? pick(3, 6) : pick(2, 3);
    sets.push_back("network.radix=" + std::to_string(torus ? std::max(radix, 3) : radix));
    if (!cut) sets.push_back("traffic.packet_flits=" + std::to_string(pick(2, 8)));
    try {
      std::vector<std::string> rtl = sets;
      rtl.push_back("router.impl=rtl");
      config_of(rtl);
    } catch (const ConfigError&) {
      continue;  // the rules refuse it (for SystemC or for RTL routers): draw again
    }
    out.push_back({std::move(v), std::move(sets)});
  }
  return out;
}

const std::vector<DrawnSet>& drawn() {
  static const std::vector<DrawnSet> sets = drawn_sets();
  return sets;
}

class RtlNetworkDrawnSet : public ::testing::TestWithParam<size_t> {};

TEST_P(RtlNetworkDrawnSet, AllRtlAndMixedNetworksMatchSystemCPacketForPacket) {
  const DrawnSet& d = drawn()[GetParam()];
  const Config c = config_of(d.sets);
  const Outcome sc = run(c);
  ASSERT_GT(sc.records.size(), 20u);
  std::vector<std::string> all = d.sets;
  all.insert(all.end(), {"router.impl=rtl", "router.rtl_binding=direct"});
  expect_same(sc, run(config_of(all)), all, "all RTL");
  std::mt19937 rng(fnv1a(d.v.name));
  std::string nodes;
  int n = 1;
  const ExperimentSpec spec = decode(c);  // held: a range-for over a temporary's member would dangle
  for (int r : std::get<MeshExperiment>(spec.topology).radices) n *= r;
  for (int k = 0; k < n; ++k)
    if (rng() % 3 == 0) nodes += (nodes.empty() ? "" : ",") + std::to_string(k);
  if (nodes.empty()) nodes = "0";
  std::vector<std::string> mixed = d.sets;
  mixed.insert(mixed.end(), {"router.rtl_nodes=[" + nodes + "]", "router.rtl_binding=direct"});
  expect_same(sc, run(config_of(mixed)), mixed, "mixed");
}

// The signal binding is tested on a variant of each router port count (1, 2 and 3 dimensions)
// and on one with virtual channels, a torus and oldest-first ages (rtl_variant_tests_signals):
// a variant renamed or dropped must not leave one of them untested.
TEST(RtlVariants, TheSignalBindingIsTestedOnEveryPortCountAndOnChannelsWithAges) {
  std::set<int> dims;
  bool channels_with_ages = false;
  for (const RtlVariant& v : rtl_variants()) {
    if (!rtl_variant_tests_signals(v)) continue;
    dims.insert(v.dims);
    channels_with_ages |= v.vcs > 1 && v.torus && v.arbitration == Arbitration::oldest_first;
  }
  EXPECT_EQ(dims, (std::set<int>{1, 2, 3}));
  EXPECT_TRUE(channels_with_ages);
}

// An architect's RTL (router.rtl_sources): a copy of kncsim's router sources in a directory of
// its own (shared_rtl_copy), Verilated from there through the cache, equals SystemC packet for
// packet, all RTL and with a third of the nodes RTL.
TEST(RtlSources, ACopyOfTheRouterSourcesEqualsSystemCPacketForPacket) {
  const std::string dir = test::shared_rtl_copy("router_copy");
  const RtlVariant& v = rtl_variants().at(9);  // Duato on a torus, 3 VCs, round robin: the most logic
  const std::vector<std::string> sets = variant_sets(v);
  const Outcome sc = run(config_of(sets));
  ASSERT_GT(sc.records.size(), 50u);
  for (const std::string nodes : {"", "router.rtl_nodes=[0,3,5,6,9,12,15]"}) {
    std::vector<std::string> rtl = sets;
    rtl.insert(rtl.end(), {nodes.empty() ? "router.impl=rtl" : nodes, "router.rtl_sources=" + dir});
    expect_same(sc, run(config_of(rtl)), rtl, nodes.empty() ? "all RTL from a copy" : "mixed, from a copy");
  }
}

INSTANTIATE_TEST_SUITE_P(Drawn, RtlNetworkDrawnSet, ::testing::Range(size_t(0), size_t(KNCSIM_DRAWN_SETS)),
                         [](const auto& info) { return drawn()[info.param].v.name; });

}  // namespace
}  // namespace kncsim
