#include <vector>

#include "rand/counter_rng.hpp"
#include "traffic/injection.hpp"

namespace kncsim {
namespace {

class CounterUniformStream final : public InjectionStream {
 public:
  CounterUniformStream(uint64_t seed, uint32_t nodes, double q)
      : nodes_(nodes), threshold_(probability_threshold(q, 53)) {
    node_keys_.reserve(nodes);
    for (uint32_t n = 0; n < nodes; ++n) node_keys_.push_back(counter_node_key(seed, n));
  }

  void draw_cycle(int64_t cycle, std::vector<Injection>& out) override {
    if (threshold_ == 0) return;  // q = 0 (a closed-loop workload's idle stream) costs nothing
    const auto c = static_cast<uint64_t>(cycle);
    for (uint32_t n = 0; n < nodes_; ++n) {
      const uint64_t key = node_keys_[n];
      if (counter_bits53_keyed(key, c, 0) >= threshold_) continue;
      // Scaling by 2^-53 is exact: the same u as std::ldexp(bits, -53), without a libm call.
      const double u = static_cast<double>(counter_bits53_keyed(key, c, 1)) * 0x1p-53;
      out.push_back({n, static_cast<uint32_t>(u * nodes_)});
    }
  }

 private:
  uint32_t nodes_;
  std::vector<uint64_t> node_keys_;  // counter_node_key(seed, n): the same every cycle
  uint64_t threshold_;
};

}  // namespace

std::unique_ptr<InjectionStream> make_counter_uniform_stream(uint64_t seed, uint32_t nodes,
                                                             double q) {
  return std::make_unique<CounterUniformStream>(seed, nodes, q);
}

}  // namespace kncsim
