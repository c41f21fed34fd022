#include "experiment/experiment.hpp"

#include "analytic/wire_embedding.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <optional>
#include <stdexcept>
#include <type_traits>
#include <variant>

#include "analytic/mesh_analytic.hpp"
#include "experiment/closed_loop_run.hpp"
#include "experiment/trace_run.hpp"
#include "spec/experiment_spec.hpp"
#include "experiment/memory_estimate.hpp"
#include "experiment/model_factory.hpp"
#include "experiment/rings_experiment.hpp"
#include "experiment/single_node_run.hpp"
#include "report/energy_report.hpp"
#include "report/rings_report.hpp"
#include "sc/sim_session.hpp"
#include "report/statistics_report.hpp"
#include "stats/convergence.hpp"
#include "stats/latency_series.hpp"
#include "stats/packet_ages.hpp"
#include "stats/run_statistics.hpp"
#include "traffic/injection_feed.hpp"
#include "traffic/pattern.hpp"
#include "net/wormhole_network.hpp"
#include "sched/stop_request.hpp"
#include "rtl_adapt/rtl_variants.hpp"
#include "model/scoreboard_error.hpp"
#include "model/violation_tally.hpp"

namespace kncsim {

namespace {

using ojson = nlohmann::ordered_json;

MeasureContext measure_context(const MeshGeometry& g, double L, double A) {
  return MeasureContext{g.dims(), g.radix(), L, long(g.nodes()), g.load_bisection(), A, long(g.edge_ports_half())};
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

namespace {

// The wires of a mesh: its layout's lengths, the delays they give, the synchronous stretch.
ojson links_json(const MeshLinkTiming& t) {
  ojson j{{"embedding", to_string(t.embedding)},
          {"mode", t.mode},
          {"switch_to_wire_ratio", t.switch_to_wire},
          {"wire_lengths", t.lengths},
          {"link_delays", t.delays},
          {"delays_given", t.explicit_delays},
          {"longest_wire", t.longest},
          {"cycle_time_factor", t.cycle_time_factor}};
  if (t.torus) {  // a torus's wires differ within a dimension: every one, and where they sit
    j["wiring"] = to_string(t.wiring);
    j["wire_delays"] = t.wire_delays;
  }
  return j;
}

ojson mesh_analytic_report(const ExperimentSpec& spec, const MeshExperiment& e) {
  const MeshGeometry g = e.geometry();
  const int L = e.packet_flits;
  const double A = e.load;
  const MeshAnalytic a = e.hexagonal ? hexagonal_analytic(g.hex_edge(), L, A)
                         : e.torus   ? torus_analytic(e.radices, L, A)
                                     : mesh_analytic(e.radices, L, A);
  const MeasureContext m = measure_context(g, L, A);
  // A hexagonal mesh's wires are alike: its mean distance at one delay each, as a mesh's.
  const double t0 = e.hexagonal ? a.mean_distance * e.links.delays.front() + 1 +
                                      (a.mean_distance + 1) * e.flit.router.routing_delay
                    : e.torus   ? zero_load_latency(e.radices, true, e.links.wire_delays, e.flit.router.routing_delay)
                                : zero_load_latency(e.radices, e.links.delays, e.flit.router.routing_delay);
  return ojson{{"topology", e.hexagonal ? "hexagonal" : e.torus ? "torus" : "mesh"},
               {"nodes", a.nodes},
               {"bisection_flits_per_cycle", a.bisection_flits},
               {"mean_distance", a.mean_distance},
               {"distance_stddev", a.distance_stddev},
               {"zero_load_latency", t0},
               {"zero_load_latency_switch_cycles", t0 * e.links.cycle_time_factor},
               {"links", links_json(e.links)},
               {"umax_bound", a.umax_bound},
               {"injection_probability", a.injection_probability},
               {"offered_flits_per_node_cycle", a.offered_flits_per_node},
               {"sns4_interval", sns4_initial_interval(m, spec.convergence.accuracy)},
               {"config", spec.config}};
}

}  // namespace

ojson analytic_report(const ExperimentSpec& spec) {
  if (const auto* e = std::get_if<MeshExperiment>(&spec.topology)) return mesh_analytic_report(spec, *e);
  return rings_analytic_report(spec, std::get<RingsExperiment>(spec.topology));
}

namespace {
ojson memory_json(const MemoryEstimate& e) {
  return ojson{{"estimate_mb", std::round(e.peak_bytes / 1e5) / 10},
               {"bytes_per_node", e.bytes_per_node},
               {"bytes_per_packet", e.bytes_per_packet},
               {"packets_held_at_most", std::round(e.backlog_packets)}};
}
}  // namespace

namespace {

ojson interval_json(const IntervalReport& r) {
  ojson j{{"phase", r.phase}, {"curtime", r.curtime}, {"numsent", r.counters.numsent},
          {"numrecd", r.counters.numrecd}};
  put_measures(j, r.measures);
  j["change"] = r.change;
  return j;
}

ojson steady_json(const SteadyStateInterval& s, double target, const ojson& T_from_cycle_0) {
  ojson j{{"method", "MSER-5 warm-up cut, then 20 batch means (Student t, 95%)"}, {"target", target}, {"ready", s.ready}};
  if (!s.ready) {
    j["not_ready"] = s.not_ready;
    j["groups"] = s.groups;
    return j;
  }
  j["mean"] = s.mean;
  j["half_width"] = s.half_width;
  j["relative_half_width"] = s.half_width / s.mean;
  j["low"] = s.mean - s.half_width;
  j["high"] = s.mean + s.half_width;
  j["warmup_cut_cycle"] = s.cut_cycle;
  j["warmup_cut_packets"] = s.cut_packets;
  j["packets"] = s.packets;
  j["batches"] = s.batches;
  j["batch_packets"] = s.batch_packets;
  j["batch_lag1_correlation"] = s.lag1_correlation;
  j["T_from_cycle_0"] = T_from_cycle_0;
  return j;
}

// Why a run was (or was not) called saturated: the test that decided, or the last one made.
ojson saturation_json(const SaturationEvidence& e, bool saturated) {
  ojson j{{"saturated", saturated}, {"rule", saturated ? e.rule : std::string("none")}, {"cycle", e.cycle}};
  j["offered_packets_per_cycle"] = e.offered_rate;
  j["accepted_packets_per_cycle"] = e.accepted_rate;
  j["backlog_packets"] = e.backlog;
  j["backlog_growth_per_cycle"] = {e.growth_first_quarter, e.growth_second_quarter};
  j["growth_window"] = {e.window_begin, e.cycle};
  j["growth_z"] = e.z;
  j["T"] = e.T;
  j["T_waiting_included"] = e.T_waiting_included;
  j["T_worst_source"] = e.T_worst_source;
  j["worst_source"] = e.worst_source;
  j["latency_bound"] = e.latency_bound > 0 ? ojson(e.latency_bound) : ojson(nullptr);
  return j;
}

// The part of every run's JSON that the convergence path gives, whatever the topology.
ojson run_json(const std::string& topology, const ExperimentSpec& spec, const NetworkModel& net,
               const ConvergenceTarget& target, const ConvergenceOutcome& outcome) {
  ojson result;
  result["kncsim"] = KNCSIM_VERSION;
  result["topology"] = topology;
  result["model"] = to_string(spec.impl);
  put_measures(result, target.measure(net));
  result["numsent"] = net.counters().numsent;
  result["numrecd"] = net.counters().numrecd;
  result["dropped"] = net.counters().dropped;
  if (const auto* mesh = std::get_if<MeshExperiment>(&spec.topology); mesh && mesh->ref.misroute_on_full)
    result["misrouting"] = {{"misrouted_hops", net.counters().misrouted}, {"dejected", net.counters().dejected}};
  result["curtime"] = net.now();
  result["converged"] = outcome.converged;
  result["stop_reason"] = outcome.stop_reason;
  ojson intervals = ojson::array();
  for (const auto& r : outcome.intervals) intervals.push_back(interval_json(r));
  result["intervals"] = std::move(intervals);
  if (outcome.steady) {  // ci: T is the steady-state mean after the warm-up cut
    const SteadyStateInterval& s = *outcome.steady;
    result["ci"] = steady_json(s, spec.convergence.ci_target, result["T"]);
    if (s.ready) result["T"] = s.mean;
  }
  if (spec.convergence.saturation.detect) {
    result["saturated"] = outcome.stop_reason == "saturated";
    if (outcome.saturation) result["saturation"] = saturation_json(*outcome.saturation, outcome.stop_reason == "saturated");
  }
  return result;
}

// The sinks between a model and the caller's, each there only when the spec asks for it: the
// statistics (run.statistics full), then the ci rule's latency series, then the waiting
// packets' ages (a latency bound counts them). The model delivers to head().
class SinkChain {
 public:
  SinkChain(const ExperimentSpec& spec, uint32_t nodes, PacketSink* sink, double latency_scale,
            const std::vector<TrafficClassSpec>* traffic_classes = nullptr) {
    PacketSink* next = sink;
    if (traffic_classes && !traffic_classes->empty()) {  // each class's results apart
      std::vector<ClassStatistics::Counts> counts;
      for (const TrafficClassSpec& k : *traffic_classes) counts.push_back({k.name, k.nodes, k.warmup_packets, k.packets});
      next = &classes.emplace(std::move(counts), nodes, spec.convergence.mode != ConvergenceMode::packets, next);
    }
    if (spec.statistics) next = &stats.emplace(nodes, next, spec.history);
    if (spec.convergence.mode == ConvergenceMode::ci) next = &series.emplace(next, latency_scale);
    if (spec.convergence.saturation.detect && spec.convergence.saturation.latency_bound > 0)
      next = &ages.emplace(nodes, next);
    head_ = next;
  }
  SinkChain(const SinkChain&) = delete;
  SinkChain& operator=(const SinkChain&) = delete;
  PacketSink* head() const { return head_; }
  // The convergence drivers read the series and the ages.
  void attach(ConvergenceTarget& t) {
    t.series = series ? &*series : nullptr;
    t.ages = ages ? &*ages : nullptr;
    t.classes = classes ? &*classes : nullptr;
  }

  std::optional<ClassStatistics> classes;
  std::optional<RunStatistics> stats;
  std::optional<LatencySeries> series;
  std::optional<PacketAges> ages;

 private:
  PacketSink* head_ = nullptr;
};

void put_statistics(ojson& result, const std::optional<RunStatistics>& stats, const NetworkModel& net,
                    StatisticsContext c) {
  if (!stats) return;
  c.curtime = net.now();
  ojson j = statistics_json(*stats, net.channel_loads(), c);
  for (auto& [key, value] : j.items()) result[key] = std::move(value);
}

}  // namespace

std::string violations_text(const ViolationTally& t) {
  std::string s = fmt::format("before it, the monitors counted {} protocol violation(s) (verify.on_violation count):", t.total);
  for (const auto& [rule, n] : t.by_rule) s += fmt::format(" {} {}", n, rule);
  for (const auto& r : t.first) s += "\n  " + r;
  return s;
}

ojson violations_json(const ViolationTally& t) {
  return ojson{{"total", t.total}, {"by_rule", t.by_rule}, {"first", t.first}};
}

namespace {

// The scoreboard's end of a run (verify.drain_cycles): stop injecting, drain, and account for
// every packet; and the coverage points the monitors marked (verify.coverage). The measures
// above are the run's, before the drain.
void put_verify(ojson& result, const MeshExperiment& e, WormholeNetwork& net, const ConvergenceOutcome& outcome) {
  const bool coverage = net.coverage() != nullptr;
  if (e.drain_cycles == 0 && !coverage && !net.violations()) return;
  ojson v;
  if (e.drain_cycles > 0 && outcome.stop_reason != "interrupted") {
    const int64_t from = net.now();
    net.stop_injection();
    const bool empty = net.drain(e.drain_cycles);
    if (!empty && !stop_requested())
      throw ScoreboardError(fmt::format(
          "scoreboard: cycle {}: {} packet(s) still in the network after a drain of {} cycles (verify.drain_cycles) "
          "from cycle {}, injection stopped:\n{}",
          net.now(), net.counters().numsent - net.counters().numrecd, e.drain_cycles, from, net.packets_left(16)));
    v["drained"] = empty;
    v["drain_cycles"] = net.now() - from;
    v["packets_sent"] = net.counters().numsent;
    v["packets_delivered"] = net.counters().numrecd;
  }
  if (coverage) {
    const NetworkCoverage& c = *net.coverage();
    int64_t reachable = 0, hit = 0;
    const std::vector<std::string> names = c.hit_names();
    for (const auto& p : c.points()) reachable += p.reachable;
    for (const auto& n : names)
      for (const auto& p : c.points()) hit += p.name == n && p.reachable;
    v["coverage"] = ojson{{"points", c.points().size()}, {"reachable", reachable}, {"reachable_hit", hit}, {"hit", names}};
  }
  if (const ViolationTally* t = net.violations()) v["violations"] = violations_json(*t);
  result["verify"] = std::move(v);
}

// energy.technology / energy.table: the run's activity, priced.
void put_energy(ojson& result, const MeshExperiment& e, const MeshGeometry& g, const NetworkModel& net, bool per_element) {
  if (!e.energy || !net.activity()) return;
  const double T = result.contains("T") && result["T"].is_number() ? result["T"].get<double>() : NAN;
  const EnergyEstimate est = estimate_energy(*net.activity(), g, *e.energy, net.now());
  result["energy"] = energy_json(est, *e.energy, *net.activity(), g, T, per_element);
  put_rtl_toggles(result, est, *e.energy, net.rtl_toggles(), per_element);
}

ojson run_mesh(const ExperimentSpec& spec, const MeshExperiment& e, PacketSink* sink, const ProgressFn& progress) {
  if (e.closed_loop) return run_closed_loop(spec, e, sink);
  if (e.replay) return run_trace(spec, e, sink);
  const MeshGeometry geometry = e.geometry();
  std::vector<RecordedInjection> recorded;  // --trace-out
  std::unique_ptr<InjectionStream> stream = make_injection_stream(e, geometry);
  if (!spec.outputs.trace_out.empty()) stream = with_recording(std::move(stream), recorded);
  InjectionFeed feed(std::move(stream), geometry.nodes(), spec.second_thread && spec.outputs.trace_out.empty());
  SinkChain sinks(spec, geometry.nodes(), sink, 1, &e.classes);
  const std::unique_ptr<NetworkModel> model = make_model(e, geometry, feed, sinks.head());
  NetworkModel& net = *model;
  ConvergenceTarget target =
      mesh_convergence_target(measure_context(geometry, e.mean_packet_flits, e.load), spec.convergence.accuracy);
  sinks.attach(target);
  auto* wormhole = dynamic_cast<WormholeNetwork*>(&net);
  ojson result;
  try {
    const ConvergenceOutcome outcome = run_to_convergence(net, spec.convergence, target, progress);
    result = run_json(e.hexagonal ? "hexagonal" : e.torus ? "torus" : "mesh", spec, net, target, outcome);
    put_energy(result, e, geometry, net, spec.statistics);  // the run's, before any verify drain
    if (wormhole) put_verify(result, e, *wormhole, outcome);
    if (wormhole && e.overrides) {  // network.overrides: what it changed, and what could not be sent
      ojson examples = ojson::array();
      for (const auto& [a, b] : e.unreachable_examples) examples.push_back({a, b});
      // What the file said, as read (the resolved config names the file only): a result can be rerun.
      ojson links = ojson::array(), failed_links = ojson::array();
      for (const LinkOverride& l : e.overrides->links)
        links.push_back({{"node", l.node}, {"port", MeshGeometry::port_name(l.port)}, {"delay", l.delay},
                         {"cycles_per_flit", l.cycles_per_flit}});
      for (const auto& [n, o] : e.overrides->failed_links) failed_links.push_back({n, MeshGeometry::port_name(o)});
      result["overrides"] = ojson{{"file", e.overrides->file},
                                  {"links_overridden", e.overrides->links.size()},
                                  {"failed_links", e.overrides->failed_links.size()},
                                  {"failed_nodes", e.overrides->failed_nodes.size()},
                                  {"unreachable_pairs", e.unreachable_pairs},
                                  {"unreachable_examples", examples},
                                  {"packets_unreachable", wormhole->packets_unreachable()},
                                  {"links", links},
                                  {"failed_link_list", failed_links},
                                  {"failed_node_list", e.overrides->failed_nodes}};
    }
    if (wormhole && e.flit.router.switching == Switching::hybrid)  // how often the hybrid buffered
      result["switching"] = ojson{{"scheme", "hybrid"}, {"hybrid_hops", e.flit.router.hybrid_hops},
                                  {"buffer_packets", e.flit.router.buffer_packets},
                                  {"packets_buffered", wormhole->packets_buffered()}};
  } catch (const std::runtime_error& x) {
    // Counted violations (verify.on_violation count) went on until something stopped the run:
    // they are not lost with it.
    if (!wormhole || !wormhole->violations() || wormhole->violations()->total == 0) throw;
    throw std::runtime_error(std::string(x.what()) + "\n" + violations_text(*wormhole->violations()));
  }
  // A synchronous network's cycle is longer than a switch cycle: T in both (Scott & Goodman's way).
  const double factor = e.links.cycle_time_factor;
  result["cycle_time_factor"] = factor;
  result["T_switch_cycles"] = result["T"].is_number() ? ojson(result["T"].get<double>() * factor) : ojson(nullptr);
  put_statistics(result, sinks.stats, net,
                 // (A hexagonal mesh has no coordinates, nor a cube's bisection to report.)
                 StatisticsContext{0, 1, e.mean_packet_flits, false, e.hexagonal ? std::vector<int>{} : e.radices, e.torus,
                                   [&geometry](uint32_t n, int k) { return geometry.coord(n, k); },
                                   double(geometry.nodes() * (2 * geometry.dims() + 1) - geometry.edge_ports_half())});
  if (sinks.classes) {
    std::vector<double> offered;
    for (const TrafficClassSpec& k : e.classes) offered.push_back(k.offered_load);
    result["classes"] = classes_json(*sinks.classes, offered);
    result["class_collection_began"] = sinks.classes->collection_began();
  }
  if (!spec.outputs.trace_out.empty())
    result["trace_out"] = write_trace_out(spec.outputs.trace_out, recorded, net.counters().numsent, e.packet_flits);
  return result;
}

ojson run_rings(const ExperimentSpec& spec, const RingsExperiment& e, PacketSink* sink, const ProgressFn& progress) {
  if (e.impl == RouterImpl::single_node) return run_single_node(spec, e);
  if (e.replay) return run_trace(spec, e, sink);
  SimSession session;
  const std::unique_ptr<RingModel> model = make_model(e);
  RingModel& net = *model;
  const RingMeasureContext m = e.measure;
  SinkChain sinks(spec, net.nodes(), sink, m.cycle_time_increase);
  std::vector<RecordedInjection> recorded;  // --trace-out: each message, its length its kind's
  if (!spec.outputs.trace_out.empty())
    net.observe_injections([&](uint32_t src, uint32_t dest, SciKind kind, int64_t t) {
      recorded.push_back(RecordedInjection{
          t, Injection{src, dest, uint32_t(kind == SciKind::data ? e.params.data_flits : e.params.address_flits)}});
    });
  net.start(e.traffic, e.window, sinks.head());
  ConvergenceTarget target{
      e.load, sns4_initial_interval_for_rate(e.messages_per_cycle(), spec.convergence.accuracy),
      [&net, m](const NetworkModel&) { return measure_rings(net.counters(), net.delivered_bits(), net.now(), m); }};
  sinks.attach(target);
  const ConvergenceOutcome outcome = run_to_convergence(net, spec.convergence, target, progress);
  ojson result = run_json("rings", spec, net, target, outcome);
  if (e.energy && net.ring_activity()) {  // the run's, priced (before anything drains)
    const RingGeometry ring(e.params.dims, e.params.radix);
    const auto upstream = [&ring](uint32_t u, int d) { return ring.upstream(u, d); };
    const double T = result["T"].is_number() ? result["T"].get<double>() : NAN;
    const RingEnergyEstimate est = estimate_ring_energy(*net.ring_activity(), upstream, *e.energy, net.now());
    result["energy"] = ring_energy_json(est, *e.energy, *net.ring_activity(), int64_t(net.sci_counters().delivered), T,
                                        spec.statistics);
    put_rtl_toggles(result, est.energy, *e.energy, net.rtl_toggles(), spec.statistics);
  }
  put_rings_results(result, e, net);
  if (!spec.outputs.trace_out.empty())
    result["trace_out"] = write_trace_out(spec.outputs.trace_out, recorded, int64_t(recorded.size()), 0);
  const RingGeometry geometry(e.params.dims, e.params.radix);
  put_statistics(result, sinks.stats, net,
                 StatisticsContext{0, m.cycle_time_increase, 0, true, std::vector<int>(size_t(e.params.dims), e.params.radix),
                                   false, [&geometry](uint32_t n, int d) { return geometry.coord(n, d); }});
  return result;
}

}  // namespace

ojson run_experiment(const ExperimentSpec& spec, PacketSink* sink, const ProgressFn& progress) {
  if (!spec.prepared) throw std::logic_error("run_experiment: the spec is not prepared (prepare_run)");
  if (spec.rtl_random_state >= 0) randomize_rtl_initial_state(int(spec.rtl_random_state));  // before any model is made
  const MemoryEstimate memory = estimate_memory(spec.sizing);  // prepare_run checked it; the result reports it
  ojson result = std::visit(
      [&](const auto& e) {
        if constexpr (std::is_same_v<std::decay_t<decltype(e)>, MeshExperiment>)
          return run_mesh(spec, e, sink, progress);
        else
          return run_rings(spec, e, sink, progress);
      },
      spec.topology);
  ojson analytic = analytic_report(spec);
  analytic.erase("config");
  result["analytic"] = std::move(analytic);
  result["memory"] = memory_json(memory);
  result["config"] = spec.config;
  return result;
}

namespace {
std::string fifo_text(const MeshExperiment& e) {
  const RouterParams& r = e.flit.router;
  if (r.fifo_flits < 0) return r.switching == Switching::packet ? "unbounded packet" : "unbounded";
  const std::string size =
      e.fifo_packets > 0 ? "Q=" + std::to_string(e.fifo_packets) + " packets" : std::to_string(r.fifo_flits) + " flits";
  const bool whole = r.credits == CreditPolicy::per_packet || r.switching == Switching::cut_through;
  const char* scheme = r.switching == Switching::packet   ? " packet"
                       : r.switching == Switching::hybrid ? " hybrid"
                       : whole                            ? " cut_through"
                                                          : " wormhole";
  return size + scheme;
}

// What the SystemC network adds beyond Pertel's router, if anything.
std::string flit_level_text(const MeshExperiment& e) {
  if (e.impl == RouterImpl::ref) return "";
  const std::vector<int>& d = e.links.delays;
  const bool same = std::all_of(d.begin(), d.end(), [&](int x) { return x == d[0]; });
  std::string s = fmt::format(", {} links of delay {}", to_string(e.flit.link.kind),
                              same ? std::to_string(d[0]) : fmt::format("[{}]", fmt::join(d, ",")));
  if (e.links.torus)  // a torus: the longest per dimension, and where the nodes sit
    s += fmt::format(" at most ({} wiring)", to_string(e.links.wiring));
  if (e.links.synchronous) s += fmt::format(" (synchronous: a cycle is {:.4g} switch cycles)", e.links.cycle_time_factor);
  if (e.flit.router.routing_delay > 0) s += fmt::format(", routing delay {}", e.flit.router.routing_delay);
  if (e.flit.router.hop_count_headers) s += ", hop-count headers";
  return s;
}

std::string network_line(const MeshExperiment& e) {
  const std::string shape = e.hexagonal ? fmt::format("edge-{} ({}-node)", e.radices.front(), e.geometry().nodes())
                                        : fmt::format("{}", fmt::join(e.radices, "x"));
  const char* kind = e.hexagonal ? "hexagonal mesh" : e.torus ? "torus" : "mesh";
  const std::string pattern =
      e.stream.pattern.kind == PatternKind::uniform ? "" : fmt::format(" {} traffic,", to_string(e.stream.pattern.kind));
  const LengthDistribution& len = e.stream.lengths;
  const std::string L = len.kind == LengthKind::fixed
                            ? std::to_string(e.packet_flits)
                            : fmt::format("{}..{} (mean {:g})", len.min_flits(), len.max_flits(), len.mean());
  // Bernoulli arrivals in traffic.stream's order, or a renewal process's gaps (counter-based).
  const std::string stream = e.stream.gaps.kind == InterarrivalKind::bernoulli
                                 ? fmt::format("{} stream", e.stream.legacy ? "legacy" : "counter")
                                 : fmt::format("{} gaps of mean {:g}", to_string(e.stream.gaps.kind), e.stream.gaps.mean());
  const std::string mru = e.stream.mru.empty() ? "" : fmt::format(", MRU stack [{}]", fmt::join(e.stream.mru, ", "));
  const RouterParams& r = e.flit.router;
  std::string routing = to_string(r.routing);  // dor, adaptive (Pertel's ANS), or with its selection
  if (r.routing != Routing::dor && r.selection != Selection::any) routing += fmt::format(" {}", to_string(r.selection));
  if (r.routing == Routing::deflection) routing += fmt::format(" (at most {} nonminimal hops)", r.deflections);
  if (!e.classes.empty()) {  // the classes' own streams, lengths and patterns: in the result's classes
    std::vector<std::string> names;
    for (const TrafficClassSpec& k : e.classes) names.push_back(k.name);
    return fmt::format("{} {}, {} routing, FIFOs {}{}, L={:g} (mean), A={:g}, traffic classes {}", shape,
                       kind, routing, fifo_text(e), flit_level_text(e), e.mean_packet_flits, e.load,
                       fmt::join(names, ", "));
  }
  return fmt::format("{} {}, {} routing, FIFOs {}{}, L={}, A={:g},{} {}{}", shape, kind,
                     routing, fifo_text(e), flit_level_text(e), L, e.load, pattern,
                     stream, mru);
}
}  // namespace

// The ci rule's interval and the saturation test's verdict, when the run had them.
std::string stopping_detail(const ojson& r) {
  std::string s;
  if (r.contains("ci") && r["ci"]["ready"].get<bool>()) {
    const ojson& c = r["ci"];
    s += fmt::format("steady state: T = {:.4g} +- {:.3g} (95%, {} batches of {} packets; warm-up cut at cycle {})\n",
                     c["mean"].get<double>(), c["half_width"].get<double>(), c["batches"].get<int>(),
                     c["batch_packets"].get<int64_t>(), c["warmup_cut_cycle"].get<int64_t>());
  } else if (r.contains("ci")) {
    s += fmt::format("steady state: no interval yet ({})\n", r["ci"]["not_ready"].get<std::string>());
  }
  if (r.contains("saturation") && r["saturation"]["saturated"].get<bool>()) {
    const ojson& e = r["saturation"];
    const std::string rule = e["rule"].get<std::string>();
    std::string why;
    if (rule == "backlog_growth")
      why = fmt::format("the backlog grew {:.3g} packets/cycle (offered {:.4g}, accepted {:.4g})",
                        e["backlog_growth_per_cycle"][1].get<double>(), e["offered_packets_per_cycle"].get<double>(),
                        e["accepted_packets_per_cycle"].get<double>());
    else if (rule == "latency_bound")
      why = fmt::format("the mean latency with waiting packets, {:.4g}, passed the bound {:g}",
                        e["T_waiting_included"].is_number() ? e["T_waiting_included"].get<double>() : e["T"].get<double>(),
                        e["latency_bound"].get<double>());
    else
      why = fmt::format("source {} averaged {:.4g} cycles with its waiting packets, past the bound {:g}",
                        e["worst_source"].get<int64_t>(), e["T_worst_source"].get<double>(), e["latency_bound"].get<double>());
    s += fmt::format("SATURATED at cycle {}: {}\n", e["cycle"].get<int64_t>(), why);
  }
  return s;
}

std::string run_summary(const ExperimentSpec& spec, const ojson& r) {
  if (spec.impl == RouterImpl::single_node) return single_node_summary(spec, r);
  if (r.contains("trace")) return trace_summary(r);
  if (spec.topology_kind == NetworkTopology::rings) return rings_run_summary(spec, r) + stopping_detail(r);
  const MeshExperiment& e = std::get<MeshExperiment>(spec.topology);
  if (e.closed_loop) return closed_loop_summary(r);
  if (e.replay) return trace_summary(r);
  std::string s = fmt::format("kncsim {} model: {}\n", r["model"].get<std::string>(), network_line(e));
  s += fmt::format("{} after {} cycles, {} intervals ({} convergence)\n",
                   r["converged"].get<bool>() ? "converged" : "NOT CONVERGED (" + r["stop_reason"].get<std::string>() + ")",
                   r["curtime"].get<int64_t>(), r["intervals"].size(),
                   to_string(spec.convergence.mode));
  auto num = [&](const char* k) { return r[k].is_null() ? std::string("nan") : fmt::format("{:.4g}", r[k].get<double>()); };
  s += fmt::format("T = {}  U = {}  D = {} (analytic {:.4g})  AQLEN = {} (corrected {})\n", num("T"), num("U"),
                   num("D"), r["analytic"]["mean_distance"].get<double>(), num("AQLEN"), num("AQLEN_corrected"));
  if (r.contains("cycle_time_factor") && r["cycle_time_factor"].get<double>() != 1)
    s += fmt::format("synchronous links: a cycle is {:.4g} switch cycles, so T = {} switch cycles\n",
                     r["cycle_time_factor"].get<double>(),
                     r["T_switch_cycles"].is_null() ? std::string("nan") : fmt::format("{:.4g}", r["T_switch_cycles"].get<double>()));
  s += fmt::format("packets sent {}, received {}", r["numsent"].get<int64_t>(), r["numrecd"].get<int64_t>());
  if (r["dropped"].get<int64_t>() > 0)
    s += fmt::format(", dropped at full source queues {}", r["dropped"].get<int64_t>());
  if (r.contains("misrouting"))
    s += fmt::format(", misrouted hops {}, dejected and re-injected {}", r["misrouting"]["misrouted_hops"].get<int64_t>(),
                     r["misrouting"]["dejected"].get<int64_t>());
  if (r.contains("overrides") && r["overrides"]["packets_unreachable"].get<int64_t>() > 0)
    s += fmt::format(", not sent for want of a way round failures {}", r["overrides"]["packets_unreachable"].get<int64_t>());
  s += "\n";
  return s + stopping_detail(r);
}

std::string analytic_summary(const ExperimentSpec& spec, const ojson& a) {
  if (const auto* rings = std::get_if<RingsExperiment>(&spec.topology)) return rings_analytic_summary(*rings, a);
  const bool torus = std::get<MeshExperiment>(spec.topology).torus;
  const bool hex = std::get<MeshExperiment>(spec.topology).hexagonal;
  std::string s;
  s += fmt::format("nodes N                      {}{}\n", a["nodes"].get<long>(),
                   hex ? " (hexagonal mesh: 3e(e-1) + 1)" : torus ? " (torus)" : "");
  if (!hex)
    s += fmt::format("bisection bandwidth B        {} flits/cycle per direction{}\n", a["bisection_flits_per_cycle"].get<long>(),
                     torus ? "  (2N/R: the wraparound doubles it)" : "");
  s += fmt::format("mean distance D              {:.6g} hops  ({})\n", a["mean_distance"].get<double>(),
                   hex ? "(e-1)e(2e-1)/N: 6d nodes at each distance d < e" : torus ? "every pair, the shorter way round" : "d(R-1/R)/3");
  s += fmt::format("distance std deviation       {:.6g} hops\n", a["distance_stddev"].get<double>());
  const ojson& w = a["links"];
  if (hex)
    s += fmt::format("links                        {}, every wire alike: delay {} cycles{}\n", w["mode"].get<std::string>(),
                     w["link_delays"][0].get<int>(), w["delays_given"].get<bool>() ? " (given)" : "");
  else
    s += fmt::format("links                        {}, {} embedding, S = {:g}: wire lengths {}, delays {} cycles{}\n",
                     w["mode"].get<std::string>(), w["embedding"].get<std::string>(), w["switch_to_wire_ratio"].get<double>(),
                     w["wire_lengths"].dump(), w["link_delays"].dump(), w["delays_given"].get<bool>() ? " (given)" : "");
  if (w.contains("wire_delays"))
    s += fmt::format("torus wires                  {} wiring: per dimension, the wire from each coordinate to the next "
                     "(the last: the wraparound) takes {} cycles\n",
                     w["wiring"].get<std::string>(), w["wire_delays"].dump());
  if (w["cycle_time_factor"].get<double>() != 1)
    s += fmt::format("synchronous cycle            {:.6g} switch cycles  (1 + longest wire / S)\n",
                     w["cycle_time_factor"].get<double>());
  s += fmt::format("zero-load latency T          {:.6g} cycles, {:.6g} switch cycles  ({})\n",
                   a["zero_load_latency"].get<double>(), a["zero_load_latency_switch_cycles"].get<double>(),
                   hex ? "D x delay, + 1" : torus ? "every pair's wires summed, averaged, + 1" : "sum of D_k x delay_k, + 1");
  if (a["umax_bound"].is_number() && !std::isnan(a["umax_bound"].get<double>()))
    s += fmt::format("U_max bound                  {:.6g}  (1 - 2(R-2)/(R(R+2)), Critique)\n", a["umax_bound"].get<double>());
  else
    s += torus || hex ? "U_max bound                  n/a (the Critique's bound is for meshes)\n"
               : "U_max bound                  n/a (the Critique's bound assumes equal radices)\n";
  s += fmt::format("injection probability q      {:.6g} per node per cycle  ({})\n", a["injection_probability"].get<double>(),
                   hex ? "6A/(D L): A is link utilisation" : torus ? "8A/(R L)" : "4A/(R L)");
  s += fmt::format("sns4 initial INTERVAL        {} cycles\n", a["sns4_interval"].get<long>());
  return s;
}

}  // namespace kncsim
