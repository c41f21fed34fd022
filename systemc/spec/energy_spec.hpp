#pragma once
// The energy.* keys and traffic.payload, decoded: the technology table (built-in or a file),
// scaled to the configured router, and the wires' lengths and cycles from the link timing.
// Energy accounting is on when energy.technology is not none or energy.table names a file.
#include <optional>

#include "config/config.hpp"
#include "energy/energy_estimate.hpp"
#include "energy/payload.hpp"
#include "router/router_params.hpp"
#include "spec/link_timing.hpp"
#include "topo/mesh_geometry.hpp"

namespace kncsim {

bool energy_on(const Config& c);

// The rules between the energy keys and the others (ConfigError naming the keys): a table and a
// technology both given; rings (not counted yet); network.overrides (their wires' lengths).
void validate_energy(const Config& c);

// The bits the flits carry, `bits` wide (meshes: energy.flit_bits; rings: their width W), when
// energy accounting is on.
std::optional<Payload> energy_payload(const Config& c, int bits);

// The model, when energy accounting is on. A bad table file is a ConfigError naming it, its line
// and the field. `fifo_flits`: a virtual channel's FIFO (-1: unbounded).
std::optional<EnergyModel> energy_model(const Config& c, const MeshGeometry& g, const MeshLinkTiming& links, int vcs,
                                        int64_t fifo_flits);
// For Scott & Goodman's rings: a node as a router of the ring width W, n + 1 ports and its input
// queues' depth; ring d's links `wire_lengths[d]` (the cube embedding's) times energy.mm_per_unit
// and `wire_cycles[d]` long; synchronous: no registers, every cycle stretched by `stretch`.
std::optional<EnergyModel> ring_energy_model(const Config& c, int dims, int width_bits, int input_queue_flits,
                                             const std::vector<double>& wire_lengths, const std::vector<int>& wire_cycles,
                                             bool synchronous, double stretch);

}  // namespace kncsim
