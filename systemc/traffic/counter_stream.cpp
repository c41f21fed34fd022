#include <cmath>

#include "rand/counter_rng.hpp"
#include "traffic/injection.hpp"

namespace kncsim {
namespace {

class CounterUniformStream final : public InjectionStream {
 public:
  CounterUniformStream(uint64_t seed, uint32_t nodes, double q)
      : seed_(seed), nodes_(nodes), threshold_(probability_threshold(q, 53)) {}

  void draw_cycle(int64_t cycle, std::vector<Injection>& out) override {
    if (threshold_ == 0) return;  // q = 0 (a closed-loop workload's idle stream) costs nothing
    const auto c = static_cast<uint64_t>(cycle);
    for (uint32_t n = 0; n < nodes_; ++n) {
      if (counter_bits53(seed_, n, c, 0) >= threshold_) continue;
      const double u = std::ldexp(static_cast<double>(counter_bits53(seed_, n, c, 1)), -53);
      out.push_back({n, static_cast<uint32_t>(u * nodes_)});
    }
  }

 private:
  uint64_t seed_;
  uint32_t nodes_;
  uint64_t threshold_;
};

}  // namespace

std::unique_ptr<InjectionStream> make_counter_uniform_stream(uint64_t seed, uint32_t nodes,
                                                             double q) {
  return std::make_unique<CounterUniformStream>(seed, nodes, q);
}

}  // namespace kncsim
