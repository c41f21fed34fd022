#pragma once
// The 48-bit linear congruential generator behind drand48(): x' = (a x + c) mod 2^48.
// The 1992 programs drew every random number from it, unseeded: SVID/POSIX start the
// state at 0x1234ABCD330E (SunOS did; note glibc's unseeded drand48 starts at 0 instead,
// so a glibc build of the listings does NOT reproduce the papers without seed48()).
#include <cstdint>

namespace kncsim {

class Drand48Lcg {
 public:
  static constexpr uint64_t kMask = (uint64_t{1} << 48) - 1;
  static constexpr uint64_t kA = 0x5DEECE66Dull;
  static constexpr uint64_t kC = 0xBull;
  static constexpr uint64_t kDefaultState = 0x1234ABCD330Eull;

  Drand48Lcg() = default;
  explicit Drand48Lcg(uint64_t state) : x_(state & kMask) {}

  // State after srand48(seed): only the low 32 bits of the seed are used, as in glibc.
  static Drand48Lcg from_srand48(uint64_t seed) {
    return Drand48Lcg(((seed & 0xFFFFFFFFull) << 16) | 0x330Eull);
  }

  // Advance and return the new 48-bit state; drand48() is this value * 2^-48, exactly.
  uint64_t next() {
    x_ = (kA * x_ + kC) & kMask;
    return x_;
  }
  uint64_t state() const { return x_; }

  // Advance by k steps in O(log k): compose the affine map x -> a x + c with itself.
  void jump(uint64_t k) {
    uint64_t mul = 1, add = 0, a = kA, c = kC;
    while (k) {
      if (k & 1) {
        mul = (mul * a) & kMask;
        add = (add * a + c) & kMask;
      }
      c = (c * (a + 1)) & kMask;
      a = (a * a) & kMask;
      k >>= 1;
    }
    x_ = (mul * x_ + add) & kMask;
  }

  // The affine map of k steps, for generating k interleaved lanes at once.
  static void step_map(uint64_t k, uint64_t& mul, uint64_t& add) {
    Drand48Lcg zero(0), one(1);
    zero.jump(k);
    one.jump(k);
    add = zero.state();
    mul = (one.state() - add) & kMask;
  }

 private:
  uint64_t x_ = kDefaultState;
};

}  // namespace kncsim
