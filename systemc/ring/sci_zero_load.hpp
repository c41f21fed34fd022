#pragma once
// A message's time alone on the SCI rings, from its hand-over to its tail at the destination's
// CPU (the contention-free replay of a trace): it enters its first ring through the node's switch
// (t_switch); every hop costs its wire and the next node's decode, then a pass (t_pass) on along
// the same ring, or the switch (t_switch) onto the next ring or to the CPU; its flits follow its
// head one a cycle. Both ring models and the RTL node keep these times (the integration tests
// check them on lone messages).
#include <cstdint>

#include "ring/ring_geometry.hpp"
#include "ring/sci_params.hpp"

namespace kncsim {

inline int64_t sci_zero_load_cycles(const SciParams& p, const RingGeometry& g, uint32_t src, uint32_t dest, int flits) {
  int64_t cycles = int64_t(flits) - 1 + p.t_switch;  // onto the first ring (to the CPU if src is dest)
  for (int d = 0; d < g.dims(); ++d) {
    const int hops = (g.coord(dest, d) - g.coord(src, d) + g.radix()) % g.radix();
    if (hops == 0) continue;
    const int wire = p.wire_cycles.empty() ? 1 : p.wire_cycles[size_t(d)];
    // Every hop's wire and decode; then t_pass at each node it passes, t_switch where it leaves the ring.
    cycles += int64_t(hops) * (wire + p.decode_cycles) + int64_t(hops - 1) * p.t_pass + p.t_switch;
  }
  return cycles;
}

}  // namespace kncsim
