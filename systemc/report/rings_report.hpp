#pragma once
// `kncsim analytic` for network.topology rings: Scott & Goodman's closed forms as JSON and
// as a summary.
#include <nlohmann/json.hpp>
#include <string>

#include "analytic/rings_analytic.hpp"
#include "spec/experiment_spec.hpp"

namespace kncsim {

nlohmann::ordered_json rings_analytic_report(const ExperimentSpec& spec, const RingsExperiment& e);
std::string rings_analytic_summary(const RingsExperiment& e, const nlohmann::ordered_json& report);

}  // namespace kncsim
