#include <memory>
#include <utility>
#include <vector>

#include "traffic/injection.hpp"

namespace kncsim {
namespace {

// Passes a stream's injections on unchanged and keeps a copy of each, with its cycle.
class RecordedStream final : public InjectionStream {
 public:
  RecordedStream(std::unique_ptr<InjectionStream> inner, std::vector<RecordedInjection>& into)
      : inner_(std::move(inner)), into_(into) {}
  void draw_cycle(int64_t cycle, std::vector<Injection>& out) override {
    const size_t before = out.size();
    inner_->draw_cycle(cycle, out);
    for (size_t i = before; i < out.size(); ++i) into_.push_back(RecordedInjection{cycle, out[i]});
  }

 private:
  std::unique_ptr<InjectionStream> inner_;
  std::vector<RecordedInjection>& into_;
};

}  // namespace

std::unique_ptr<InjectionStream> with_recording(std::unique_ptr<InjectionStream> stream,
                                                std::vector<RecordedInjection>& into) {
  return std::make_unique<RecordedStream>(std::move(stream), into);
}

}  // namespace kncsim
