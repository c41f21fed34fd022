#pragma once
// The routing function of Pertel's router (the listing's allowed(), minus the timing and
// FIFO-room tests), shared by the reference model and the SystemC router: the outputs a
// packet for `dest` may take at `node`. DOR = the first dimension with an offset; adaptive
// (ANS) = every profitable output; at the destination, the local output (bit 0). On a torus,
// profitable is the shorter way round (MeshGeometry::offset).
#include <cstdint>

#include "topo/mesh_geometry.hpp"

namespace kncsim {

inline uint32_t minimal_routes(const MeshGeometry& g, uint32_t node, uint32_t dest, bool adaptive) {
  uint32_t mask = 0;
  for (int k = 0; k < g.dims(); ++k) {
    const int hops = g.offset(node, dest, k);
    if (hops == 0) continue;
    mask |= 1u << (hops > 0 ? MeshGeometry::succ(k) : MeshGeometry::pred(k));
    if (!adaptive) return mask;
  }
  return mask ? mask : 1u;
}

}  // namespace kncsim
