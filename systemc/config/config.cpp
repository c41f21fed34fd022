#include "config/config.hpp"

#include "config/link_timing.hpp"
#include "config/process_placement.hpp"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <fmt/format.h>

#include <filesystem>
#include <fmt/ranges.h>
#include <fstream>
#include <functional>
#include <optional>
#include <sstream>

#include "config/model_words.hpp"
#include "config/schema.hpp"
#include "rtl/rtl_limits.hpp"
#include "topo/mesh_geometry.hpp"
#include "traffic/closed_loop.hpp"
#include "traffic/pattern.hpp"
#include "traffic/process_graph.hpp"

namespace kncsim {
namespace {

bool parse_int(const std::string& s, int64_t& v) {
  const char* b = s.data();
  const char* e = b + s.size();
  if (b != e && *b == '+') ++b;
  auto [p, ec] = std::from_chars(b, e, v);
  return ec == std::errc() && p == e && b != e;
}

bool parse_number(const std::string& s, double& v) {
  if (s.empty()) return false;
  std::istringstream in(s);
  in.imbue(std::locale::classic());
  in >> v;
  return in && in.peek() == std::char_traits<char>::eof() && std::isfinite(v);
}

size_t edit_distance(const std::string& a, const std::string& b) {
  std::vector<size_t> row(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    size_t diag = row[0];
    row[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      const size_t up = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diag + (a[i - 1] != b[j - 1])});
      diag = up;
    }
  }
  return row[b.size()];
}

[[noreturn]] void unknown_key(const std::string& key, const std::string& origin) {
  std::vector<std::string> known;
  const std::string* best = nullptr;
  size_t best_d = 4;
  for (const auto& s : config_schema()) {
    known.push_back(s.key);
    const size_t d = edit_distance(key, s.key);
    if (d < best_d) best_d = d, best = &s.key;
  }
  std::string hint = best ? fmt::format(" (did you mean '{}'?)", *best) : "";
  throw ConfigError(fmt::format("unknown key '{}' in {}{}; allowed keys: {}", key, origin, hint,
                                fmt::join(known, ", ")));
}

struct FlatValue {
  std::string key;
  std::vector<std::string> items;  // one scalar, or a list's elements
  bool list;
};

// A prefix of some schema key ("traffic", "link").
bool is_section(const std::string& name) {
  for (const auto& s : config_schema())
    if (s.key.compare(0, name.size() + 1, name + ".") == 0) return true;
  return false;
}

// YAML allows a key once per mapping; yaml-cpp keeps both and the last would silently win.
// `seen` maps every dotted key (sections included) to the line where it was set.
void flatten(const YAML::Node& node, const std::string& prefix, const std::string& origin,
             std::vector<FlatValue>& out, std::map<std::string, int>& seen) {
  for (const auto& kv : node) {
    const std::string key = prefix.empty() ? kv.first.Scalar() : prefix + "." + kv.first.Scalar();
    const int line = kv.first.Mark().line + 1;
    if (const auto [it, fresh] = seen.emplace(key, line); !fresh)
      throw ConfigError(fmt::format("key '{}' appears twice in {}: line {} and line {}; allowed: each key once",
                                    key, origin, it->second, line));
    const YAML::Node& v = kv.second;
    if (v.IsMap() && find_key(key)) {  // a key given a section ("load: {}"): not silently nothing
      throw ConfigError(fmt::format("key '{}' in {} (line {}) must be a single value, not a map; allowed: {}", key,
                                    origin, line, allowed_values(*find_key(key))));
    } else if (v.IsMap()) {
      if (v.size() == 0 && !is_section(key)) unknown_key(key, origin);
      flatten(v, key, origin, out, seen);
    } else if (v.IsScalar() || v.IsNull()) {  // "vcd:" with nothing after it is an empty value
      out.push_back({key, {v.IsNull() ? std::string() : v.Scalar()}, false});
    } else if (v.IsSequence() && find_key(key) && find_key(key)->kind == KeyKind::integers) {
      FlatValue f{key, {}, true};
      for (const auto& item : v) {
        if (!item.IsScalar())
          throw ConfigError(fmt::format("key '{}' in {} must be a flat list; allowed: {}", key, origin,
                                        allowed_values(*find_key(key))));
        f.items.push_back(item.Scalar());
      }
      out.push_back(std::move(f));
    } else {
      if (!find_key(key)) unknown_key(key, origin);
      throw ConfigError(fmt::format("key '{}' in {} must be a single value; allowed: {}", key, origin,
                                    allowed_values(*find_key(key))));
    }
  }
}

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
    return;
  }
  if (c.integer("router.vcs") != 1 || arbitration(c) != Arbitration::priority_token)
    throw ConfigError(fmt::format("router.vcs = {} and router.arbitration = {} for network.topology rings: SCI ring "
                                  "interfaces have no virtual channels or channel assignment; allowed: router.vcs 1 "
                                  "and router.arbitration priority_token (the defaults)",
                                  c.integer("router.vcs"), c.text("router.arbitration")));
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

// Router, FIFO and link keys that only make sense together.
// links: the mesh's link timing, decoded once by the caller (null for rings).
void validate_router(const Config& c, const MeshLinkTiming* links) {
  const bool ref = router_impl(c) == RouterImpl::ref;
  const bool by_packets = !c.is_word("router.fifo_packets"), by_flits = !c.is_word("router.fifo_flits");
  const int64_t L = c.integer("traffic.packet_flits");
  if (by_packets && by_flits)
    throw ConfigError(fmt::format("router.fifo_packets = {} and router.fifo_flits = {} both set; allowed: one of them "
                                  "(the other left unbounded)",
                                  c.integer("router.fifo_packets"), c.integer("router.fifo_flits")));
  // FIFO positions are counted in 32 bits (the RTL's credit counters less so); a larger FIFO
  // is unbounded in all but name.
  constexpr int64_t kMaxFifoFlits = (int64_t{1} << 31) - 1;
  if (by_packets && c.integer("router.fifo_packets") > kMaxFifoFlits / L)
    throw ConfigError(fmt::format("router.fifo_packets = {} packets of traffic.packet_flits = {} is more than {} flits; "
                                  "allowed: router.fifo_packets <= {}, or unbounded",
                                  c.integer("router.fifo_packets"), L, kMaxFifoFlits, kMaxFifoFlits / L));
  if (by_flits && c.integer("router.fifo_flits") > kMaxFifoFlits)
    throw ConfigError(fmt::format("router.fifo_flits = {}; allowed: 1..{}, or unbounded", c.integer("router.fifo_flits"),
                                  kMaxFifoFlits));
  const bool cut_through = cut_through_flow(c);
  if (c.text("router.packet_format") == "hop_count") {
    auto refuse = [](const std::string& why) {
      throw ConfigError("router.packet_format hop_count " + why);
    };
    if (ref) refuse("needs flit-level routers; allowed: router.impl: systemc, or router.packet_format: absolute");
    // The rest (dimension order, room for the headers, wormhole credits) are the flit-level
    // network's own: wormhole_params_refusal, asked by the decoding.
  }
  const bool rtl = router_impl(c) == RouterImpl::rtl || !c.is_word("router.rtl_nodes");
  if (rtl && network_topology(c) != NetworkTopology::rings) {  // rings: checked against the SCI node's limits when built
    auto refuse = [](const std::string& why) {
      throw ConfigError("RTL routers (router.impl: rtl or router.rtl_nodes) " + why);
    };
    if (ref) refuse("sit in the flit-level network; allowed: router.impl: systemc with router.rtl_nodes");
    if (!by_flits && !by_packets)
      refuse("have finite FIFOs only (unbounded FIFOs do not exist in hardware); allowed: router.fifo_flits or "
             "router.fifo_packets");
    if (c.integer("router.routing_delay") != 0) refuse("route in the cycle a head reaches the front; allowed: router.routing_delay: 0");
    if (c.text("router.packet_format") != "absolute") refuse("carry the destination in every flit; allowed: router.packet_format: absolute");
    if (c.text("link.kind") != "pipelined") refuse("use credit links; allowed: link.kind: pipelined");
    if (c.integer("router.vcs") > rtl::kMaxVcs)
      refuse(fmt::format("have at most {} virtual channels; allowed: router.vcs <= {}", rtl::kMaxVcs, rtl::kMaxVcs));
    // One channel per link is kncsim_router, which assigns channels by Pertel's priority token;
    // the other arbiters are kncsim_vc_router's.
    if (c.integer("router.vcs") == 1 && arbitration(c) != Arbitration::priority_token)
      refuse(fmt::format("with one channel per link (router.vcs 1) assign channels by Pertel's priority token only; "
                         "allowed: router.arbitration: priority_token, or router.vcs >= 2 for {}",
                         c.text("router.arbitration")));
    // The limits of rtl/kncsim_pkg.sv (MaxDims, CoordW, LenW).
    if (c.integer("network.dims") > rtl::kMaxDims)
      refuse(fmt::format("have at most {} ports; allowed: network.dims <= {}", rtl::kMaxPorts, rtl::kMaxDims));
    for (int r : network_radices(c))
      if (r > rtl::kMaxRadix)
        refuse(fmt::format("carry {}-bit coordinates; allowed: network.radix <= {} (got {})", rtl::kCoordBits,
                           rtl::kMaxRadix, r));
    if (L > rtl::kMaxLen)
      refuse(fmt::format("carry a {}-bit packet length; allowed: traffic.packet_flits <= {} (got {})", rtl::kLenBits,
                         rtl::kMaxLen, L));
  }
  if (!ref) {
    // A cut-through FIFO's room for a packet, and cut-through with virtual channels, are the
    // flit-level network's own rules: wormhole_params_refusal, asked by the decoding.
    // A handshake link carries a flit per 2 x delay cycles, so from a shorter link into a
    // longer one it is not safe either.
    if (links && (by_flits || by_packets) && cut_through && c.text("link.kind") == "handshake") {
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
  auto ref_needs = [](const std::string& key, const std::string& value, const std::string& allowed) {
    throw ConfigError(fmt::format("router.impl ref (Pertel's packet-level model) does not support {} = {}; allowed: "
                                  "{}, or router.impl: systemc",
                                  key, value, allowed));
  };
  if (by_flits) ref_needs("router.fifo_flits", std::to_string(c.integer("router.fifo_flits")), "unbounded (use router.fifo_packets)");
  if (by_packets && !cut_through) ref_needs("router.flow_control", "wormhole", "cut_through (FNS moves whole packets)");
  if (c.integer("router.routing_delay") != 0)
    ref_needs("router.routing_delay", std::to_string(c.integer("router.routing_delay")), "0");
  if (links)
    for (int d : links->delays)
      if (d != 1) ref_needs("link.delay", fmt::format("{} (from link.embedding and link.switch_to_wire_ratio, or given)", d), "1");
  if (c.text("link.kind") != "pipelined") ref_needs("link.kind", c.text("link.kind"), "pipelined");
  if (c.integer("router.vcs") != 1) ref_needs("router.vcs", std::to_string(c.integer("router.vcs")), "1");
  if (arbitration(c) != Arbitration::priority_token)
    ref_needs("router.arbitration", c.text("router.arbitration"), "priority_token");
}

// traffic.pattern graph: its keys agree, and its files read (a bad line is named now, before
// anything runs). Another pattern maps node to node, so it takes no mapping.
void validate_process_graph(const Config& c, const std::vector<int>& radices) {
  const std::string& mapping = c.text("traffic.mapping");
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
  if (workload == Workload::request_response && !rings)
    throw ConfigError(fmt::format("traffic.workload = request_response answers address packets on the SCI rings; "
                                  "allowed for network.topology {}: open, closed_loop",
                                  c.text("network.topology")));
  if (workload != Workload::closed_loop) return;
  if (rings)
    throw ConfigError("traffic.workload = closed_loop runs on the wormhole mesh and torus; allowed on rings: open, "
                      "request_response");
  if (c.text("run.convergence") == "ci" || c.text("run.saturation") == "detect")
    throw ConfigError("traffic.workload = closed_loop runs until every loop is done (or run.max_cycles); allowed: "
                      "run.convergence sns4, sns or fixed and run.saturation off (they are not used)");
  if (router_impl(c) == RouterImpl::ref)
    throw ConfigError("traffic.workload = closed_loop sends messages of several packets, which Pertel's "
                      "packet-level model cannot carry; allowed: router.impl: systemc or rtl");
  const MeshGeometry g(radices, network_topology(c) == NetworkTopology::torus);
  // The loops run over the graph's neighbours: a pattern's own graph (hotspot has none).
  const auto sends_to = node_destinations(process_placement(c, g), g.nodes());
  const int64_t payload = c.is_word("traffic.packet_payload_flits")
                              ? c.integer("traffic.message_flits")
                              : std::min(c.integer("traffic.message_flits"), c.integer("traffic.packet_payload_flits"));
  const int64_t flits = payload + (c.text("router.packet_format") == "hop_count" ? g.dims() : 0);
  const bool cut_through = cut_through_flow(c);
  int64_t room = -1;
  if (!c.is_word("router.fifo_flits")) room = c.integer("router.fifo_flits");
  if (!c.is_word("router.fifo_packets")) room = c.integer("router.fifo_packets") * c.integer("traffic.packet_flits");
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
  const bool rtl = router_impl(c) == RouterImpl::rtl || !c.is_word("router.rtl_nodes");
  if (rtl && flits > rtl::kMaxLen)
    throw ConfigError(fmt::format("traffic.workload closed_loop sends packets of {} flits, but RTL routers carry a "
                                  "{}-bit length; allowed: traffic.packet_payload_flits (or traffic.message_flits) "
                                  "giving packets of at most {} flits",
                                  flits, rtl::kLenBits, rtl::kMaxLen));
  ClosedLoopSpec spec;  // the graph's checks: every edge both ways, two classes for ab, overheads for shell
  spec.classes = loop_classes_named(c.text("traffic.loop_classes"));
  spec.message_flits = c.integer("traffic.message_flits");
  spec.receive_fixed = c.number("traffic.receive_overhead_cycles");
  spec.receive_per_flit = c.number("traffic.receive_overhead_cycles_per_flit");
  try {
    ClosedLoopWorkload(spec, sends_to);
  } catch (const std::invalid_argument& e) {
    throw ConfigError(e.what());
  }
}

}  // namespace

Config::Config() {
  for (const auto& s : config_schema()) set_scalar(s.key, s.default_value, "the schema defaults");
}

void Config::set_scalar(const std::string& key, const std::string& scalar, const std::string& origin) {
  const KeySpec* spec = find_key(key);
  if (!spec) unknown_key(key, origin);
  auto bad = [&]() -> ConfigError {
    return ConfigError(fmt::format("key '{}' has bad value '{}' (from {}); allowed: {}{}", key, scalar, origin,
                                   allowed_values(*spec), spec->why.empty() ? "" : " (" + spec->why + ")"));
  };
  auto in_range = [&](double v) {
    const bool lo = spec->min_exclusive ? v > spec->min : v >= spec->min;
    const bool hi = spec->max < spec->min || v <= spec->max;
    return lo && hi;
  };
  for (const auto& w : spec->choices) {
    if (scalar == w) {
      values_[key] = scalar;
      return;
    }
  }
  int64_t i = 0;
  double d = 0;
  switch (spec->kind) {
    case KeyKind::text:
      values_[key] = scalar;
      return;
    case KeyKind::choice:
      throw bad();
    case KeyKind::integer:
    case KeyKind::integer_or_choice:
    case KeyKind::integers:
      if (!parse_int(scalar, i) || !in_range(double(i))) throw bad();
      values_[key] = i;
      return;
    case KeyKind::number:
      if (!parse_number(scalar, d) || !in_range(d)) throw bad();
      values_[key] = d;
      return;
  }
}

void Config::set_list(const std::string& key, const std::vector<std::string>& items, const std::string& origin) {
  const KeySpec* spec = find_key(key);
  std::vector<int64_t> values;
  for (const auto& item : items) {
    set_scalar(key, item, origin);  // checks each element
    const auto* v = std::get_if<int64_t>(&values_[key]);
    if (!v)  // a word ("none") stands alone, not in a list
      throw ConfigError(fmt::format("key '{}' (from {}) lists '{}'; allowed: {} (a word alone, not in a list)", key,
                                    origin, item, allowed_values(*spec)));
    values.push_back(*v);
  }
  if (values.empty())
    throw ConfigError(fmt::format("key '{}' (from {}) is an empty list; allowed: {}", key, origin, allowed_values(*spec)));
  values_[key] = values;
}

void Config::merge_yaml(const std::string& text, const std::string& origin) {
  YAML::Node root;
  try {
    root = YAML::Load(text);
  } catch (const YAML::Exception& e) {
    throw ConfigError(fmt::format("malformed YAML in {}: {}", origin, e.what()));
  }
  if (root.IsNull()) return;
  if (!root.IsMap())
    throw ConfigError(fmt::format("{} must be a YAML mapping of sections (network:, router:, traffic:, run:)", origin));
  std::vector<FlatValue> flat;
  std::map<std::string, int> seen;
  flatten(root, "", origin, flat, seen);
  for (const auto& f : flat) {
    if (f.list) {
      set_list(f.key, f.items, origin);
    } else {
      set_scalar(f.key, f.items[0], origin);
    }
  }
}

void Config::merge_file(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw ConfigError(fmt::format("cannot read config file '{}'", path));
  std::stringstream ss;
  ss << in.rdbuf();
  merge_yaml(ss.str(), path);
}

void Config::set_value(const std::string& key, const std::string& scalar, const std::string& origin) {
  set_scalar(key, scalar, origin);
}

void Config::apply_set(const std::string& assignment) {
  const auto eq = assignment.find('=');
  if (eq == std::string::npos || eq == 0)
    throw ConfigError(fmt::format("--set '{}' must look like key=value, e.g. traffic.load=0.5", assignment));
  const std::string key = assignment.substr(0, eq);
  YAML::Node v;
  try {
    v = YAML::Load(assignment.substr(eq + 1));
  } catch (const YAML::Exception& e) {
    throw ConfigError(fmt::format("malformed value in --set '{}': {}", assignment, e.what()));
  }
  if (!find_key(key)) unknown_key(key, "--set");
  if (v.IsNull() && find_key(key)->kind == KeyKind::text) {  // "trace.vcd=": none
    set_scalar(key, "", "--set");
    return;
  }
  if (v.IsSequence() && find_key(key)->kind == KeyKind::integers) {
    std::vector<std::string> items;
    for (const auto& item : v) items.push_back(item.IsScalar() ? item.Scalar() : std::string("[..]"));
    set_list(key, items, "--set");
    return;
  }
  if (!v.IsScalar())
    throw ConfigError(fmt::format("key '{}' (from --set) needs a single value; allowed: {}", key,
                                  allowed_values(*find_key(key))));
  set_scalar(key, v.Scalar(), "--set");
}

std::vector<std::string> Config::validate() const {
  std::vector<std::string> warnings;
  validate_topology(*this);
  const std::vector<int> radices = network_radices(*this);
  double nodes = 1;
  for (int r : radices) nodes *= r;
  if (nodes > double(1 << 24))
    throw ConfigError(fmt::format("network.radix^network.dims = {:.0f} nodes; allowed: at most {} nodes "
                                  "(about 300 bytes of state per node)",
                                  nodes, 1 << 24));
  const int radix = *std::max_element(radices.begin(), radices.end());
  for (int64_t n : integers("trace.nodes"))
    if (double(n) >= nodes)
      throw ConfigError(fmt::format("trace.nodes has node {}, outside the {:.0f}-node network; allowed: 0..{:.0f}", n,
                                    nodes, nodes - 1));
  if (!text("trace.vcd").empty() && router_impl(*this) == RouterImpl::ref)
    throw ConfigError("trace.vcd (--vcd) traces link pins, which router.impl ref has none of (Pertel's packet-level "
                      "model, or the ring model that steps every node in one process); allowed: router.impl: systemc, "
                      "or no trace.vcd");
  if (!text("trace.flits").empty() && router_impl(*this) == RouterImpl::ref)
    throw ConfigError("trace.flits logs the flits each router or ring node sends, which router.impl ref does not model "
                      "one by one; allowed: router.impl: systemc or rtl, or no trace.flits");
  if (const std::string& dir = text("router.rtl_sources"); !dir.empty()) {
    const bool rtl = router_impl(*this) == RouterImpl::rtl || !is_word("router.rtl_nodes");
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
  for (int64_t n : integers("router.rtl_nodes"))
    if (double(n) >= nodes)
      throw ConfigError(fmt::format("router.rtl_nodes has node {}, outside the {:.0f}-node network; allowed: 0..{:.0f}",
                                    n, nodes, nodes - 1));
  for (int64_t h : integers("traffic.hotspot_nodes"))
    if (double(h) >= nodes)
      throw ConfigError(fmt::format("traffic.hotspot_nodes has node {}, outside the {:.0f}-node network; allowed: "
                                    "0..{:.0f}",
                                    h, nodes, nodes - 1));
  const std::string why = pattern_unsupported(pattern_kind(text("traffic.pattern")), MeshGeometry(radices));
  if (!why.empty())
    throw ConfigError(fmt::format("traffic.pattern = {}: {}; allowed here: uniform, bit_complement, hotspot, "
                                  "nearest_neighbour",
                                  text("traffic.pattern"), why));
  validate_process_graph(*this, radices);
  validate_workload(*this, radices);
  const double load = number("traffic.load");
  const std::string& conv = text("run.convergence");
  if (load >= 1) {
    if (conv != "fixed" && text("run.saturation") != "detect")
      throw ConfigError(fmt::format(
          "traffic.load = {:g} is at or above {} (A >= 1), so run.convergence {} can never "
          "converge; allowed: 0 < traffic.load < 1, run.convergence: fixed, or run.saturation: detect",
          load, network_topology(*this) == NetworkTopology::rings ? "the rings' maximum throughput (eq 13/14)" : "the bisection bandwidth",
          conv));
    warnings.push_back(fmt::format("traffic.load = {:g} >= 1: the network cannot carry it; queues grow without bound",
                                   load));
  }
  const double q = 4. * load / double(radix * integer("traffic.packet_flits"));
  if (q > 1)
    warnings.push_back(fmt::format("injection probability 4A/(R L) = {:g} > 1: every node injects every cycle", q));
  if (text("traffic.stream") == "legacy" && !is_word("traffic.seed") && integer("traffic.seed") > 4294967295LL)
    throw ConfigError(fmt::format("traffic.seed = {} with traffic.stream legacy; allowed: default or 0..4294967295 "
                                  "(srand48 uses 32 bits)",
                                  integer("traffic.seed")));
  const bool mesh = network_topology(*this) != NetworkTopology::rings;
  const std::optional<MeshLinkTiming> links = mesh ? std::optional(mesh_link_timing(*this)) : std::nullopt;
  validate_router(*this, links ? &*links : nullptr);
  const int max_delay = links ? links->max_delay() : 1;
  // Credits come back a round trip after their flit left: a FIFO smaller than that idles its link.
  const int64_t fifo = !is_word("router.fifo_flits")     ? integer("router.fifo_flits")
                       : !is_word("router.fifo_packets") ? integer("router.fifo_packets") * integer("traffic.packet_flits")
                                                         : -1;
  if (mesh && router_impl(*this) != RouterImpl::ref && fifo > 0 && fifo < 2 * max_delay)
    warnings.push_back(fmt::format("input FIFOs of {} flits cover less than the round trip of the longest links "
                                   "(2 x {} cycles): those links run below one flit per cycle",
                                   fifo, max_delay));
  if (integer("run.deadlock_cycles") <= 2 * max_delay)
    throw ConfigError(fmt::format("run.deadlock_cycles = {} is within a link round trip (2 * link.delay = {}); "
                                  "allowed: run.deadlock_cycles > {}",
                                  integer("run.deadlock_cycles"), 2 * max_delay, 2 * max_delay));
  if (conv == "fixed" && integer("run.cycles") > integer("run.max_cycles"))
    throw ConfigError(fmt::format("run.cycles = {} exceeds run.max_cycles = {}; allowed: run.cycles <= run.max_cycles",
                                  integer("run.cycles"), integer("run.max_cycles")));
  return warnings;
}

const ConfigValue& Config::at(const std::string& key) const {
  auto it = values_.find(key);
  if (it == values_.end()) throw std::logic_error("Config: no key " + key);
  return it->second;
}

int64_t Config::integer(const std::string& key) const {
  const auto& v = at(key);
  if (auto* i = std::get_if<int64_t>(&v)) return *i;
  throw std::logic_error("Config: " + key + " is not an integer");
}

double Config::number(const std::string& key) const {
  const auto& v = at(key);
  if (auto* d = std::get_if<double>(&v)) return *d;
  if (auto* i = std::get_if<int64_t>(&v)) return double(*i);
  throw std::logic_error("Config: " + key + " is not a number");
}

const std::string& Config::text(const std::string& key) const {
  const auto& v = at(key);
  if (auto* s = std::get_if<std::string>(&v)) return *s;
  throw std::logic_error("Config: " + key + " is not a word");
}

std::vector<int64_t> Config::integers(const std::string& key) const {
  const auto& v = at(key);
  if (std::holds_alternative<std::string>(v)) return {};  // "none"
  if (auto* list = std::get_if<std::vector<int64_t>>(&v)) return *list;
  return {integer(key)};
}

std::optional<double> numeric_key(const Config& c, const std::string& key) {
  const KeySpec* k = find_key(key);
  if (!k || (k->kind != KeyKind::number && k->kind != KeyKind::integer)) return std::nullopt;
  return c.number(key);
}

std::vector<int> network_radices(const Config& c) {
  const std::vector<int64_t> r = c.integers("network.radix");
  const int64_t dims = c.integer("network.dims");
  if (r.size() == 1) return std::vector<int>(size_t(dims), int(r[0]));
  if (int64_t(r.size()) != dims)
    throw ConfigError(fmt::format("network.radix lists {} radices but network.dims = {}; allowed: one radix, or "
                                  "exactly network.dims of them",
                                  r.size(), dims));
  return std::vector<int>(r.begin(), r.end());
}

bool Config::is_word(const std::string& key) const { return std::holds_alternative<std::string>(at(key)); }

}  // namespace kncsim
