// The legacy drand48 stream. Eight interleaved LCG lanes hold the next eight values of the
// sequence drand48() returns; a group of eight nodes that all stay silent (the common case)
// costs eight independent multiply-adds and compares, with nothing written anywhere.
#include <cmath>

#include "traffic/drand48_lcg.hpp"
#include "traffic/injection.hpp"

namespace kncsim {
namespace {

constexpr int kLanes = 8;

class LegacyUniformStream final : public InjectionStream {
 public:
  LegacyUniformStream(uint64_t state, uint32_t nodes, double q)
      : nodes_(nodes), scale_(static_cast<double>(nodes)) {
    threshold_ = probability_threshold(q, 48);  // PBY(q): drand48() < q
    Drand48Lcg lcg(state);
    for (auto& lane : lanes_) lane = lcg.next();
    Drand48Lcg::step_map(kLanes, mul_, add_);
  }

  void draw_cycle(int64_t, std::vector<Injection>& out) override {
    uint32_t node = 0;
    while (node < nodes_) {
      if (used_ == 0) node += kLanes * skip_quiet_groups((nodes_ - node) / kLanes);
      if (node == nodes_) break;
      // One draw at a time: the injection test, then on injection the destination.
      if (take() < threshold_) out.push_back({node, destination(take())});
      ++node;
    }
  }

 private:
  // Skips up to max_groups whole groups in which no node injects; returns how many. The lanes
  // live in locals so they stay in registers through the loop.
  uint32_t skip_quiet_groups(uint32_t max_groups) {
    uint64_t l[kLanes];
    for (int j = 0; j < kLanes; ++j) l[j] = lanes_[j];
    const uint64_t mul = mul_, add = add_, thr = threshold_;
    uint32_t g = 0;
    for (; g < max_groups; ++g) {
      bool hit = false;
      for (int j = 0; j < kLanes; ++j) hit |= l[j] < thr;
      if (hit) break;
      for (int j = 0; j < kLanes; ++j) l[j] = (mul * l[j] + add) & Drand48Lcg::kMask;
    }
    for (int j = 0; j < kLanes; ++j) lanes_[j] = l[j];
    return g;
  }
  void advance() {
    for (auto& lane : lanes_) lane = (mul_ * lane + add_) & Drand48Lcg::kMask;
  }
  uint64_t take() {
    const uint64_t x = lanes_[used_];
    if (++used_ == kLanes) {
      advance();
      used_ = 0;
    }
    return x;
  }
  // (int)(drand48()*N): the product is rounded in double exactly as the C expression.
  uint32_t destination(uint64_t x) const {
    return static_cast<uint32_t>(std::ldexp(static_cast<double>(x), -48) * scale_);
  }

  uint32_t nodes_;
  double scale_;
  uint64_t threshold_;
  uint64_t lanes_[kLanes];  // values used_.. of the current group are still to be drawn
  uint64_t mul_ = 0, add_ = 0;
  int used_ = 0;
};

}  // namespace

double injection_probability(double load, int radix, int packet_flits) {
  return 4. * load / (radix * packet_flits);  // PBY(4.*A/(R*L)), same operation order
}

uint64_t probability_threshold(double q, int bits) {
  const double t = std::ldexp(q, bits);
  return t >= std::ldexp(1.0, bits) ? (uint64_t{1} << bits) : static_cast<uint64_t>(std::ceil(t));
}

std::unique_ptr<InjectionStream> make_legacy_uniform_stream(uint64_t lcg_state, uint32_t nodes,
                                                            double q) {
  return std::make_unique<LegacyUniformStream>(lcg_state, nodes, q);
}

}  // namespace kncsim
