#pragma once
// `kncsim analytic --optimize` for network.topology rings: Scott & Goodman's optimal
// dimensionality (analytic/rings_optimum.hpp) for the configured N, every variant under every
// constraint, as JSON and as a table.
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "spec/experiment_spec.hpp"

namespace kncsim {

// message_bits: the messages whose unloaded latencies are summed (the paper's: the address and
// the data packet, traffic.address_bits and traffic.data_bits).
nlohmann::ordered_json rings_optimum_report(const ExperimentSpec& spec, const RingsExperiment& e,
                                            const std::vector<int>& message_bits);
std::string rings_optimum_summary(const nlohmann::ordered_json& report);

}  // namespace kncsim
