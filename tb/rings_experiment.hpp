#pragma once
// `kncsim run` for network.topology rings: the SCI ring network under open-loop or
// request/response traffic, measured as Scott & Goodman do (latency in switch cycles against
// throughput in bits/cycle/processor).
#include <nlohmann/json.hpp>
#include <string>

#include "config/config.hpp"
#include "ring/sci_params.hpp"

namespace kncsim {

// The simulated network's parameters; refuses queues the protocol cannot work with.
SciParams rings_sci_params(const Config& c);
nlohmann::ordered_json run_rings_experiment(const Config& c);
std::string rings_run_summary(const nlohmann::ordered_json& result);

}  // namespace kncsim
