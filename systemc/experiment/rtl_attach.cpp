#include "experiment/rtl_attach.hpp"

#include <algorithm>

#include "experiment/memory_estimate.hpp"
#include "rtl_adapt/rtl_variants.hpp"
#include "rtl_adapt/sci_rtl_factory.hpp"
#include "verify/sci_coverage.hpp"

namespace kncsim {
namespace {

bool traced(const std::string& vcd_path, const std::vector<uint32_t>& nodes, uint32_t n) {
  return !vcd_path.empty() && std::find(nodes.begin(), nodes.end(), n) != nodes.end();
}

void attach(MeshExperiment& e) {
  WormholeNetworkParams& p = e.flit;
  if (e.impl == RouterImpl::ref || p.rtl_nodes.empty()) return;
  // Any set within the RTL's limits (held by the config checks): its model comes from the
  // model cache, built on first use.
  const MeshGeometry g = e.geometry();
  const RtlVariant v =
      rtl_router_variant(g.dims(), p.router.fifo_flits, p.router.adaptive, p.router.credits == CreditPolicy::per_packet,
                         p.router.vcs, g.torus(), p.router.arbitration, e.rtl_sources, e.rtl_monitors,
                         e.energy && e.energy->rtl_toggles, e.energy ? e.energy->toggle_sampling : 1);
  p.rtl_factory = v.make;
  // Traced nodes use the signal binding, the others the one asked for.
  bool direct = false, signals = false;
  for (uint32_t n : p.rtl_nodes) (p.rtl_signal_binding || traced(p.vcd_path, p.trace_nodes, n) ? signals : direct) = true;
  if (direct) e.rtl_models.push_back(rtl_router_model_spec(v, false));
  if (signals) e.rtl_models.push_back(rtl_router_model_spec(v, true));
}

void attach(RingsExperiment& e) {
  if (e.rtl.nodes.empty()) return;
  if (e.rtl.coverage)
    e.coverage = std::make_shared<SciCoverage>(e.params.dims, e.params.radix, e.params.active_buffer_packets > 0,
                                               e.params.accept == SciAccept::stomp);
  const bool toggles = e.energy && e.energy->rtl_toggles;
  e.rtl.make = rtl_sci_maker(e.rtl_sources, e.rtl.monitors, e.coverage.get(), toggles,
                             e.energy ? e.energy->toggle_sampling : 1);
  bool direct = false, signals = false;  // traced nodes use the signal binding
  for (uint32_t n : e.rtl.nodes) (e.rtl.signals || traced(e.trace.vcd_path, e.trace.nodes, n) ? signals : direct) = true;
  if (direct) e.rtl_models.push_back(rtl_sci_model_spec(false, e.rtl_sources, toggles));
  if (signals) e.rtl_models.push_back(rtl_sci_model_spec(true, e.rtl_sources, toggles));
}

}  // namespace

void attach_rtl(ExperimentSpec& spec) {
  std::visit([](auto& e) { attach(e); }, spec.topology);
}

void check_run_memory(const DecodedSoFar& d) { check_memory(d.sizing, estimate_memory(d.sizing)); }

void prepare_run(ExperimentSpec& spec) {
  if (spec.prepared) return;
  if (!spec.memory_checked) check_memory(spec.sizing, estimate_memory(spec.sizing));
  attach_rtl(spec);
  spec.prepared = true;
}

ExperimentSpec prepare_run(const Config& c) {
  ExperimentSpec spec = decode(c, check_run_memory);  // before the decoding builds per-node tables
  prepare_run(spec);
  return spec;
}

}  // namespace kncsim
