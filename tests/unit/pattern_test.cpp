// Destination patterns: exact maps on a 4x4 mesh, the injection process left alone, and the
// hotspot share within a stated statistical tolerance.
#include <gtest/gtest.h>

#include <cmath>

#include "traffic/pattern.hpp"

namespace kncsim {
namespace {

std::vector<Injection> draw(PatternKind kind, const MeshGeometry& g, int64_t cycles, double f = .1) {
  PatternSpec spec;
  spec.kind = kind;
  spec.hotspots = {5, 10};
  spec.hotspot_fraction = f;
  spec.seed = 77;
  auto s = with_pattern(make_counter_uniform_stream(77, g.nodes(), .2), g, spec);
  std::vector<Injection> out;
  for (int64_t c = 0; c < cycles; ++c) s->draw_cycle(c, out);
  return out;
}

TEST(Pattern, DeterministicMapsOnA4x4Mesh) {
  const MeshGeometry g(2, 4);
  for (const auto& i : draw(PatternKind::transpose, g, 100))
    EXPECT_EQ(i.dest, g.coord(i.node, 1) + 4u * g.coord(i.node, 0));
  for (const auto& i : draw(PatternKind::bit_complement, g, 100)) EXPECT_EQ(i.dest, 15 - i.node);
  const uint32_t reversed[16] = {0, 8, 4, 12, 2, 10, 6, 14, 1, 9, 5, 13, 3, 11, 7, 15};
  for (const auto& i : draw(PatternKind::bit_reversal, g, 100)) EXPECT_EQ(i.dest, reversed[i.node]);
  for (const auto& i : draw(PatternKind::nearest_neighbour, g, 100)) EXPECT_EQ(g.distance(i.node, i.dest), 1);
}

TEST(Pattern, KeepsTheInjectionProcess) {
  const MeshGeometry g(2, 4);
  const auto u = draw(PatternKind::uniform, g, 500), t = draw(PatternKind::hotspot, g, 500);
  ASSERT_EQ(u.size(), t.size());
  for (size_t k = 0; k < u.size(); ++k) EXPECT_EQ(u[k].node, t[k].node);
}

TEST(Pattern, HotspotShareIsTheConfiguredFraction) {
  const MeshGeometry g(2, 8);
  const double f = .3;
  const auto inj = draw(PatternKind::hotspot, g, 4000, f);
  // Hot destinations: the fraction f plus the uniform share 2/64 of the rest.
  const double p = f + (1 - f) * 2 / 64.;
  double hot = 0;
  for (const auto& i : inj) hot += (i.dest == 5 || i.dest == 10);
  const double n = double(inj.size()), sigma = std::sqrt(p * (1 - p) / n);
  EXPECT_GT(n, 40000);
  EXPECT_NEAR(hot / n, p, 5 * sigma);  // 5 sigma: a false alarm about once in 3.5 million runs
}

TEST(Pattern, RefusesMeshesItCannotMap) {
  EXPECT_NE(pattern_unsupported(PatternKind::transpose, MeshGeometry(1, 8)), "");
  EXPECT_NE(pattern_unsupported(PatternKind::transpose, MeshGeometry(std::vector<int>{8, 4})), "");
  EXPECT_EQ(pattern_unsupported(PatternKind::transpose, MeshGeometry(std::vector<int>{8, 4, 8})), "");
  EXPECT_NE(pattern_unsupported(PatternKind::bit_reversal, MeshGeometry(2, 6)), "");
  EXPECT_EQ(pattern_unsupported(PatternKind::bit_reversal, MeshGeometry(3, 4)), "");
}

}  // namespace
}  // namespace kncsim
