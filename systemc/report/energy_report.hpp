#pragma once
// A run's energy (energy/energy_estimate.hpp) as the result's "energy" section, one line of the
// run's summary, and --csv DIR's energy_routers.csv and energy_links.csv. docs/results.md
// defines every figure.
#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>
#include <vector>

#include "energy/energy_estimate.hpp"
#include "energy/ring_energy.hpp"
#include "energy/toggle_estimate.hpp"
#include "topo/mesh_geometry.hpp"

namespace kncsim {

// `latency_cycles`: the run's mean packet latency T (for the energy-delay product; NaN: none).
// `per_element`: the per-router and per-link tables too.
nlohmann::ordered_json energy_json(const EnergyEstimate& e, const EnergyModel& m, const NetworkActivity& a,
                                   const MeshGeometry& g, double latency_cycles, bool per_element);
// A ring network's: the same figures (a link's `port` is its ring), and `ring_events`: the nodes'
// decodes, ring-buffer, output-queue, input-queue and active-buffer traffic, switch traversals
// and answers made (energy/ring_energy.hpp). Delivered: `delivered_packets` messages, their flits
// those the switches handed the CPUs.
nlohmann::ordered_json ring_energy_json(const RingEnergyEstimate& e, const EnergyModel& m, const RingActivity& a,
                                        int64_t delivered_packets, double latency_cycles, bool per_element);

// energy.rtl_toggles: the RTL nodes' toggles by class, the weights that price them, and both
// estimates of their dynamic energy (the toggles', the events'), in all and per node.
nlohmann::ordered_json toggle_json(const ToggleEstimate& t, bool per_element);
// With energy.rtl_toggles on: result["energy"]["rtl_toggles"], from the run's estimate and its
// RTL nodes' toggles (calibrated on the run unless the model has weights).
void put_rtl_toggles(nlohmann::ordered_json& result, const EnergyEstimate& est, const EnergyModel& m,
                     const std::vector<NodeToggles>& toggles, bool per_element);

std::string energy_summary(const nlohmann::ordered_json& result);  // "" without an energy section

void write_energy_csv(const nlohmann::ordered_json& result, const std::string& dir);

}  // namespace kncsim
