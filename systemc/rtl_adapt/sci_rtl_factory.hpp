#pragma once
// The Verilated SCI ring node (rtl/sci/, or the architect's copy), put at a node of a
// SciNetwork. One model serves every ring network within its package's limits
// (rtl/sci_rtl_limits.hpp; the network's parameters are straps), so the model cache holds
// one per binding and source directory; a network outside the limits is refused by the
// config checks.
#include <cstdint>
#include <memory>
#include <string>

#include "ring/sci_rtl_maker.hpp"
#include "rtl_cache/model_spec.hpp"

namespace kncsim {

class SciCoverage;

// The cache's model of the SCI node: from `sources_dir` (empty: rtl/sci/), in one binding.
// `toggles`: the model counts its toggles (energy.rtl_toggles), a cache entry of its own.
ModelSpec rtl_sci_model_spec(bool signal_binding, const std::string& sources_dir = "", bool toggles = false);

// Makes RTL ring nodes (SciRtl::make): each binding's model is loaded from the cache, built
// first if need be, when the first node needs it.
// `monitored`: each node's ring pins under a protocol monitor (verify/sci_pin_monitor.hpp),
// marking `coverage` if given.
SciRtlMaker rtl_sci_maker(const std::string& sources_dir = "", bool monitored = true, SciCoverage* coverage = nullptr,
                          bool toggles = false, uint32_t toggle_period = 1);

}  // namespace kncsim
