#pragma once
// Turns a resolved Config into a running model, drives it to convergence and reports the
// result as JSON (deterministic: same config, same bytes) plus a human summary.
#include <nlohmann/json.hpp>
#include <cstdint>
#include <string>
#include <vector>

#include "config/config.hpp"
#include "config/config_json.hpp"
#include "config/experiment_spec.hpp"
#include "stats/convergence.hpp"
#include "model/network_model.hpp"

namespace kncsim {

// Runs the experiment; `sink` (optional) receives every delivered packet, and `progress`
// (optional) is told where the run stands every few tenths of a second. The run is refused
// first if its memory estimate exceeds the limit. `spec` comes from prepare_experiment (the RTL
// nodes' models attached) of `config`, which the result records.
nlohmann::ordered_json run_experiment(const Config& config, const ExperimentSpec& spec, PacketSink* sink = nullptr,
                                      const ProgressFn& progress = {});
// The same, decoded here: the memory estimate is checked before the decoding builds anything.
nlohmann::ordered_json run_experiment(const Config& config, PacketSink* sink = nullptr, const ProgressFn& progress = {});
// Closed-form figures for the configured network (no simulation).
nlohmann::ordered_json analytic_report(const Config& config, const ExperimentSpec& spec);
nlohmann::ordered_json analytic_report(const Config& config);

// The human summaries of a result and of an analytic report, for the experiment decoded as spec.
std::string run_summary(const ExperimentSpec& spec, const nlohmann::ordered_json& result);
std::string analytic_summary(const ExperimentSpec& spec, const nlohmann::ordered_json& report);

}  // namespace kncsim
