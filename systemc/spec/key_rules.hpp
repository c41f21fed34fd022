#pragma once
// The rules between keys: every combination of keys that cannot run is refused here, with a
// ConfigError naming the keys and the values allowed (each key's own range is the schema's,
// checked when it is set). Each model's own limits sit beside the model as a typed check
// (rtl_router_refusal, ref_router_refusal, sci_rtl_refusal, wormhole_params_refusal); these
// rules ask them. Called by the decodings (decode, decode_contention), first.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "config/config.hpp"
#include "router/fault_map.hpp"
#include "spec/link_timing.hpp"

namespace kncsim {

struct KeyRules {
  std::vector<std::string> warnings;  // combinations that run, but not as the user may think
  std::optional<MeshLinkTiming> links;  // a mesh's or torus's link timing, decoded once here
  // network.overrides' failures, worked out once here: what routing can still reach, and the
  // ordered pairs it cannot (reported as a warning at start-up).
  std::shared_ptr<const FaultMap> faults;
  int64_t unreachable_pairs = 0;
  std::vector<std::pair<uint32_t, uint32_t>> unreachable_examples;  // the first few
};

KeyRules check_key_rules(const Config& c);

}  // namespace kncsim
