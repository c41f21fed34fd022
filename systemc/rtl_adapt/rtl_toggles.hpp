#pragma once
// A loaded model's toggle counts by module (rtl_model_abi.hpp module_toggles), for the pins
// classes: empty when the model was built without counting (no counter).
#include <vector>

#include "energy/module_toggles.hpp"
#include "rtl_adapt/rtl_model_abi.hpp"

namespace kncsim {

// Node n's draws of the evaluations it counts (energy.toggle_sampling): its own, the same in every run.
inline uint64_t toggle_seed(uint32_t node) { return 0x6b6e6373696d0000ull ^ (uint64_t(node) * 0x9e3779b97f4a7c15ull); }

inline NodeToggles read_module_toggles(const rtl_abi::ModelApi& api, void* counter) {
  if (!counter) return {};
  std::vector<rtl_abi::ModuleToggleCount> counts(16);
  const int n = api.module_toggles(counter, counts.data(), int(counts.size()));
  if (n > int(counts.size())) {
    counts.resize(size_t(n));
    api.module_toggles(counter, counts.data(), n);
  }
  NodeToggles out;
  for (int i = 0; i < n; ++i) out.push_back({counts[size_t(i)].module, counts[size_t(i)].toggles});

  return out;
}

}  // namespace kncsim
