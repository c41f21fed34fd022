#pragma once
// network.overrides: a file of per-link and per-node exceptions to the network's keys, one a
// line ('#' starts a comment):
//   link NODE PORT delay CYCLES     the wire's delay, both ways (pipelined links)
//   link NODE PORT width 1/K        a wire 1/K as wide: a flit every K cycles, both ways
//   link NODE PORT failed           the wire is down, both ways
//   node NODE failed                the node and every wire of it are down
// NODE is a number (x + y R_0 + ..) or, on a mesh or torus, coordinates "(x,y,..)"; PORT is +x,
// -x, +y, -y, +z, -z, .. (a hexagonal mesh's axes are x, y and z). Errors name the file and
// line, with the values allowed there.
#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "net/wormhole_network.hpp"
#include "topo/mesh_geometry.hpp"

namespace kncsim {

struct NetworkOverrides {
  std::string file;
  std::vector<LinkOverride> links;                   // each direction of every wire given a delay or width
  std::vector<std::pair<uint32_t, int>> failed_links;  // (node, port) as written
  std::vector<uint32_t> failed_nodes;
  bool failures() const { return !failed_links.empty() || !failed_nodes.empty(); }
};

// Throws ConfigError naming file:line. `delay_of(node, port)`: the link's delay as configured
// (a width override keeps it).
NetworkOverrides read_network_overrides(const std::string& path, const MeshGeometry& g,
                                        const std::function<int(uint32_t, int)>& delay_of);

}  // namespace kncsim
