// Scott & Goodman 1991, Figure 5 (pipelined, N = 4096): every printed configuration figure
// from the closed forms, to the printed digit. L_addr = 128, L_data = 640, L_ack = 64, S = 2.
// The maximum-throughput column is reproduced with f_data = 1/3; the text's f_data = 0.3
// gives every entry 1-2% lower (checked below too).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <string>

#include "analytic/rings_analytic.hpp"

namespace kncsim {
namespace {

struct Row {
  int dims, radix, width;
  long wires_per_node, bisection;
  int decode;
  double throughput;
  int max_wire;
  double max_wire_latency, actual_wire, actual_latency;
};

// The table's rows as printed (a: constant link width, b: node size, c: bisection width).
const Row kLinkWidth[] = {
    {2, 64, 32, 128, 4096, 1, 0.837, 1, 407.9, 1.00, 407.9},
    {3, 16, 32, 192, 16384, 1, 3.514, 1, 166.6, 1.00, 166.6},
    {4, 8, 32, 256, 32768, 1, 7.529, 1, 117.0, 1.00, 117.0},
    {6, 4, 32, 384, 65536, 1, 17.569, 2, 107.0, 1.50, 98.0},
    {12, 2, 32, 768, 131072, 1, 52.706, 4, 110.0, 2.00, 86.0},
};
const Row kNodeSize[] = {
    {2, 64, 48, 192, 6144, 1, 1.094, 1, 400.9, 1.00, 400.9},
    {3, 16, 32, 192, 16384, 1, 3.514, 1, 166.6, 1.00, 166.6},
    {4, 8, 24, 192, 24576, 1, 5.333, 1, 126.0, 1.00, 126.0},
    {6, 4, 16, 192, 32768, 1, 8.784, 2, 131.0, 1.50, 122.0},
    {12, 2, 8, 192, 32768, 2, 13.176, 4, 194.0, 2.00, 170.0},
};
const Row kBisection[] = {
    {2, 64, 128, 512, 16384, 1, 2.844, 1, 389.9, 1.00, 389.9},
    {3, 16, 32, 192, 16384, 1, 3.514, 1, 166.6, 1.00, 166.6},
    {4, 8, 16, 128, 16384, 1, 3.765, 1, 141.0, 1.00, 141.0},
    {6, 4, 8, 96, 16384, 2, 4.392, 2, 197.0, 1.50, 188.0},
    {12, 2, 4, 96, 16384, 3, 6.588, 4, 302.0, 2.00, 278.0},
};

// The value as the table prints it: `decimals` digits after the point.
std::string printed(double v, int decimals) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
  return buf;
}

void check(const Row& r, RingConstraint c) {
  RingsDesign d;
  d.dims = r.dims;
  d.radix = r.radix;
  d.constraint = c;
  d.data_fraction = 1.0 / 3;
  const RingsAnalytic a = rings_analytic(d);
  SCOPED_TRACE(std::string(to_string(c)) + " n=" + std::to_string(r.dims));
  EXPECT_EQ(a.nodes, 4096);
  EXPECT_EQ(a.width_bits, r.width);
  EXPECT_EQ(a.wires_per_node, r.wires_per_node);
  EXPECT_EQ(a.bisection_wires, r.bisection);
  EXPECT_EQ(a.decode_cycles, r.decode);
  EXPECT_EQ(printed(a.max_throughput, 3), printed(r.throughput, 3));
  EXPECT_EQ(a.max_wire_cycles, r.max_wire);
  EXPECT_EQ(printed(a.round_trip_max_wire_cycles, 1), printed(r.max_wire_latency, 1));
  EXPECT_EQ(printed(a.mean_wire_cycles, 2), printed(r.actual_wire, 2));
  EXPECT_EQ(printed(a.round_trip_cycles, 1), printed(r.actual_latency, 1));

  d.data_fraction = 0.3;  // the text's value misses the printed digits, by 1-2%
  const double x = rings_analytic(d).max_throughput;
  EXPECT_NE(printed(x, 3), printed(r.throughput, 3));
  EXPECT_NEAR(x / r.throughput, 0.985, 0.005);
}

TEST(ScottGoodmanFigure5, ConstantLinkWidth) {
  for (const Row& r : kLinkWidth) check(r, RingConstraint::link_width);
}
TEST(ScottGoodmanFigure5, ConstantNodeSize) {
  for (const Row& r : kNodeSize) check(r, RingConstraint::node_size);
}
TEST(ScottGoodmanFigure5, ConstantBisectionWidth) {
  for (const Row& r : kBisection) check(r, RingConstraint::bisection);
}

// §3.2's text on Figure 7: the 1M-node hypercube's maximum wire delay is "a full 26 cycles",
// its mean "only 8.05 cycles".
TEST(ScottGoodmanText, MillionNodeHypercubeWireDelays) {
  RingsDesign d;
  d.dims = 20;
  d.radix = 2;
  const RingsAnalytic a = rings_analytic(d);
  EXPECT_EQ(a.nodes, 1048576);
  EXPECT_EQ(a.max_wire_cycles, 26);
  EXPECT_EQ(printed(a.mean_wire_cycles, 2), "8.05");
}

// §2.2.1's embedding, beyond Figure 5: n not a multiple of 3, and the synchronous variant.
TEST(RingsEmbedding, ExtraDimensionsAndSynchronousCycleTime) {
  RingsDesign d;
  d.dims = 5;
  d.radix = 4;
  RingsAnalytic a = rings_analytic(d);
  ASSERT_EQ(a.wire_lengths.size(), 5u);  // 3 of length 4^(2/3), then the extras 1 and 2
  EXPECT_NEAR(a.wire_lengths[0], std::pow(4.0, 2.0 / 3), 1e-12);
  EXPECT_EQ(a.wire_lengths[3], 1.0);
  EXPECT_EQ(a.wire_lengths[4], 2.0);
  EXPECT_EQ(a.max_wire_cycles, 2);  // ceil(2.52 / 2)
  EXPECT_DOUBLE_EQ(a.mean_wire_cycles, (2 + 2 + 2 + 1 + 1) / 5.0);
  EXPECT_EQ(a.cycle_time_increase, 1);

  d.mode = RingLinkMode::synchronous;
  const RingsAnalytic s = rings_analytic(d);
  EXPECT_NEAR(s.cycle_time_increase, 1 + std::pow(4.0, 2.0 / 3) / 2, 1e-12);  // eq 14's factor
  EXPECT_NEAR(s.max_throughput, a.max_throughput / s.cycle_time_increase, 1e-12);
  EXPECT_GT(s.round_trip_cycles, a.round_trip_cycles);
}

}  // namespace
}  // namespace kncsim
