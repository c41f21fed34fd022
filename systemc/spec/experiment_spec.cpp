#include "spec/experiment_spec.hpp"
#include "spec/trace_spec.hpp"

#include "spec/energy_spec.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <thread>

#include "config/config_json.hpp"
#include "spec/key_rules.hpp"
#include "spec/link_timing.hpp"
#include "spec/model_words.hpp"
#include "spec/process_placement.hpp"
#include "spec/traffic_distributions.hpp"
#include "spec/traffic_keys.hpp"
#include "rand/counter_rng.hpp"
#include "ring/sci_design.hpp"
#include "rtl_adapt/sci_rtl_fit.hpp"
#include "topo/mesh_geometry.hpp"
#include "traffic/drand48_lcg.hpp"
#include "traffic/injection.hpp"

namespace kncsim {
namespace {

std::vector<uint32_t> trace_nodes(const Config& c) {
  std::vector<uint32_t> nodes;
  for (int64_t n : c.integers("trace.nodes")) nodes.push_back(uint32_t(n));
  // A node listed twice is traced once (a huge list of repeats would otherwise trace it each time).
  std::sort(nodes.begin(), nodes.end());
  nodes.erase(std::unique(nodes.begin(), nodes.end()), nodes.end());
  return nodes;
}

ConvergenceSpec convergence_spec(const Config& c) {
  ConvergenceSpec s;
  const std::string& mode = c.text("run.convergence");
  s.mode = mode == "sns4"  ? ConvergenceMode::sns4
           : mode == "sns" ? ConvergenceMode::sns
           : mode == "ci"  ? ConvergenceMode::ci
           : mode == "packets" ? ConvergenceMode::packets
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
  s.packet_gap_cycles = c.integer("traffic.packet_gap_cycles");
  s.random_destinations = c.text("traffic.loop_destinations") == "random";
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

// The stream of the network's traffic keys, or of one traffic class's (t): a class draws from its
// own counter-based stream, seeded from traffic.seed and its index.
MeshStreamSpec mesh_stream(const TrafficKeys& t, const MeshGeometry& g, double A) {
  const Config& c = t.config();
  const bool default_seed = c.is_word("traffic.seed");
  const uint64_t seed = default_seed ? Drand48Lcg::kDefaultState : uint64_t(c.integer("traffic.seed"));
  MeshStreamSpec s;
  s.legacy = c.text("traffic.stream") == "legacy";
  s.state = !s.legacy || default_seed ? seed : Drand48Lcg::from_srand48(seed).state();
  if (!t.class_name().empty()) {
    const auto& names = c.classes();
    const auto index = uint64_t(std::find(names.begin(), names.end(), t.class_name()) - names.begin());
    s.legacy = false;
    s.state = stream_seed(seed, 100 + index);
  }
  s.pattern.kind = pattern_kind(t.text("traffic.pattern"));
  for (int64_t h : t.integers("traffic.hotspot_nodes")) s.pattern.hotspots.push_back(uint32_t(h));
  s.pattern.hotspot_fraction = t.number("traffic.hotspot_fraction");
  s.pattern.hotspot_probabilities = t.numbers("traffic.hotspot_probabilities");
  s.pattern.rotation = int(t.integer("traffic.rotation"));
  if (s.pattern.kind == PatternKind::hop_uniform)
    s.pattern.hops = std::make_shared<const HopUniform>(g, t.numbers("traffic.hop_probabilities"));
  s.pattern.seed = t.class_name().empty() ? seed : s.state;
  s.mru = t.numbers("traffic.mru_stack");
  s.lengths = packet_lengths(t);
  if (s.pattern.kind == PatternKind::graph)
    s.pattern.destinations = std::make_shared<const std::vector<std::vector<uint32_t>>>(
        node_destinations(process_placement(c, g), g.nodes()));
  // The load counts the mean length: q = 4A/(R L) with L the mean (exactly the listings' q for a
  // fixed length).
  // A hexagonal mesh's A is link utilisation: q = 6A/(d L), d its mean distance.
  s.q = s.lengths.kind == LengthKind::fixed && !g.hex_edge()
            ? injection_probability(A, g.radix(), int(s.lengths.params[0]), g.torus())
            : g.load_links() * A / (g.load_span() * s.lengths.mean());
  s.gaps = interarrivals(t, s.q);
  if (s.gaps.kind != InterarrivalKind::bernoulli) s.q = 1 / s.gaps.mean();
  if (!c.is_word("traffic.phases")) {
    const std::vector<int64_t> p = c.integers("traffic.phases");
    s.on_cycles = p.at(0);
    s.off_cycles = p.at(1);
  }
  return s;
}

// A traffic class's router policies: its own keys, else the network's.
ClassPolicy class_policy(const TrafficKeys& t, int vcs) {
  const Config& c = t.config();
  ClassPolicy k;
  k.routing = routing(t);
  k.selection = selection(t);
  if (k.selection == Selection::any && k.routing != Routing::adaptive) k.selection = Selection::dimension_order;
  k.deflections = int(t.integer("router.deflections"));
  k.switching = switching(t);
  k.hybrid_hops = int(t.integer("router.hybrid_hops"));
  const std::string own = "classes." + t.class_name() + ".";
  k.vcs = 0;
  if (c.has(own + "vcs") && !c.is_word(own + "vcs")) {
    for (int64_t v : c.integers(own + "vcs")) k.vcs |= 1u << v;
  } else {
    k.vcs = (1u << vcs) - 1;
  }
  k.priority = c.has(own + "priority") ? int(c.integer(own + "priority")) : 0;
  return k;
}

// The traffic classes (classes.NAME.*), each its stream, nodes and counts; and the network's
// offered load and mean packet length over all of them.
std::vector<TrafficClassSpec> traffic_classes(const Config& c, const MeshGeometry& g) {
  std::vector<TrafficClassSpec> out;
  for (const std::string& name : c.classes()) {
    const TrafficKeys t(c, name);
    TrafficClassSpec k;
    k.name = name;
    k.load = t.number("traffic.load");
    k.stream = mesh_stream(t, g, k.load);
    const std::string nodes = "classes." + name + ".nodes";
    if (c.has(nodes) && !c.is_word(nodes))
      for (int64_t n : c.integers(nodes)) k.nodes.push_back(uint32_t(n));
    const std::string warmup = "classes." + name + ".warmup_packets", packets = "classes." + name + ".packets";
    k.warmup_packets = c.has(warmup) ? c.integer(warmup) : 0;
    k.packets = c.has(packets) ? c.integer(packets) : 1000;
    k.mean_packet_flits = k.stream.lengths.mean();
    const double share = k.nodes.empty() ? 1 : double(k.nodes.size()) / double(g.nodes());
    // The load it offers over the whole network, A = q R L / 4 (a torus: / 8) times its share of nodes.
    k.offered_load = k.stream.q * g.load_span() * k.mean_packet_flits / g.load_links() * share;
    out.push_back(std::move(k));
  }
  return out;
}

// The flit-level router's own rules on its keys (wormhole_params_refusal), for every
// implementation but Pertel's reference: the rings' too, where these keys take no part but are
// held to the same rules as everywhere.
void refuse_router_keys(const Config& c, const WormholeNetworkParams& p, int dims) {
  if (router_impl(c) == RouterImpl::ref) return;
  if (const std::string why = wormhole_params_refusal(p, dims); !why.empty()) throw ConfigError(why);
}

// network.overrides on the flit-level network: each link's delay and width, the failed links and
// nodes, and the pairs the routing has no way for.
static void apply_overrides(MeshExperiment& e, const std::string& file, const KeyRules& rules) {
  const MeshGeometry g = e.geometry();
  WormholeNetworkParams& p = e.flit;
  auto delay_of = [&](uint32_t n, int o) {  // as configured: per wire from the layout, or one delay
    if (p.link_delays.empty()) return p.link.delay;
    const int k = MeshGeometry::dim_of(o), c = g.coord(n, k);
    return p.link_delays[size_t(k)][size_t(o == MeshGeometry::succ(k) ? c : (c + g.radix(k) - 1) % g.radix(k))];
  };
  e.overrides = read_network_overrides(file, g, delay_of);
  p.link_overrides = e.overrides->links;
  p.router.faults = rules.faults;  // (worked out with the rules, which reported what they leave unreachable)
  e.unreachable_pairs = rules.unreachable_pairs;
  e.unreachable_examples = rules.unreachable_examples;
}

MeshExperiment mesh_experiment(const Config& c, MeshLinkTiming links, const KeyRules& rules) {
  MeshExperiment e;
  e.radices = network_radices(c);
  e.torus = network_topology(c) == NetworkTopology::torus;
  e.hexagonal = network_topology(c) == NetworkTopology::hexagonal;
  const MeshGeometry g = e.geometry();
  const int L = e.packet_flits = longest_packet_flits(c);
  e.load = c.number("traffic.load");
  e.stream = mesh_stream(TrafficKeys(c), g, e.load);
  e.mean_packet_flits = e.stream.lengths.mean();
  // Gaps given in cycles set the rate: the load is what they offer, A = q R L / 4 (a torus: / 8).
  if (!c.is_word("traffic.interarrival_params"))
    e.load = e.stream.q * g.load_span() * e.mean_packet_flits / g.load_links();
  // Traffic classes replace the network's one stream: the load is theirs together, and the mean
  // length is over the packets they offer.
  e.classes = traffic_classes(c, g);
  if (!e.classes.empty()) {
    double load = 0, flits = 0, packets = 0;
    for (const TrafficClassSpec& k : e.classes) {
      load += k.offered_load;
      const double rate = k.offered_load / k.mean_packet_flits;
      flits += rate * k.mean_packet_flits;
      packets += rate;
    }
    e.load = load;
    e.mean_packet_flits = packets > 0 ? flits / packets : e.mean_packet_flits;
  }
  const RouterImpl impl = e.impl = router_impl(c);
  const bool adaptive = adaptive_routing(c);
  const int64_t packets = c.is_word("router.fifo_packets") ? 0 : c.integer("router.fifo_packets");
  e.fifo_packets = int(packets);
  const int64_t source_cap = c.is_word("traffic.source_queue_packets") ? 0 : c.integer("traffic.source_queue_packets");

  RefParams& r = e.ref;
  r.packet_flits = L;
  r.adaptive = adaptive;
  r.fifo_packets = int(packets);
  r.deadlock_cycles = c.integer("run.deadlock_cycles");
  r.registered_fifo_check = c.text("router.fifo_check") == "registered";
  r.fifo_full = fifo_full_policy(c);
  r.misroute_on_full = misroute_on_full(c);
  r.source_queue_packets = source_cap;

  WormholeNetworkParams& p = e.flit;
  p.packet_flits = L;
  p.router = router_params(c, L);
  p.router.history = c.text("run.statistics") == "history";
  // Traffic classes bring their own VCs, routing and switching: per-flit credits (a class's
  // cut-through reserves its packet's room), and each injects on its first VC.
  for (const std::string& name : c.classes()) {
    const ClassPolicy k = class_policy(TrafficKeys(c, name), p.router.vcs);
    p.router.classes.push_back(k);
    p.class_channels.push_back(uint8_t(__builtin_ctz(k.vcs)));
  }
  if (!p.router.classes.empty()) {  // the network's own switching gives way to the classes'
    p.router.switching = Switching::wormhole;
    if (p.router.fifo_flits >= 0) p.router.credits = CreditPolicy::per_flit;
  }
  e.links = std::move(links);
  p.link_delays = e.links.wire_delays;
  if (e.hexagonal) {  // every wire alike: one delay
    p.link.delay = e.links.delays.front();
    p.link_delays.clear();
  }
  if (const std::string& file = c.text("network.overrides"); !file.empty()) apply_overrides(e, file, rules);
  p.link.kind = link_kind(c);
  p.deadlock_cycles = c.integer("run.deadlock_cycles");
  p.starvation_cycles = c.integer("verify.starvation_cycles");
  p.coverage = c.text("verify.coverage") == "on";
  p.count_violations = c.text("verify.on_violation") == "count";
  e.drain_cycles = c.integer("verify.drain_cycles");
  p.source_queue_packets = source_cap;
  p.vcd_path = c.text("trace.vcd");
  p.flit_log_path = c.text("trace.flits");
  p.trace_nodes = trace_nodes(c);
  if (workload(c) == Workload::closed_loop) {
    e.closed_loop = closed_loop_spec(c, p.router.hop_count_headers ? g.dims() : 0);
    e.stream.q = 0;  // only the loops send
    if (e.closed_loop->random_destinations)  // drawn message by message: one list a node, unused
      e.stream.pattern.destinations = std::make_shared<const std::vector<std::vector<uint32_t>>>(g.nodes());
    else if (!e.stream.pattern.destinations)  // a pattern's own graph (transpose: peers (i, j) and (j, i))
      e.stream.pattern.destinations = std::make_shared<const std::vector<std::vector<uint32_t>>>(
          node_destinations(process_placement(c, g), g.nodes()));
  }
  if (workload(c) == Workload::trace) {
    e.replay = trace_replay_spec(c, TraceNetwork{g.nodes(), int(c.integer("energy.flit_bits")),
                                                 p.router.hop_count_headers ? g.dims() : 0, false, 0});
    e.stream.q = 0;  // only the trace sends
    if (e.overrides && e.overrides->failures())
      throw ConfigError(fmt::format("network.overrides '{}' fails links or nodes, and traffic.workload trace sends "
                                    "every packet of its trace (one the failures leave no way for would never "
                                    "arrive); allowed: overrides of delays and widths only",
                                    c.text("network.overrides")));
  }
  r.payload = p.payload = energy_payload(c, int(c.integer("energy.flit_bits")));
  e.energy = energy_model(c, g, e.links, p.router.vcs,
                          p.router.fifo_flits >= 0 ? p.router.fifo_flits : packets > 0 ? packets * L : -1);
  if (impl == RouterImpl::ref) return e;
  refuse_router_keys(c, p, g.dims());
  if (impl == RouterImpl::rtl) {
    for (uint32_t n = 0; n < g.nodes(); ++n) p.rtl_nodes.push_back(n);
  } else {
    for (int64_t n : c.integers("router.rtl_nodes")) p.rtl_nodes.push_back(uint32_t(n));
  }
  // Any set within the RTL's limits (held by the config checks): attach_rtl names its model.
  p.rtl_signal_binding = c.text("router.rtl_binding") == "signals";
  e.rtl_sources = c.text("router.rtl_sources");
  e.rtl_monitors = c.text("verify.monitors") == "on";
  return e;
}

RingsDesign rings_design(const Config& c) {
  RingsDesign d;
  d.dims = int(c.integer("network.dims"));
  d.radix = network_radices(c).front();
  d.mode = ring_link_mode(c.text("link.mode"));
  const std::string& k = c.text("link.constraint");
  d.constraint = k == "node_size" ? RingConstraint::node_size
                 : k == "bisection" ? RingConstraint::bisection
                                    : RingConstraint::link_width;
  d.width_bits = int(c.integer("link.width_bits"));
  d.node_wires = int(c.integer("link.node_wires"));
  d.bisection_wires = c.is_word("link.bisection_wires") ? 0 : long(c.integer("link.bisection_wires"));
  d.switch_to_wire = c.number("link.switch_to_wire_ratio");
  d.t_pass = int(c.integer("router.t_pass"));
  d.t_switch = int(c.integer("router.t_switch"));
  d.address_bits = int(c.integer("traffic.address_bits"));
  d.data_bits = int(c.integer("traffic.data_bits"));
  d.echo_bits = int(c.integer("traffic.echo_bits"));
  d.data_fraction = c.number("traffic.data_fraction");
  return d;
}

// rings_analytic, with a design it cannot size refused as a ConfigError naming the key.
RingsAnalytic checked_rings_analytic(const RingsDesign& d) {
  // W = 0 bits is the one design the schema's ranges let through (eq 7 and the node-size
  // split round down): name the key that sets it, and its least value.
  const long nodes = std::lround(std::pow(double(d.radix), double(d.dims)));
  const bool narrow = rings_link_width(d) < 1;
  if (narrow && d.constraint == RingConstraint::node_size)
    throw ConfigError(fmt::format("link.node_wires = {} with link.constraint node_size leaves links of W = {} / (2n) = 0 "
                                  "bits for n = {}; allowed: link.node_wires >= {}",
                                  d.node_wires, d.node_wires, d.dims, 2 * d.dims));
  if (narrow && d.constraint == RingConstraint::bisection) {
    const long least = (2 * nodes + d.radix - 1) / d.radix;
    throw ConfigError(fmt::format("link.bisection_wires = {} with link.constraint bisection leaves links of W = k B / 2N "
                                  "= 0 bits for k = {}, N = {}; allowed: link.bisection_wires >= {}",
                                  d.bisection_wires, d.radix, nodes, least));
  }
  try {
    return rings_analytic(d);
  } catch (const std::invalid_argument& e) {
    throw ConfigError(fmt::format("link.constraint {}: {}", to_string(d.constraint), e.what()));
  }
}

int queue_flits(const Config& c, const std::string& key, int default_flits) {
  return c.is_word(key) ? default_flits : int(c.integer(key));
}

// The simulated network's parameters; refuses queues the protocol cannot work with.
SciParams rings_sci_params(const Config& c, const RingsDesign& d) {
  const int W = checked_rings_analytic(d).width_bits;
  SciParams p = sci_params(d);
  const int shortest = std::min(p.address_flits, p.data_flits);
  if (p.echo_flits > shortest)
    throw ConfigError(fmt::format(
        "traffic.echo_bits = {} makes a {}-flit echo at W = {}, longer than the {}-flit {} packet it replaces on the "
        "ring (traffic.address_bits = {}, traffic.data_bits = {}); allowed: traffic.echo_bits <= {} (an echo goes on "
        "in the stripped packet's place, so it must not be longer; SCI's echo is 8 bytes, its shortest send packet 16)",
        d.echo_bits, p.echo_flits, W, shortest, p.address_flits <= p.data_flits ? "address" : "data", d.address_bits,
        d.data_bits, shortest * W));
  p.ring_buffer_flits = queue_flits(c, "router.ring_buffer_flits", p.ring_buffer_flits);
  p.input_queue_flits = queue_flits(c, "router.input_queue_flits", p.input_queue_flits);
  p.output_queue_flits = queue_flits(c, "router.output_queue_flits", p.output_queue_flits);
  if (const std::string why = sci_params_refusal(p); !why.empty()) throw ConfigError(why);
  p.accept = c.text("router.sci_accept") == "stomp" ? SciAccept::stomp : SciAccept::whole_packet;
  p.active_buffer_packets =
      c.is_word("router.active_buffer_packets") ? 0 : int(c.integer("router.active_buffer_packets"));
  p.corrupt_rate = c.number("link.corrupt_rate");
  p.seed = c.is_word("traffic.seed") ? 1 : uint64_t(c.integer("traffic.seed"));
  p.source_queue_packets = c.is_word("traffic.source_queue_packets") ? 0 : c.integer("traffic.source_queue_packets");
  return p;
}

// The RTL nodes asked for (router.impl: rtl, router.rtl_nodes); refuses a network outside the
// RTL's limits, naming the key.
SciRtl rings_rtl(const Config& c, const SciParams& p) {
  SciRtl rtl;
  if (router_impl(c) == RouterImpl::rtl) {
    for (uint32_t u = 0; u < RingGeometry(p.dims, p.radix).nodes(); ++u) rtl.nodes.push_back(u);
  } else {
    for (int64_t u : c.integers("router.rtl_nodes")) rtl.nodes.push_back(uint32_t(u));
  }
  if (rtl.nodes.empty()) return rtl;
  const std::string why = sci_rtl_refusal(p);
  if (!why.empty()) throw ConfigError("RTL ring nodes (router.impl: rtl or router.rtl_nodes): " + why);
  rtl.signals = c.text("router.rtl_binding") == "signals";
  rtl.monitors = c.text("verify.monitors") == "on";
  rtl.coverage = c.text("verify.coverage") == "on";
  rtl.count_violations = c.text("verify.on_violation") == "count";
  return rtl;
}

RingsExperiment rings_experiment(const Config& c, const ConvergenceSpec& conv) {
  WormholeNetworkParams router_keys;
  router_keys.packet_flits = longest_packet_flits(c);
  router_keys.router = router_params(c, router_keys.packet_flits);
  refuse_router_keys(c, router_keys, int(c.integer("network.dims")));
  RingsExperiment e;
  e.design = rings_design(c);
  e.params = rings_sci_params(c, e.design);  // refuses what cannot be built, naming the key
  e.analytic = rings_analytic(e.design);
  e.impl = router_impl(c);
  e.trace = SciTrace{trace_nodes(c), c.text("trace.vcd"), c.text("trace.flits")};
  e.rtl = rings_rtl(c, e.params);
  e.rtl_sources = c.text("router.rtl_sources");
  const RingsDesign& d = e.design;
  const bool rr = workload(c) == Workload::request_response;
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
  e.verify_drain = c.integer("verify.drain_cycles");
  const int64_t end = e.drain ? conv.cycles : kNever;
  e.traffic = RingTrafficSpec{rate, f, rr, e.params.seed, end};
  e.window = RingWindow{e.drain ? conv.cycles / 5 : 0, end, d.address_bits, d.data_bits};
  e.measure = RingMeasureContext{e.analytic.nodes, e.analytic.max_throughput, e.analytic.cycle_time_increase};
  if (workload(c) == Workload::trace) {
    e.replay = trace_replay_spec(c, TraceNetwork{uint32_t(e.analytic.nodes), e.params.width_bits, 0, true,
                                                 e.params.data_flits});
    e.replay_address_flits = e.params.address_flits;
  }
  e.params.payload = energy_payload(c, e.params.width_bits);
  e.energy = ring_energy_model(c, e.params.dims, e.params.width_bits, e.params.input_queue_flits, e.analytic.wire_lengths,
                               e.params.wire_cycles, d.mode == RingLinkMode::synchronous, e.analytic.cycle_time_increase);
  return e;
}

}  // namespace

ExperimentSpec decode(const Config& c, const BeforeTables& before_tables) {
  KeyRules rules = check_key_rules(c);
  ExperimentSpec s;
  s.impl = router_impl(c);
  s.topology_kind = network_topology(c);
  s.workload = workload(c);
  s.sizing = decode_sizing(c);
  s.outputs = decode_outputs(c);
  s.warnings = std::move(rules.warnings);
  if (before_tables) {
    before_tables(DecodedSoFar{s.warnings, s.sizing, s.outputs});
    s.memory_checked = true;
  }
  s.convergence = convergence_spec(c);
  s.second_thread = use_second_thread(c);
  if (c.text("verify.random_initial_state") == "on")
    s.rtl_random_state = c.is_word("traffic.seed") ? 1 : c.integer("traffic.seed") % 2147483647;
  s.statistics = c.text("run.statistics") != "basic";
  s.history = c.text("run.statistics") == "history";
  if (s.topology_kind == NetworkTopology::rings)
    s.topology = rings_experiment(c, s.convergence);
  else
    s.topology = mesh_experiment(c, std::move(*rules.links), rules);
  s.config = resolved_config_json(c);
  return s;
}

}  // namespace kncsim
