#pragma once
// The configured process graph and its mapping onto the nodes: traffic.pattern graph with
// traffic.graph / graph_shape / graph_file and traffic.mapping / mapping_file / mapping_seed,
// or another deterministic pattern as its graph under the identity mapping (Chittor's
// framework applies to both).
#include <cstdint>
#include <string>
#include <vector>

#include "config/config.hpp"
#include "topo/mesh_geometry.hpp"
#include "traffic/process_graph.hpp"
#include "traffic/process_mapping.hpp"

namespace kncsim {

struct ProcessPlacement {
  ProcessGraph graph;
  ProcessMapping mapping;  // process -> node
  PathRoutes routes;       // the mapping's own paths (youn_singh); the networks route by dimension order
  std::string graph_name;    // e.g. "mesh2d 8x8", "transpose", "file g.txt"
  std::string mapping_name;  // e.g. "identity", "random (seed 3)"
};

// Reads the graph and mapping files; a bad file is a ConfigError naming the file and line, a
// pattern that is not a graph (hotspot) one naming the key.
ProcessPlacement process_placement(const Config& c, const MeshGeometry& g);

// Per node, the nodes its process sends to (traffic.pattern graph's destinations).
std::vector<std::vector<uint32_t>> node_destinations(const ProcessPlacement& p, uint32_t nodes);

}  // namespace kncsim
