#include "experiment/contention_free_delay.hpp"

#include <cstdlib>

#include "analytic/mesh_analytic.hpp"

namespace kncsim {

int64_t contention_free_delay(const MeshGeometry& g, const WormholeNetworkParams& p, uint32_t src, uint32_t dest,
                              int64_t flits, int64_t packets) {
  int64_t wires = 0, hops = 0;
  for (int k = 0; k < g.dims(); ++k) {
    const int steps = std::abs(g.offset(src, dest, k));
    wires += p.link_delays.empty() ? int64_t(p.link.delay) * steps
                                   : dimension_wire_delay(g.coord(src, k), g.coord(dest, k), g.radix(k), g.torus(),
                                                          p.link_delays[size_t(k)]);
    hops += steps;
  }
  return flits + wires + (packets + hops) * p.router.routing_delay;
}

}  // namespace kncsim
