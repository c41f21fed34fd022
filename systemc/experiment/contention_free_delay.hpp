#pragma once
// A packet train's zero-load time on the flit-level mesh or torus, for the contention-free
// replays of closed loops and traces.
#include <cstdint>

#include "net/wormhole_network.hpp"
#include "topo/mesh_geometry.hpp"

namespace kncsim {

// A message's zero-load time from hand-over to its last tail: its flits leave the source one a
// cycle, and the last one then crosses the route's links (dimension order) and, with a routing
// delay, waits it out at each router; a router passes a flit on in the cycle it arrives. Each
// packet's head also waits the routing delay at the source, which spaces the packets out.
int64_t contention_free_delay(const MeshGeometry& g, const WormholeNetworkParams& p, uint32_t src, uint32_t dest,
                              int64_t flits, int64_t packets);

}  // namespace kncsim
