#pragma once
// A sweep file (kncsim sweep SWEEP.yaml), decoded and expanded into points before anything
// runs. Every point's configuration is built and validated here, so a bad key or value stops
// the sweep (SweepError naming the file and line) before the first point is run or submitted.
//
//   base: table3.yaml                 # optional: a config file, relative to the sweep file
//   set: {router.impl: systemc}       # optional: keys every point gets
//   grid:                             # every combination; the first key varies slowest
//     network.radix: [4, 8]
//     traffic.load: {from: .1, to: .9, step: .2}   # a range, both ends included
//   points: [{router.routing: dor}, {router.routing: adaptive}]  # optional: explicit sets
//   seeds: [1, 2, 3]                  # optional (or repetitions: 3 = seeds 1..3): traffic.seed
//   stop_at_saturation: {key: traffic.load, latency_bound: 1000}   # optional; also sets
//                                     # run.saturation: detect and run.latency_bound on every point
//                                     # unless detect: false (then a series stops at a run that does
//                                     # not converge, or whose T passes the bound)
//   record: summary                   # summary (default) or full: per-channel/per-node arrays too
//   output: results/table3            # optional: default the sweep file's path without .yaml
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "config/config.hpp"

namespace kncsim {

class SweepError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct SweepPoint {
  int index = 0;
  int task = 0;
  std::vector<std::pair<std::string, std::string>> params;  // varied keys, each value as YAML text
  std::optional<int64_t> seed;
  Config config;       // resolved and validated
  std::string id;      // hash of the resolved configuration: the point's file name
  double load = 0;     // the stop-at-saturation key's value (0 without it)
  double nodes = 0;    // the network's nodes (its decoded sizing), for the pool's order
};

struct SweepSpec {
  std::string path;          // the sweep file
  std::string output_dir;
  bool full_record = false;  // record: full
  bool stop_at_saturation = false;
  std::string load_key = "traffic.load";
  bool detect_saturation = false;  // stop_at_saturation's detect (default true): run.saturation on every point
  double latency_bound = 0;  // 0 = none: only a run that does not converge ends its series
  std::vector<std::string> varied_keys;  // in file order: points' keys, then the grid's
  std::vector<SweepPoint> points;
  std::vector<std::vector<int>> tasks;   // point indices, run in this order (a load series, or one point)
};

SweepSpec load_sweep(const std::string& path);

// The point's varied keys and seed as JSON (numbers as numbers).
nlohmann::ordered_json point_params_json(const SweepPoint& p);

}  // namespace kncsim
