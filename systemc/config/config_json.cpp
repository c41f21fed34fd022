#include "config/config_json.hpp"

#include <variant>

#include "config/schema.hpp"

namespace kncsim {

nlohmann::ordered_json resolved_config_json(const Config& config) {
  nlohmann::ordered_json out = nlohmann::ordered_json::object();
  for (const auto& [key, value] : config.values()) {
    std::string name, sub;
    if (split_class_key(key, name, sub)) continue;  // below, class by class
    const auto dot = key.find('.');
    nlohmann::ordered_json& section = out[key.substr(0, dot)];
    std::visit([&](const auto& v) { section[key.substr(dot + 1)] = v; }, value);
  }
  // Traffic classes: the keys each one set, in declaration order (the rest it inherits).
  for (const std::string& name : config.classes()) {
    nlohmann::ordered_json& cls = out["classes"][name];
    for (const auto& [key, value] : config.values()) {
      std::string n, sub;
      if (split_class_key(key, n, sub) && n == name) std::visit([&](const auto& v) { cls[sub] = v; }, value);
    }
  }
  return out;
}

}  // namespace kncsim
