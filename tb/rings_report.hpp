#pragma once
// `kncsim analytic` for network.topology rings: Scott & Goodman's closed forms as JSON and
// as a summary.
#include <nlohmann/json.hpp>
#include <string>

#include "analytic/rings_analytic.hpp"
#include "config/config.hpp"
#include "experiment_spec.hpp"

namespace kncsim {

RingsDesign rings_design(const Config& c);
// rings_analytic, with a design it cannot size refused as a ConfigError naming the key.
RingsAnalytic checked_rings_analytic(const RingsDesign& d);
nlohmann::ordered_json rings_analytic_report(const Config& c, const RingsExperiment& e);
std::string rings_analytic_summary(const nlohmann::ordered_json& report);

}  // namespace kncsim
