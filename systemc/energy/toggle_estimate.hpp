#pragma once
// The second estimate of an RTL node's dynamic energy: from the toggles counted inside its model
// (energy.rtl_toggles), not from its events at the pins. A module's toggles fall in a class by
// its name; each class has an energy per toggle, calibrated once against the event model
// (energy/router_events.hpp) on a reference run: the class's events' energy over its toggles,
// summed over the RTL nodes.
//   storage    fifo buffer buf queue mem memory ram sram regfile  <- buffer writes and reads
//   allocator  alloc allocator arb arbiter grant sa va            <- switch arbitration, VC allocation
//   route      route routing rc decode decoder                    <- route computation
//   crossbar   xbar crossbar switch mux xb                        <- crossbar traversals
//   other      every other module (the router's core, its registers, the top's pins)
// A name is in the first class one of whose words it has (split at '_', digits and camel case,
// any case, a plural s allowed: kncsim_prim_fifo, input_buffers, RoundRobinArbiter; not
// kncsim_router). The top's clock and
// reset are not counted.
// A part whose class toggled nowhere in the reference run (the router's crossbar, written in its
// core module rather than a module of its own) is priced with `other`. The ratio of the two
// estimates, per node, checks the event model against the design's real activity.
#include <array>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "energy/module_toggles.hpp"
#include "energy/router_events.hpp"
#include "energy/technology_table.hpp"

namespace kncsim {

enum class ToggleClass { storage, allocator, route, crossbar, other };
constexpr int kToggleClasses = 5;
const char* to_string(ToggleClass c);
std::string toggle_class_names();  // "storage, allocator, route, crossbar, other"
ToggleClass toggle_class(const std::string& module);

using ClassToggles = std::array<uint64_t, kToggleClasses>;
using ClassEnergy = std::array<double, kToggleClasses>;

ClassToggles class_toggles(const NodeToggles& t);
// A node's event-model dynamic energy split by class (`extra_pj`: energy with no class, as a
// ring node's decode register, goes to other). Sums to price_router's dynamic_pj.
ClassEnergy event_energy_by_class(const RouterEventEnergies& e, const RouterEvents& ev, double extra_pj);

struct ToggleWeights {
  std::array<double, kToggleClasses> pj_per_toggle{};
  std::string source;  // "this run", or the file it came from
};

// The weights from a reference run's nodes: per class, its events' energy over its toggles (the
// events as estimate_toggles hands them: a part whose class never toggled already in other).
ToggleWeights calibrate_toggles(const std::vector<ClassEnergy>& events, const std::vector<ClassToggles>& toggles);

// energy.toggle_weights: a YAML map of class to pJ per toggle, every class once (as a run's
// result prints them). ToggleWeightsError names the file, the line and the class.
struct ToggleWeightsError : std::runtime_error {
  using std::runtime_error::runtime_error;
};
ToggleWeights read_toggle_weights(const std::string& path);

struct NodeToggleEstimate {
  uint32_t node = 0;
  ClassToggles toggles{};
  double toggle_pj = 0, event_pj = 0;
};

struct ToggleEstimate {
  ToggleWeights weights;
  std::vector<ModuleToggles> modules;     // summed over the nodes, by name
  std::vector<NodeToggleEstimate> nodes;  // the RTL nodes that counted
  ClassToggles toggles{};                 // their sums
  ClassEnergy toggle_pj_by_class{}, event_pj_by_class{};
  double toggle_pj = 0, event_pj = 0;
};

// Both estimates for every node that counted (`toggles[n]` non-empty); `events[n]` its events'
// energy by class. Calibrated on this run unless `weights` are given.
ToggleEstimate estimate_toggles(const std::vector<NodeToggles>& toggles, const std::vector<ClassEnergy>& events,
                                const ToggleWeights* weights);

}  // namespace kncsim
