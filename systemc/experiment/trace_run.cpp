#include "experiment/trace_run.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <optional>
#include <iterator>

#include "experiment/contention_free_delay.hpp"
#include "experiment/model_factory.hpp"
#include "io/output_file.hpp"
#include "report/energy_report.hpp"
#include "report/rings_report.hpp"
#include "ring/ring_geometry.hpp"
#include "ring/sci_zero_load.hpp"
#include "sc/sim_session.hpp"
#include "sched/stop_request.hpp"
#include "traffic/injection_feed.hpp"
#include "traffic/trace_workload.hpp"

namespace kncsim {

using ojson = nlohmann::ordered_json;

namespace {

ojson totals_json(const TraceTotals& t) {
  const double n = double(t.delivered);
  const double mean = n > 0 ? t.latency_sum / n : NAN;
  const double var = n > 1 ? std::max(0.0, (t.latency_sq - n * mean * mean) / (n - 1)) : NAN;
  auto num = [](double x) { return std::isfinite(x) ? ojson(x) : ojson(nullptr); };
  return ojson{{"mean", num(mean)},
               {"stddev", num(std::sqrt(var))},
               {"p50", t.latency_percentile(0.5)},
               {"p90", t.latency_percentile(0.9)},
               {"p99", t.latency_percentile(0.99)},
               {"max", t.delivered ? ojson(t.latency_max) : ojson(nullptr)}};
}

// The result both families share: the counters, and the trace's figures against the ideal's.
ojson trace_result(const ExperimentSpec& spec, const char* topology, const NetworkModel& net, const TraceReplaySpec& ts,
                   const TraceWorkload& workload, const std::optional<TraceTotals>& ideal) {
  const TraceTotals& t = workload.totals();
  const bool done = workload.done();
  ojson result;
  result["kncsim"] = KNCSIM_VERSION;
  result["topology"] = topology;
  result["model"] = to_string(spec.impl);
  result["numsent"] = net.counters().numsent;
  result["numrecd"] = net.counters().numrecd;
  result["dropped"] = net.counters().dropped;
  result["curtime"] = net.now();
  result["converged"] = done;
  result["stop_reason"] = done ? "trace_done" : stop_requested() ? "interrupted" : "max_cycles";
  const double slowdown =
      done && ideal && ideal->cycles() > 0 ? double(t.cycles()) / double(ideal->cycles()) : NAN;
  result["trace"] = ojson{{"file", ts.path},
                          {"format", ts.format == TraceFormat::netrace ? "netrace" : "text"},
                          {"benchmark", workload.benchmark()},
                          {"dependencies", ts.dependencies},
                          {"region", ts.region >= 0 ? ojson(ts.region) : ojson("start")},
                          {"window_cycles", ts.window_cycles > 0 ? ojson(ts.window_cycles) : ojson("all")},
                          {"mapping", ts.mapping.empty() ? ojson("identity") : ojson(ts.mapping)},
                          {"packets", t.read},
                          {"delivered", t.delivered},
                          {"cycles", done ? ojson(t.cycles()) : ojson(nullptr)},
                          {"ideal_cycles", ideal ? ojson(ideal->cycles()) : ojson(nullptr)},  // null: not replayed, or not done by 2 x cycles
                          {"slowdown", std::isfinite(slowdown) ? ojson(slowdown) : ojson(nullptr)},
                          {"trace_span_cycles", t.read ? t.last_cycle - t.first_cycle + 1 : 0},
                          {"latency", totals_json(t)},
                          {"ideal_latency", ideal ? totals_json(*ideal) : ojson(nullptr)},
                          {"held", ojson{{"packets", t.held_packets},
                                         {"mean", t.read ? ojson(t.held_sum / double(t.read)) : ojson(nullptr)},
                                         {"max", t.held_max}}}};
  return result;
}

// Looks at whether the trace is done every 1024 cycles, then, its packets all read, every cycle (a
// trace shorter than 1024 cycles still runs to the first look).
template <class Net>
void run_until_done(Net& net, const TraceWorkload& workload, int64_t max_cycles) {
  while (!workload.done() && net.now() < max_cycles && !stop_requested())
    net.run_until(std::min(max_cycles, net.now() + (workload.all_read() ? 1 : 1024)));
}

// The cycles a run's energy is priced over: the trace's, to its last delivery (nothing moves after
// it), or all that ran if it did not finish.
int64_t priced_cycles(const TraceWorkload& workload, const NetworkModel& net) {
  return workload.done() ? workload.totals().cycles() : net.now();
}

}  // namespace

ojson run_trace(const ExperimentSpec& spec, const MeshExperiment& e, PacketSink* sink) {
  const MeshGeometry g = e.geometry();
  const TraceReplaySpec& ts = *e.replay;
  TraceWorkload workload(ts);
  InjectionFeed feed(make_counter_uniform_stream(1, g.nodes(), 0), g.nodes(), false);  // nothing but the trace
  const std::unique_ptr<NetworkModel> model = make_model(e, g, feed, sink, &workload);
  NetworkModel& net = *model;
  run_until_done(net, workload, spec.convergence.max_cycles);
  // Contention-free: every packet's tail its zero-load time after it enters (the reference model's
  // packets move as the flit-level network's do where it is exact: its L flits back to back).
  std::optional<TraceTotals> ideal;
  if (workload.done())
    ideal = workload.ideal_run(
        [&](uint32_t s, uint32_t d, int flits) { return contention_free_delay(g, e.flit, s, d, flits, 1); },
        2 * net.now() + 1);
  ojson result = trace_result(spec, e.torus ? "torus" : "mesh", net, ts, workload, ideal);
  if (e.energy && net.activity()) {  // the trace's packets, priced over its cycles (no mean latency: no energy-delay product)
    const EnergyEstimate est = estimate_energy(*net.activity(), g, *e.energy, priced_cycles(workload, net));
    result["energy"] = energy_json(est, *e.energy, *net.activity(), g, NAN, spec.statistics);
    put_rtl_toggles(result, est, *e.energy, net.rtl_toggles(), spec.statistics);
  }
  return result;
}

ojson run_trace(const ExperimentSpec& spec, const RingsExperiment& e, PacketSink* sink) {
  SimSession session;
  const TraceReplaySpec& ts = *e.replay;
  TraceWorkload workload(ts);
  const std::unique_ptr<RingModel> model = make_model(e);
  RingModel& net = *model;
  net.start(workload, e.replay_address_flits, e.window, sink);
  run_until_done(net, workload, spec.convergence.max_cycles);
  const RingGeometry g(e.params.dims, e.params.radix);
  std::optional<TraceTotals> ideal;
  if (workload.done())
    ideal = workload.ideal_run(
        [&](uint32_t s, uint32_t d, int flits) {
          return sci_zero_load_cycles(e.params, g, s, d,
                                      flits <= e.replay_address_flits ? e.params.address_flits : e.params.data_flits);
        },
        2 * net.now() + 1);
  ojson result = trace_result(spec, "rings", net, ts, workload, ideal);
  if (e.energy && net.ring_activity()) {  // the trace's messages, priced
    const RingGeometry ring(e.params.dims, e.params.radix);
    const auto upstream = [&ring](uint32_t u, int d) { return ring.upstream(u, d); };
    const RingEnergyEstimate est =
        estimate_ring_energy(*net.ring_activity(), upstream, *e.energy, priced_cycles(workload, net));
    result["energy"] = ring_energy_json(est, *e.energy, *net.ring_activity(), int64_t(net.sci_counters().delivered), NAN,
                                        spec.statistics);
    put_rtl_toggles(result, est.energy, *e.energy, net.rtl_toggles(), spec.statistics);
  }
  return result;
}

ojson write_trace_out(const std::string& path, const std::vector<RecordedInjection>& recorded, int64_t packets,
                      int packet_flits) {
  const size_t n = std::min(recorded.size(), size_t(std::max<int64_t>(packets, 0)));
  fmt::memory_buffer out;
  fmt::format_to(std::back_inserter(out),
                 "# kncsim {} --trace-out: the run's {} generated packets; replay with traffic.workload trace, "
                 "traffic.trace_format text\n# cycle src dst flits\n",
                 KNCSIM_VERSION, n);
  for (size_t i = 0; i < n; ++i) {
    const RecordedInjection& r = recorded[i];
    fmt::format_to(std::back_inserter(out), "{} {} {} {}\n", r.cycle, r.injection.node, r.injection.dest,
                   r.injection.flits ? int(r.injection.flits) : packet_flits);
  }
  write_output_file(path, fmt::to_string(out), "--trace-out");
  return ojson{{"file", path}, {"packets", n}};
}

std::string trace_summary(const ojson& r) {
  const ojson& t = r["trace"];
  const ojson& l = t["latency"];
  std::string s;
  if (!r["converged"].get<bool>())
    s = fmt::format("NOT COMPLETE ({}): {} of {} packets read were delivered in {} cycles\n",
                    r["stop_reason"].get<std::string>(), t["delivered"].get<uint64_t>(), t["packets"].get<uint64_t>(),
                    r["curtime"].get<int64_t>());
  const std::string bench = t["benchmark"].get<std::string>();
  s += fmt::format("kncsim {} model ({}): trace {}{} ({}, dependencies {}), {} packets\n", r["model"].get<std::string>(),
                   r["topology"].get<std::string>(), t["file"].get<std::string>(), bench.empty() ? "" : " [" + bench + "]",
                   t["format"].get<std::string>(), t["dependencies"].get<bool>() ? "on" : "off",
                   t["packets"].get<uint64_t>());
  if (!t["cycles"].is_null())
    s += fmt::format("cycles to the last delivery {}{}\n", t["cycles"].get<int64_t>(),
                     t["slowdown"].is_null() ? std::string(" (no contention-free replay for this network)")
                                             : fmt::format(" (contention-free {}): slowdown {:.4f}",
                                                           t["ideal_cycles"].get<int64_t>(), t["slowdown"].get<double>()));
  if (!l["mean"].is_null())
    s += fmt::format("packet latency: mean {:.2f}  p50 {}  p99 {}  max {}{}; {} packets held past their cycle, {:.2f} "
                     "cycles on average\n",
                     l["mean"].get<double>(), l["p50"].get<int64_t>(), l["p99"].get<int64_t>(), l["max"].get<int64_t>(),
                     t["ideal_latency"].is_object() && t["ideal_latency"]["mean"].is_number()
                         ? fmt::format(" (contention-free mean {:.2f})", t["ideal_latency"]["mean"].get<double>())
                         : std::string(),
                     t["held"]["packets"].get<uint64_t>(), t["held"]["mean"].is_null() ? 0.0 : t["held"]["mean"].get<double>());
  return s;
}

}  // namespace kncsim
