#include <algorithm>
#include <vector>

#include "traffic/injection.hpp"

namespace kncsim {
namespace {

class ClassStream final : public InjectionStream {
 public:
  ClassStream(std::vector<std::unique_ptr<InjectionStream>> classes, std::vector<std::vector<uint32_t>> nodes,
              uint32_t network_nodes)
      : classes_(std::move(classes)) {
    for (const auto& list : nodes) {
      std::vector<bool> mine(network_nodes, list.empty());
      for (uint32_t n : list) mine[n] = true;
      on_.push_back(std::move(mine));
    }
  }

  void draw_cycle(int64_t cycle, std::vector<Injection>& out) override {
    const size_t first = out.size();
    for (size_t k = 0; k < classes_.size(); ++k) {
      scratch_.clear();
      classes_[k]->draw_cycle(cycle, scratch_);  // every node draws: a class's numbers do not depend on its node set
      for (Injection i : scratch_) {
        if (!on_[k][i.node]) continue;
        i.cls = uint8_t(k);
        out.push_back(i);
      }
    }
    std::stable_sort(out.begin() + std::ptrdiff_t(first), out.end(),
                     [](const Injection& a, const Injection& b) { return a.node < b.node; });
  }

 private:
  std::vector<std::unique_ptr<InjectionStream>> classes_;
  std::vector<std::vector<bool>> on_;
  std::vector<Injection> scratch_;
};

}  // namespace

std::unique_ptr<InjectionStream> merge_classes(std::vector<std::unique_ptr<InjectionStream>> classes,
                                               std::vector<std::vector<uint32_t>> nodes, uint32_t network_nodes) {
  return std::make_unique<ClassStream>(std::move(classes), std::move(nodes), network_nodes);
}

}  // namespace kncsim
