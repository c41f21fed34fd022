// Wire lengths of a k-ary n-cube's layout, against lengths worked out by hand.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "analytic/wire_embedding.hpp"

namespace kncsim {
namespace {

TEST(WireEmbedding, UniformGivesEveryDimensionItsOwnAxis) {
  EXPECT_EQ(neighbour_wire_lengths(5, 8, Embedding::uniform), std::vector<double>(5, 1.0));
  EXPECT_EQ(physical_axes(Embedding::uniform, 5), 5);
}

TEST(WireEmbedding, PlanarFoldsTwoDimensionsPerAxis) {
  // 4-ary 4-cube on a board: per axis the outer dimension spans 4 nodes, the inner one 1.
  EXPECT_EQ(neighbour_wire_lengths(4, 4, Embedding::planar), (std::vector<double>{4, 1, 4, 1}));
  // 2 dimensions or fewer: each its own axis.
  EXPECT_EQ(neighbour_wire_lengths(2, 16, Embedding::planar), (std::vector<double>{1, 1}));
  // 3 dimensions on 2 axes: k^(3/2 - 1) on each axis, then the extra one of length 1.
  const std::vector<double> l = neighbour_wire_lengths(3, 16, Embedding::planar);
  ASSERT_EQ(l.size(), 3u);
  EXPECT_DOUBLE_EQ(l[0], 4.0);
  EXPECT_DOUBLE_EQ(l[1], 4.0);
  EXPECT_DOUBLE_EQ(l[2], 1.0);
}

TEST(WireEmbedding, CubeIsScottAndGoodmansScheme) {
  // 8-ary 6-cube: two dimensions per axis, of lengths 8 and 1 (eq 5: the longest k^(n/3-1)).
  EXPECT_EQ(neighbour_wire_lengths(6, 8, Embedding::cube), (std::vector<double>{8, 1, 8, 1, 8, 1}));
  // 4-ary 5-cube (Figure 5's): 3 of length 4^(2/3), then the extras 1 and 2.
  const std::vector<double> l = neighbour_wire_lengths(5, 4, Embedding::cube);
  ASSERT_EQ(l.size(), 5u);
  EXPECT_NEAR(l[0], std::pow(4.0, 2.0 / 3), 1e-12);
  EXPECT_EQ(l[3], 1.0);
  EXPECT_EQ(l[4], 2.0);
}

TEST(WireEmbedding, StraightRowsHaveOneLongWraparound) {
  // 8 nodes in coordinate order: every wire 1 long but the one from 7 back to 0.
  for (int c = 0; c < 7; ++c) EXPECT_EQ(link_length(c, 8, 3.0, Wiring::straight), 3.0) << c;
  EXPECT_EQ(link_length(7, 8, 3.0, Wiring::straight), 21.0);
}

TEST(WireEmbedding, FoldedRowsSpanAtMostTwoPositions) {
  // Positions 0 2 4 6 7 5 3 1 for coordinates 0..7: wires of 2, and 1 at both turns.
  const std::vector<int> pos{0, 2, 4, 6, 7, 5, 3, 1};
  for (int c = 0; c < 8; ++c) EXPECT_EQ(wiring_position(c, 8, Wiring::folded), pos[size_t(c)]) << c;
  const std::vector<double> len{2, 2, 2, 1, 2, 2, 2, 1};
  for (int c = 0; c < 8; ++c) EXPECT_EQ(link_length(c, 8, 1.0, Wiring::folded), len[size_t(c)]) << c;
  // An odd radix: 0 2 4 3 1, so 2 2 1 2 1.
  const std::vector<double> odd{2, 2, 1, 2, 1};
  for (int c = 0; c < 5; ++c) EXPECT_EQ(link_length(c, 5, 1.0, Wiring::folded), odd[size_t(c)]) << c;
}

TEST(WireEmbedding, WireCyclesRoundUpAndAreAtLeastOne) {
  EXPECT_EQ(wire_cycles(1, 2), 1);
  EXPECT_EQ(wire_cycles(8, 2), 4);
  EXPECT_EQ(wire_cycles(9, 2), 5);
  EXPECT_EQ(wire_cycles(std::pow(4.0, 2.0 / 3), 1), 3);
  EXPECT_EQ(wire_cycles(0.5, 4), 1);
}

}  // namespace
}  // namespace kncsim
