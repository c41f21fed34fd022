#include "traffic/drand48_lcg.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace kncsim {
namespace {

// glibc: seed48({0x330E,0xABCD,0x1234}); drand48() -> 0.39646477376027534 (measured here).
TEST(Drand48Lcg, DefaultStateGivesTheSvidFirstValue) {
  Drand48Lcg lcg;
  EXPECT_EQ(lcg.state(), 0x1234ABCD330Eull);
  EXPECT_DOUBLE_EQ(std::ldexp(double(lcg.next()), -48), 0.39646477376027534);
}

// glibc: srand48(0); drand48() -> 0.17082803610628972; srand48(42) -> 0.74452500006100664
TEST(Drand48Lcg, Srand48MatchesGlibc) {
  EXPECT_EQ(Drand48Lcg::from_srand48(0).state(), 0x330Eull);
  EXPECT_EQ(std::ldexp(double(Drand48Lcg::from_srand48(0).next()), -48), 0.17082803610628972);
  EXPECT_EQ(std::ldexp(double(Drand48Lcg::from_srand48(42).next()), -48), 0.74452500006100664);
  EXPECT_EQ(Drand48Lcg::from_srand48(0x1'0000'0005ull).state(), Drand48Lcg::from_srand48(5).state())
      << "only the low 32 bits of the seed count";
}

TEST(Drand48Lcg, JumpEqualsStepping) {
  for (uint64_t k : {0ull, 1ull, 2ull, 7ull, 8ull, 1000ull, 123457ull}) {
    Drand48Lcg a(0xDEADBEEF), b(0xDEADBEEF);
    for (uint64_t i = 0; i < k; ++i) a.next();
    b.jump(k);
    EXPECT_EQ(a.state(), b.state()) << "k=" << k;
  }
}

TEST(Drand48Lcg, StepMapIsTheKStepAffineMap) {
  uint64_t mul, add;
  Drand48Lcg::step_map(8, mul, add);
  Drand48Lcg a(12345);
  const uint64_t x0 = a.state();
  for (int i = 0; i < 8; ++i) a.next();
  EXPECT_EQ(a.state(), (mul * x0 + add) & Drand48Lcg::kMask);
}

}  // namespace
}  // namespace kncsim
