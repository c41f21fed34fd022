#pragma once
// Turns a resolved Config into a running model, drives it to convergence and reports the
// result as JSON (deterministic: same config, same bytes) plus a human summary.
#include <nlohmann/json.hpp>
#include <cstdint>
#include <string>
#include <vector>

#include "config/config.hpp"
#include "stats/convergence.hpp"
#include "stats/counters.hpp"

namespace kncsim {

// Runs the experiment; `sink` (optional) receives every delivered packet, and `progress`
// (optional) is told where the run stands every few tenths of a second.
nlohmann::ordered_json run_experiment(const Config& config, PacketSink* sink = nullptr, const ProgressFn& progress = {});
// Closed-form figures for the configured network (no simulation).
nlohmann::ordered_json analytic_report(const Config& config);
// trace.nodes, each node once, in order.
std::vector<uint32_t> trace_nodes(const Config& config);
// The configuration with every key resolved, nested by section.
nlohmann::ordered_json resolved_config_json(const Config& config);

std::string run_summary(const nlohmann::ordered_json& result);
std::string analytic_summary(const nlohmann::ordered_json& report);

}  // namespace kncsim
