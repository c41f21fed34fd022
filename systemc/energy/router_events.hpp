#pragma once
// A router's events, from its network's activity (energy/network_activity.hpp):
//   buffer writes     flits that came in: from the links into it, and from its network interface
//   buffer reads      flits that left its input FIFOs: across the crossbar, or hop-count headers consumed
//   crossbar          flits across the crossbar: out on its links and to its network interface
//   switch arbitration  one per crossbar traversal (each flit wins its output)
//   route computation   one per head across the crossbar
//   VC allocation     one per head out on a link, with virtual channels (none with one channel)
// Writes less reads is what its input FIFOs hold (the flits on the wires into them included).
#include <cstdint>

#include "energy/network_activity.hpp"
#include "topo/mesh_geometry.hpp"

namespace kncsim {

struct RouterEvents {
  int64_t buffer_writes = 0, buffer_reads = 0, crossbar = 0, switch_arbitration = 0;
  int64_t route_computations = 0, vc_allocations = 0;
  RouterEvents& operator+=(const RouterEvents& o) {
    buffer_writes += o.buffer_writes, buffer_reads += o.buffer_reads, crossbar += o.crossbar;
    switch_arbitration += o.switch_arbitration, route_computations += o.route_computations;
    vc_allocations += o.vc_allocations;
    return *this;
  }
};

inline RouterEvents router_events(const NetworkActivity& a, const MeshGeometry& g, uint32_t node, int vcs) {
  RouterEvents e;
  e.buffer_writes = a.node(node).injected_flits;
  for (int p = 0; p < a.ports(); ++p) {
    const PortActivity& out = a.out(node, p);
    e.crossbar += out.flits;
    e.route_computations += out.heads;
    if (p > 0 && vcs > 1) e.vc_allocations += out.heads;
    if (p > 0 && g.connected(node, p)) e.buffer_writes += a.out(g.neighbour(node, p), MeshGeometry::opposite(p)).flits;
  }
  e.switch_arbitration = e.crossbar;
  e.buffer_reads = e.crossbar + a.node(node).stripped;
  return e;
}

}  // namespace kncsim
