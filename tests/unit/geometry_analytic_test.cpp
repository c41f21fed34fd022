#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

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

// A torus: every port connects, the pred of 0 is R - 1, the shorter way round (the succ way
// when halfway), and the wraparound doubles the bisection.
TEST(MeshGeometry, TorusWrapsEveryDimension) {
  const MeshGeometry g(std::vector<int>{4, 5}, true);
  EXPECT_TRUE(g.torus());
  EXPECT_EQ(g.bisection(), 2u * 20 / 5);
  EXPECT_EQ(g.edge_ports_half(), 0u);
  const uint32_t corner = 0, far = 3 + 4 * 4;  // (0,0) and (3,4)
  for (int port = 1; port < g.ports(); ++port) EXPECT_TRUE(g.connected(corner, port));
  EXPECT_EQ(g.neighbour(corner, MeshGeometry::pred(0)), 3u);
  EXPECT_EQ(g.neighbour(corner, MeshGeometry::pred(1)), 16u);
  EXPECT_EQ(g.neighbour(far, MeshGeometry::succ(0)), 16u);
  EXPECT_EQ(g.neighbour(far, MeshGeometry::succ(1)), 3u);
  EXPECT_EQ(g.offset(corner, far, 0), -1);
  EXPECT_EQ(g.offset(corner, far, 1), -1);
  EXPECT_EQ(g.distance(corner, far), 2);
  EXPECT_EQ(g.offset(corner, 2, 0), 2);  // halfway round an even ring: the succ way
  EXPECT_EQ(g.offset(2, corner, 0), 2);
  EXPECT_EQ(g.offset(corner, 4 * 2, 1), 2);  // odd ring: 2 up, not 3 down
  EXPECT_EQ(g.offset(corner, 4 * 3, 1), -2);
  const MeshGeometry mesh(std::vector<int>{4, 5});
  EXPECT_FALSE(mesh.connected(corner, MeshGeometry::pred(0)));
  EXPECT_TRUE(mesh.connected(corner, MeshGeometry::succ(0)));
  EXPECT_FALSE(mesh.connected(far, MeshGeometry::succ(1)));
  EXPECT_EQ(mesh.distance(corner, far), 7);
}

// The torus figures: the mean distance's closed forms (R/4 per even dimension, (R^2-1)/(4R)
// per odd one) against the pair count, the doubled bisection and q; and the per-wire
// zero-load latency equals the mesh's closed form on a mesh.
TEST(MeshAnalytic, TorusFiguresAndWireByWireZeroLoad) {
  for (auto radices : {std::vector<int>{8, 8}, {5}, {4, 7, 3}}) {
    const MeshAnalytic a = torus_analytic(radices, 16, .5);
    const MeshGeometry g(radices, true);
    double closed = 0, sum = 0, sq = 0;
    for (int r : radices) closed += r % 2 ? (double(r) * r - 1) / (4. * r) : r / 4.;
    for (uint32_t x = 0; x < g.nodes(); ++x)
      for (uint32_t y = 0; y < g.nodes(); ++y) {
        sum += g.distance(x, y);
        sq += double(g.distance(x, y)) * g.distance(x, y);
      }
    const double pairs = double(g.nodes()) * g.nodes();
    EXPECT_NEAR(a.mean_distance, closed, 1e-12);
    EXPECT_NEAR(a.mean_distance, sum / pairs, 1e-12);
    EXPECT_NEAR(a.distance_stddev, std::sqrt(sq / pairs - (sum / pairs) * (sum / pairs)), 1e-12);
    EXPECT_EQ(a.bisection_flits, long(g.bisection()));
    EXPECT_DOUBLE_EQ(a.injection_probability, 8 * .5 / (g.radix() * 16));
    EXPECT_TRUE(std::isnan(a.umax_bound));
  }
  const std::vector<int> radices{4, 6, 3};
  const std::vector<int> delays{2, 1, 3};
  std::vector<std::vector<int>> wires;
  for (size_t k = 0; k < radices.size(); ++k) wires.emplace_back(size_t(radices[k]), delays[k]);
  EXPECT_NEAR(zero_load_latency(radices, false, wires, 1), zero_load_latency(radices, delays, 1), 1e-12);
  // A torus with every wire 1 cycle: T = D + 1.
  for (auto& w : wires) std::fill(w.begin(), w.end(), 1);
  EXPECT_NEAR(zero_load_latency(radices, true, wires, 0), torus_analytic(radices, 16, .5).mean_distance + 1, 1e-12);
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
