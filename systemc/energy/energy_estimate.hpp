#pragma once
// A run's energy: its routers' events priced by the technology table (scaled to the configured
// router: energy/router_energies.hpp), every router's clock and leakage over the run's time, and
// every link's wires: the bits that flipped times the energy per flipping bit per mm times the
// link's length, the pipeline registers a flit passes on a pipelined wire, and the repeaters'
// leakage. Energies in pJ, power in mW, times in ns.
#include <cstdint>
#include <optional>
#include <vector>

#include "energy/network_activity.hpp"
#include "energy/router_events.hpp"
#include "energy/technology_table.hpp"
#include "energy/toggle_estimate.hpp"
#include "topo/mesh_geometry.hpp"

namespace kncsim {

struct EnergyModel {
  TechnologyTable table;       // as given
  RouterShape shape;           // the configured router
  RouterEventEnergies router;  // the table's events scaled to `shape`
  double router_leakage_mw = 0;  // likewise
  double clock_ghz = 1;        // the switch clock
  double cycle_stretch = 1;    // synchronous links: the cycle, over the switch cycle (eq 14)
  // Per dimension, per coordinate c: the wire from c to c + 1 (c = R - 1: a torus's wraparound)
  // in mm, and the cycles a flit takes on it (a pipelined wire of d cycles has d - 1 registers).
  std::vector<std::vector<double>> wire_mm;
  std::vector<std::vector<int>> wire_cycles;
  bool pipelined = true;  // synchronous wires have no registers, whatever their length
  // energy.rtl_toggles: RTL nodes count their toggles too (energy/toggle_estimate.hpp), priced
  // by `toggle_weights` (energy.toggle_weights), or calibrated on the run itself.
  bool rtl_toggles = false;
  uint32_t toggle_sampling = 1;  // one evaluation in this many counted (energy.toggle_sampling)
  std::optional<ToggleWeights> toggle_weights;
};

struct RouterEnergy {
  uint32_t node = 0;
  RouterEvents events;
  double dynamic_pj = 0, clock_pj = 0, leakage_pj = 0;
  double total_pj() const { return dynamic_pj + clock_pj + leakage_pj; }
};

struct LinkEnergy {
  uint32_t node = 0;  // the sender
  int port = 0;
  int64_t flits = 0, toggles = 0;
  double mm = 0;
  int registers = 0;
  double wire_pj = 0, register_pj = 0, leakage_pj = 0;
  double total_pj() const { return wire_pj + register_pj + leakage_pj; }
};

struct EnergyTotals {
  double router_dynamic_pj = 0, clock_pj = 0, router_leakage_pj = 0;
  double wire_pj = 0, register_pj = 0, wire_leakage_pj = 0;
  double time_ns = 0;
  RouterEvents events;
  int64_t link_flits = 0, toggles = 0;
  double dynamic_pj() const { return router_dynamic_pj + wire_pj + register_pj; }
  double leakage_pj() const { return router_leakage_pj + wire_leakage_pj; }
  double router_pj() const { return router_dynamic_pj + clock_pj + router_leakage_pj; }
  double link_pj() const { return wire_pj + register_pj + wire_leakage_pj; }
  double total_pj() const { return router_pj() + link_pj(); }
};

struct EnergyEstimate {
  std::vector<RouterEnergy> routers;  // every node
  std::vector<LinkEnergy> links;      // every inter-node link
  EnergyTotals totals;
};

// `cycles`: the run's cycles (the network's: with synchronous links, stretched ones; the time
// leakage runs for is cycles x cycle_stretch / clock_ghz, and the clock ticks `cycles` times).
EnergyEstimate estimate_energy(const NetworkActivity& a, const MeshGeometry& g, const EnergyModel& m, int64_t cycles);

// A router's energy from its events (plus `extra_pj` of dynamic energy), its clock over `cycles`
// and leakage over `time_ns`, added to `t`.
RouterEnergy price_router(const EnergyModel& m, uint32_t node, const RouterEvents& ev, double extra_pj, int64_t cycles,
                          double time_ns, EnergyTotals& t);
// A link's energy (its wires' toggles, the registers a pipelined wire of `cycles` has, leakage over
// `time_ns`), added to `t`.
LinkEnergy price_link(const EnergyModel& m, uint32_t node, int port, int64_t flits, int64_t toggles, double mm,
                      int cycles, double time_ns, EnergyTotals& t);

// Every router's dynamic energy by toggle class (energy/toggle_estimate.hpp): its events' parts,
// and what price_router added beyond them (a ring node's decode register) as other.
std::vector<ClassEnergy> event_energy_by_class(const EnergyEstimate& e, const EnergyModel& m);

// The wire from `node` out through inter-node `port`: its length in mm and its cycles.
double wire_mm(const EnergyModel& m, const MeshGeometry& g, uint32_t node, int port);
int wire_cycles(const EnergyModel& m, const MeshGeometry& g, uint32_t node, int port);

}  // namespace kncsim
