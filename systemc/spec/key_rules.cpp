#include "spec/key_rules.hpp"

#include "spec/energy_spec.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <functional>

#include "ref/ref_limits.hpp"
#include "rtl_adapt/rtl_router_fit.hpp"
#include "spec/model_words.hpp"
#include "spec/network_geometry.hpp"
#include "spec/network_overrides.hpp"
#include "spec/process_placement.hpp"
#include "spec/traffic_distributions.hpp"
#include "spec/traffic_keys.hpp"
#include "spec/trace_spec.hpp"
#include "topo/mesh_geometry.hpp"
#include "traffic/closed_loop.hpp"
#include "traffic/pattern.hpp"
#include "traffic/process_graph.hpp"

namespace kncsim {
namespace {

// FIFO positions are counted in 32 bits (the RTL's credit counters less so); a larger FIFO is
// unbounded in all but name.
constexpr int64_t kMaxFifoFlits = (int64_t{1} << 31) - 1;

// A torus runs on the SystemC and RTL routers (the reference model is Pertel's mesh), and its
// rings close cycles of channels that dimension-order and adaptive routing on one channel per
// link can deadlock on: such a run is a study of that.
void validate_torus(const Config& c) {
  if (router_impl(c) == RouterImpl::ref)
    throw ConfigError("network.topology torus with router.impl = ref: the reference model is Pertel's mesh; allowed: "
                      "router.impl systemc (with router.rtl_nodes, if any) or rtl");
  if (c.text("router.allow_deadlock") == "true") return;
  if (c.integer("router.vcs") < 2)
    throw ConfigError(fmt::format("network.topology torus with router.vcs = {} can deadlock (each ring of the torus is a "
                                  "cycle of channels, and packets waiting around it wait for ever); allowed: "
                                  "router.vcs >= 2 (datelines), or router.allow_deadlock: true, to study it (the "
                                  "deadlock watchdog reports the waiting cycle)",
                                  c.integer("router.vcs")));
  if (adaptive_routing(c) && c.integer("router.vcs") < 3)
    throw ConfigError(fmt::format("network.topology torus with router.routing adaptive and router.vcs = {} can deadlock "
                                  "(adaptive routes close cycles across the datelines); allowed: router.vcs >= 3 "
                                  "(Duato: adaptive channels over a dimension-order escape pair), router.routing "
                                  "dor, or router.allow_deadlock: true, to study it",
                                  c.integer("router.vcs")));
}

// Scott & Goodman's single-node model draws what the rings bring in at uniform traffic's rates:
// it models the keys below, and any other key set away from its default is refused rather than
// left without effect.
void validate_single_node(const Config& c) {
  if (router_impl(c) != RouterImpl::single_node) return;
  if (network_topology(c) != NetworkTopology::rings)
    throw ConfigError(fmt::format("router.impl single_node is Scott & Goodman's single-node model of the SCI rings, and "
                                  "network.topology is {}; allowed: network.topology rings, or router.impl ref, systemc "
                                  "or rtl", c.text("network.topology")));
  if (c.text("run.convergence") != "ci")
    throw ConfigError(fmt::format("router.impl single_node iterates its rates on eq 15 and then runs to a batch-means "
                                  "interval (run.ci_target), and run.convergence is {}; allowed: run.convergence ci",
                                  c.text("run.convergence")));
  static const std::vector<std::string> modelled = {
      "network.topology", "network.dims", "network.radix", "router.model", "router.impl", "router.ring_buffer_flits",
      "router.input_queue_flits", "router.output_queue_flits", "router.t_pass", "router.t_switch", "link.mode",
      "link.delay", "link.switch_to_wire_ratio", "link.constraint", "link.width_bits", "link.node_wires",
      "link.bisection_wires", "traffic.load", "traffic.data_fraction", "traffic.address_bits", "traffic.data_bits",
      "traffic.echo_bits", "traffic.seed", "run.convergence", "run.ci_target", "run.max_cycles", "run.saturation",
      "run.latency_bound", "run.memory_limit", "run.threads"};
  const Config defaults;
  for (const auto& [key, value] : c.values()) {
    if (std::find(modelled.begin(), modelled.end(), key) != modelled.end()) continue;
    const auto d = defaults.values().find(key);
    if (d != defaults.values().end() && d->second == value) continue;
    throw ConfigError(fmt::format("{} is set, and router.impl single_node does not model it (one node at uniform "
                                  "traffic's rates); allowed: {} at its default, or router.impl ref (the whole "
                                  "network). The single-node model takes: {}",
                                  key, key, fmt::join(modelled, ", ")));
  }
}

// PP-MESS-SIM's hexagonal mesh: the SystemC wormhole network only, planar, one edge, uniform
// wires, dimension order over its axes with a dateline pair (adaptive routes across its wrapped
// axes are not worked out), and the patterns that need no coordinates.
void validate_hexagonal(const Config& c) {
  const std::string& impl = c.text("router.impl");
  if (router_impl(c) != RouterImpl::systemc || has_rtl_nodes(c))
    throw ConfigError(fmt::format("network.topology hexagonal with router.impl {}{}: kncsim's RTL routers and "
                                  "Pertel's reference model have 2d+1 ports of a cube; allowed: router.impl systemc "
                                  "without router.rtl_nodes",
                                  impl, has_rtl_nodes(c) && impl == "systemc" ? " and router.rtl_nodes" : ""));
  if (c.integer("network.dims") != 2)
    throw ConfigError(fmt::format("network.dims = {} with network.topology hexagonal, which is planar (three axes "
                                  "in a plane); allowed: 2",
                                  c.integer("network.dims")));
  if (c.integers("network.radix").size() != 1 || c.integers("network.radix").front() > 1000)
    throw ConfigError("network.radix for network.topology hexagonal is its edge e (3e(e-1)+1 nodes); allowed: one "
                      "value 2..1000");
  const std::string& embedding = c.text("link.embedding");
  if (embedding != "auto" && embedding != "uniform")
    throw ConfigError(fmt::format("link.embedding = {} with network.topology hexagonal, whose wires kncsim takes as "
                                  "all alike; allowed: auto or uniform",
                                  embedding));
  if (!c.is_word("link.delay") && c.integers("link.delay").size() != 1)
    throw ConfigError("link.delay lists one delay per dimension, but a hexagonal mesh's wires are all alike; "
                      "allowed: auto or one delay");
  if (c.text("router.packet_format") == "hop_count")
    throw ConfigError("router.packet_format hop_count carries a hop count per dimension of a cube; allowed with "
                      "network.topology hexagonal: absolute");
  if (workload(c) == Workload::closed_loop || workload(c) == Workload::trace)
    throw ConfigError(fmt::format("traffic.workload {} with network.topology hexagonal; allowed: open",
                                  c.text("traffic.workload")));
  if (c.text("router.allow_deadlock") == "true") return;
  if (routing(c) != Routing::dor)
    throw ConfigError(fmt::format("router.routing {} on a hexagonal mesh: channel classes for routes other than "
                                  "dimension order across its wrapped axes are not worked out; allowed: dor, or "
                                  "router.allow_deadlock: true, to study it",
                                  c.text("router.routing")));
  if (c.integer("router.vcs") < 2)
    throw ConfigError(fmt::format("network.topology hexagonal with router.vcs = {}: its wrapped axes close cycles "
                                  "of channels; allowed: router.vcs >= 2 (datelines), or router.allow_deadlock: "
                                  "true, to study it",
                                  c.integer("router.vcs")));
}

// Topology and router family together: Scott & Goodman's rings take the SCI ring node and one radix;
// meshes take the wormhole router and at most 15 dimensions.
void validate_topology(const Config& c) {
  const bool rings = network_topology(c) == NetworkTopology::rings, sci = c.text("router.model") == "sci";
  if (rings != sci)
    throw ConfigError(fmt::format("network.topology = {} with router.model = {}; allowed: network.topology rings with "
                                  "router.model sci, or mesh with wormhole",
                                  c.text("network.topology"), c.text("router.model")));
  const std::string& topology = c.text("network.topology");  // for the messages
  const bool torus = network_topology(c) == NetworkTopology::torus;
  if (!torus && c.text("network.wiring") != "straight")
    throw ConfigError(fmt::format("network.wiring = {} with network.topology {}: only a torus's rings can be folded (a "
                                  "mesh has no wraparound; Scott & Goodman's rings are laid out straight); allowed: "
                                  "network.wiring straight, or network.topology torus",
                                  c.text("network.wiring"), topology));
  if (!rings) {
    if (c.integer("network.dims") > 15)  // 2d+1 ports in a 32-bit route mask
      throw ConfigError(fmt::format("network.dims = {} for a {}; allowed: 1..15 (up to 24 for network.topology rings)",
                                    c.integer("network.dims"), topology));
    const int64_t channels = (2 * c.integer("network.dims") + 1) * c.integer("router.vcs");
    if (channels > 63)
      throw ConfigError(fmt::format("router.vcs = {} with network.dims = {}: {} channels per router, beyond the 63 its "
                                    "masks hold; allowed: (2 network.dims + 1) x router.vcs <= 63",
                                    c.integer("router.vcs"), c.integer("network.dims"), channels));
    if (torus) validate_torus(c);
    if (network_topology(c) == NetworkTopology::hexagonal) validate_hexagonal(c);
    return;
  }
  if (c.integer("router.vcs") != 1 || arbitration(c) != Arbitration::priority_token)
    throw ConfigError(fmt::format("router.vcs = {} and router.arbitration = {} for network.topology rings: SCI ring "
                                  "interfaces have no virtual channels or channel assignment; allowed: router.vcs 1 "
                                  "and router.arbitration priority_token (the defaults)",
                                  c.integer("router.vcs"), c.text("router.arbitration")));
  if (fifo_full_policy(c) != FifoFullPolicy::wait)
    throw ConfigError(fmt::format("router.fifo_full_policy = {} for network.topology rings: SCI ring interfaces have no "
                                  "channel assignment to a full FIFO; allowed: router.fifo_full_policy wait (the default)",
                                  c.text("router.fifo_full_policy")));
  if (!c.is_word("router.rtl_nodes") && router_impl(c) != RouterImpl::systemc)
    throw ConfigError(fmt::format("router.rtl_nodes with router.impl = {}: RTL nodes sit among SystemC nodes; allowed: "
                                  "router.impl: systemc with router.rtl_nodes, or router.impl: rtl for every node",
                                  c.text("router.impl")));
  const std::vector<int> k = network_radices(c);
  if (std::adjacent_find(k.begin(), k.end(), std::not_equal_to<>()) != k.end())
    throw ConfigError("network.radix differs per dimension, but network.topology rings is a k-ary n-cube; allowed: one "
                      "radix k >= 2");
  const std::string& embedding = c.text("link.embedding");
  if (embedding != "auto" && embedding != "cube")
    throw ConfigError(fmt::format("link.embedding = {} for network.topology rings, which Scott & Goodman lay out in "
                                  "3 dimensions; allowed: auto or cube",
                                  embedding));
  if (!c.is_word("link.delay"))
    throw ConfigError("link.delay given for network.topology rings, whose wire delays come from the cube embedding "
                      "(link.switch_to_wire_ratio, link.mode); allowed: link.delay auto");
}

// router.routing, router.selection and router.deflections (PP-MESS-SIM's routing): where each
// runs, and the combinations that can deadlock.
// The network's routing keys, or a traffic class's (t names the keys it read): where each
// routing runs, and the combinations that can deadlock.
void validate_routing(const TrafficKeys& t, Routing routing, Selection selection, int deflections, int64_t fifo_flits) {
  const Config& c = t.config();
  const Selection chosen = kncsim::selection(t);
  if (routing == Routing::dor && chosen != Selection::any && chosen != Selection::dimension_order)
    throw ConfigError(fmt::format("{} = {} with {} dor, which is dimension order; allowed: auto or dimension_order, "
                                  "or oblivious, adaptive or deflection routing",
                                  t.key("router.selection"), to_string(chosen), t.key("router.routing")));
  if (routing != Routing::deflection && deflections != 1)
    throw ConfigError(fmt::format("{} = {} with {} {}: it bounds nonminimal hops, which this routing never takes; "
                                  "allowed: 1 (the default), or router.routing deflection",
                                  t.key("router.deflections"), deflections, t.key("router.routing"), to_string(routing)));
  if (routing != Routing::oblivious && routing != Routing::deflection) return;
  if (network_topology(c) == NetworkTopology::torus)
    throw ConfigError(fmt::format("{} {} on a torus: its channel classes (datelines) are not worked out yet; allowed "
                                  "on a torus: dor or adaptive, or network.topology mesh",
                                  t.key("router.routing"), to_string(routing)));
  if (network_topology(c) == NetworkTopology::hexagonal && c.text("router.allow_deadlock") != "true")
    throw ConfigError(fmt::format("{} {} on a hexagonal mesh: its channel classes (datelines) are not worked out; "
                                  "allowed there: dor, or router.allow_deadlock: true, to study it",
                                  t.key("router.routing"), to_string(routing)));
  const bool dor_order = routing == Routing::oblivious && selection == Selection::dimension_order;
  if (!dor_order && fifo_flits >= 0 && c.text("router.allow_deadlock") != "true")
    throw ConfigError(fmt::format(
        "{} {} with router.selection {} and finite FIFOs can deadlock on a mesh (its turns close cycles of channels, "
        "and a blocked packet holds its buffers); allowed: unbounded FIFOs (router.fifo_flits and "
        "router.fifo_packets unbounded), router.routing oblivious with router.selection dimension_order, or "
        "router.allow_deadlock: true, to study it",
        t.key("router.routing"), to_string(routing), to_string(selection)));
}

// Traffic classes' own router keys: their VCs within the links', deadlock-free on their own VCs,
// and their switching's buffers. The reference and RTL routers have one class.
void validate_class_routers(const Config& c, const RouterParams& r) {
  if (c.classes().empty()) return;
  const std::string first = "traffic class '" + c.classes().front() + "'";
  if (has_rtl_nodes(c))
    throw ConfigError(first + " with RTL routers, which carry one class of traffic; allowed: router.impl systemc "
                              "without router.rtl_nodes");
  if (r.hop_count_headers)
    throw ConfigError(first + " with router.packet_format hop_count; allowed: router.packet_format absolute");
  const bool torus = network_topology(c) == NetworkTopology::torus, allow = c.text("router.allow_deadlock") == "true";
  for (const std::string& name : c.classes()) {
    const TrafficKeys t(c, name);
    const std::string vcs_key = "classes." + name + ".vcs";
    int count = r.vcs;
    if (c.has(vcs_key) && !c.is_word(vcs_key)) {
      count = 0;
      for (int64_t v : c.integers(vcs_key)) {
        if (v >= r.vcs)
          throw ConfigError(fmt::format("{} has VC {}, but router.vcs = {}; allowed: VCs 0..{}", vcs_key, v, r.vcs,
                                        r.vcs - 1));
        ++count;
      }
    }
    const Routing routing = kncsim::routing(t);
    Selection selection = kncsim::selection(t);
    if (selection == Selection::any && routing != Routing::adaptive) selection = Selection::dimension_order;
    validate_routing(t, routing, selection, int(t.integer("router.deflections")), r.fifo_flits);
    if (network_topology(c) == NetworkTopology::hexagonal && !allow && routing == Routing::adaptive)
      throw ConfigError(fmt::format("{} adaptive on a hexagonal mesh: Duato's escape across its wrapped axes is not "
                                    "worked out; allowed there: dor, or router.allow_deadlock: true, to study it",
                                    t.key("router.routing")));
    if ((torus || network_topology(c) == NetworkTopology::hexagonal) && !allow) {
      const int needed = routing == Routing::adaptive ? 3 : 2;
      if (count < needed)
        throw ConfigError(fmt::format("{} gives traffic class '{}' {} VC(s) on a torus or hexagonal mesh, where {} routing needs {} "
                                      "(datelines{}) to be deadlock-free; allowed: {} VCs or more, or "
                                      "router.allow_deadlock: true, to study it",
                                      c.has(vcs_key) ? vcs_key : "router.vcs", name, count,
                                      routing == Routing::adaptive ? "adaptive" : "dimension-order", needed,
                                      routing == Routing::adaptive ? ", and Duato's escape pair" : "", needed));
    }
    const Switching sw = switching(t);
    if (sw == Switching::hybrid && r.fifo_flits < 0)
      throw ConfigError(fmt::format("{} hybrid stalls a short blocked packet in its FIFOs, which unbounded FIFOs never "
                                    "make it do; allowed: router.fifo_flits or router.fifo_packets",
                                    t.key("router.flow_control")));
    const int longest = longest_packet_flits(t);
    if ((sw == Switching::cut_through || sw == Switching::packet) && r.fifo_flits >= 0 && r.fifo_flits < longest)
      throw ConfigError(fmt::format("{} {} needs room for a whole packet of traffic class '{}' ({} flits), and the "
                                    "FIFOs hold {}; allowed: router.fifo_flits >= {}, or wormhole",
                                    t.key("router.flow_control"), to_string(sw), name, longest, r.fifo_flits, longest));
  }
}

// Router, FIFO and link keys that only make sense together.
// links: the mesh's link timing, decoded once by the caller (null for rings).
void validate_router(const Config& c, const MeshLinkTiming* links) {
  const bool ref = router_impl(c) == RouterImpl::ref;
  const bool by_packets = !c.is_word("router.fifo_packets"), by_flits = !c.is_word("router.fifo_flits");
  const int64_t L = longest_packet_flits(c);
  if (by_packets && by_flits)
    throw ConfigError(fmt::format("router.fifo_packets = {} and router.fifo_flits = {} both set; allowed: one of them "
                                  "(the other left unbounded)",
                                  c.integer("router.fifo_packets"), c.integer("router.fifo_flits")));
  if (by_packets && c.integer("router.fifo_packets") > kMaxFifoFlits / L)
    throw ConfigError(fmt::format("router.fifo_packets = {} packets of {} is more than {} flits; "
                                  "allowed: router.fifo_packets <= {}, or unbounded",
                                  c.integer("router.fifo_packets"),
                                  c.text("traffic.packet_length") == "fixed"
                                      ? fmt::format("traffic.packet_flits = {}", L)
                                      : fmt::format("{} flits (the longest of traffic.packet_length_params)", L),
                                  kMaxFifoFlits, kMaxFifoFlits / L));
  if (by_flits && c.integer("router.fifo_flits") > kMaxFifoFlits)
    throw ConfigError(fmt::format("router.fifo_flits = {}; allowed: 1..{}, or unbounded", c.integer("router.fifo_flits"),
                                  kMaxFifoFlits));
  const RouterParams router = router_params(c, int(L));
  const bool cut_through = router.credits == CreditPolicy::per_packet;
  if (router.switching != Switching::hybrid && (c.integer("router.hybrid_hops") != 2 || c.integer("router.buffer_packets") != 1))
    throw ConfigError(fmt::format("router.hybrid_hops = {} and router.buffer_packets = {} shape the hybrid switching of "
                                  "router.flow_control hybrid, but it is {}; allowed: their defaults (2 and 1), or "
                                  "router.flow_control hybrid",
                                  c.integer("router.hybrid_hops"), c.integer("router.buffer_packets"),
                                  to_string(router.switching)));
  if (router.fifo_full != FifoFullPolicy::wait && router.fifo_flits < 0)
    throw ConfigError(fmt::format("router.fifo_full_policy = {} decides what a head does at an output whose far FIFO is "
                                  "full, and the FIFOs are unbounded (never full); allowed: router.fifo_full_policy wait, "
                                  "or router.fifo_packets or router.fifo_flits bounded",
                                  to_string(router.fifo_full)));
  if (misroute_on_full(c)) {
    const std::string why =
        !ref ? fmt::format("is Pertel's packet-level model's (SNS section 3, for FNS's whole packets), and router.impl "
                           "is {}; allowed: off, or router.impl ref", c.text("router.impl"))
        : !by_packets ? std::string("misroutes the heads of full FIFOs, and the FIFOs are unbounded (never full); "
                                    "allowed: off, or router.fifo_packets bounded")
        : router.fifo_full != FifoFullPolicy::wait
            ? fmt::format("lets a full FIFO's head take an output whose far FIFO has room, which "
                          "router.fifo_full_policy {} would assign all the same; allowed: off, or "
                          "router.fifo_full_policy wait", to_string(router.fifo_full))
            : std::string();
    if (!why.empty()) throw ConfigError("router.misroute_on_full on " + why);
  }
  if (router.arbitration != Arbitration::biased_priority &&
      (router.bias_local != 9 || router.bias_network != 4))
    throw ConfigError(fmt::format("router.bias_local = {} and router.bias_network = {} are the base priorities of "
                                  "router.arbitration biased_priority, but it is {}; allowed: their defaults (9 and 4), "
                                  "or router.arbitration biased_priority",
                                  router.bias_local, router.bias_network, to_string(router.arbitration)));
  validate_routing(TrafficKeys(c), router.routing, router.selection, router.deflections, router.fifo_flits);
  validate_class_routers(c, router);
  if (router.switching == Switching::hybrid && router.fifo_flits < 0)
    throw ConfigError("router.flow_control hybrid stalls a short blocked packet in its FIFOs, which unbounded FIFOs never "
                      "make it do; allowed: router.fifo_flits or router.fifo_packets, or router.flow_control cut_through");
  if (c.text("router.packet_format") == "hop_count") {
    auto refuse = [](const std::string& why) {
      throw ConfigError("router.packet_format hop_count " + why);
    };
    if (ref) refuse("needs flit-level routers; allowed: router.impl: systemc, or router.packet_format: absolute");
    // The rest (dimension order, room for the headers, wormhole credits) are the flit-level
    // network's own: wormhole_params_refusal, asked by the decoding.
  }
  const bool rtl = has_rtl_nodes(c);
  if (rtl && network_topology(c) != NetworkTopology::rings) {  // rings: checked against the SCI node's limits when built
    const std::string rtl_nodes = "RTL routers (router.impl: rtl or router.rtl_nodes) ";
    if (ref) throw ConfigError(rtl_nodes + "sit in the flit-level network; allowed: router.impl: systemc with router.rtl_nodes");
    if (const std::string why = rtl_router_refusal(router, link_kind(c), network_radices(c), int(L)); !why.empty())
      throw ConfigError(rtl_nodes + why);
  }
  if (!ref) {
    // A cut-through FIFO's room for a packet, and cut-through with virtual channels, are the
    // flit-level network's own rules: wormhole_params_refusal, asked by the decoding.
    // A handshake link carries a flit per 2 x delay cycles, so from a shorter link into a
    // longer one it is not safe either.
    if (links && (by_flits || by_packets) && cut_through && link_kind(c) == LinkKind::handshake) {
      bool equal = true;  // every wire's (a torus's may differ within a dimension)
      for (const auto& dim : links->wire_delays)
        for (int d : dim) equal &= d == links->wire_delays[0][0];
      if (!equal)
        throw ConfigError(fmt::format("link.kind handshake with link delays [{}] and router.flow_control cut_through: a "
                                      "packet's room is credited when its head leaves, and a longer link drains it "
                                      "slower than a shorter one refills it; allowed: one delay for every dimension "
                                      "(and every wire of a torus), router.flow_control wormhole, or link.kind pipelined",
                                      fmt::join(links->delays, ", ")));
    }
    return;
  }
  if (const std::string why = ref_router_refusal(router, by_flits, link_kind(c), links ? links->delays : std::vector<int>{});
      !why.empty())
    throw ConfigError(why);
}

// verify.*: the scoreboard's drain and starvation bound watch the flit-level wormhole network's
// packets, and coverage is what its RTL routers' monitors mark.
void validate_verify(const Config& c) {
  const bool rings = network_topology(c) == NetworkTopology::rings;
  const bool ref = router_impl(c) == RouterImpl::ref;
  if (rings && c.integer("verify.starvation_cycles") != 0)
    throw ConfigError(fmt::format("verify.starvation_cycles = {} on rings: the ring networks have no starvation bound "
                                  "yet; allowed: 0, or network.topology mesh or torus",
                                  c.integer("verify.starvation_cycles")));
  if (rings && c.integer("verify.drain_cycles") != 0 && c.text("run.convergence") != "fixed")
    throw ConfigError(fmt::format("verify.drain_cycles = {} on rings drains after a fixed run; allowed: 0, or "
                                  "run.convergence fixed",
                                  c.integer("verify.drain_cycles")));
  if (workload(c) == Workload::trace && c.integer("verify.drain_cycles") != 0)
    throw ConfigError(fmt::format("verify.drain_cycles = {} with traffic.workload trace, which runs until its last "
                                  "packet is delivered (nothing is left to drain); allowed: 0",
                                  c.integer("verify.drain_cycles")));
  for (const char* key : {"verify.drain_cycles", "verify.starvation_cycles"}) {
    if (c.integer(key) == 0 || rings) continue;
    if (ref)
      throw ConfigError(fmt::format("{} = {} needs the flit-level network (Pertel's reference model has no flits to "
                                    "follow); allowed: 0, or router.impl systemc or rtl", key, c.integer(key)));
    if (workload(c) == Workload::closed_loop && std::string(key) == "verify.drain_cycles")
      throw ConfigError(fmt::format("verify.drain_cycles = {} with traffic.workload closed_loop, which runs until its "
                                    "loops are done (nothing is left to drain); allowed: 0", c.integer(key)));
  }
  if (c.text("verify.coverage") == "on") {
    if (!has_rtl_nodes(c) || ref)
      throw ConfigError("verify.coverage on with no RTL routers: the coverage points are marked by the monitors on RTL "
                        "routers' pins; allowed: off, or router.impl rtl, or router.impl systemc with router.rtl_nodes");
    if (c.text("verify.monitors") != "on")
      throw ConfigError("verify.coverage on with verify.monitors off: the monitors mark the coverage points; allowed: "
                        "verify.monitors on, or verify.coverage off");
  }
}

// traffic.pattern graph: its keys agree, and its files read (a bad line is named now, before
// anything runs). Another pattern maps node to node, so it takes no mapping.
void validate_process_graph(const Config& c, const std::vector<int>& radices) {
  const std::string& mapping = c.text("traffic.mapping");
  if (workload(c) == Workload::trace) return;  // the mapping places the trace's nodes (spec/trace_spec.hpp)
  if (c.text("traffic.pattern") != "graph") {
    if (mapping != "identity")
      throw ConfigError(fmt::format("traffic.mapping = {} places the processes of traffic.pattern: graph, but "
                                    "traffic.pattern = {} sends from node to node; allowed: identity, or "
                                    "traffic.pattern: graph",
                                    mapping, c.text("traffic.pattern")));
    return;
  }
  if (network_topology(c) == NetworkTopology::rings)
    throw ConfigError("traffic.pattern = graph drives the wormhole mesh and torus; the rings' traffic is "
                      "traffic.workload; allowed on rings: uniform");
  const std::string& graph = c.text("traffic.graph");
  const MeshGeometry g(radices);
  if (graph == "file") {
    if (c.text("traffic.graph_file").empty())
      throw ConfigError("traffic.graph = file needs traffic.graph_file (an edge-list file); allowed: a file path");
    if (!c.is_word("traffic.graph_shape"))
      throw ConfigError("traffic.graph_shape sizes a built-in graph; a traffic.graph file lists its own processes; "
                        "allowed with traffic.graph file: auto");
  } else if (!c.is_word("traffic.graph_shape")) {
    const std::string why = graph_shape_problem(graph_kind(graph), c.integers("traffic.graph_shape"), g.nodes());
    if (!why.empty()) throw ConfigError(fmt::format("traffic.graph_shape for traffic.graph {}: {}", graph, why));
  }
  if (mapping == "file" && c.text("traffic.mapping_file").empty())
    throw ConfigError("traffic.mapping = file needs traffic.mapping_file ('process node' lines); allowed: a file path");
  process_placement(c, g);
}

// traffic.workload: closed_loop runs Chittor's loops over a process graph on the flit-level
// mesh or torus; request_response is the rings'. A closed loop's packets must fit where the
// network puts them, its graph's edges must run both ways, and AB needs two colour classes.
void validate_workload(const Config& c, const std::vector<int>& radices) {
  const Workload workload = kncsim::workload(c);
  const bool rings = network_topology(c) == NetworkTopology::rings;
  refuse_trace_keys_without_trace(c);
  if (workload == Workload::request_response && !rings)
    throw ConfigError(fmt::format("traffic.workload = request_response answers address packets on the SCI rings; "
                                  "allowed for network.topology {}: open, closed_loop",
                                  c.text("network.topology")));
  const int64_t gap = c.integer("traffic.packet_gap_cycles");
  if (gap != 0 && workload != Workload::closed_loop)
    throw ConfigError(fmt::format("traffic.packet_gap_cycles = {} spaces the packets of a closed loop's messages, and "
                                  "traffic.workload is {}; allowed: 0, or traffic.workload closed_loop",
                                  gap, c.text("traffic.workload")));
  const bool random_destinations = c.text("traffic.loop_destinations") == "random";
  if (random_destinations && workload != Workload::closed_loop)
    throw ConfigError(fmt::format("traffic.loop_destinations random draws a closed loop's message destinations, and "
                                  "traffic.workload is {}; allowed: graph, or traffic.workload closed_loop",
                                  c.text("traffic.workload")));
  if (random_destinations && c.text("traffic.pattern") != "uniform")
    throw ConfigError(fmt::format("traffic.loop_destinations random draws every message's destination uniformly, in "
                                  "place of traffic.pattern {}'s; allowed: traffic.pattern uniform, or "
                                  "traffic.loop_destinations graph",
                                  c.text("traffic.pattern")));
  if (workload != Workload::closed_loop) return;
  if (rings)
    throw ConfigError("traffic.workload = closed_loop runs on the wormhole mesh and torus; allowed on rings: open, "
                      "request_response");
  if (gap != 0 && (c.is_word("traffic.packet_payload_flits") ||
                   c.integer("traffic.packet_payload_flits") >= c.integer("traffic.message_flits")))
    throw ConfigError(fmt::format("traffic.packet_gap_cycles = {} spaces the packets of a message, and a message of "
                                  "traffic.message_flits = {} is one packet (traffic.packet_payload_flits {}); "
                                  "allowed: 0, or traffic.packet_payload_flits < traffic.message_flits",
                                  gap, c.integer("traffic.message_flits"),
                                  c.is_word("traffic.packet_payload_flits")
                                      ? c.text("traffic.packet_payload_flits")
                                      : std::to_string(c.integer("traffic.packet_payload_flits"))));
  if (c.text("run.convergence") == "ci" || c.text("run.saturation") == "detect")
    throw ConfigError("traffic.workload = closed_loop runs until every loop is done (or run.max_cycles); allowed: "
                      "run.convergence sns4, sns or fixed and run.saturation off (they are not used)");
  if (router_impl(c) == RouterImpl::ref)
    throw ConfigError("traffic.workload = closed_loop sends messages of several packets, which Pertel's "
                      "packet-level model cannot carry; allowed: router.impl: systemc or rtl");
  const MeshGeometry g(radices, network_topology(c) == NetworkTopology::torus);
  if (random_destinations && c.text("traffic.node_channel") == "half_duplex")
    throw ConfigError("traffic.loop_destinations random with traffic.node_channel half_duplex: a half-duplex message "
                      "holds its receiver's channel, and a drawn receiver is not one the loops know; allowed: "
                      "traffic.node_channel duplex, or traffic.loop_destinations graph");
  // The loops run over the graph's neighbours: a pattern's own graph (hotspot has none); with
  // random destinations, one message a node and loop, to a node drawn then.
  const auto sends_to = random_destinations ? std::vector<std::vector<uint32_t>>(g.nodes(), std::vector<uint32_t>{0})
                                            : node_destinations(process_placement(c, g), g.nodes());
  const int64_t payload = c.is_word("traffic.packet_payload_flits")
                              ? c.integer("traffic.message_flits")
                              : std::min(c.integer("traffic.message_flits"), c.integer("traffic.packet_payload_flits"));
  const int64_t flits = payload + (c.text("router.packet_format") == "hop_count" ? g.dims() : 0);
  const bool cut_through = cut_through_flow(c);
  // A FIFO past the 32-bit bound is refused by validate_router, later: its room is not worked
  // out here (packets x L could overflow).
  const int64_t L = c.integer("traffic.packet_flits");
  const bool fits = c.is_word("router.fifo_packets") || c.integer("router.fifo_packets") <= kMaxFifoFlits / L;
  const int64_t room = fits ? router_params(c, int(L)).fifo_flits : -1;
  if (cut_through && room >= 0 && flits > room)
    throw ConfigError(fmt::format("traffic.workload closed_loop sends packets of {} flits (traffic.message_flits, "
                                  "traffic.packet_payload_flits), more than a FIFO's {} under router.flow_control "
                                  "cut_through: they never fit; allowed: packets of at most {} flits, or wormhole",
                                  flits, room, room));
  // Packets are as long as open-loop ones may be, and a node hands a loop's messages to its
  // network interface at once: their packets, over all nodes, stay within what memory holds.
  constexpr int64_t kMaxPacketFlits = int64_t{1} << 20, kMaxPacketsAtOnce = int64_t{1} << 24;
  if (flits > kMaxPacketFlits)
    throw ConfigError(fmt::format("traffic.workload closed_loop sends packets of {} flits; allowed: at most {} "
                                  "(traffic.packet_payload_flits, or traffic.message_flits)",
                                  flits, kMaxPacketFlits));
  double messages = 0;
  for (const auto& to : sends_to) messages += double(to.size());
  const double per_message = std::ceil(double(c.integer("traffic.message_flits")) / double(payload));
  if (messages * per_message > double(kMaxPacketsAtOnce))
    throw ConfigError(fmt::format("traffic.workload closed_loop hands {:.0f} messages of {:.0f} packets to the "
                                  "network interfaces in a loop, more than {} packets; allowed: a larger "
                                  "traffic.packet_payload_flits, a smaller traffic.message_flits, or a sparser graph",
                                  messages, per_message, kMaxPacketsAtOnce));
  const bool rtl = has_rtl_nodes(c);
  if (rtl && flits > rtl_router_max_packet_flits())
    throw ConfigError(fmt::format("traffic.workload closed_loop sends packets of {} flits, but RTL routers carry a "
                                  "{}-bit length; allowed: traffic.packet_payload_flits (or traffic.message_flits) "
                                  "giving packets of at most {} flits",
                                  flits, rtl_router_length_bits(), rtl_router_max_packet_flits()));
  ClosedLoopSpec spec;  // the graph's checks: every edge both ways, two classes for ab, overheads for shell
  spec.classes = loop_classes_named(c.text("traffic.loop_classes"));
  spec.message_flits = c.integer("traffic.message_flits");
  spec.receive_fixed = c.number("traffic.receive_overhead_cycles");
  spec.receive_per_flit = c.number("traffic.receive_overhead_cycles_per_flit");
  spec.random_destinations = random_destinations;
  try {
    ClosedLoopWorkload(spec, sends_to);
  } catch (const std::invalid_argument& e) {
    throw ConfigError(e.what());
  }
}


}  // namespace

// network.overrides: on the SystemC network only, its lines sound (file:line), and failures only
// where a routing can go round them without deadlock or a head stuck at a dead end.
void validate_overrides(const Config& c, KeyRules& out) {
  const std::string& file = c.text("network.overrides");
  if (file.empty()) return;
  if (router_impl(c) != RouterImpl::systemc || has_rtl_nodes(c) || network_topology(c) == NetworkTopology::rings)
    throw ConfigError(fmt::format("network.overrides '{}' with router.impl {}{} and network.topology {}: per-link "
                                  "overrides are the SystemC wormhole network's; allowed: router.impl systemc without "
                                  "router.rtl_nodes, on a mesh, torus or hexagonal mesh",
                                  file, c.text("router.impl"), has_rtl_nodes(c) ? " (router.rtl_nodes)" : "",
                                  c.text("network.topology")));
  if (network_nodes(c) > double(1 << 24)) return;  // refused below, naming the size
  const MeshGeometry g = network_geometry(c);
  const NetworkOverrides o = read_network_overrides(file, g, [](uint32_t, int) { return 1; });
  if (!o.failures()) return;
  const std::string what = fmt::format("network.overrides '{}' fails {} link(s) and {} node(s)", file,
                                       o.failed_links.size(), o.failed_nodes.size());
  if (g.nodes() > FaultMap::kMaxNodes)
    throw ConfigError(fmt::format("{} on a {}-node network; allowed: failures on at most {} nodes (a reachability "
                                  "bit per pair), or delay and width overrides only",
                                  what, g.nodes(), FaultMap::kMaxNodes));
  if (!c.classes().empty())
    throw ConfigError(fmt::format("{} with traffic classes, whose routings differ; allowed: failures without "
                                  "classes.NAME keys",
                                  what));
  if (workload(c) == Workload::closed_loop)
    throw ConfigError(fmt::format("{} with traffic.workload closed_loop; allowed: traffic.workload open", what));
  const Routing r = routing(c);
  const bool allow = c.text("router.allow_deadlock") == "true";
  if (r == Routing::deflection)
    throw ConfigError(fmt::format("{} with router.routing deflection, which could deflect a head where no "
                                  "surviving way is left; allowed: dor, oblivious or adaptive",
                                  what));
  if (r == Routing::adaptive && (g.wrapped()) && !allow)
    throw ConfigError(fmt::format("{} with router.routing adaptive on a {}: Duato's dimension-order escape may be "
                                  "cut; allowed: router.routing dor, or router.allow_deadlock: true, to study it",
                                  what, c.text("network.topology")));
  if (r == Routing::oblivious && !c.is_word("router.fifo_flits") + !c.is_word("router.fifo_packets") > 0 && !allow)
    throw ConfigError(fmt::format("{} with router.routing oblivious and finite FIFOs: going round a failure turns "
                                  "out of dimension order, and the turns can close cycles; allowed: router.routing "
                                  "dor, unbounded FIFOs, or router.allow_deadlock: true, to study it",
                                  what));
  // The pairs left with no way, reported now rather than as packets that never arrive.
  out.faults = std::make_shared<const FaultMap>(g, o.failed_links, o.failed_nodes);
  const bool dor = r != Routing::adaptive && r != Routing::oblivious;
  for (uint32_t s = 0; s < g.nodes(); ++s)
    for (uint32_t d = 0; d < g.nodes(); ++d)
      if (s != d && !out.faults->reaches(s, d, dor)) {
        if (out.unreachable_examples.size() < 5) out.unreachable_examples.emplace_back(s, d);
        ++out.unreachable_pairs;
      }
  if (out.unreachable_pairs == 0) return;
  std::vector<std::string> pairs;
  for (const auto& [a, b] : out.unreachable_examples) pairs.push_back(fmt::format("{} -> {}", a, b));
  out.warnings.push_back(fmt::format("{}: {} of {} ordered pairs have no way left for router.routing {} ({}{}); "
                                     "their packets are counted as unreachable and not sent",
                                     what, out.unreachable_pairs, int64_t(g.nodes()) * (g.nodes() - 1),
                                     to_string(r), fmt::join(pairs, ", "), out.unreachable_pairs > 5 ? ", .." : ""));
}

KeyRules check_key_rules(const Config& c) {
  KeyRules out;
  validate_topology(c);
  validate_energy(c);
  validate_single_node(c);
  validate_overrides(c, out);
  const std::vector<int> radices = network_radices(c);
  const double nodes = network_nodes(c);
  if (nodes > double(1 << 24))
    throw ConfigError(fmt::format("network.radix^network.dims = {:.0f} nodes; allowed: at most {} nodes "
                                  "(about 300 bytes of state per node)",
                                  nodes, 1 << 24));
  const int radix = *std::max_element(radices.begin(), radices.end());
  for (int64_t n : c.integers("trace.nodes"))
    if (double(n) >= nodes)
      throw ConfigError(fmt::format("trace.nodes has node {}, outside the {:.0f}-node network; allowed: 0..{:.0f}", n,
                                    nodes, nodes - 1));
  if (!c.text("trace.vcd").empty() && router_impl(c) == RouterImpl::ref)
    throw ConfigError("trace.vcd (--vcd) traces link pins, which router.impl ref has none of (Pertel's packet-level "
                      "model, or the ring model that steps every node in one process); allowed: router.impl: systemc, "
                      "or no trace.vcd");
  if (!c.text("trace.flits").empty() && router_impl(c) == RouterImpl::ref)
    throw ConfigError("trace.flits logs the flits each router or ring node sends, which router.impl ref does not model "
                      "one by one; allowed: router.impl: systemc or rtl, or no trace.flits");
  if (const std::string& dir = c.text("router.rtl_sources"); !dir.empty()) {
    const bool rtl = has_rtl_nodes(c);
    if (!rtl)
      throw ConfigError("router.rtl_sources replaces the RTL nodes' sources, and this configuration has none; "
                        "allowed: router.impl: rtl, or router.impl: systemc with router.rtl_nodes");
    std::error_code ec;
    if (!std::filesystem::is_directory(dir, ec))
      throw ConfigError(fmt::format("router.rtl_sources '{}' is not a directory; allowed: a directory of .sv files", dir));
    bool any = false;
    for (const auto& e : std::filesystem::directory_iterator(dir, ec)) any = any || e.path().extension() == ".sv";
    if (!any) throw ConfigError(fmt::format("router.rtl_sources '{}' has no .sv files; allowed: a directory of .sv files", dir));
  }
  for (int64_t n : c.integers("router.rtl_nodes"))
    if (double(n) >= nodes)
      throw ConfigError(fmt::format("router.rtl_nodes has node {}, outside the {:.0f}-node network; allowed: 0..{:.0f}",
                                    n, nodes, nodes - 1));
  for (int64_t h : c.integers("traffic.hotspot_nodes"))
    if (double(h) >= nodes)
      throw ConfigError(fmt::format("traffic.hotspot_nodes has node {}, outside the {:.0f}-node network; allowed: "
                                    "0..{:.0f}",
                                    h, nodes, nodes - 1));
  // (Uniform traffic fits every network: no geometry built, which costs 70 ms at 2^20 nodes and a
  // sweep decodes every point.)
  const std::string why = c.text("traffic.pattern") == "uniform"
                              ? std::string()
                              : pattern_unsupported(pattern_kind(c.text("traffic.pattern")), network_geometry(c),
                                                    int(c.integer("traffic.rotation")));
  if (!why.empty())
    throw ConfigError(fmt::format("traffic.pattern = {}: {}; allowed here: uniform, bit_complement, hotspot, "
                                  "nearest_neighbour, hop_uniform",
                                  c.text("traffic.pattern"), why));
  validate_process_graph(c, radices);
  validate_workload(c, radices);
  validate_traffic_distributions(c, radices);
  const double load = c.number("traffic.load");
  const std::string& conv = c.text("run.convergence");
  if (load >= 1) {
    if (conv != "fixed" && c.text("run.saturation") != "detect")
      throw ConfigError(fmt::format(
          "traffic.load = {:g} is at or above {} (A >= 1), so run.convergence {} can never "
          "converge; allowed: 0 < traffic.load < 1, run.convergence: fixed, or run.saturation: detect",
          load, network_topology(c) == NetworkTopology::rings ? "the rings' maximum throughput (eq 13/14)" : "the bisection bandwidth",
          conv));
    out.warnings.push_back(fmt::format("traffic.load = {:g} >= 1: the network cannot carry it; queues grow without bound",
                                   load));
  }
  const double q = 4. * load / double(radix * c.integer("traffic.packet_flits"));
  if (q > 1)
    out.warnings.push_back(fmt::format("injection probability 4A/(R L) = {:g} > 1: every node injects every cycle", q));
  if (c.text("traffic.stream") == "legacy" && !c.is_word("traffic.seed") && c.integer("traffic.seed") > 4294967295LL)
    throw ConfigError(fmt::format("traffic.seed = {} with traffic.stream legacy; allowed: default or 0..4294967295 "
                                  "(srand48 uses 32 bits)",
                                  c.integer("traffic.seed")));
  const bool mesh = network_topology(c) != NetworkTopology::rings;
  if (mesh) out.links = mesh_link_timing(c);
  validate_router(c, out.links ? &*out.links : nullptr);
  const int max_delay = out.links ? out.links->max_delay() : 1;
  // Credits come back a round trip after their flit left: a FIFO smaller than that idles its link.
  const int64_t fifo = router_params(c, longest_packet_flits(c)).fifo_flits;
  if (mesh && router_impl(c) != RouterImpl::ref && fifo > 0 && fifo < 2 * max_delay)
    out.warnings.push_back(fmt::format("input FIFOs of {} flits cover less than the round trip of the longest links "
                                   "(2 x {} cycles): those links run below one flit per cycle",
                                   fifo, max_delay));
  validate_verify(c);
  if (!c.is_word("traffic.phases")) {
    const std::vector<int64_t> p = c.integers("traffic.phases");
    if (p.size() != 2)
      throw ConfigError(fmt::format("traffic.phases has {} value(s); allowed: [on, off], two cycle counts >= 1, or none",
                                    p.size()));
    if (!mesh)
      throw ConfigError("traffic.phases on rings: Scott & Goodman's workload has no phases; allowed: none");
    if (workload(c) == Workload::closed_loop)
      throw ConfigError("traffic.phases with traffic.workload closed_loop, whose loops send when they are ready; "
                        "allowed: none");
  }
  if (c.integer("run.deadlock_cycles") <= 2 * max_delay)
    throw ConfigError(fmt::format("run.deadlock_cycles = {} is within a link round trip (2 * link.delay = {}); "
                                  "allowed: run.deadlock_cycles > {}",
                                  c.integer("run.deadlock_cycles"), 2 * max_delay, 2 * max_delay));
  if (conv == "fixed" && c.integer("run.cycles") > c.integer("run.max_cycles"))
    throw ConfigError(fmt::format("run.cycles = {} exceeds run.max_cycles = {}; allowed: run.cycles <= run.max_cycles",
                                  c.integer("run.cycles"), c.integer("run.max_cycles")));
  return out;
}

}  // namespace kncsim
