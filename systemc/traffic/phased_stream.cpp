#include <memory>
#include <utility>
#include <vector>

#include "traffic/injection.hpp"

namespace kncsim {
namespace {

// On/off phases: the sources inject in the first `on` cycles of every `on + off` and not in
// the rest. The stream draws every cycle as it would (a legacy stream's drand48 order, and so
// the on phases' packets, stay the same), and an off cycle's draws are dropped.
class PhasedStream final : public InjectionStream {
 public:
  PhasedStream(std::unique_ptr<InjectionStream> inner, int64_t on, int64_t off)
      : inner_(std::move(inner)), on_(on), period_(on + off) {}
  void draw_cycle(int64_t cycle, std::vector<Injection>& out) override {
    const size_t before = out.size();
    inner_->draw_cycle(cycle, out);
    if (cycle % period_ >= on_) out.resize(before);
  }

 private:
  std::unique_ptr<InjectionStream> inner_;
  int64_t on_, period_;
};

}  // namespace

std::unique_ptr<InjectionStream> with_phases(std::unique_ptr<InjectionStream> stream, int64_t on, int64_t off) {
  if (on <= 0 || off <= 0) return stream;
  return std::make_unique<PhasedStream>(std::move(stream), on, off);
}

}  // namespace kncsim
