#include "config/config_json.hpp"

#include <variant>

namespace kncsim {

nlohmann::ordered_json resolved_config_json(const Config& config) {
  nlohmann::ordered_json out = nlohmann::ordered_json::object();
  for (const auto& [key, value] : config.values()) {
    const auto dot = key.find('.');
    nlohmann::ordered_json& section = out[key.substr(0, dot)];
    std::visit([&](const auto& v) { section[key.substr(dot + 1)] = v; }, value);
  }
  return out;
}

}  // namespace kncsim
