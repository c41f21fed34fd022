#pragma once
// `kncsim run` for network.topology rings: the SCI ring network under open-loop or
// request/response traffic, measured as Scott & Goodman do (latency in switch cycles against
// throughput in bits/cycle/processor).
#include <nlohmann/json.hpp>
#include <string>

#include "spec/experiment_spec.hpp"
#include "ring/ring_model.hpp"
#include "ring/sci_network.hpp"
#include "ring/sci_params.hpp"

namespace kncsim {

// After the convergence path's fields: drains a fixed run, checks flit conservation and
// exactly-once delivery, and adds Scott & Goodman's measures over the window (latency per
// kind in switch cycles, round trip, bits/cycle/processor) and the protocol's counts.
void put_rings_results(nlohmann::ordered_json& result, const RingsExperiment& e, RingModel& net);
std::string rings_run_summary(const ExperimentSpec& spec, const nlohmann::ordered_json& result);

}  // namespace kncsim
