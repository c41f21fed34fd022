#pragma once
// The routing function's virtual-channel part: which channels of an output a head may take.
// A torus's rings are cut by a dateline at each wraparound wire (Dally & Seitz): a packet
// travels a dimension on the low class until it takes the wraparound, then on the high class,
// so the channels of a ring never close a cycle. The classes interleave (low: even VCs, high:
// odd ones), so a third channel joins the low class. On a mesh, or with one channel, any
// channel will do; the local output has one.
//
// A hexagonal mesh's axes are rings through the node numbers, cut where a hop wraps past N-1 (or
// below 0). Its rule looks ahead instead, from the node and destination alone: the low class
// while the wrap is still ahead in the packet's run along this axis, the high class on the
// wrapping hop, after it, and on runs that never wrap. A low-class hop never wraps, so low
// channels only climb (or fall) the numbering; a high channel never waits on a wrapping one,
// which is only ever a run's first high hop; neither class closes a cycle.
#include <cstdint>
#include <cstdlib>

#include "topo/mesh_geometry.hpp"

namespace kncsim {

inline uint32_t output_vcs(const MeshGeometry& g, uint32_t node, uint32_t src, uint32_t dest, int port, int vcs) {
  if (port == 0) return 1u;
  const uint32_t all = (1u << vcs) - 1;
  if (!g.wrapped() || vcs < 2) return all;
  if (g.hex_edge()) {
    const int k = MeshGeometry::dim_of(port);
    const int64_t n = g.nodes(), s = g.hex_step(k), run = std::abs(g.offset(node, dest, k)), at = node;
    const bool ahead = port == MeshGeometry::succ(k) ? at + s < n && at + run * s >= n : at - s >= 0 && at - run * s < 0;
    return (ahead ? 0x55555555u : 0xAAAAAAAAu) & all;
  }
  const int k = MeshGeometry::dim_of(port), c = g.coord(node, k), s = g.coord(src, k), last = g.radix(k) - 1;
  // Minimal routes move one way along a dimension: past the source's coordinate, or on the
  // wraparound itself, the packet has crossed the dateline.
  const bool crossed = port == MeshGeometry::succ(k) ? (c < s || c == last) : (c > s || c == 0);
  return (crossed ? 0xAAAAAAAAu : 0x55555555u) & all;
}

// A mesh's or torus's channels, which the source decides (not the destination).
inline uint32_t output_vcs(const MeshGeometry& g, uint32_t node, uint32_t src, int port, int vcs) {
  return output_vcs(g, node, src, 0, port, vcs);
}

}  // namespace kncsim
