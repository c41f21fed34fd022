#include "experiment.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <thread>

#include "analytic/mesh_analytic.hpp"
#include "memory_estimate.hpp"
#include "rings_experiment.hpp"
#include "rings_report.hpp"
#include "net/wormhole_network.hpp"
#include "ref/ref_network.hpp"
#include "rtl_adapt/rtl_variants.hpp"
#include "stats/convergence.hpp"
#include "traffic/drand48_lcg.hpp"
#include "traffic/injection_feed.hpp"
#include "traffic/pattern.hpp"

namespace kncsim {

std::vector<uint32_t> trace_nodes(const Config& c) {
  std::vector<uint32_t> nodes;
  for (int64_t n : c.integers("trace.nodes")) nodes.push_back(uint32_t(n));
  // A node listed twice is traced once (a huge list of repeats would otherwise trace it each time).
  std::sort(nodes.begin(), nodes.end());
  nodes.erase(std::unique(nodes.begin(), nodes.end()), nodes.end());
  return nodes;
}
namespace {

using ojson = nlohmann::ordered_json;

std::unique_ptr<InjectionStream> make_stream(const Config& c, const MeshGeometry& g, double q) {
  const bool default_seed = c.is_word("traffic.seed");
  const uint64_t seed = default_seed ? Drand48Lcg::kDefaultState : uint64_t(c.integer("traffic.seed"));
  std::unique_ptr<InjectionStream> s;
  if (c.text("traffic.stream") == "legacy") {
    const uint64_t state = default_seed ? Drand48Lcg::kDefaultState : Drand48Lcg::from_srand48(seed).state();
    s = make_legacy_uniform_stream(state, g.nodes(), q);
  } else {
    s = make_counter_uniform_stream(seed, g.nodes(), q);
  }
  PatternSpec p;
  p.kind = pattern_kind(c.text("traffic.pattern"));
  for (int64_t h : c.integers("traffic.hotspot_nodes")) p.hotspots.push_back(uint32_t(h));
  p.hotspot_fraction = c.number("traffic.hotspot_fraction");
  p.seed = seed;
  return with_pattern(std::move(s), g, p);
}

bool use_second_thread(const Config& c) {
  if (!c.is_word("run.threads")) return c.integer("run.threads") >= 2;
  return std::thread::hardware_concurrency() >= 2;
}

ConvergenceSpec convergence_spec(const Config& c) {
  ConvergenceSpec s;
  const std::string& mode = c.text("run.convergence");
  s.mode = mode == "sns4" ? ConvergenceMode::sns4 : mode == "sns" ? ConvergenceMode::sns : ConvergenceMode::fixed;
  s.accuracy = c.number("run.accuracy");
  s.tol = c.number("run.tol");
  s.interval = c.integer("run.interval");
  s.cycles = c.integer("run.cycles");
  s.max_cycles = c.integer("run.max_cycles");
  return s;
}

std::unique_ptr<CycleModel> make_model(const Config& c, const MeshGeometry& g, InjectionFeed& feed,
                                       PacketSink* sink) {
  const int L = int(c.integer("traffic.packet_flits"));
  const bool adaptive = c.text("router.routing") == "adaptive";
  const int64_t packets = c.is_word("router.fifo_packets") ? 0 : c.integer("router.fifo_packets");
  const int64_t source_cap = c.is_word("traffic.source_queue_packets") ? 0 : c.integer("traffic.source_queue_packets");
  if (c.text("router.impl") == "ref") {
    RefParams p;
    p.packet_flits = L;
    p.adaptive = adaptive;
    p.fifo_packets = int(packets);
    p.deadlock_cycles = c.integer("run.deadlock_cycles");
    p.registered_fifo_check = c.text("router.fifo_check") == "registered";
    p.source_queue_packets = source_cap;
    auto net = std::make_unique<RefNetwork>(g, p, feed);
    net->set_packet_sink(sink);
    return net;
  }
  WormholeNetworkParams p;  // systemc and rtl: the flit-level network, some or all routers RTL
  p.packet_flits = L;
  p.router.adaptive = adaptive;
  p.router.fifo_flits = packets ? packets * L : c.is_word("router.fifo_flits") ? -1 : c.integer("router.fifo_flits");
  p.router.credits = p.router.fifo_flits < 0                             ? CreditPolicy::none
                     : c.text("router.flow_control") == "cut_through" ? CreditPolicy::per_packet
                                                                       : CreditPolicy::per_flit;
  p.router.routing_delay = int(c.integer("router.routing_delay"));
  p.router.hop_count_headers = c.text("router.packet_format") == "hop_count";
  p.link.delay = int(c.integer("link.delay"));
  p.link.kind = c.text("link.kind") == "handshake" ? LinkKind::handshake : LinkKind::pipelined;
  p.deadlock_cycles = c.integer("run.deadlock_cycles");
  p.source_queue_packets = source_cap;
  p.vcd_path = c.text("trace.vcd");
  if (c.text("router.impl") == "rtl") {
    for (uint32_t n = 0; n < g.nodes(); ++n) p.rtl_nodes.push_back(n);
  } else {
    for (int64_t n : c.integers("router.rtl_nodes")) p.rtl_nodes.push_back(uint32_t(n));
  }
  if (!p.rtl_nodes.empty()) {
    const bool cut = p.router.credits == CreditPolicy::per_packet;
    const RtlVariant* v = find_rtl_variant(g.dims(), p.router.fifo_flits, adaptive, cut);
    if (!v)
      throw ConfigError(fmt::format("no Verilated router built for dims {} fifo_flits {} {} {} (network.dims, "
                                    "router.fifo_flits or router.fifo_packets x traffic.packet_flits, router.routing, "
                                    "router.flow_control); allowed (built in rtl/CMakeLists.txt): {}",
                                    g.dims(), p.router.fifo_flits, adaptive ? "adaptive" : "dor",
                                    cut ? "cut_through" : "wormhole", rtl_variant_list()));
    p.rtl_factory = v->make;
    p.rtl_signal_binding = c.text("router.rtl_binding") == "signals";
  }
  p.trace_nodes = trace_nodes(c);
  auto net = std::make_unique<WormholeNetwork>(g, p, feed);
  net->set_packet_sink(sink);
  return net;
}

MeasureContext measure_context(const MeshGeometry& g, int L, double A) {
  return MeasureContext{g.dims(), g.radix(), L, long(g.nodes()), long(g.bisection()), A, long(g.edge_ports_half())};
}

void put_measures(ojson& j, const Measures& m) {
  j["T"] = m.T;
  j["U"] = m.U;
  j["TP"] = m.TP;
  j["D"] = m.D;
  j["AQLEN"] = m.AQLEN;
  j["AQLEN_corrected"] = m.AQLEN_corrected;
}

}  // namespace

ojson resolved_config_json(const Config& config) {
  ojson out = ojson::object();
  for (const auto& [key, value] : config.values()) {
    const auto dot = key.find('.');
    ojson& section = out[key.substr(0, dot)];
    std::visit([&](const auto& v) { section[key.substr(dot + 1)] = v; }, value);
  }
  return out;
}

ojson analytic_report(const Config& c) {
  if (c.text("network.topology") == "rings") return rings_analytic_report(c);
  const MeshGeometry g(network_radices(c));
  const int L = int(c.integer("traffic.packet_flits"));
  const double A = c.number("traffic.load");
  const MeshAnalytic a = mesh_analytic(network_radices(c), L, A);
  const MeasureContext m = measure_context(g, L, A);
  return ojson{{"nodes", a.nodes},
               {"bisection_flits_per_cycle", a.bisection_flits},
               {"mean_distance", a.mean_distance},
               {"distance_stddev", a.distance_stddev},
               {"zero_load_latency", a.zero_load_latency},
               {"umax_bound", a.umax_bound},
               {"injection_probability", a.injection_probability},
               {"offered_flits_per_node_cycle", a.offered_flits_per_node},
               {"sns4_interval", sns4_initial_interval(m, c.number("run.accuracy"))},
               {"config", resolved_config_json(c)}};
}

namespace {
ojson memory_json(const MemoryEstimate& e) {
  return ojson{{"estimate_mb", std::round(e.peak_bytes / 1e5) / 10},
               {"bytes_per_node", e.bytes_per_node},
               {"bytes_per_packet", e.bytes_per_packet},
               {"packets_held_at_most", std::round(e.backlog_packets)}};
}
}  // namespace

ojson run_experiment(const Config& c, PacketSink* sink) {
  const MemoryEstimate memory = estimate_memory(c);
  check_memory(c, memory);  // before anything is built
  if (c.text("network.topology") == "rings") {
    ojson r = run_rings_experiment(c);
    r["memory"] = memory_json(memory);
    return r;
  }
  const int L = int(c.integer("traffic.packet_flits"));
  const double A = c.number("traffic.load");
  const MeshGeometry geometry(network_radices(c));
  const double q = injection_probability(A, geometry.radix(), L);

  InjectionFeed feed(make_stream(c, geometry, q), geometry.nodes(), use_second_thread(c));
  const std::unique_ptr<CycleModel> model = make_model(c, geometry, feed, sink);
  CycleModel& net = *model;

  const MeasureContext m = measure_context(geometry, L, A);
  const ConvergenceOutcome outcome = run_to_convergence(net, convergence_spec(c), m);

  const Measures final = measure(net.counters(), net.now(), m);
  ojson result;
  result["kncsim"] = KNCSIM_VERSION;
  result["model"] = c.text("router.impl");
  put_measures(result, final);
  result["numsent"] = net.counters().numsent;
  result["numrecd"] = net.counters().numrecd;
  result["dropped"] = net.counters().dropped;
  result["curtime"] = net.now();
  result["converged"] = outcome.converged;
  result["stop_reason"] = outcome.stop_reason;
  ojson intervals = ojson::array();
  for (const auto& r : outcome.intervals) {
    ojson j{{"phase", r.phase}, {"curtime", r.curtime}, {"numsent", r.counters.numsent},
            {"numrecd", r.counters.numrecd}};
    put_measures(j, r.measures);
    j["change"] = r.change;
    intervals.push_back(std::move(j));
  }
  result["intervals"] = std::move(intervals);
  ojson analytic = analytic_report(c);
  analytic.erase("config");
  result["analytic"] = std::move(analytic);
  result["memory"] = memory_json(memory);
  result["config"] = resolved_config_json(c);
  return result;
}

namespace {
std::string fifo_text(const ojson& router) {
  const ojson &packets = router["fifo_packets"], &flits = router["fifo_flits"];
  if (packets.is_string() && flits.is_string()) return "unbounded";
  const std::string size = packets.is_string() ? std::to_string(flits.get<int64_t>()) + " flits"
                                               : "Q=" + std::to_string(packets.get<int64_t>()) + " packets";
  return size + " " + router["flow_control"].get<std::string>();
}

// What the SystemC network adds beyond Pertel's router, if anything.
std::string flit_level_text(const ojson& cfg) {
  if (cfg["router"]["impl"] == "ref") return "";
  std::string s = fmt::format(", {} links of delay {}", cfg["link"]["kind"].get<std::string>(),
                              cfg["link"]["delay"].get<int64_t>());
  if (cfg["router"]["routing_delay"].get<int64_t>() > 0)
    s += fmt::format(", routing delay {}", cfg["router"]["routing_delay"].get<int64_t>());
  if (cfg["router"]["packet_format"] == "hop_count") s += ", hop-count headers";
  return s;
}

std::string network_line(const ojson& cfg) {
  const auto& n = cfg["network"];
  const auto& t = cfg["traffic"];
  std::vector<int64_t> radices = n["radix"].is_array() ? n["radix"].get<std::vector<int64_t>>()
                                                      : std::vector<int64_t>(n["dims"].get<size_t>(), n["radix"].get<int64_t>());
  const std::string shape = fmt::format("{}", fmt::join(radices, "x"));
  std::string pattern = t["pattern"] == "uniform" ? "" : " " + t["pattern"].get<std::string>() + " traffic,";
  return fmt::format("{} {}, {} routing, FIFOs {}{}, L={}, A={:g},{} {} stream", shape,
                     n["topology"].get<std::string>(), cfg["router"]["routing"].get<std::string>(),
                     fifo_text(cfg["router"]), flit_level_text(cfg), t["packet_flits"].get<int64_t>(),
                     t["load"].get<double>(), pattern, t["stream"].get<std::string>());
}
}  // namespace

std::string run_summary(const ojson& r) {
  if (r.contains("topology") && r["topology"] == "rings") return rings_run_summary(r);
  std::string s = fmt::format("kncsim {} model: {}\n", r["model"].get<std::string>(), network_line(r["config"]));
  s += fmt::format("{} after {} cycles, {} intervals ({} convergence)\n",
                   r["converged"].get<bool>() ? "converged" : "NOT CONVERGED (" + r["stop_reason"].get<std::string>() + ")",
                   r["curtime"].get<int64_t>(), r["intervals"].size(),
                   r["config"]["run"]["convergence"].get<std::string>());
  auto num = [&](const char* k) { return r[k].is_null() ? std::string("nan") : fmt::format("{:.4g}", r[k].get<double>()); };
  s += fmt::format("T = {}  U = {}  D = {} (analytic {:.4g})  AQLEN = {} (corrected {})\n", num("T"), num("U"),
                   num("D"), r["analytic"]["mean_distance"].get<double>(), num("AQLEN"), num("AQLEN_corrected"));
  s += fmt::format("packets sent {}, received {}", r["numsent"].get<int64_t>(), r["numrecd"].get<int64_t>());
  if (r["dropped"].get<int64_t>() > 0)
    s += fmt::format(", dropped at full source queues {}", r["dropped"].get<int64_t>());
  s += "\n";
  return s;
}

std::string analytic_summary(const ojson& a) {
  if (a.contains("topology") && a["topology"] == "rings") return rings_analytic_summary(a);
  std::string s;
  s += fmt::format("nodes N                      {}\n", a["nodes"].get<long>());
  s += fmt::format("bisection bandwidth B        {} flits/cycle per direction\n", a["bisection_flits_per_cycle"].get<long>());
  s += fmt::format("mean distance D              {:.6g} hops  (d(R-1/R)/3)\n", a["mean_distance"].get<double>());
  s += fmt::format("distance std deviation       {:.6g} hops\n", a["distance_stddev"].get<double>());
  s += fmt::format("zero-load latency T          {:.6g} cycles  (D+1)\n", a["zero_load_latency"].get<double>());
  if (a["umax_bound"].is_number() && !std::isnan(a["umax_bound"].get<double>()))
    s += fmt::format("U_max bound                  {:.6g}  (1 - 2(R-2)/(R(R+2)), Critique)\n", a["umax_bound"].get<double>());
  else
    s += "U_max bound                  n/a (the Critique's bound assumes equal radices)\n";
  s += fmt::format("injection probability q      {:.6g} per node per cycle  (4A/(R L))\n", a["injection_probability"].get<double>());
  s += fmt::format("sns4 initial INTERVAL        {} cycles\n", a["sns4_interval"].get<long>());
  return s;
}

}  // namespace kncsim
