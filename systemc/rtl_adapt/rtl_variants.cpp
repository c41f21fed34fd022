#include "rtl_adapt/rtl_variants.hpp"

#include "rtl_adapt/port_table.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <iterator>

#include "rtl_adapt/rtl_coverage.hpp"
#include "rtl_adapt/rtl_pins_direct.hpp"
#include "rtl_adapt/rtl_pins_signals.hpp"
#include "rtl_adapt/rtl_router.hpp"
#include "rtl_adapt/rtl_toggles.hpp"
#include "rtl_adapt/rtl_model_loader.hpp"
#include "verilated.h"

namespace kncsim {
namespace {

int arbitration_code(Arbitration a) {
  return a == Arbitration::oldest_first ? 2 : a == Arbitration::round_robin ? 1 : 0;
}

template <int Ports>
std::unique_ptr<NetworkRouter> make_router(const RtlVariant& v, const rtl_abi::ModelApi& model, bool signals,
                                           const char* name, uint32_t node, const MeshGeometry& g, PacketTable& packets,
                                           DeliveryLog& log, WakeCalendar& calendar, RtlDomain& domain) {
  const bool ages = v.arbitration == Arbitration::oldest_first;
  std::optional<RouterMonitorParams> monitor;
  if (v.monitored) monitor = RouterMonitorParams{Ports, v.vcs, v.depth, v.cut_through, rtl::kCoordBits, v.adaptive};
  if (signals)
    return std::make_unique<RtlRouter<RtlSignalPins, Ports>>(name, model, node, g, v.depth, v.vcs, ages, packets, log,
                                                             calendar, domain, monitor);
  return std::make_unique<RtlRouter<RtlDirectPins, Ports>>(name, model, node, g, v.depth, v.vcs, ages, packets, log,
                                                           calendar, domain, monitor);
}

}  // namespace

ModelSpec rtl_router_model_spec(const RtlVariant& v, bool signal_binding) {
  ModelSpec s;
  s.family = RtlFamily::router;
  s.binding = signal_binding ? RtlBinding::signals : RtlBinding::direct;
  s.parameters = {fmt::format("-GDims={}", v.dims),
                  fmt::format("-GDepth={}", v.depth),
                  fmt::format("-GAdaptive=1'b{}", v.adaptive ? 1 : 0),
                  fmt::format("-GCutThrough=1'b{}", v.cut_through ? 1 : 0),
                  fmt::format("-GTorus=1'b{}", v.torus ? 1 : 0),
                  fmt::format("-GVcs={}", v.vcs),
                  fmt::format("-GArb={}", arbitration_code(v.arbitration))};
  s.sources_dir = v.sources_dir;
  s.ports = router_port_table();
  s.port_table = "systemc/rtl_adapt/router_ports.def";
  s.toggles = v.toggles;
  s.label = fmt::format("router dims {} fifo_flits {} {} {} {} vcs {} {}{} ({} binding{})", v.dims, v.depth,
                        v.adaptive ? "adaptive" : "dor", v.cut_through ? "cut_through" : "wormhole",
                        v.torus ? "torus" : "mesh", v.vcs, to_string(v.arbitration),
                        v.sources_dir.empty() ? "" : " from " + v.sources_dir, s.binding_name(),
                        v.toggles ? ", toggles counted" : "");
  return s;
}

RtlVariant rtl_router_variant(int dims, int64_t depth, bool adaptive, bool cut_through, int vcs, bool torus,
                              Arbitration arbitration, const std::string& sources_dir, bool monitored, bool toggles,
                              uint32_t toggle_period) {
  RtlVariant v{dims, depth, adaptive, cut_through, vcs, torus, arbitration, "", sources_dir, monitored, {}, toggles,
               toggle_period};
  v.name = fmt::format("router_d{}_q{}_a{}_c{}", dims, depth, adaptive ? 1 : 0, cut_through ? 1 : 0);
  if (vcs != 1 || torus || arbitration != Arbitration::priority_token)
    v.name += fmt::format("_v{}_t{}_r{}", vcs, torus ? 1 : 0, arbitration_code(arbitration));
  // The variant is copied into its own maker, which loads each binding's model once.
  v.make = [v, direct = (const rtl_abi::ModelApi*)nullptr, signals = (const rtl_abi::ModelApi*)nullptr](
               const char* name, uint32_t node, const MeshGeometry& g, PacketTable& packets, DeliveryLog& log,
               WakeCalendar& calendar, RtlDomain& domain, bool signal_binding) mutable -> std::unique_ptr<NetworkRouter> {
    const rtl_abi::ModelApi*& model = signal_binding ? signals : direct;
    if (!model) model = &load_rtl_model(rtl_router_model_spec(v, signal_binding));
    std::unique_ptr<NetworkRouter> r;
    switch (v.dims) {
      case 1: r = make_router<3>(v, *model, signal_binding, name, node, g, packets, log, calendar, domain); break;
      case 2: r = make_router<5>(v, *model, signal_binding, name, node, g, packets, log, calendar, domain); break;
      case 3: r = make_router<7>(v, *model, signal_binding, name, node, g, packets, log, calendar, domain); break;
      default: throw std::invalid_argument(fmt::format("RTL routers have 1 to {} dimensions, not {}", rtl::kMaxDims, v.dims));
    }
    if (v.toggles) r->sample_toggles(v.toggle_period, toggle_seed(node));
    write_coverage_at_exit();  // after a model made Verilator's context
    return r;
  };
  return v;
}

const std::vector<RtlVariant>& rtl_variants() {
  using A = Arbitration;
  static const std::vector<RtlVariant> variants = {
      rtl_router_variant(1, 8, false, true, 1, false, A::priority_token),    // 1D meshes, cut-through, 8 flits
      rtl_router_variant(2, 4, false, false, 1, false, A::priority_token),   // 2D wormhole, 4-flit FIFOs, DOR
      rtl_router_variant(2, 4, true, false, 1, false, A::priority_token),    //   and adaptive
      rtl_router_variant(2, 8, false, true, 1, false, A::priority_token),    // 2D cut-through, Q=2 of L=4, DOR
      rtl_router_variant(2, 8, true, true, 1, false, A::priority_token),     //   and adaptive
      rtl_router_variant(2, 128, false, true, 1, false, A::priority_token),  // 4 packets of L=32 (Critique Table 3)
      rtl_router_variant(2, 128, true, true, 1, false, A::priority_token),
      rtl_router_variant(3, 2, false, false, 1, false, A::priority_token),   // 3D wormhole, 2-flit FIFOs
      rtl_router_variant(2, 4, false, false, 2, true, A::priority_token),    // 2D torus, datelines, 2 VCs
      rtl_router_variant(2, 4, true, false, 3, true, A::round_robin),        // Duato on a torus, 3 VCs
      rtl_router_variant(2, 4, false, false, 3, false, A::round_robin),      // 2D mesh, 3 VCs
      rtl_router_variant(2, 4, false, false, 2, true, A::oldest_first),      // torus, oldest first
  };
  return variants;
}

bool rtl_variant_tests_signals(const RtlVariant& v) {
  static const char* const kNames[] = {"router_d1_q8_a0_c1", "router_d2_q4_a0_c0", "router_d3_q2_a0_c0",
                                       "router_d2_q4_a0_c0_v2_t1_r2"};
  return std::find(std::begin(kNames), std::end(kNames), v.name) != std::end(kNames);
}

void randomize_rtl_initial_state(int seed) {
  Verilated::threadContextp()->randReset(2);
  Verilated::threadContextp()->randSeed(seed);
}

}  // namespace kncsim
