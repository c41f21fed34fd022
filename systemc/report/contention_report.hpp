#pragma once
// kncsim contention: Chittor's contention parameters and saturation bounds for the configured
// network, routing, process graph and mapping (systemc/contention/contention_parameters.hpp), as JSON and
// as a human summary with the bottleneck channels and paths ranked.
#include <nlohmann/json.hpp>

#include <string>

#include "spec/contention_spec.hpp"

namespace kncsim {

// `top`: how many bottleneck channels and paths to rank.
nlohmann::ordered_json contention_report(const ContentionSpec& spec, int top);
std::string contention_summary(const nlohmann::ordered_json& report);

}  // namespace kncsim
