// Chittor's worst-node bound (thesis Lemma 4, chapter 4's simulations) against the SystemC
// mesh: under transpose on a 12x12 mesh the paths of the most contended set all cross one
// channel beside the diagonal, so with oldest-first arbitration the worst sending node's
// node traffic saturates at delta_avg / (nu_max + 1).
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "support/kncsim_process.hpp"

namespace {

using kncsim::test::kncsim;
using kncsim::test::Outcome;

// kncsim contention's Lemma 4 (the worst node's saturation node traffic) for `net`.
double lemma4(const std::string& net) {
  const Outcome bound = kncsim("contention --json -" + net);
  EXPECT_EQ(bound.status, 0) << bound.err;
  return nlohmann::json::parse(bound.out)["summary"]["saturation"]["worst_node"].get<double>();
}

// Each node's traffic past saturation (A = 2, two-packet source queues: what it gets out of
// what it offers is its node traffic). Long packets on short FIFOs make wormhole routing behave
// like circuit switching, the model's assumption.
nlohmann::json offered_past_saturation(const std::string& net) {
  const Outcome run = kncsim("run --json - --quiet" + net +
                             " --set router.impl=systemc --set router.arbitration=oldest_first --set traffic.load=2"
                             " --set traffic.source_queue_packets=2 --set router.fifo_flits=2"
                             " --set router.flow_control=wormhole --set traffic.packet_flits=64"
                             " --set run.convergence=fixed --set run.cycles=30000");
  EXPECT_EQ(run.status, 0) << run.err;
  return run.status == 0 ? nlohmann::json::parse(run.out)["per_node"]["offered"] : nlohmann::json::array();
}

// The least of them over the nodes that send (offer any).
double worst_sending_node(const std::string& net) {
  double worst = 1e9;
  for (const auto& x : offered_past_saturation(net))
    if (x.get<double>() > 0) worst = std::min(worst, x.get<double>());
  return worst;
}

TEST(ChittorSaturation, TransposeWorstNodeSaturatesAtLemma4WithOldestFirst) {
  const std::string net = " --set network.radix=12 --set traffic.pattern=transpose";
  const double bound = lemma4(net);
  EXPECT_NEAR(bound, 0.917 / 11, 1e-3);  // delta_avg = 132/144 paths per process, nu_max = 10
  const double worst = worst_sending_node(net);  // the diagonal sends nothing
  // Within 10 % (issue 34's criterion; 1.024 on 2026-11-27).
  EXPECT_NEAR(worst / bound, 1.0, 0.1) << "worst sending node " << worst << " flits/cycle, Lemma 4 " << bound;
}

// Why the average node of a 12x12 transpose carries 1.38 times Lemma 3 (issue 53): node by node,
// each sending node's saturation traffic is its own path's 1/(nu + 1), and the average node
// carries their mean, 1/6 here; Lemma 3 inverts the mean level instead, delta_avg / (nu_avg + 1) =
// 0.120, below the mean of the inverses by Jensen's inequality for a spread of levels (transpose's
// run from 0 to 10). The same run as above, read node by node (2026-11-29: the nu classes 1 to 10
// within 5 % of 1/(nu + 1); the sending nodes' mean 0.1645 against 0.1667).
TEST(ChittorSaturation, TransposeNodesSaturateAtTheirOwnPathLevel) {
  const std::string net = " --set network.radix=12 --set traffic.pattern=transpose";
  const Outcome bound = kncsim("contention --json - --applied 1" + net);
  ASSERT_EQ(bound.status, 0) << bound.err;
  const auto c = nlohmann::json::parse(bound.out);
  const auto offered = offered_past_saturation(net);
  ASSERT_FALSE(offered.empty());
  std::vector<double> sum(11, 0), count(11, 0);
  double total = 0;
  for (const auto& p : c["paths"]) {
    const int nu = p["nu"].get<int>();
    const double carried = offered[p["src"].get<size_t>()].get<double>();
    sum[size_t(nu)] += carried;
    count[size_t(nu)] += 1;
    total += carried;
  }
  for (int nu = 1; nu <= 10; ++nu) {
    ASSERT_GT(count[size_t(nu)], 0) << "nu " << nu;
    EXPECT_NEAR(sum[size_t(nu)] / count[size_t(nu)] * (nu + 1), 1, 0.08) << "nodes whose path has nu = " << nu;
  }
  const double mean = total / double(c["paths"].size());
  const double lemma3 = c["summary"]["saturation"]["average_node"].get<double>();
  const double thresholds = c["theta_model"]["nodes"]["threshold_mean"][0].get<double>();
  EXPECT_NEAR(thresholds, 1.0 / 6, 1e-9);
  EXPECT_NEAR(mean / thresholds, 1, 0.05) << "the sending nodes' mean against the mean of 1/(nu + 1)";
  EXPECT_NEAR(mean / lemma3, 1.38, 0.07) << "the gap to Lemma 3";
}

// Under a random mapping Lemma 4 is not a bound: its proof takes the paths that share a
// channel with the most contended path to exclude each other, but a random mapping's contention
// set meets the path on different channels, and those paths run at once. Chittor found his
// simulations "about 20 % higher values consistently"; so does kncsim. The criterion as the
// thesis supports it (issue 34: oldest-first arbitration, messages long against the paths): over
// seven uniform random mappings of the 12x12 mesh graph the median worst node lies within
// 1.0-1.4 x Lemma 4, and every mapping at least 0.9 x (seeds 1-7 on 2026-11-27: 1.18, 1.36,
// 1.26, 1.38, 1.28, 1.12, 1.04; median 1.26).
TEST(ChittorSaturation, RandomMappingWorstNodeSaturatesAboutAFifthAboveLemma4) {
  std::vector<double> ratios;
  for (int seed = 1; seed <= 7; ++seed) {
    const std::string net = " --set network.radix=12 --set traffic.pattern=graph --set traffic.graph=mesh2d"
                            " --set traffic.mapping=random --set traffic.mapping_seed=" + std::to_string(seed);
    ratios.push_back(worst_sending_node(net) / lemma4(net));  // every node has a process
    EXPECT_GE(ratios.back(), 0.9) << "seed " << seed << ": below 0.9 x the worst-node figure";
  }
  std::sort(ratios.begin(), ratios.end());
  EXPECT_GE(ratios[3], 1.0) << "median over seven mappings";
  EXPECT_LE(ratios[3], 1.4) << "median over seven mappings";
}

// Chittor's own simulations (section 5.6.4) ran his simulator shell: a node sends one message to
// its next graph neighbour and waits until it has arrived before it computes and sends the next.
// With no computation every node offers all it can, so the least node traffic is the worst
// node's saturation level. On his 256-node system (a 16x16 mesh), 50-flit messages, oldest-first
// arbitration, each of his four process graphs randomly mapped three times: the median worst node
// over the mappings lies within 20 % of Lemma 4 (2026-11-26, 15 loops a node: 2D mesh 0.98, 1.06,
// 1.15; binary tree 1.10, 0.97, 1.03; 3D mesh 1.11, 1.03, 1.21; hypercube 1.10, 1.27, 1.16).
class ChittorShell : public ::testing::TestWithParam<std::string> {};

TEST_P(ChittorShell, WorstNodeSaturatesWithinAFifthOfLemma4On256Nodes) {
  const std::string graph = GetParam();
  std::vector<double> ratios;
  for (int seed = 1; seed <= 3; ++seed) {
    const std::string net = " --set network.radix=16 --set traffic.pattern=graph --set traffic.graph=" + graph +
                            " --set traffic.mapping=random --set traffic.mapping_seed=" + std::to_string(seed);
    const Outcome run = kncsim("run --json - --quiet" + net +
                               " --set router.impl=systemc --set router.arbitration=oldest_first"
                               " --set router.flow_control=wormhole --set router.fifo_flits=2"
                               " --set traffic.workload=closed_loop --set traffic.loop_classes=shell"
                               " --set traffic.message_flits=50 --set traffic.packet_payload_flits=unlimited"
                               " --set traffic.compute_cycles=0 --set traffic.loops=15");
    ASSERT_EQ(run.status, 0) << run.err;
    const auto nodes = nlohmann::json::parse(run.out)["closed_loop"]["nodes"];
    ASSERT_GT(nodes.size(), 200u);  // every process has a record (a tree has 255)
    double worst = 1e9;
    for (const auto& n : nodes) worst = std::min(worst, n["node_traffic"].get<double>());
    ratios.push_back(worst / lemma4(net));
  }
  std::sort(ratios.begin(), ratios.end());
  EXPECT_NEAR(ratios[1], 1.0, 0.2) << "median worst node over three mappings, as a multiple of Lemma 4 (" << ratios[0]
                                   << ", " << ratios[1] << ", " << ratios[2] << ")";
}

INSTANTIATE_TEST_SUITE_P(ChittorGraphs, ChittorShell,
                         ::testing::Values("mesh2d", "binary_tree", "mesh3d", "hypercube"),
                         [](const auto& info) { return info.param; });

}  // namespace
