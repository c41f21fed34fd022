#pragma once
// What kncsim contention analyses: a mesh or torus with a fixed route per path (Chittor's
// assumption 4), and the process graph mapped onto it. The rules between keys are checked first
// (as decode does); any other network is refused here, naming the key.
#include <nlohmann/json.hpp>

#include <string>
#include <vector>

#include "config/config.hpp"
#include "spec/before_tables.hpp"
#include "spec/process_placement.hpp"
#include "spec/run_outputs.hpp"
#include "topo/mesh_geometry.hpp"

namespace kncsim {

struct ContentionSpec {
  std::vector<int> radices;
  bool torus = false;
  MeshGeometry geometry() const { return MeshGeometry(radices, torus); }
  ProcessPlacement placement;
  RunOutputs outputs;                 // the trace files the configuration names (checked as a run's are)
  std::vector<std::string> warnings;  // the rules between keys' (check_key_rules)
  nlohmann::ordered_json config;      // every key resolved, as the report records it
};

// `before` (if set) is called once the rules between keys pass, as decode's before_tables.
ContentionSpec decode_contention(const Config& c, const BeforeTables& before = {});

}  // namespace kncsim
