#include <vector>

#include "rand/counter_rng.hpp"
#include "traffic/injection.hpp"

namespace kncsim {
namespace {

// Lengths keyed on the node's own packet count: independent of which process made the packet.
class LengthStream final : public InjectionStream {
 public:
  LengthStream(std::unique_ptr<InjectionStream> s, uint32_t nodes, const LengthDistribution& lengths, uint64_t seed)
      : s_(std::move(s)), lengths_(lengths), seed_(stream_seed(seed, 1)), count_(nodes, 0) {}
  void draw_cycle(int64_t cycle, std::vector<Injection>& out) override {
    const size_t first = out.size();
    s_->draw_cycle(cycle, out);
    for (size_t i = first; i < out.size(); ++i) {
      const uint32_t n = out[i].node;
      out[i].flits = uint32_t(lengths_.draw(unit_interval(counter_bits53(seed_, n, count_[n]++, 0))));
    }
  }

 private:
  std::unique_ptr<InjectionStream> s_;
  LengthDistribution lengths_;
  uint64_t seed_;
  std::vector<uint64_t> count_;
};

}  // namespace
std::unique_ptr<InjectionStream> with_lengths(std::unique_ptr<InjectionStream> stream, uint32_t nodes,
                                              const LengthDistribution& lengths, uint64_t seed) {
  if (lengths.kind == LengthKind::fixed) return stream;
  return std::make_unique<LengthStream>(std::move(stream), nodes, lengths, seed);
}

}  // namespace kncsim
