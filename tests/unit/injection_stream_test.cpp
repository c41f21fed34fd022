#include <gtest/gtest.h>

#include <cmath>

#include "traffic/drand48_lcg.hpp"
#include "traffic/injection.hpp"
#include "traffic/injection_feed.hpp"

namespace kncsim {
namespace {

// The listing, one call at a time: per node, PBY(q) then (int)(drand48()*N) on injection.
std::vector<std::vector<Injection>> naive_legacy(uint64_t state, uint32_t nodes, double q, int cycles) {
  Drand48Lcg lcg(state);
  auto drand48 = [&] { return std::ldexp(double(lcg.next()), -48); };
  std::vector<std::vector<Injection>> out(cycles);
  for (int c = 0; c < cycles; ++c)
    for (uint32_t n = 0; n < nodes; ++n)
      if (drand48() < q) out[c].push_back({n, uint32_t(int(drand48() * nodes))});
  return out;
}

void expect_same(const std::vector<Injection>& a, const std::vector<Injection>& b, int cycle) {
  ASSERT_EQ(a.size(), b.size()) << "cycle " << cycle;
  for (size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(a[i].node, b[i].node) << "cycle " << cycle;
    EXPECT_EQ(a[i].dest, b[i].dest) << "cycle " << cycle;
  }
}

class LegacyStream : public ::testing::TestWithParam<std::tuple<uint32_t, double>> {};

TEST_P(LegacyStream, EqualsTheListingsDrawOrder) {
  const auto [nodes, q] = GetParam();
  const int cycles = 3000;
  const auto want = naive_legacy(Drand48Lcg::kDefaultState, nodes, q, cycles);
  auto s = make_legacy_uniform_stream(Drand48Lcg::kDefaultState, nodes, q);
  size_t total = 0;
  for (int c = 0; c < cycles; ++c) {
    std::vector<Injection> got;
    s->draw_cycle(c, got);
    expect_same(got, want[c], c);
    total += got.size();
  }
  EXPECT_GT(total, 0u);
}

// Node counts that are and are not powers of two (destination rounding), loads from light
// to q > 1 (always inject), crossing the generator's internal block boundaries.
INSTANTIATE_TEST_SUITE_P(Shapes, LegacyStream,
                         ::testing::Values(std::make_tuple(4u, 4. * .5 / (4 * 32)), std::make_tuple(27u, 0.3),
                                           std::make_tuple(1000u, 0.01), std::make_tuple(16384u, 4. * .1 / (128 * 32)),
                                           std::make_tuple(7u, 1.5)));

TEST(InjectionFeed, ThreadedFeedDeliversTheSameCyclesInOrder) {
  const uint32_t nodes = 64;
  const double q = 0.05;
  InjectionFeed one(make_legacy_uniform_stream(Drand48Lcg::kDefaultState, nodes, q), nodes, false);
  InjectionFeed two(make_legacy_uniform_stream(Drand48Lcg::kDefaultState, nodes, q), nodes, true);
  for (int c = 0; c < 20000; ++c) {
    auto a = one.next(), b = two.next();
    expect_same(std::vector<Injection>(a.begin, a.end), std::vector<Injection>(b.begin, b.end), c);
  }
}

TEST(CounterStream, IsAPureFunctionOfSeedNodeCycle) {
  auto a = make_counter_uniform_stream(7, 100, 0.2);
  auto b = make_counter_uniform_stream(7, 100, 0.2);
  auto other_seed = make_counter_uniform_stream(8, 100, 0.2);
  std::vector<Injection> x, y, z;
  // b skips cycles 0..9: cycle 10 must not depend on what was drawn before.
  for (int c = 0; c <= 10; ++c) {
    x.clear();
    a->draw_cycle(c, x);
  }
  b->draw_cycle(10, y);
  other_seed->draw_cycle(10, z);
  expect_same(x, y, 10);
  bool differs = x.size() != z.size();
  for (size_t i = 0; !differs && i < x.size(); ++i) differs = x[i].node != z[i].node || x[i].dest != z[i].dest;
  EXPECT_TRUE(differs) << "another seed should give other injections";
}

TEST(CounterStream, InjectionRateAndDestinationsAreUniform) {
  const uint32_t nodes = 50;
  const double q = 0.1;
  auto s = make_counter_uniform_stream(1, nodes, q);
  std::vector<int> per_dest(nodes);
  long injected = 0;
  const int cycles = 20000;
  for (int c = 0; c < cycles; ++c) {
    std::vector<Injection> v;
    s->draw_cycle(c, v);
    injected += long(v.size());
    for (auto& i : v) ++per_dest[i.dest];
  }
  const double n = double(nodes) * cycles, mean = n * q, sd = std::sqrt(n * q * (1 - q));
  EXPECT_NEAR(double(injected), mean, 5 * sd);  // 5 sigma: fails only if the rate is wrong
  const double per = double(injected) / nodes;
  for (int d : per_dest) EXPECT_NEAR(d, per, 6 * std::sqrt(per));
}

}  // namespace
}  // namespace kncsim
