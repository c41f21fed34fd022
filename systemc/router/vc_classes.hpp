#pragma once
// The routing function's virtual-channel part: which channels of an output a head may take.
// A torus's rings are cut by a dateline at each wraparound wire (Dally & Seitz): a packet
// travels a dimension on the low class until it takes the wraparound, then on the high class,
// so the channels of a ring never close a cycle. The classes interleave (low: even VCs, high:
// odd ones), so a third channel joins the low class. On a mesh, or with one channel, any
// channel will do; the local output has one.
#include <cstdint>

#include "topo/mesh_geometry.hpp"

namespace kncsim {

inline uint32_t output_vcs(const MeshGeometry& g, uint32_t node, uint32_t src, int port, int vcs) {
  if (port == 0) return 1u;
  const uint32_t all = (1u << vcs) - 1;
  if (!g.torus() || vcs < 2) return all;
  const int k = MeshGeometry::dim_of(port), c = g.coord(node, k), s = g.coord(src, k), last = g.radix(k) - 1;
  // Minimal routes move one way along a dimension: past the source's coordinate, or on the
  // wraparound itself, the packet has crossed the dateline.
  const bool crossed = port == MeshGeometry::succ(k) ? (c < s || c == last) : (c > s || c == 0);
  return (crossed ? 0xAAAAAAAAu : 0x55555555u) & all;
}

}  // namespace kncsim
