#pragma once
// Soak runs of the SCI ring network (network.topology rings): random designs, queue sizes,
// workloads and corrupt links, driven through SciRefNetwork directly so that every message is
// followed from injection to delivery.
#include "soak_common.hpp"

namespace kncsim::soak {

// A random rings configuration kncsim accepts (validated, queues large enough).
Settings random_ring_settings(Rng& rng);

// Injects for run.cycles, drains, and checks; throws Violation on a broken invariant.
// Flit-hops counted: the sum over delivered messages of the packet's flits x its ring hops,
// sum over dimensions of (dest_d - src_d) mod k. Echoes, nacks and the hops of refused
// (nacked) transmissions are not counted.
RunFigures run_rings(const Settings& settings);

}  // namespace kncsim::soak
