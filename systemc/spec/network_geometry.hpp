#pragma once
// The wormhole network's geometry as the configuration gives it: network.radix and network.dims
// as a mesh or torus, or network.radix as a hexagonal mesh's edge.
#include "config/config.hpp"
#include "spec/model_words.hpp"
#include "topo/mesh_geometry.hpp"

namespace kncsim {

inline MeshGeometry network_geometry(const Config& c) {
  const NetworkTopology t = network_topology(c);
  if (t == NetworkTopology::hexagonal) return MeshGeometry::hexagonal(int(c.integers("network.radix").front()));
  return MeshGeometry(network_radices(c), t == NetworkTopology::torus);
}

// Its node count, without building it (a hexagonal mesh: 3e(e-1) + 1).
inline double network_nodes(const Config& c) {
  if (network_topology(c) == NetworkTopology::hexagonal) {
    const double e = double(c.integers("network.radix").front());
    return 3 * e * (e - 1) + 1;
  }
  double n = 1;
  for (int r : network_radices(c)) n *= r;
  return n;
}

}  // namespace kncsim
