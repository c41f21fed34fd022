#include "spec/trace_spec.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <fstream>
#include <iterator>
#include <sstream>
#include <unordered_map>

#include "rtl_adapt/rtl_router_fit.hpp"
#include "spec/model_words.hpp"
#include "traffic/netrace_reader.hpp"
#include "traffic/process_graph.hpp"
#include "traffic/process_mapping.hpp"
#include "traffic/text_trace_reader.hpp"

namespace kncsim {

namespace {

constexpr const char* kTraceKeys[] = {"traffic.trace_file", "traffic.trace_format", "traffic.trace_dependencies",
                                      "traffic.trace_region", "traffic.trace_cycles", "traffic.trace_placement"};

// traffic.trace_placement's file: (trace node << 2 | type) -> network node; ConfigError naming the
// file and line.
std::unordered_map<uint32_t, uint32_t> read_placement(const std::string& path, uint32_t trace_nodes, uint32_t nodes) {
  static const char* const kTypes[] = {"l1d", "l1i", "l2", "mc"};
  std::ifstream in(path);
  if (!in) throw ConfigError(fmt::format("traffic.trace_placement: {}: cannot be read", path));
  std::unordered_map<uint32_t, uint32_t> out;
  int line = 0;
  for (std::string text; std::getline(in, text);) {
    ++line;
    std::istringstream words(text);
    std::string type;
    if (!(words >> type) || type[0] == '#') continue;
    const auto bad = [&](const std::string& what) {
      return ConfigError(fmt::format("traffic.trace_placement: {}:{}: {}; a line is: TYPE TRACE_NODE NETWORK_NODE, "
                                     "TYPE one of l1d, l1i, l2, mc",
                                     path, line, what));
    };
    const auto t = std::find(std::begin(kTypes), std::end(kTypes), type);
    if (t == std::end(kTypes)) throw bad(fmt::format("node type '{}'", type));
    int64_t trace_node = -1, node = -1;
    std::string extra;
    if (!(words >> trace_node >> node) || (words >> extra)) throw bad("not three fields");
    if (trace_node < 0 || uint64_t(trace_node) >= trace_nodes)
      throw bad(fmt::format("trace node {}, and the trace has {} (0..{})", trace_node, trace_nodes, trace_nodes - 1));
    if (node < 0 || uint64_t(node) >= nodes)
      throw bad(fmt::format("network node {}, and the network has {} (0..{})", node, nodes, nodes - 1));
    const uint32_t key = uint32_t(trace_node) << 2 | uint32_t(t - std::begin(kTypes));
    if (!out.emplace(key, uint32_t(node)).second) throw bad(fmt::format("{} of trace node {} placed twice", type, trace_node));
  }
  return out;
}

// What the whole trace holds, as far as the checks need: its nodes and its packets' lengths.
struct TraceShape {
  uint32_t nodes = 0;  // Netrace: its header's; text: one more than the largest node
  int64_t min_flits = 0, max_flits = 0;
  std::string first_beyond;  // text: where the first packet with a node beyond the network is
  uint32_t beyond_node = 0;
};

int64_t netrace_flits(uint32_t bytes, int flit_bits, int header_flits) {
  return (int64_t(bytes) * 8 + flit_bits - 1) / flit_bits + header_flits;
}

}  // namespace

void refuse_trace_keys_without_trace(const Config& c) {
  if (workload(c) == Workload::trace) return;
  static const Config defaults;
  const auto shown = [](const Config& x, const char* key) {
    const ConfigValue& v = x.values().at(key);
    return std::holds_alternative<std::string>(v) ? std::get<std::string>(v) : fmt::format("{}", x.integer(key));
  };
  for (const char* key : kTraceKeys)
    if (c.values().at(key) != defaults.values().at(key))
      throw ConfigError(fmt::format("{} = {} replays a trace, and traffic.workload is {}; allowed: traffic.workload "
                                    "trace, or {} left at {}",
                                    key, shown(c, key), c.text("traffic.workload"), key, shown(defaults, key)));
}

TraceReplaySpec trace_replay_spec(const Config& c, const TraceNetwork& net) {
  const int header_flits = net.header_flits;
  TraceReplaySpec s;
  s.path = c.text("traffic.trace_file");
  if (s.path.empty())
    throw ConfigError("traffic.workload trace needs traffic.trace_file; allowed: a Netrace .tra.bz2 file or a text "
                      "trace (traffic.trace_format text)");
  s.format = trace_format_named(c.text("traffic.trace_format"));
  s.dependencies = c.text("traffic.trace_dependencies") == "on";
  s.region = c.is_word("traffic.trace_region") ? -1 : c.integer("traffic.trace_region");
  s.window_cycles = c.is_word("traffic.trace_cycles") ? 0 : c.integer("traffic.trace_cycles");
  s.flit_bits = net.flit_bits;
  s.network_nodes = net.nodes;
  TraceShape shape;
  try {
    if (s.format == TraceFormat::netrace) {
      s.header_flits = header_flits;
      NetraceReader r(s.path);
      const NetraceHeader& h = r.header();
      shape.nodes = h.nodes;
      shape.min_flits = netrace_flits(8, s.flit_bits, header_flits);
      shape.max_flits = netrace_flits(72, s.flit_bits, header_flits);
      if (s.region >= 0 && uint64_t(s.region) >= h.regions.size())
        throw ConfigError(fmt::format("traffic.trace_region = {}, and {} has {} region{}; allowed: start{}", s.region,
                                      s.path, h.regions.size(), h.regions.size() == 1 ? "" : "s",
                                      h.regions.empty() ? "" : fmt::format(", or 0..{}", h.regions.size() - 1)));
    } else {
      if (s.region >= 0)
        throw ConfigError(fmt::format("traffic.trace_region = {} picks a Netrace region, and traffic.trace_format is "
                                      "text; allowed: start (or traffic.trace_cycles for a window)",
                                      s.region));
      TextTraceReader r(s.path);
      TracePacket p;
      bool any = false;
      uint64_t last = 0;
      while (r.next(p)) {
        if (any && p.cycle < last)
          throw TraceError(fmt::format("{}: packet {} is at cycle {}, before the previous line's {}; allowed: lines "
                                       "in cycle order",
                                       r.where(), p.id, p.cycle, last));
        if (int64_t(p.flits) <= header_flits)
          throw TraceError(fmt::format("{}: packet {} is {} flits, and router.packet_format hop_count puts {} header "
                                       "flits in every packet; allowed: more than {} flits",
                                       r.where(), p.id, p.flits, header_flits, header_flits));
        shape.min_flits = any ? std::min<int64_t>(shape.min_flits, p.flits) : p.flits;
        shape.max_flits = std::max<int64_t>(shape.max_flits, p.flits);
        const uint32_t top = std::max(p.src, p.dst);
        if (top >= net.nodes && shape.first_beyond.empty()) {
          shape.first_beyond = r.where();
          shape.beyond_node = top;
        }
        shape.nodes = std::max(shape.nodes, top + 1);
        last = p.cycle;
        any = true;
      }
    }
  } catch (const TraceError& e) {
    throw ConfigError(fmt::format("traffic.trace_file: {}", e.what()));
  }

  // Where the trace's nodes go.
  const std::string& mapping = c.text("traffic.mapping");
  try {
    if (mapping == "identity") {
      if (shape.nodes > net.nodes)
        throw ConfigError(
            shape.first_beyond.empty()
                ? fmt::format("traffic.trace_file {}: the trace has {} nodes (its header), and the network {}; "
                              "allowed: a network of {} nodes or more, or traffic.mapping random or file",
                              s.path, shape.nodes, net.nodes, shape.nodes)
                : fmt::format("traffic.trace_file {}: node {} is beyond the network's {} nodes; allowed: nodes "
                              "0..{}, or traffic.mapping random or file",
                              shape.first_beyond, shape.beyond_node, net.nodes, net.nodes - 1));
    } else if (mapping == "random" || mapping == "file") {
      if (shape.nodes > net.nodes)
        throw ConfigError(fmt::format("traffic.mapping {}: the trace's {} nodes do not fit the network's {} (one "
                                      "trace node per network node)",
                                      mapping, shape.nodes, net.nodes));
      s.mapping = mapping == "random" ? random_mapping(shape.nodes, net.nodes, uint64_t(c.integer("traffic.mapping_seed")))
                                      : read_mapping_file(c.text("traffic.mapping_file"), shape.nodes, net.nodes);
    } else {
      throw ConfigError(fmt::format("traffic.mapping = {} lays out a process graph; allowed with traffic.workload "
                                    "trace: identity, random, file",
                                    mapping));
    }
  } catch (const GraphFileError& e) {
    throw ConfigError(e.what());
  }

  if (const std::string& file = c.text("traffic.trace_placement"); !file.empty()) {
    if (s.format != TraceFormat::netrace)
      throw ConfigError("traffic.trace_placement places Netrace's node types (L1, L2, memory controllers), and a text "
                        "trace has none; allowed: traffic.trace_format netrace, or no placement");
    s.placement = read_placement(file, shape.nodes, net.nodes);
  }

  // Packets the network can carry.
  if (net.rings && shape.max_flits > net.longest)
    throw ConfigError(fmt::format("traffic.workload trace on rings: packets of up to {} flits{}, and the longest ring "
                                  "packet, a data packet, is {} flits of link.width_bits; allowed: a trace whose "
                                  "packets fit a data packet (traffic.data_bits)",
                                  shape.max_flits,
                                  s.format == TraceFormat::netrace ? fmt::format(" (72 bytes at W = {})", s.flit_bits) : "",
                                  net.longest));
  const int64_t L = c.integer("traffic.packet_flits");
  const bool mesh = !net.rings;
  if (mesh && router_impl(c) == RouterImpl::ref && (shape.min_flits != L || shape.max_flits != L))
    throw ConfigError(fmt::format(
        "traffic.workload trace with router.impl ref: the reference model moves packets of traffic.packet_flits = {} "
        "flits, and this trace's are {}..{} flits{}; allowed: router.impl systemc or rtl, or a trace whose packets "
        "are all L flits",
        L, shape.min_flits, shape.max_flits,
        s.format == TraceFormat::netrace ? fmt::format(" (8 and 72 bytes at energy.flit_bits = {})", s.flit_bits) : ""));
  if (mesh && router_impl(c) == RouterImpl::ref) s.packet_flits = int(L);
  if (mesh && has_rtl_nodes(c)) {
    s.max_flits = int(rtl_router_max_packet_flits());
    if (shape.max_flits > s.max_flits)
      throw ConfigError(fmt::format("traffic.workload trace: packets of up to {} flits, and RTL routers carry a {}-bit "
                                    "length; allowed: packets of at most {} flits (a wider energy.flit_bits)",
                                    shape.max_flits, rtl_router_length_bits(), s.max_flits));
  }
  // A FIFO's room in flits (router.fifo_flits, or router.fifo_packets x traffic.packet_flits; a size past
  // 32 bits is refused elsewhere, naming it).
  const bool sized = c.is_word("router.fifo_packets") || c.integer("router.fifo_packets") <= (int64_t{1} << 31) / L;
  const int64_t room = mesh && sized ? router_params(c, int(L)).fifo_flits : -1;
  if (cut_through_flow(c) && room >= 0 && room < shape.max_flits)
    throw ConfigError(fmt::format("traffic.workload trace: packets of up to {} flits, more than a FIFO's {} (router."
                                  "fifo_flits, or router.fifo_packets x traffic.packet_flits) under router.flow_control "
                                  "cut_through: they never fit; allowed: FIFOs of {} flits or more, or wormhole",
                                  shape.max_flits, room, shape.max_flits));
  if (!c.is_word("traffic.source_queue_packets"))
    throw ConfigError("traffic.source_queue_packets with traffic.workload trace: a trace's packets are never dropped "
                      "(its packets wait for each other); allowed: unbounded");
  if (c.text("run.convergence") == "ci" || c.text("run.saturation") == "detect")
    throw ConfigError("traffic.workload = trace runs until its last packet is delivered (or run.max_cycles); allowed: "
                      "run.convergence sns4, sns or fixed and run.saturation off (they are not used)");
  if (!c.classes().empty())
    throw ConfigError("traffic classes (classes.NAME) with traffic.workload trace: the trace is the traffic; allowed: "
                      "no classes");
  if (!c.is_word("traffic.phases"))
    throw ConfigError("traffic.phases with traffic.workload trace: the trace's cycles are its own; allowed: none");
  return s;
}

}  // namespace kncsim
