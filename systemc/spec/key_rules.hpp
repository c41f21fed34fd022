#pragma once
// The rules between keys: every combination of keys that cannot run is refused here, with a
// ConfigError naming the keys and the values allowed (each key's own range is the schema's,
// checked when it is set). Each model's own limits sit beside the model as a typed check
// (rtl_router_refusal, ref_router_refusal, sci_rtl_refusal, wormhole_params_refusal); these
// rules ask them. Called by the decodings (decode, decode_contention), first.
#include <optional>
#include <string>
#include <vector>

#include "config/config.hpp"
#include "spec/link_timing.hpp"

namespace kncsim {

struct KeyRules {
  std::vector<std::string> warnings;  // combinations that run, but not as the user may think
  std::optional<MeshLinkTiming> links;  // a mesh's or torus's link timing, decoded once here
};

KeyRules check_key_rules(const Config& c);

}  // namespace kncsim
