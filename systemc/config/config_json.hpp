#pragma once
// The configuration with every key resolved, nested by section: what a result's JSON
// records under "config", and what identifies a sweep point.
#include <nlohmann/json.hpp>

#include "config/config.hpp"

namespace kncsim {

nlohmann::ordered_json resolved_config_json(const Config& config);

}  // namespace kncsim
