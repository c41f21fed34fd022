#pragma once
// A loaded model's toggle counts by module (rtl_model_abi.hpp module_toggles), for the pins
// classes: empty when the model was built without counting.
#include <vector>

#include "energy/module_toggles.hpp"
#include "rtl_adapt/rtl_model_abi.hpp"

namespace kncsim {

inline NodeToggles read_module_toggles(const rtl_abi::ModelApi& api, void* model) {
  if (!api.module_toggles) return {};
  std::vector<rtl_abi::ModuleToggleCount> counts(16);
  const int n = api.module_toggles(model, counts.data(), int(counts.size()));
  if (n > int(counts.size())) {
    counts.resize(size_t(n));
    api.module_toggles(model, counts.data(), n);
  }
  NodeToggles out;
  for (int i = 0; i < n; ++i) out.push_back({counts[size_t(i)].module, counts[size_t(i)].toggles});

  return out;
}

}  // namespace kncsim
