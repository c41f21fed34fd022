#pragma once
// What kncsim contention analyses: a mesh or torus with a fixed route per path (Chittor's
// assumption 4), and the process graph mapped onto it. Any other network is refused here,
// naming the key.
#include <vector>

#include "config/config.hpp"
#include "config/process_placement.hpp"
#include "topo/mesh_geometry.hpp"

namespace kncsim {

struct ContentionSpec {
  std::vector<int> radices;
  bool torus = false;
  MeshGeometry geometry() const { return MeshGeometry(radices, torus); }
  ProcessPlacement placement;
};

ContentionSpec decode_contention(const Config& c);

}  // namespace kncsim
