#pragma once
// The statistics of a run beyond the listings' means, as JSON (the result's "latency", "hops",
// "per_node", "channels" and "bisection") and as CSV tables (--csv DIR: channels.csv,
// nodes.csv). Latencies are in the units of the run's T; rates are per node and cycle.
#include <nlohmann/json.hpp>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "model/channel_load.hpp"
#include "stats/class_statistics.hpp"
#include "stats/run_statistics.hpp"

namespace kncsim {

struct StatisticsContext {
  int64_t curtime = 0;
  double latency_scale = 1;   // T's units per simulated cycle (rings: switch cycles per cycle)
  double packet_flits = 0;    // mesh: L (its mean, where lengths vary), so node rates are in flits; rings: 0, rates in messages
  bool rings = false;
  std::vector<int> radices;   // per dimension
  bool torus = false;
  std::function<int(uint32_t node, int dim)> coord;
  double queues = 0;  // the listing's NUMQ for AQLEN (meshes); 0: no time-averaged AQLEN
};

nlohmann::ordered_json statistics_json(const RunStatistics& stats, const std::vector<ChannelLoad>& channels,
                                       const StatisticsContext& c);

// Each traffic class's results (classes.NAME): its delivered packets, latency and latency by hop
// count while collecting; `offered_load` per class, in its order.
nlohmann::ordered_json classes_json(const ClassStatistics& classes, const std::vector<double>& offered_load);
// A line per class for the human summary.
std::string classes_summary(const nlohmann::ordered_json& result);

// Two lines for the human summary (empty without run.statistics full).
std::string statistics_summary(const nlohmann::ordered_json& result);

// Writes DIR/channels.csv and DIR/nodes.csv from a result's JSON (atomically, each), with each
// node's coordinates in a network of these radices.
void write_statistics_csv(const nlohmann::ordered_json& result, const std::vector<int>& radices, const std::string& dir);
// Throws OutputError unless DIR is a directory that takes new files.
void check_csv_dir(const std::string& dir);

}  // namespace kncsim
