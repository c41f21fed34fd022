// Chittor's careful mappings (thesis section 3.5) and their effect (Fig. 5.13): the levels of
// contention the thesis states for them, from `kncsim contention`, and a run against a random
// mapping of the same process graph at 25 % applied node traffic.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <string>

#include "support/chittor_shell.hpp"
#include "support/kncsim_process.hpp"

namespace {

using kncsim::test::kncsim;
using kncsim::test::Outcome;

nlohmann::json contention(const std::string& net) {
  const Outcome o = kncsim("contention --json -" + net);
  EXPECT_EQ(o.status, 0) << o.err;
  return o.status == 0 ? nlohmann::json::parse(o.out)["summary"] : nlohmann::json();
}

// Gordon's property (3.5.1): chi_max = 1 and nu_max = 0, contention gone; kncsim's gordon
// mapping is an H-tree. The hypercube's identity mapping (3.5.3): chi_max = floor(2 sqrt(N)/3),
// Theorem 2's peak width of a row.
TEST(ChittorCarefulMapping, TheThesissContentionLevels) {
  for (const auto& [radix, tree] : {std::pair{8, 31}, std::pair{15, 127}, std::pair{16, 127}, std::pair{16, 100}}) {
    const auto s = contention(" --set network.radix=" + std::to_string(radix) +
                              " --set traffic.pattern=graph --set traffic.graph=binary_tree --set traffic.graph_shape=" +
                              std::to_string(tree) + " --set traffic.mapping=gordon");
    EXPECT_EQ(s["channel_load"]["max"], 1) << radix << "x" << radix << ", " << tree << " processes";
    EXPECT_EQ(s["contention_level"]["max"], 0) << radix << "x" << radix << ", " << tree << " processes";
  }
  for (int radix : {4, 8, 16, 32}) {
    const auto s = contention(" --set network.radix=" + std::to_string(radix) +
                              " --set traffic.pattern=graph --set traffic.graph=hypercube");
    EXPECT_EQ(s["channel_load"]["max"], 2 * radix / 3) << radix << "x" << radix;
  }
  // The random mapping of the same tree is far from contention-free.
  const auto r = contention(" --set network.radix=16 --set traffic.pattern=graph --set traffic.graph=binary_tree"
                            " --set traffic.graph_shape=127 --set traffic.mapping=random");
  EXPECT_GE(r["contention_level"]["max"].get<int>(), 10);
}

// Scheme A for a 3D mesh (3.5.2): no extra nodes and chi_max = cube root of N_p + 1. kncsim's
// layout puts the planes side by side on an n^2 x n mesh; with two planes only, no channel
// carries a z-edge that leaves for a third, so chi_max = n there.
TEST(ChittorCarefulMapping, SchemeAForA3DMesh) {
  for (int n : {2, 3, 4, 6, 8}) {
    const std::string cube = std::to_string(n);
    const auto s = contention(" --set network.radix=[" + std::to_string(n * n) + "," + cube +
                              "] --set traffic.pattern=graph --set traffic.graph=mesh3d --set traffic.graph_shape=[" + cube +
                              "," + cube + "," + cube + "] --set traffic.mapping=planes_in_a_row");
    EXPECT_EQ(s["channel_load"]["max"], n == 2 ? 2 : n + 1) << n << "^3 processes";
  }
  // Against a random mapping of the same cube on the same nodes: a quarter of its channel load.
  const std::string net = " --set network.radix=[16,4] --set traffic.pattern=graph --set traffic.graph=mesh3d"
                          " --set traffic.graph_shape=[4,4,4] --set traffic.mapping=";
  EXPECT_GE(contention(net + "random")["channel_load"]["max"].get<int>(), 4 * 5);
}

// Scheme B (3.5.2): "may need more nodes, but reduces chi_max to" the cube root of N_p over 2,
// plus 1. kncsim folds each plane into 2n x ceil(n/2) nodes and stacks the planes: ceil(n/2) + 1
// (2 for n = 2), with spare nodes when n is odd. The 4x4x4 cube fits an 8x8 mesh at chi_max 3,
// where scheme A needs 16x4 at 5.
TEST(ChittorCarefulMapping, SchemeBHalvesTheChannelLoad) {
  for (int n : {2, 3, 4, 5, 6, 8}) {
    const std::string cube = std::to_string(n), rows = std::to_string((n + 1) / 2 * n);
    const auto s = contention(" --set network.radix=[" + std::to_string(2 * n) + "," + rows +
                              "] --set traffic.pattern=graph --set traffic.graph=mesh3d --set traffic.graph_shape=[" + cube +
                              "," + cube + "," + cube + "] --set traffic.mapping=folded_planes");
    EXPECT_EQ(s["channel_load"]["max"], n == 2 ? 2 : (n + 1) / 2 + 1) << n << "^3 processes";
  }
  const std::string cube = " --set network.radix=8 --set traffic.pattern=graph --set traffic.graph=mesh3d"
                           " --set traffic.graph_shape=[4,4,4] --set traffic.mapping=";
  EXPECT_EQ(contention(cube + "folded_planes")["channel_load"]["max"], 3);
  EXPECT_GE(contention(cube + "random")["channel_load"]["max"].get<int>(), 3 * 3);
}

// Youn and Singh's tiles (3.5.1, Fig. 3.11): 2^h - 1 processes on 2^h nodes and, with the
// scheme's own routing, chi_max = 2; "the scheme also reduces path contention levels
// significantly" (against a random mapping's, Table 3.1's C/2 on average), and so does the
// placement alone under the standard fixed routing (3.5.1: "we still get significant improvement").
TEST(ChittorCarefulMapping, YounSinghTilesHoldTheChannelLoadAt2) {
  for (int radix : {4, 8, 16, 32}) {
    const Outcome o = kncsim("contention --json - --top 0 --set network.radix=" + std::to_string(radix) +
                             " --set traffic.pattern=graph --set traffic.graph=binary_tree --set traffic.mapping=youn_singh");
    ASSERT_EQ(o.status, 0) << o.err;
    const auto j = nlohmann::json::parse(o.out);
    EXPECT_EQ(j["graph"]["processes"], radix * radix - 1) << "N = N_p + 1";
    EXPECT_EQ(j["network"]["routing"], "mapping");
    EXPECT_EQ(j["summary"]["channel_load"]["max"], 2) << radix << "x" << radix;
    const double random_nu = j["random_mapping_estimates"]["contention_level"]["avg"].get<double>();
    EXPECT_LT(j["summary"]["contention_level"]["avg"].get<double>(), random_nu / 4) << radix << "x" << radix;
    EXPECT_LT(j["dimension_order"]["contention_level"]["avg"].get<double>(), random_nu / 4) << radix << "x" << radix;
  }
}

struct Nodes {
  double applied, average, least_ratio;
};

// Chittor's shell on 256 nodes (50-flit messages, 2-flit wormhole FIFOs, time stamps), a
// 127-process binary tree, 150 cycles of computation a loop: applied node traffic about .25.
Nodes shell(const std::string& mapping, int processes = 127) {
  const Outcome run = kncsim(
      "run --json - --quiet --set network.radix=16 --set traffic.pattern=graph --set traffic.graph=binary_tree"
      " --set traffic.graph_shape=" + std::to_string(processes) +
      " --set traffic.mapping_seed=1 --set router.arbitration=oldest_first" +
      kncsim::test::kChittorShell + " --set traffic.message_flits=50"
      " --set traffic.packet_payload_flits=unlimited --set traffic.loops=15 --set traffic.compute_cycles=150"
      " --set traffic.mapping=" + mapping);
  EXPECT_EQ(run.status, 0) << run.err;
  const auto r = nlohmann::json::parse(run.out)["closed_loop"];
  double least = 1e9;
  for (const auto& n : r["nodes"])
    least = std::min(least, n["node_traffic"].get<double>() / n["applied_node_traffic"].get<double>());
  return {r["applied_node_traffic"].get<double>(), r["node_traffic"].get<double>(), least};
}

// Fig. 5.13: with the careful mapping actual node traffic stays almost equal to applied up to
// 25 %, where the random mapping has saturated. kncsim (2026-11-29): the average node carries
// 0.963 of its applied traffic under gordon, 0.775 under random; the least node 0.907 against
// 0.297. Gordon's least are leaves whose parent's ejection channel, which the contention
// parameters leave out, takes its three neighbours' messages one at a time.
TEST(ChittorCarefulMapping, Figure513CarefulMappingKeepsUpAt25Percent) {
  const Nodes careful = shell("gordon"), random = shell("random");
  EXPECT_NEAR(careful.applied, 0.25, 0.02);
  EXPECT_GE(careful.average / careful.applied, 0.95);
  EXPECT_GE(careful.least_ratio, 0.9);
  EXPECT_LT(random.average / random.applied, 0.85);
  EXPECT_LT(random.least_ratio, 0.5);
}

// Chapter 3's promise for the next: "even if we only use the placement suggested by Youn's scheme
// and the standard fixed routing ... we still get significant improvement in performance
// compared to random mapping". A 255-process tree on the 256 nodes, routed by dimension order, at
// Fig. 5.13's 25 %: kncsim (2026-11-29) carries 0.956 of the applied traffic on the average
// node and 0.864 on the least, where the random mapping carries 0.536 and 0.283.
TEST(ChittorCarefulMapping, YounSinghPlacementAloneKeepsUpAt25Percent) {
  const Nodes tiles = shell("youn_singh", 255), random = shell("random", 255);
  EXPECT_NEAR(tiles.applied, 0.25, 0.02);
  EXPECT_GE(tiles.average / tiles.applied, 0.93);
  EXPECT_GE(tiles.least_ratio, 0.8);
  EXPECT_LT(random.average / random.applied, 0.7);
  EXPECT_LT(random.least_ratio, 0.5);
}

}  // namespace
