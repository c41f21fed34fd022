#include <vector>

#include "rand/counter_rng.hpp"
#include "traffic/injection.hpp"

namespace kncsim {
namespace {

class MruStream final : public InjectionStream {
 public:
  MruStream(std::unique_ptr<InjectionStream> s, uint32_t nodes, std::vector<double> p, uint64_t seed)
      : s_(std::move(s)), p_(std::move(p)), seed_(stream_seed(seed, 2)), count_(nodes, 0),
        stack_(size_t(nodes) * p_.size()), depth_(nodes, 0) {}
  void draw_cycle(int64_t cycle, std::vector<Injection>& out) override {
    const size_t first = out.size();
    s_->draw_cycle(cycle, out);
    const size_t k = p_.size();
    for (size_t i = first; i < out.size(); ++i) {
      const uint32_t n = out[i].node;
      uint32_t* stack = &stack_[size_t(n) * k];
      const double u = unit_interval(counter_bits53(seed_, n, count_[n]++, 0));
      size_t pick = k;  // k: the stream's own destination
      double sum = 0;
      for (size_t j = 0; j < k; ++j) {
        sum += p_[j];
        if (u < sum) {
          pick = j;
          break;
        }
      }
      if (pick < depth_[n]) out[i].dest = stack[pick];
      // Move to the top: the one taken, or a new one pushing the rest down (the last falls off).
      size_t from = depth_[n];
      for (size_t j = 0; j < depth_[n]; ++j)
        if (stack[j] == out[i].dest) from = j;
      if (from == depth_[n]) {
        if (depth_[n] < k) ++depth_[n];
        from = depth_[n] - 1;
      }
      for (size_t j = from; j > 0; --j) stack[j] = stack[j - 1];
      stack[0] = out[i].dest;
    }
  }

 private:
  std::unique_ptr<InjectionStream> s_;
  std::vector<double> p_;
  uint64_t seed_;
  std::vector<uint64_t> count_;
  std::vector<uint32_t> stack_;  // per node, k destinations, most recent first
  std::vector<size_t> depth_;
};

}  // namespace
std::unique_ptr<InjectionStream> with_mru_stack(std::unique_ptr<InjectionStream> stream, uint32_t nodes,
                                                std::vector<double> probabilities, uint64_t seed) {
  if (probabilities.empty()) return stream;
  return std::make_unique<MruStream>(std::move(stream), nodes, std::move(probabilities), seed);
}

}  // namespace kncsim
