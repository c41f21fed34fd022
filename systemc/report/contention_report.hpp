#pragma once
// kncsim contention: Chittor's contention parameters and saturation bounds for the configured
// network, routing, process graph and mapping (systemc/contention/contention_parameters.hpp), as JSON and
// as a human summary with the bottleneck channels and paths ranked.
#include <nlohmann/json.hpp>

#include <string>
#include <vector>

#include "spec/contention_spec.hpp"

namespace kncsim {

// `top`: how many bottleneck channels and paths to rank. `applied`: applied node traffics
// (0 < lambda_a <= 1) at which to give the single-path model's predictions (section 3.2:
// contention/single_path_model.hpp) for the average node, the worst node and every node, and the
// network traffic of eq 3.32; none, no "theta_model".
nlohmann::ordered_json contention_report(const ContentionSpec& spec, int top, const std::vector<double>& applied = {});
std::string contention_summary(const nlohmann::ordered_json& report);

}  // namespace kncsim
