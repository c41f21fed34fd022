#pragma once
// The Verilated router models built into this kncsim (rtl/CMakeLists.txt), and a factory
// that puts one at a node of a SystemC network. Each parameter set is Verilated twice: in
// SystemC mode (signal binding) and as a C++ model (direct binding).
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <systemc>
#include <vector>

#include "flit/packet_table.hpp"
#include "router/router_params.hpp"
#include "stats/delivery_log.hpp"
#include "router/network_router.hpp"
#include "rtl_adapt/rtl_domain.hpp"
#include "sched/wake_calendar.hpp"
#include "topo/mesh_geometry.hpp"

namespace kncsim {

struct RtlVariant {
  int dims;
  int64_t depth;
  bool adaptive, cut_through;
  int vcs;
  bool torus;
  Arbitration arbitration;
  std::string name;
  std::function<std::unique_ptr<NetworkRouter>(const char* name, uint32_t node, const MeshGeometry& g,
                                               PacketTable& packets, DeliveryLog& log, WakeCalendar& calendar,
                                               RtlDomain& domain, bool signal_binding)>
      make;
};

const std::vector<RtlVariant>& rtl_variants();
// The variant for these parameters, or null.
const RtlVariant* find_rtl_variant(int dims, int64_t depth, bool adaptive, bool cut_through, int vcs, bool torus,
                                   Arbitration arbitration);
// "dims 2 fifo_flits 4 dor wormhole mesh vcs 1 priority_token; ..." for error messages.
std::string rtl_variant_list();
// RTL models made from now on start with random register and memory contents (drawn from
// `seed`) instead of zeros, so that a register the reset leaves out shows (tests use it).
void randomize_rtl_initial_state(int seed);
// The CI's fixed mutants of the router (rtl/ci_mutants.cmake), direct binding only: each
// named for its mutation, with the parameter set it was Verilated for. Empty in builds
// without tests.
const std::vector<RtlVariant>& rtl_ci_mutants();

}  // namespace kncsim
