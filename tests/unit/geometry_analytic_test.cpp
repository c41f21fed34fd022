#include <gtest/gtest.h>

#include <cmath>

#include "analytic/mesh_analytic.hpp"
#include "topo/mesh_geometry.hpp"

namespace kncsim {
namespace {

TEST(MeshGeometry, NumberingFollowsTheListing) {
  MeshGeometry g(3, 4);
  EXPECT_EQ(g.nodes(), 64u);
  EXPECT_EQ(g.ports(), 7);
  EXPECT_EQ(g.bisection(), 16u);
  const uint32_t n = 1 + 2 * 4 + 3 * 16;  // (x,y,z) = (1,2,3)
  EXPECT_EQ(g.coord(n, 0), 1);
  EXPECT_EQ(g.coord(n, 1), 2);
  EXPECT_EQ(g.coord(n, 2), 3);
  EXPECT_EQ(g.neighbour(n, MeshGeometry::pred(0)), n - 1);
  EXPECT_EQ(g.neighbour(n, MeshGeometry::succ(1)), n + 4);
  EXPECT_EQ(g.neighbour(n, MeshGeometry::pred(2)), n - 16);
  EXPECT_EQ(MeshGeometry::opposite(1), 2);  // a pred output arrives on the succ input
  EXPECT_EQ(MeshGeometry::opposite(4), 3);
  EXPECT_EQ(MeshGeometry::dim_of(5), 2);
}

// The closed forms against brute force over every (src, dst) pair, the source included.
TEST(MeshAnalytic, MeanDistanceAndSpreadMatchBruteForce) {
  for (auto [d, R] : {std::pair{1, 4}, {2, 3}, {2, 8}, {3, 5}}) {
    MeshGeometry g(d, R);
    double sum = 0, sq = 0;
    for (uint32_t a = 0; a < g.nodes(); ++a)
      for (uint32_t b = 0; b < g.nodes(); ++b) {
        const double h = g.distance(a, b);
        sum += h;
        sq += h * h;
      }
    const double pairs = double(g.nodes()) * g.nodes(), mean = sum / pairs;
    const MeshAnalytic a = mesh_analytic(d, R, 32, .5);
    EXPECT_NEAR(a.mean_distance, mean, 1e-12) << d << "," << R;
    EXPECT_NEAR(a.distance_stddev, std::sqrt(sq / pairs - mean * mean), 1e-12) << d << "," << R;
    EXPECT_EQ(a.nodes, long(g.nodes()));
    EXPECT_EQ(a.bisection_flits, long(g.bisection()));
  }
}

TEST(MeshAnalytic, PaperFigures) {
  // Critique §2.3: 4x4x4 vs 8x8 mean distance 3.75 vs 5.25; 16^3 vs 64^2: 15.9 vs 42.7.
  EXPECT_DOUBLE_EQ(mesh_analytic(3, 4, 32, .1).mean_distance, 3.75);
  EXPECT_DOUBLE_EQ(mesh_analytic(2, 8, 32, .1).mean_distance, 5.25);
  EXPECT_NEAR(mesh_analytic(3, 16, 32, .1).mean_distance, 15.9, 0.05);
  EXPECT_NEAR(mesh_analytic(2, 64, 32, .1).mean_distance, 42.7, 0.05);
  // U_max bound 1 - 2(R-2)/(R(R+2)).
  EXPECT_NEAR(mesh_analytic(1, 4, 32, .1).umax_bound, 1 - 4. / 24, 1e-15);
  EXPECT_NEAR(mesh_analytic(1, 128, 32, .1).umax_bound, 1 - 252. / (128 * 130), 1e-15);
  // q = 4A/(R L): the SNS report's 128x128 example.
  EXPECT_DOUBLE_EQ(mesh_analytic(2, 128, 32, .5).injection_probability, 4 * .5 / (128 * 32));
}

}  // namespace
}  // namespace kncsim
