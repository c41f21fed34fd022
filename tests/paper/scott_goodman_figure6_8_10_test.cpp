// Scott & Goodman's Figs. 6, 8 and 10 (§3.2), a point of each stated conclusion, on the
// single-node model (the paper's own method): two networks at one carried throughput, the one
// the paper calls better with the lower round trip. The whole curves, and every statement, are
// scripts/scott_goodman_fig6_8_10.py's (the slow tests scott_goodman_fig6, _fig8 and _fig10).
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "experiment/experiment.hpp"
#include "experiment/rtl_attach.hpp"
#include "spec/experiment_spec.hpp"

namespace kncsim {
namespace {

struct Net {
  int dims;
  long nodes;
  std::string constraint, mode = "pipelined";
};

Config config(const Net& n) {
  Config c;
  for (const char* s : {"network.topology=rings", "router.model=sci", "router.impl=single_node", "run.convergence=ci",
                        "traffic.data_fraction=0.3", "run.saturation=detect"})
    c.apply_set(s);
  c.apply_set("network.dims=" + std::to_string(n.dims));
  c.apply_set("network.radix=" + std::to_string(std::lround(std::pow(double(n.nodes), 1.0 / n.dims))));
  c.apply_set("link.constraint=" + n.constraint);
  c.apply_set("link.mode=" + n.mode);
  return c;
}

// The round trip (switch cycles) at `tp` carried bits/cycle/processor; +inf if saturated there.
double round_trip_at(const Net& n, double tp) {
  Config c = config(n);
  const double max = std::get<RingsExperiment>(decode(c).topology).analytic.max_throughput;
  if (tp >= max) return INFINITY;
  c.apply_set("traffic.load=" + std::to_string(tp / max));
  const auto r = run_experiment(prepare_run(c));
  return r["converged"].get<bool>() ? r["round_trip"].get<double>() : INFINITY;
}

double unloaded(const Net& n) {
  Config c = config(n);
  c.apply_set("traffic.load=0.01");
  return run_experiment(prepare_run(c))["round_trip"].get<double>();
}

// Fig. 6(b), N = 4096, constant node size: the 4- and 6-dimensional networks differ little
// unloaded, and the 6-dimensional one is better under heavy traffic.
TEST(ScottGoodmanFigure6, NodeSizeSixDimensionsBetterUnderHeavyTraffic) {
  const Net four{4, 4096, "node_size"}, six{6, 4096, "node_size"};
  EXPECT_NEAR(unloaded(four) / unloaded(six), 1, 0.05) << unloaded(four) << " against " << unloaded(six);
  const double a = round_trip_at(six, 3.0), b = round_trip_at(four, 3.0);
  EXPECT_LT(a, b) << "at 3 bits/cycle: 6-dimensional " << a << ", 4-dimensional " << b;
}

// Fig. 8(b), N = 2^20, constant node size: the 10-dimensional network is best, the
// 20-dimensional one next; the 5-dimensional one saturates below them.
TEST(ScottGoodmanFigure8, NodeSizeTenDimensionsBestTwentyNext) {
  const Net ten{10, 1L << 20, "node_size"}, twenty{20, 1L << 20, "node_size"}, five{5, 1L << 20, "node_size"};
  const double a = round_trip_at(ten, 2.0), b = round_trip_at(twenty, 2.0), c = round_trip_at(five, 2.0);
  EXPECT_LT(a, b) << "at 2 bits/cycle: 10-dimensional " << a << ", 20-dimensional " << b;
  EXPECT_LT(b, c) << "at 2 bits/cycle: 20-dimensional " << b << ", 5-dimensional " << c;
}

// Fig. 8(a), constant link width: the hypercube is better than the 10-dimensional network.
TEST(ScottGoodmanFigure8, LinkWidthTheHypercubeIsBest) {
  const Net ten{10, 1L << 20, "link_width"}, twenty{20, 1L << 20, "link_width"};
  const double a = round_trip_at(twenty, 10.0), b = round_trip_at(ten, 10.0);
  EXPECT_LT(a, b) << "at 10 bits/cycle: 20-dimensional " << a << ", 10-dimensional " << b;
}

// Fig. 10(a), N = 4096 synchronous, constant link width: the 3- and 4-dimensional networks are
// slightly faster unloaded, and the 6-dimensional one is better as traffic grows.
TEST(ScottGoodmanFigure10, LinkWidthSixDimensionsBetterAsTrafficGrows) {
  const Net four{4, 4096, "link_width", "synchronous"}, six{6, 4096, "link_width", "synchronous"};
  EXPECT_LT(unloaded(four), unloaded(six));
  const double a = round_trip_at(six, 2.5), b = round_trip_at(four, 2.5);
  EXPECT_LT(a, b) << "at 2.5 bits/cycle: 6-dimensional " << a << ", 4-dimensional " << b;
}

// Fig. 10(b), constant node size: the 12-dimensional network is the worst choice; the
// 3-dimensional one is better than the 6-dimensional one.
TEST(ScottGoodmanFigure10, NodeSizeTwelveDimensionsWorst) {
  const Net three{3, 4096, "node_size", "synchronous"}, six{6, 4096, "node_size", "synchronous"},
      twelve{12, 4096, "node_size", "synchronous"};
  const double a = round_trip_at(three, 1.0), b = round_trip_at(six, 1.0), c = round_trip_at(twelve, 1.0);
  EXPECT_LT(a, b) << "at 1 bit/cycle: 3-dimensional " << a << ", 6-dimensional " << b;
  EXPECT_LT(b, c) << "at 1 bit/cycle: 6-dimensional " << b << ", 12-dimensional " << c;
}

}  // namespace
}  // namespace kncsim
