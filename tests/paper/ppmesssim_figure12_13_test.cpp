// PP-MESS-SIM's Figs. 12 and 13 (Rexford et al. 8.2): the peak throughput of routing algorithms
// on a 16x16 mesh, cut-through with unbounded buffers, 16-flit packets, Poisson arrivals. The
// paper's stated orderings as inequalities on kncsim's numbers (the whole table:
// scripts/ppmesssim_fig12_13.py, docs/study-ppmesssim-fig12-13.png). One ordering does not
// reproduce and is not asserted: under bit reversal the paper's deflection DOR beats adaptive DOR,
// where kncsim's adaptive DOR is 1-3 % above it (docs/models/pp-mess-sim.md).
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <map>
#include <string>

#include "support/kncsim_process.hpp"

namespace {

using kncsim::test::kncsim;
using kncsim::test::Outcome;

constexpr int kWarmup = 3000, kCycles = 7000;

double delivered(const std::string& args, int cycles) {
  const Outcome o = kncsim("run --json - --quiet" + args + " --set run.convergence=fixed --set run.cycles=" +
                           std::to_string(cycles));
  EXPECT_EQ(o.status, 0) << o.err;
  return nlohmann::json::parse(o.out)["numrecd"].get<double>();
}

// The most flits per node-cycle delivered over offered loads .5, 1 and 1.5.
double peak(const std::string& pattern, const std::string& routing, const std::string& selection) {
  double best = 0;
  for (double load : {0.5, 1.0, 1.5}) {
    const std::string args =
        " --set router.impl=systemc --set network.radix=16 --set traffic.packet_flits=16"
        " --set traffic.interarrival=exponential --set traffic.seed=11 --set router.flow_control=cut_through"
        " --set traffic.pattern=" + pattern + " --set router.routing=" + routing + " --set router.selection=" +
        selection + " --set traffic.load=" + std::to_string(load) +
        (routing == "deflection" ? " --set router.deflections=1" : "");
    const double packets = delivered(args, kWarmup + kCycles) - delivered(args, kWarmup);
    best = std::max(best, packets * 16 / 256 / kCycles);
  }
  return best;
}

TEST(PpMessSimFigure12, BitComplementOrderings) {
  std::map<std::string, double> p;
  for (const char* r : {"oblivious", "adaptive"})
    for (const char* s : {"dimension_order", "random", "diagonal"}) p[std::string(r) + " " + s] = peak("bit_complement", r, s);
  const double deflection = peak("bit_complement", "deflection", "dimension_order");
  // Diagonal minimal routing is the worst: it steers packets into the congested centre
  // (2026-11-28: oblivious .035 and adaptive .035 against DOR's .118 and .108).
  EXPECT_LT(p["oblivious diagonal"], p["oblivious random"]);
  EXPECT_LT(p["oblivious diagonal"], p["oblivious dimension_order"]);
  EXPECT_LT(p["adaptive diagonal"], p["adaptive random"]);
  EXPECT_LT(p["adaptive diagonal"], p["adaptive dimension_order"]);
  // Adaptivity harms DOR: it leaves the periphery for the congested middle rows and columns.
  EXPECT_LT(p["adaptive dimension_order"], p["oblivious dimension_order"]);
  // Deflection routes around the congestion: at least adaptive diagonal's and random's.
  EXPECT_GE(deflection, p["adaptive diagonal"]);
  EXPECT_GE(deflection, p["adaptive random"]);
}

TEST(PpMessSimFigure13, BitReversalOrderings) {
  std::map<std::string, double> p;
  for (const char* r : {"oblivious", "adaptive"})
    for (const char* s : {"dimension_order", "random", "diagonal"}) p[std::string(r) + " " + s] = peak("bit_reversal", r, s);
  // Dimension order is pathologically bad for bit reversal (2026-11-28: .099 against .151 and .114).
  EXPECT_LE(p["oblivious dimension_order"], p["oblivious random"]);
  EXPECT_LE(p["oblivious dimension_order"], p["oblivious diagonal"]);
  // The diagonal function keeps several ways open at later hops: best when adaptive, not oblivious.
  EXPECT_GT(p["adaptive diagonal"], p["adaptive random"]);
  EXPECT_GT(p["oblivious random"], p["oblivious diagonal"]);
}

}  // namespace
