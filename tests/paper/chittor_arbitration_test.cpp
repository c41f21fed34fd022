// Chittor's arbitration policies (thesis section 5.6.5, Figs. 5.14-5.16) on his 256-node system,
// the 2D-mesh process graph randomly mapped (mapping seed 1), his simulator shell with 50-flit
// messages, 2-flit wormhole FIFOs. A policy's saturation node traffic here is the worst node's
// highest over two loads near the knee (compute 400 and 300 cycles a loop, applied node traffic
// about .1 and .13). scripts/chittor_arbitration_study.py runs all four graphs over nine loads
// (docs/models/chittor.md); this holds its statements on one graph, in about 15 s.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <map>
#include <string>

#include "support/chittor_shell.hpp"
#include "support/kncsim_process.hpp"

namespace {

using kncsim::test::kncsim;
using kncsim::test::Outcome;

// The worst node's node traffic (the least over the nodes) at `compute` cycles a loop.
double worst_node(const std::string& policy, int compute) {
  const Outcome run = kncsim(
      std::string("run --json - --quiet --set network.radix=16 --set traffic.pattern=graph --set traffic.graph=mesh2d"
                  " --set traffic.mapping=random --set traffic.mapping_seed=1") +
      kncsim::test::kChittorShell + " --set traffic.message_flits=50 --set traffic.packet_payload_flits=unlimited"
      " --set traffic.loops=10 --set router.arbitration=" + policy + " --set traffic.compute_cycles=" +
      std::to_string(compute));
  EXPECT_EQ(run.status, 0) << run.err;
  const auto result = nlohmann::json::parse(run.out);
  double worst = 1e9;
  for (const auto& n : result["closed_loop"]["nodes"]) worst = std::min(worst, n["node_traffic"].get<double>());
  return worst;
}

TEST(ChittorArbitration, Figures514To516On256Nodes) {
  std::map<std::string, double> peak;
  for (const char* p : {"oldest_first", "fifo_fixed", "fifo_lru", "biased_priority", "message_source"})
    peak[p] = std::max(worst_node(p, 400), worst_node(p, 300));
  const std::string table = [&] {
    std::string s;
    for (const auto& [p, v] : peak) s += p + " " + std::to_string(v) + "; ";
    return s;
  }();
  // The FIFO policies saturate lowest, and least-recently-requested ties change little.
  for (const char* other : {"oldest_first", "biased_priority", "message_source"}) {
    EXPECT_LT(peak["fifo_fixed"], peak[other]) << table;
    EXPECT_LT(peak["fifo_lru"], peak[other]) << table;
  }
  EXPECT_NEAR(peak["fifo_lru"] / peak["fifo_fixed"], 1, 0.10) << table;
  // FIFO's node traffic falls past the knee (a node starves); time stamps' hardly does.
  EXPECT_LT(worst_node("fifo_fixed", 200), 0.5 * peak["fifo_fixed"]) << table;
  EXPECT_GT(worst_node("oldest_first", 200), 0.85 * peak["oldest_first"]) << table;
  // Message-source priority is comparable to time stamps (within 15 %); so is biased priority
  // here (2026-11-29: 0.93), though over the four graphs its worst node reaches 0.83 (the study).
  EXPECT_NEAR(peak["message_source"] / peak["oldest_first"], 1, 0.15) << table;
  EXPECT_NEAR(peak["biased_priority"] / peak["oldest_first"], 1, 0.15) << table;
  // Time stamps are the best.
  for (const auto& [p, v] : peak) EXPECT_GE(peak["oldest_first"], 0.98 * v) << table;
}

}  // namespace
