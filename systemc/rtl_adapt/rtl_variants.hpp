#pragma once
// Verilated routers for any parameter set within the RTL's limits (rtl/wormhole/kncsim_pkg.sv, held by
// the config checks): a variant names the set and makes routers of it, Verilated and compiled
// through the model cache (rtl_cache/) the first time one is made, loaded from it after that.
// Each binding is a model of its own: SystemC mode (signal binding, traceable) and C++ (direct
// binding); a network builds only the ones its nodes use.
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <systemc>
#include <vector>

#include "flit/packet_table.hpp"
#include "router/network_router.hpp"
#include "router/router_params.hpp"
#include "rtl_cache/model_spec.hpp"
#include "sc/rtl_domain.hpp"
#include "sched/wake_calendar.hpp"
#include "model/delivery_log.hpp"
#include "topo/mesh_geometry.hpp"

namespace kncsim {

struct RtlVariant {
  int dims;
  int64_t depth;
  bool adaptive, cut_through;
  int vcs;
  bool torus;
  Arbitration arbitration;
  std::string name;         // router_d2_q4_a0_c0[_v2_t1_r0], or a mutant's name
  std::string sources_dir;  // the router's .sv files; empty: kncsim's own rtl/wormhole/
  bool monitored = true;    // each router's pins watched by a protocol monitor (verify.monitors)
  std::function<std::unique_ptr<NetworkRouter>(const char* name, uint32_t node, const MeshGeometry& g,
                                               PacketTable& packets, DeliveryLog& log, WakeCalendar& calendar,
                                               RtlDomain& domain, bool signal_binding)>
      make;
  bool toggles = false;  // models that count their toggles (energy.rtl_toggles): cache entries of their own
  uint32_t toggle_period = 1;  // counting one evaluation in this many (energy.toggle_sampling)
};

// The variant for a parameter set; its models are built or loaded when the first router is made.
RtlVariant rtl_router_variant(int dims, int64_t depth, bool adaptive, bool cut_through, int vcs, bool torus,
                              Arbitration arbitration, const std::string& sources_dir = "", bool monitored = true,
                              bool toggles = false, uint32_t toggle_period = 1);
// The model cache's description of a variant's model in one binding (for kncsim rtl build).
ModelSpec rtl_router_model_spec(const RtlVariant& v, bool signal_binding);

// The twelve parameter sets the equivalence tests, the config fuzzer and the soak run (every
// feature: 1-3 dimensions, wormhole and cut-through, DOR and adaptive, VCs on meshes and
// tori, each arbitration).
const std::vector<RtlVariant>& rtl_variants();
// Whether the tests build and run a variant's signal-binding model as well as its direct one:
// one variant for each port count (3, 5 and 7 ports) and one with virtual channels, a torus and
// oldest-first ages, which between them take every path of the signal binding
// (rtl_pins_signals.hpp). The RTL of the other eight runs on the direct binding; their signal
// models cost 86 of the 260 CPU-seconds of compiling the tests' models (2026-11-28).
bool rtl_variant_tests_signals(const RtlVariant& v);
// RTL models made from now on start with random register and memory contents (drawn from
// `seed`) instead of zeros, so that a register the reset leaves out shows (tests use it).
void randomize_rtl_initial_state(int seed);
// The CI's fixed mutants of the router (rtl/ci_mutants.cmake): each a copy of rtl/ with one
// fragment changed, named for its mutation, with the parameter set it is tested on. Empty in
// builds without tests.
const std::vector<RtlVariant>& rtl_ci_mutants();

}  // namespace kncsim
