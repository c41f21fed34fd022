#pragma once
// Soak runs of the mesh models (router.impl ref, systemc, rtl): random valid configurations,
// every delivered packet checked through run_experiment's PacketSink.
#include <string>

#include "soak_common.hpp"

namespace kncsim::soak {

enum class MeshModel { ref, systemc, rtl };

// A random configuration this model accepts (validated). The rtl share draws its routers
// from the built Verilated parameter sets and is sometimes a mixed network (router.impl
// systemc with router.rtl_nodes).
Settings random_mesh_settings(MeshModel model, Rng& rng);

// Runs one configuration and checks it; throws Violation on a broken invariant.
// Flit-hops counted: the sum over delivered packets of hops x traffic.packet_flits.
RunFigures run_mesh(const Settings& settings);

}  // namespace kncsim::soak
