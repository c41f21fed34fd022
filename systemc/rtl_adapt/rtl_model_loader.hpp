#pragma once
// A Verilated model's table (rtl_model_abi.hpp) from the model cache: built the first time,
// loaded after that, and checked to be the model asked for.
#include <fmt/format.h>

#include <stdexcept>

#include "rtl_adapt/rtl_model_abi.hpp"
#include "rtl_cache/build_progress_line.hpp"
#include "rtl_cache/model_cache.hpp"

namespace kncsim {

inline const rtl_abi::ModelApi& load_rtl_model(const ModelSpec& spec) {
  BuildProgressLine progress;
  const auto entry = reinterpret_cast<kncsim_rtl_model_fn>(ModelCache().load(spec, "kncsim_rtl_model", 0, &progress));
  const rtl_abi::ModelApi* api = entry();
  if (api->abi_version != rtl_abi::kAbiVersion || spec.top() != api->top ||
      api->signals != (spec.binding == RtlBinding::signals))
    throw std::runtime_error(fmt::format("the cached RTL model for {} is not the one asked for (ABI {}, top {})",
                                         spec.label, api->abi_version, api->top));
  if (spec.toggles != (api->toggle_counter != nullptr))
    throw std::runtime_error(fmt::format("the cached RTL model for {} {} its toggles", spec.label,
                                         spec.toggles ? "does not count" : "counts"));
  return *api;
}

}  // namespace kncsim
