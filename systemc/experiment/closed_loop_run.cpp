#include "experiment/closed_loop_run.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <stdexcept>

#include "analytic/mesh_analytic.hpp"
#include "experiment/contention_free_delay.hpp"
#include "net/wormhole_network.hpp"
#include "sched/stop_request.hpp"
#include "report/energy_report.hpp"
#include "traffic/closed_loop.hpp"
#include "traffic/injection_feed.hpp"

namespace kncsim {

using ojson = nlohmann::ordered_json;

namespace {

ojson node_json(const MeshGeometry& g, const LoopRecord& r, const LoopRecord& ideal) {
  ojson coords = ojson::array();
  for (int k = 0; k < g.dims(); ++k) coords.push_back(g.coord(r.node, k));
  return ojson{{"node", r.node},
               {"coords", coords},
               {"loops", r.loops},
               {"loop_time", r.loop_time()},
               {"compute_time", r.compute_time()},
               {"communication_time", r.communication_time()},
               {"node_traffic", r.node_traffic()},
               {"applied_node_traffic", ideal.node_traffic()},
               {"contention_free_communication_time", ideal.communication_time()}};
}

}  // namespace

ojson run_closed_loop(const ExperimentSpec& spec, const MeshExperiment& e, PacketSink* sink) {
  const MeshGeometry g = e.geometry();
  const ClosedLoopSpec& cl = *e.closed_loop;
  ClosedLoopWorkload workload(cl, *e.stream.pattern.destinations);
  InjectionFeed feed(make_counter_uniform_stream(1, g.nodes(), 0), g.nodes(), false);
  WormholeNetwork net(g, e.flit, feed);
  net.set_packet_sink(sink);
  net.set_reactive_source(&workload);
  const int64_t max_cycles = spec.convergence.max_cycles;
  const int64_t step = 256;  // cycles between looks at whether every node is done
  while (!workload.done() && net.now() < max_cycles && !stop_requested())
    net.run_until(std::min(max_cycles, net.now() + step));

  // The replay is contention-free, so it needs no longer than the simulated run (twice that
  // bounds it where a node's order of receives makes it wait longer).
  const std::vector<LoopRecord> sim = workload.records();
  const std::vector<LoopRecord> ideal = workload.ideal_run(
      [&](uint32_t s, uint32_t d, int64_t flits, int64_t packets) {
        return contention_free_delay(g, e.flit, s, d, flits, packets);
      },
      2 * net.now() + 1);
  ojson nodes = ojson::array();
  double tau = 0, lambda = 0, applied = 0, tau0 = 0, loop = 0, compute = 0, n = 0;
  size_t worst = 0;
  for (size_t i = 0; i < sim.size(); ++i) {
    nodes.push_back(node_json(g, sim[i], ideal[i]));
    if (sim[i].loops == 0) continue;  // stopped before its first measured loop ended
    n += 1;
    tau += sim[i].communication_time();
    tau0 += ideal[i].communication_time();
    loop += sim[i].loop_time();
    compute += sim[i].compute_time();
    lambda += sim[i].node_traffic();
    applied += ideal[i].node_traffic();
    if (sim[worst].loops == 0 || sim[i].communication_time() > sim[worst].communication_time()) worst = i;
  }
  auto mean = [n](double x) { return n > 0 ? ojson(x / n) : ojson(nullptr); };
  ojson result;
  result["kncsim"] = KNCSIM_VERSION;
  result["topology"] = e.torus ? "torus" : "mesh";
  result["model"] = to_string(spec.impl);
  result["numsent"] = net.counters().numsent;
  result["numrecd"] = net.counters().numrecd;
  result["dropped"] = net.counters().dropped;
  result["curtime"] = net.now();
  result["converged"] = workload.done();
  result["stop_reason"] = workload.done()          ? "loops"
                          : stop_requested()       ? "interrupted"
                                                   : "max_cycles";
  result["closed_loop"] = ojson{
      {"processes", sim.size()},
      {"packets_per_message", workload.packets_per_message()},
      {"send_cycles_per_message", std::llround(cl.send_fixed + cl.send_per_flit * double(cl.message_flits))},
      {"receive_cycles_per_message", std::llround(cl.receive_fixed + cl.receive_per_flit * double(cl.message_flits))},
      {"measured_nodes", int64_t(n)},
      {"loop_time", mean(loop)},
      {"compute_time", mean(compute)},
      {"communication_time", mean(tau)},
      {"node_traffic", mean(lambda)},
      {"contention_free_communication_time", mean(tau0)},
      {"applied_node_traffic", mean(applied)},
      {"worst_node", n > 0 ? nodes[worst] : ojson(nullptr)},
      {"nodes", nodes}};
  if (e.energy && net.activity()) {  // the loops' packets, priced (no mean latency: no energy-delay product)
    const EnergyEstimate est = estimate_energy(*net.activity(), g, *e.energy, net.now());
    result["energy"] = energy_json(est, *e.energy, *net.activity(), g, NAN, spec.statistics);
    put_rtl_toggles(result, est, *e.energy, net.rtl_toggles(), spec.statistics);
  }
  return result;
}

std::string closed_loop_summary(const ojson& r) {
  const ojson& c = r["closed_loop"];
  const ojson& w = c["worst_node"];
  std::string head;
  if (!r["converged"].get<bool>())
    head = fmt::format("NOT COMPLETE ({}): not every node ran traffic.warmup_loops + traffic.loops loops in {} cycles; "
                       "{} of {} nodes measured a loop\n",
                       r["stop_reason"].get<std::string>(), r["curtime"].get<int64_t>(),
                       c["measured_nodes"].get<int64_t>(), c["processes"].get<int64_t>());
  if (w.is_null())
    return head + fmt::format("packets sent {}, received {} in {} cycles\n", r["numsent"].get<int64_t>(),
                              r["numrecd"].get<int64_t>(), r["curtime"].get<int64_t>());
  return head + fmt::format(
      "closed loop: {} processes, {} packets a message; send {} and receive {} cycles a message\n"
      "per loop, average node: T = {:.1f}  t = {:.1f}  tau = {:.1f} (contention-free {:.1f})  node traffic {:.4f} "
      "(applied {:.4f})\n"
      "worst node {} (tau): T = {:.1f}  tau = {:.1f} (contention-free {:.1f})  node traffic {:.4f} (applied {:.4f})\n"
      "packets sent {}, received {} in {} cycles\n",
      c["processes"].get<int64_t>(), c["packets_per_message"].get<int64_t>(), c["send_cycles_per_message"].get<int64_t>(),
      c["receive_cycles_per_message"].get<int64_t>(), c["loop_time"].get<double>(), c["compute_time"].get<double>(),
      c["communication_time"].get<double>(), c["contention_free_communication_time"].get<double>(),
      c["node_traffic"].get<double>(), c["applied_node_traffic"].get<double>(), w["node"].get<int64_t>(),
      w["loop_time"].get<double>(), w["communication_time"].get<double>(),
      w["contention_free_communication_time"].get<double>(), w["node_traffic"].get<double>(),
      w["applied_node_traffic"].get<double>(), r["numsent"].get<int64_t>(), r["numrecd"].get<int64_t>(),
      r["curtime"].get<int64_t>());
}

}  // namespace kncsim
