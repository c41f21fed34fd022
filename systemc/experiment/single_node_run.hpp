#pragma once
// `kncsim run` with router.impl: single_node (rings): Scott & Goodman's §3.1 method. The node
// (ring/sci_single_node) is simulated at arrival rates set from the realized CPU throughput and
// each ring's drop fraction (eq 15: sends B/(1-f), nacks B f/(1-f)), iterated until throughput
// and both packet latencies change by under 2 % (the paper's threshold); latency is eq 16's
// composition of the measured per-ring times. Then, at the last rates, batches until the 95 %
// interval of the mean message latency is within run.ci_target (at most run.max_cycles of the
// node). The result has the network runs' measures under the same names.
#include <nlohmann/json.hpp>
#include <string>

#include "ring/sci_single_node.hpp"
#include "spec/experiment_spec.hpp"

namespace kncsim {

// Eq 16: latency of a packet of send kind `kind` (0 address, 1 data) in simulated cycles, from
// what the node measured; +inf if a ring drops nearly everything of that kind.
double single_node_latency(const SciParams& p, const SingleNodeStats& s, int kind);

nlohmann::ordered_json run_single_node(const ExperimentSpec& spec, const RingsExperiment& e);
std::string single_node_summary(const ExperimentSpec& spec, const nlohmann::ordered_json& result);

}  // namespace kncsim
