#pragma once
// What the torus tests share: a network fed uniform traffic of 8-flit packets injected with
// probability q per node-cycle (stopped at `stop`, if given), wormhole FIFOs of `fifo` flits
// per channel, and the watchdog at `deadlock_cycles`.
#include <memory>

#include "net/wormhole_network.hpp"
#include "support/test_streams.hpp"

namespace kncsim {

inline WormholeNetworkParams wormhole_8flit(int64_t fifo, int vcs, bool adaptive, int64_t deadlock_cycles) {
  WormholeNetworkParams p;
  p.packet_flits = 8;
  p.router.fifo_flits = fifo;
  p.router.credits = CreditPolicy::per_flit;
  p.router.vcs = vcs;
  p.router.adaptive = adaptive;
  p.deadlock_cycles = deadlock_cycles;
  return p;
}

inline InjectionFeed uniform_feed(const MeshGeometry& g, uint64_t seed, double q, int64_t stop = -1) {
  std::unique_ptr<InjectionStream> stream = make_counter_uniform_stream(seed, g.nodes(), q);
  if (stop >= 0) stream = std::make_unique<StoppingStream>(std::move(stream), stop);
  return InjectionFeed(std::move(stream), g.nodes(), false);
}

}  // namespace kncsim
