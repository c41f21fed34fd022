#include <cmath>
#include <vector>

#include "rand/counter_rng.hpp"
#include "traffic/injection.hpp"

namespace kncsim {
namespace {

// Draw numbers of a packet's key: its gap (three), its phase, its destination.
enum Draw : uint64_t { kGap0, kGap1, kGap2, kPhase, kDest };

class RenewalStream final : public InjectionStream {
 public:
  RenewalStream(uint64_t seed, uint32_t nodes, const InterarrivalDistribution& gaps)
      : nodes_(nodes), gaps_(gaps), next_(nodes), count_(nodes, 0), keys_(nodes) {
    for (uint32_t n = 0; n < nodes; ++n) {
      keys_[n] = counter_node_key(seed, n);
      next_[n] = unit(n, 0, kPhase) * gap(n, 0);  // a stationary start: a uniform phase into the first gap
    }
  }

  void draw_cycle(int64_t cycle, std::vector<Injection>& out) override {
    const double end = double(cycle + 1);
    for (uint32_t n = 0; n < nodes_; ++n) {
      while (next_[n] < end) {
        const uint64_t k = count_[n]++;
        out.push_back({n, uint32_t(unit(n, k, kDest) * nodes_), 0});
        next_[n] += gap(n, k + 1);
      }
    }
  }

 private:
  double unit(uint32_t n, uint64_t k, Draw d) const { return unit_interval(counter_bits53_keyed(keys_[n], k, d)); }
  double gap(uint32_t n, uint64_t k) const { return gaps_.draw(unit(n, k, kGap0), unit(n, k, kGap1), unit(n, k, kGap2)); }

  uint32_t nodes_;
  InterarrivalDistribution gaps_;
  std::vector<double> next_;    // per node: the time of its next arrival
  std::vector<uint64_t> count_;  // per node: packets generated so far
  std::vector<uint64_t> keys_;
};

}  // namespace

std::unique_ptr<InjectionStream> make_renewal_stream(uint64_t seed, uint32_t nodes, const InterarrivalDistribution& gaps) {
  return std::make_unique<RenewalStream>(seed, nodes, gaps);
}

}  // namespace kncsim
