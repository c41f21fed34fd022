#include "experiment_spec.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <limits>
#include <thread>

#include "config/link_timing.hpp"
#include "config/process_placement.hpp"
#include "experiment.hpp"
#include "rings_experiment.hpp"
#include "rings_report.hpp"
#include "rtl_adapt/rtl_variants.hpp"
#include "rtl_adapt/sci_rtl_factory.hpp"
#include "topo/mesh_geometry.hpp"
#include "traffic/drand48_lcg.hpp"
#include "traffic/injection.hpp"

namespace kncsim {
namespace {

ConvergenceSpec convergence_spec(const Config& c) {
  ConvergenceSpec s;
  const std::string& mode = c.text("run.convergence");
  s.mode = mode == "sns4"  ? ConvergenceMode::sns4
           : mode == "sns" ? ConvergenceMode::sns
           : mode == "ci"  ? ConvergenceMode::ci
                           : ConvergenceMode::fixed;
  s.accuracy = c.number("run.accuracy");
  s.tol = c.number("run.tol");
  s.interval = c.integer("run.interval");
  s.cycles = c.integer("run.cycles");
  s.max_cycles = c.integer("run.max_cycles");
  s.ci_target = c.number("run.ci_target");
  s.saturation.detect = c.text("run.saturation") == "detect";
  s.saturation.latency_bound = c.number("run.latency_bound");
  return s;
}

bool use_second_thread(const Config& c) {
  if (!c.is_word("run.threads")) return c.integer("run.threads") >= 2;
  return std::thread::hardware_concurrency() >= 2;
}

ClosedLoopSpec closed_loop_spec(const Config& c, int header_flits) {
  ClosedLoopSpec s;
  s.classes = loop_classes_named(c.text("traffic.loop_classes"));
  s.compute_mean = c.integer("traffic.compute_cycles");
  s.compute_uniform = c.text("traffic.compute") == "uniform";
  s.message_flits = c.integer("traffic.message_flits");
  s.packet_payload_flits = c.is_word("traffic.packet_payload_flits") ? 0 : c.integer("traffic.packet_payload_flits");
  s.header_flits = header_flits;
  s.send_fixed = c.number("traffic.send_overhead_cycles");
  s.send_per_flit = c.number("traffic.send_overhead_cycles_per_flit");
  s.receive_fixed = c.number("traffic.receive_overhead_cycles");
  s.receive_per_flit = c.number("traffic.receive_overhead_cycles_per_flit");
  s.half_duplex = c.text("traffic.node_channel") == "half_duplex";
  s.seed = c.is_word("traffic.seed") ? 1 : uint64_t(c.integer("traffic.seed"));
  s.warmup_loops = c.integer("traffic.warmup_loops");
  s.loops = c.integer("traffic.loops");
  return s;
}

MeshStreamSpec mesh_stream(const Config& c, const MeshGeometry& g, int L, double A) {
  const bool default_seed = c.is_word("traffic.seed");
  const uint64_t seed = default_seed ? Drand48Lcg::kDefaultState : uint64_t(c.integer("traffic.seed"));
  MeshStreamSpec s;
  s.legacy = c.text("traffic.stream") == "legacy";
  s.state = !s.legacy || default_seed ? seed : Drand48Lcg::from_srand48(seed).state();
  s.pattern.kind = pattern_kind(c.text("traffic.pattern"));
  for (int64_t h : c.integers("traffic.hotspot_nodes")) s.pattern.hotspots.push_back(uint32_t(h));
  s.pattern.hotspot_fraction = c.number("traffic.hotspot_fraction");
  s.pattern.seed = seed;
  if (s.pattern.kind == PatternKind::graph)
    s.pattern.destinations = std::make_shared<const std::vector<std::vector<uint32_t>>>(
        node_destinations(process_placement(c, g), g.nodes()));
  s.q = injection_probability(A, g.radix(), L, g.torus());
  return s;
}

MeshExperiment mesh_experiment(const Config& c) {
  MeshExperiment e;
  e.radices = network_radices(c);
  e.torus = c.text("network.topology") == "torus";
  const MeshGeometry g = e.geometry();
  const int L = e.packet_flits = int(c.integer("traffic.packet_flits"));
  e.load = c.number("traffic.load");
  e.stream = mesh_stream(c, g, L, e.load);
  e.reference = c.text("router.impl") == "ref";
  const bool adaptive = c.text("router.routing") == "adaptive";
  const int64_t packets = c.is_word("router.fifo_packets") ? 0 : c.integer("router.fifo_packets");
  const int64_t source_cap = c.is_word("traffic.source_queue_packets") ? 0 : c.integer("traffic.source_queue_packets");

  RefParams& r = e.ref;
  r.packet_flits = L;
  r.adaptive = adaptive;
  r.fifo_packets = int(packets);
  r.deadlock_cycles = c.integer("run.deadlock_cycles");
  r.registered_fifo_check = c.text("router.fifo_check") == "registered";
  r.source_queue_packets = source_cap;

  WormholeNetworkParams& p = e.flit;
  p.packet_flits = L;
  p.router.adaptive = adaptive;
  p.router.fifo_flits = packets ? packets * L : c.is_word("router.fifo_flits") ? -1 : c.integer("router.fifo_flits");
  p.router.credits = p.router.fifo_flits < 0                             ? CreditPolicy::none
                     : c.text("router.flow_control") == "cut_through" ? CreditPolicy::per_packet
                                                                       : CreditPolicy::per_flit;
  p.router.routing_delay = int(c.integer("router.routing_delay"));
  p.router.hop_count_headers = c.text("router.packet_format") == "hop_count";
  p.router.vcs = int(c.integer("router.vcs"));
  const std::string& arbitration = c.text("router.arbitration");
  p.router.arbitration = arbitration == "round_robin"    ? Arbitration::round_robin
                         : arbitration == "oldest_first" ? Arbitration::oldest_first
                                                         : Arbitration::priority_token;
  e.links = mesh_link_timing(c);
  p.link_delays = e.links.wire_delays;
  p.link.kind = c.text("link.kind") == "handshake" ? LinkKind::handshake : LinkKind::pipelined;
  p.deadlock_cycles = c.integer("run.deadlock_cycles");
  p.source_queue_packets = source_cap;
  p.vcd_path = c.text("trace.vcd");
  p.flit_log_path = c.text("trace.flits");
  p.trace_nodes = trace_nodes(c);
  if (c.text("traffic.workload") == "closed_loop") {
    e.closed_loop = closed_loop_spec(c, p.router.hop_count_headers ? g.dims() : 0);
    e.stream.q = 0;  // only the loops send
    if (!e.stream.pattern.destinations)  // a pattern's own graph (transpose: peers (i, j) and (j, i))
      e.stream.pattern.destinations = std::make_shared<const std::vector<std::vector<uint32_t>>>(
          node_destinations(process_placement(c, g), g.nodes()));
  }
  if (e.reference) return e;
  if (c.text("router.impl") == "rtl") {
    for (uint32_t n = 0; n < g.nodes(); ++n) p.rtl_nodes.push_back(n);
  } else {
    for (int64_t n : c.integers("router.rtl_nodes")) p.rtl_nodes.push_back(uint32_t(n));
  }
  if (!p.rtl_nodes.empty()) {
    const bool cut = p.router.credits == CreditPolicy::per_packet;
    // Any set within the RTL's limits (held by the config checks): its model comes from the
    // model cache, built on first use.
    const RtlVariant v = rtl_router_variant(g.dims(), p.router.fifo_flits, adaptive, cut, p.router.vcs, g.torus(),
                                            p.router.arbitration, c.text("router.rtl_sources"));
    p.rtl_factory = v.make;
    p.rtl_signal_binding = c.text("router.rtl_binding") == "signals";
    // Traced nodes use the signal binding, the others the one asked for.
    bool direct = false, signals = false;
    for (uint32_t n : p.rtl_nodes) {
      const bool traced = !p.vcd_path.empty() &&
                          std::find(p.trace_nodes.begin(), p.trace_nodes.end(), n) != p.trace_nodes.end();
      (p.rtl_signal_binding || traced ? signals : direct) = true;
    }
    if (direct) e.rtl_models.push_back(rtl_router_model_spec(v, false));
    if (signals) e.rtl_models.push_back(rtl_router_model_spec(v, true));
  }
  return e;
}

RingsExperiment rings_experiment(const Config& c, const ConvergenceSpec& conv) {
  RingsExperiment e;
  e.design = rings_design(c);
  e.params = rings_sci_params(c);  // refuses what cannot be built, naming the key
  e.analytic = rings_analytic(e.design);
  e.reference = c.text("router.impl") == "ref";
  e.trace = SciTrace{trace_nodes(c), c.text("trace.vcd"), c.text("trace.flits")};
  e.rtl = rings_rtl(c, e.params);
  bool direct = false, signals = false;  // traced nodes use the signal binding
  for (uint32_t n : e.rtl.nodes) {
    const bool traced = !e.trace.vcd_path.empty() && std::count(e.trace.nodes.begin(), e.trace.nodes.end(), n);
    (e.rtl.signals || traced ? signals : direct) = true;
  }
  if (direct) e.rtl_models.push_back(rtl_sci_model_spec(false, c.text("router.rtl_sources")));
  if (signals) e.rtl_models.push_back(rtl_sci_model_spec(true, c.text("router.rtl_sources")));
  const RingsDesign& d = e.design;
  const bool rr = c.text("traffic.workload") == "request_response";
  const double f = rr ? 0.5 : d.data_fraction;  // request/response: one of each
  const double mean_bits = f * d.data_bits + (1 - f) * d.address_bits;
  // Offered bits per (simulated) cycle per node; a synchronous cycle is longer.
  e.load = c.number("traffic.load");
  e.offered = e.load * e.analytic.max_throughput * e.analytic.cycle_time_increase;
  const double rate = rr ? e.offered / (d.address_bits + d.data_bits) : e.offered / mean_bits;  // messages/cycle/node
  // fixed: Scott & Goodman's window, the first fifth a warm-up, then a drain so that every
  // measured message counts. sns/sns4: the listings' way, from cycle 0 until converged.
  constexpr int64_t kNever = std::numeric_limits<int64_t>::max();
  e.drain = conv.mode == ConvergenceMode::fixed;
  const int64_t end = e.drain ? conv.cycles : kNever;
  e.traffic = RingTrafficSpec{rate, f, rr, e.params.seed, end};
  e.window = RingWindow{e.drain ? conv.cycles / 5 : 0, end, d.address_bits, d.data_bits};
  e.measure = RingMeasureContext{e.analytic.nodes, e.analytic.max_throughput, e.analytic.cycle_time_increase};
  return e;
}

}  // namespace

ExperimentSpec decode_experiment(const Config& c) {
  ExperimentSpec s;
  s.impl = c.text("router.impl");
  s.convergence = convergence_spec(c);
  s.second_thread = use_second_thread(c);
  s.statistics = c.text("run.statistics") == "full";
  if (c.text("network.topology") == "rings")
    s.topology = rings_experiment(c, s.convergence);
  else
    s.topology = mesh_experiment(c);
  return s;
}

}  // namespace kncsim
