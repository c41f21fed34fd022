#include "rings_experiment.hpp"

#include <fmt/format.h>

#include <memory>

#include "experiment.hpp"
#include "ring/sci_design.hpp"
#include "net/sci_network.hpp"
#include "ref/sci_ref_network.hpp"
#include "rtl_adapt/sci_rtl_factory.hpp"
#include "rtl_adapt/sci_rtl_fit.hpp"
#include "rings_report.hpp"
#include "sc/cycle_time.hpp"
#include "sc/sim_session.hpp"
#include "sched/stop_request.hpp"
#include "stats/ring_measures.hpp"
#include "traffic/ring_traffic.hpp"

namespace kncsim {

using ojson = nlohmann::ordered_json;

namespace {

int queue_flits(const Config& c, const std::string& key, int default_flits) {
  return c.is_word(key) ? default_flits : int(c.integer(key));
}

}  // namespace

SciParams rings_sci_params(const Config& c) {
  const RingsDesign d = rings_design(c);
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
  const int largest = std::max({p.address_flits, p.data_flits, p.echo_flits});
  p.ring_buffer_flits = queue_flits(c, "router.ring_buffer_flits", p.ring_buffer_flits);
  p.input_queue_flits = queue_flits(c, "router.input_queue_flits", p.input_queue_flits);
  p.output_queue_flits = queue_flits(c, "router.output_queue_flits", p.output_queue_flits);
  if (p.ring_buffer_flits < largest)
    throw ConfigError(fmt::format(
        "router.ring_buffer_flits = {} is smaller than the largest packet ({} flits at W = {}); allowed: >= {} "
        "(\"The ring buffer must be at least as large as the largest message in order to guarantee that it will "
        "never fill up while the output queue is transmitting a message onto the output link\", Scott & Goodman 4.3)",
        p.ring_buffer_flits, largest, W, largest));
  if (p.input_queue_flits < std::max(p.address_flits, p.data_flits))
    throw ConfigError(fmt::format(
        "router.input_queue_flits = {} cannot hold a {}-flit data packet; allowed: >= {} (\"The input queue also "
        "must be large enough to hold the longest message, as its free space is checked when a message arrives in "
        "order to determine if the message can be accepted\", Scott & Goodman 4.3)",
        p.input_queue_flits, p.data_flits, std::max(p.address_flits, p.data_flits)));
  p.accept = c.text("router.sci_accept") == "stomp" ? SciAccept::stomp : SciAccept::whole_packet;
  p.active_buffer_packets =
      c.is_word("router.active_buffer_packets") ? 0 : int(c.integer("router.active_buffer_packets"));
  p.corrupt_rate = c.number("link.corrupt_rate");
  p.seed = c.is_word("traffic.seed") ? 1 : uint64_t(c.integer("traffic.seed"));
  p.source_queue_packets = c.is_word("traffic.source_queue_packets") ? 0 : c.integer("traffic.source_queue_packets");
  return p;
}

SciRtl rings_rtl(const Config& c, const SciParams& p) {
  SciRtl rtl;
  if (c.text("router.impl") == "rtl") {
    for (uint32_t u = 0; u < RingGeometry(p.dims, p.radix).nodes(); ++u) rtl.nodes.push_back(u);
  } else {
    for (int64_t u : c.integers("router.rtl_nodes")) rtl.nodes.push_back(uint32_t(u));
  }
  if (rtl.nodes.empty()) return rtl;
  const std::string why = sci_rtl_refusal(p);
  if (!why.empty()) throw ConfigError("RTL ring nodes (router.impl: rtl or router.rtl_nodes): " + why);
  rtl.signals = c.text("router.rtl_binding") == "signals";
  rtl.make = make_rtl_sci_node;
  return rtl;
}

ojson run_rings_experiment(const Config& c) {
  if (c.text("run.convergence") != "fixed")
    throw ConfigError(fmt::format("run.convergence = {} with network.topology rings; allowed: fixed (the ring network "
                                  "runs run.cycles, the first fifth as warm-up)",
                                  c.text("run.convergence")));
  const RingsDesign d = rings_design(c);
  const SciParams p = rings_sci_params(c);  // refuses what cannot be built, naming the key
  const RingsAnalytic a = rings_analytic(d);
  const bool rr = c.text("traffic.workload") == "request_response";
  const double f = rr ? 0.5 : d.data_fraction;  // request/response: one of each
  const double mean_bits = f * d.data_bits + (1 - f) * d.address_bits;
  // Offered bits per (simulated) cycle per node; a synchronous cycle is longer.
  const double offered = c.number("traffic.load") * a.max_throughput * a.cycle_time_increase;
  const double rate = rr ? offered / (d.address_bits + d.data_bits) : offered / mean_bits;  // messages/cycle/node
  const int64_t run_cycles = c.integer("run.cycles"), warmup = run_cycles / 5;

  SciRtl rtl = rings_rtl(c, p);
  SimSession session;
  std::unique_ptr<SciModel> net;
  if (c.text("router.impl") == "ref")
    net = std::make_unique<SciRefNetwork>("sci", p);
  else
    net = std::make_unique<SciNetwork>("sci", p, SciTrace{trace_nodes(c), c.text("trace.vcd")}, rtl);
  const uint32_t n = net->nodes();
  RingMeasures m(RingWindow{warmup, run_cycles, d.address_bits, d.data_bits});
  RingTraffic traffic(*net, RingTrafficSpec{rate, f, rr, p.seed, run_cycles},
                      [&](uint64_t id, uint32_t, uint32_t, SciKind, int64_t, int64_t request) { m.injected(id, request); },
                      [&](const SciDelivery& x) { m.delivered(x); });
  // In stretches, so that a stop request (a signal) is seen at a cycle boundary soon.
  const int64_t poll = std::max<int64_t>(16, (int64_t{1} << 20) / int64_t(n));
  while (current_cycle() < run_cycles && !stop_requested())
    sc_core::sc_start(cycles(std::min(poll, run_cycles - current_cycle())));
  const int64_t window_end = current_cycle();  // run_cycles, unless interrupted
  // Drain, so that every measured message is counted; a saturated network may not.
  const int64_t drain_limit = 5 * run_cycles;  // past saturation the backlog may not clear
  while (!net->idle() && current_cycle() < drain_limit && !stop_requested()) sc_core::sc_start(cycles(256));
  const bool interrupted = stop_requested();
  const SciCounters& ct = net->counters();
  net->check_conservation();
  if (net->idle()) m.check_all_delivered(ct.injected);
  const double scale = a.cycle_time_increase;  // simulated cycles -> switch cycles
  const double lat_a = m.latency(SciKind::address) * scale, lat_d = m.latency(SciKind::data) * scale;
  ojson r;
  r["topology"] = "rings";
  r["model"] = c.text("router.impl");
  r["converged"] = !interrupted;
  r["stop_reason"] = interrupted ? "interrupted" : "fixed";
  r["latency_address"] = lat_a;
  r["latency_data"] = lat_d;
  r["round_trip"] = rr ? m.round_trip() * scale : lat_a + lat_d;
  r["throughput_bits_per_cycle_per_node"] =
      window_end > warmup ? m.window_bits() / double(window_end - warmup) / n / scale : std::nan("");
  r["offered_bits_per_cycle_per_node"] = offered / scale;
  r["max_throughput"] = a.max_throughput;
  r["messages_injected"] = ct.injected;
  r["messages_delivered"] = ct.delivered;
  r["dropped"] = ct.dropped;
  r["drained"] = net->idle();
  r["echoes"] = ct.echoes;
  r["nacks"] = ct.nacks;
  r["nacks_corrupted"] = ct.corrupted;
  r["nacks_stomped"] = ct.stomped;
  r["retransmissions"] = ct.retransmissions;
  r["active_buffer_max"] = ct.active_max;
  r["nack_rate"] = ct.echoes + ct.nacks ? double(ct.nacks) / double(ct.echoes + ct.nacks) : 0.0;
  r["measured_messages"] = m.measured();
  r["measured_retried"] = m.measured_retried();
  r["curtime"] = current_cycle();
  ojson analytic = rings_analytic_report(c);
  analytic.erase("config");
  r["analytic"] = std::move(analytic);
  r["config"] = resolved_config_json(c);
  return r;
}

std::string rings_run_summary(const ojson& r) {
  std::string s;
  const auto& an = r["analytic"];
  s += fmt::format("kncsim {} model: {}-node rings, {} links, W = {}: offered {:.4g} of max {:.4g} "
                   "bits/cycle/processor\n",
                   r["model"].get<std::string>(), an["nodes"].get<long>(), an["link_mode"].get<std::string>(), an["link_width_bits"].get<int>(),
                   r["offered_bits_per_cycle_per_node"].get<double>(), r["max_throughput"].get<double>());
  auto num = [&](const char* k) { return r[k].is_number() ? fmt::format("{:.4g}", r[k].get<double>()) : "n/a"; };
  s += fmt::format("latency address {}  data {}  round trip {} cycles (unloaded {:.1f})\n", num("latency_address"),
                   num("latency_data"), num("round_trip"), an["round_trip_unloaded_cycles"].get<double>());
  s += fmt::format("throughput {} bits/cycle/processor\n", num("throughput_bits_per_cycle_per_node"));
  s += fmt::format("echoes {}, nacks {} ({} for CRC), nack rate {:.4g}, retransmissions {}\n", r["echoes"].get<uint64_t>(),
                   r["nacks"].get<uint64_t>(), r["nacks_corrupted"].get<uint64_t>(), r["nack_rate"].get<double>(),
                   r["retransmissions"].get<uint64_t>());
  const bool interrupted = r["stop_reason"] == "interrupted";
  s += fmt::format("messages injected {}, delivered {}{}{}\n", r["messages_injected"].get<uint64_t>(),
                   r["messages_delivered"].get<uint64_t>(),
                   r["dropped"].get<uint64_t>() ? fmt::format(", dropped at full CPU queues {}", r["dropped"].get<uint64_t>())
                                                : "",
                   interrupted         ? fmt::format(" (INTERRUPTED at cycle {})", r["curtime"].get<int64_t>())
                   : r["drained"].get<bool>() ? ""
                                              : " (NOT DRAINED: saturated)");
  return s;
}

}  // namespace kncsim
