#pragma once
// Turns a decoded experiment into a running model, drives it to convergence and reports the
// result as JSON (deterministic: same config, same bytes) plus a human summary.
#include <nlohmann/json.hpp>
#include <cstdint>
#include <string>
#include <vector>

#include "spec/experiment_spec.hpp"
#include "stats/convergence.hpp"
#include "model/network_model.hpp"

namespace kncsim {

// Runs the experiment; `sink` (optional) receives every delivered packet, and `progress`
// (optional) is told where the run stands every few tenths of a second. `spec` comes from
// prepare_run (its memory checked, its RTL nodes' models attached); the result records its
// resolved configuration.
nlohmann::ordered_json run_experiment(const ExperimentSpec& spec, PacketSink* sink = nullptr,
                                      const ProgressFn& progress = {});
// Closed-form figures for the configured network (no simulation).
nlohmann::ordered_json analytic_report(const ExperimentSpec& spec);
// The result's verify.violations (verify.on_violation count): the total, per rule, the first reports.
struct ViolationTally;
nlohmann::ordered_json violations_json(const ViolationTally& t);
std::string violations_text(const ViolationTally& t);  // a failed run's note of them

// The human summaries of a result and of an analytic report, for the experiment decoded as spec.
std::string run_summary(const ExperimentSpec& spec, const nlohmann::ordered_json& result);
std::string analytic_summary(const ExperimentSpec& spec, const nlohmann::ordered_json& report);

}  // namespace kncsim
