// The legacy drand48 stream, drawn in blocks of interleaved LCG lanes: the values are the
// same sequence drand48() returns, but eight independent multiply-adds run per step.
#include <cmath>

#include "traffic/drand48_lcg.hpp"
#include "traffic/injection.hpp"

namespace kncsim {
namespace {

constexpr int kLanes = 8;
constexpr int kBlock = 4096;  // multiple of kLanes, fits in L1

class LegacyUniformStream final : public InjectionStream {
 public:
  LegacyUniformStream(uint64_t state, uint32_t nodes, double q)
      : nodes_(nodes), scale_(static_cast<double>(nodes)) {
    // drand48() < q  <=>  x * 2^-48 < q  <=>  x < ceil(q * 2^48) (the scaling is exact).
    const double t = std::ldexp(q, 48);
    threshold_ = t >= std::ldexp(1.0, 48) ? (uint64_t{1} << 48) : static_cast<uint64_t>(std::ceil(t));
    Drand48Lcg lcg(state);
    for (auto& lane : lanes_) lane = lcg.next();
    Drand48Lcg::step_map(kLanes, mul_, add_);
    refill();
  }

  void draw_cycle(int64_t, std::vector<Injection>& out) override {
    uint32_t node = 0;
    while (node < nodes_) {
      // Fast scan: no injection is by far the common case.
      uint32_t run = std::min<uint32_t>(nodes_ - node, kBlock - pos_);
      const uint64_t* b = buf_ + pos_;
      uint32_t i = 0;
      while (i < run && b[i] >= threshold_) ++i;
      pos_ += i;
      node += i;
      if (i == run) {
        if (pos_ == kBlock) refill();
        continue;
      }
      ++pos_;  // the injection draw
      out.push_back({node, destination(take())});
      ++node;
    }
  }

 private:
  uint64_t take() {
    if (pos_ == kBlock) refill();
    return buf_[pos_++];
  }
  // (int)(drand48()*N): the product is rounded in double exactly as the C expression.
  uint32_t destination(uint64_t x) const {
    return static_cast<uint32_t>(std::ldexp(static_cast<double>(x), -48) * scale_);
  }
  void refill() {
    for (int i = 0; i < kBlock; i += kLanes) {
      for (int j = 0; j < kLanes; ++j) {
        buf_[i + j] = lanes_[j];
        lanes_[j] = (mul_ * lanes_[j] + add_) & Drand48Lcg::kMask;
      }
    }
    pos_ = 0;
  }

  uint32_t nodes_;
  double scale_;
  uint64_t threshold_;
  uint64_t lanes_[kLanes];
  uint64_t mul_ = 0, add_ = 0;
  uint64_t buf_[kBlock];
  uint32_t pos_ = kBlock;
};

}  // namespace

double injection_probability(double load, int radix, int packet_flits) {
  return 4. * load / (radix * packet_flits);  // PBY(4.*A/(R*L)), same operation order
}

std::unique_ptr<InjectionStream> make_legacy_uniform_stream(uint64_t lcg_state, uint32_t nodes,
                                                            double q) {
  return std::make_unique<LegacyUniformStream>(lcg_state, nodes, q);
}

}  // namespace kncsim
