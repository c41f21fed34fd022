#include "rings_experiment.hpp"

#include <fmt/format.h>

#include <memory>

#include <cmath>

#include "experiment.hpp"
#include "ring/sci_design.hpp"
#include "rtl_adapt/sci_rtl_factory.hpp"
#include "rtl_adapt/sci_rtl_fit.hpp"
#include "rings_report.hpp"
#include "sched/stop_request.hpp"
#include "stats/ring_measures.hpp"

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
  rtl.make = rtl_sci_maker(c.text("router.rtl_sources"));
  return rtl;
}

void put_rings_results(ojson& r, const RingsExperiment& e, RingRun& run) {
  SciModel& net = run.network();
  const int64_t window_end = run.now();  // run.cycles (fixed), unless interrupted
  if (e.drain && r["stop_reason"] != "interrupted") {
    run.drain(5 * window_end);  // past saturation the backlog may not clear
    if (stop_requested()) {
      r["converged"] = false;
      r["stop_reason"] = "interrupted";
    }
  }
  const SciCounters& ct = net.counters();
  net.check_conservation();
  if (net.idle()) run.window().check_all_delivered(ct.injected);
  const RingMeasures& m = run.window();
  const double scale = e.analytic.cycle_time_increase;  // simulated cycles -> switch cycles
  const double lat_a = m.latency(SciKind::address) * scale, lat_d = m.latency(SciKind::data) * scale;
  const int64_t begin = e.window.begin;
  r["latency_address"] = lat_a;
  r["latency_data"] = lat_d;
  r["round_trip"] = e.traffic.request_response ? m.round_trip() * scale : lat_a + lat_d;
  r["throughput_bits_per_cycle_per_node"] =
      window_end > begin ? m.window_bits() / double(window_end - begin) / double(net.nodes()) / scale : std::nan("");
  r["offered_bits_per_cycle_per_node"] = e.offered / scale;
  r["max_throughput"] = e.analytic.max_throughput;
  r["window"] = ojson{{"begin", begin}, {"end", window_end}};
  r["messages_injected"] = ct.injected;
  r["messages_delivered"] = ct.delivered;
  r["drained"] = net.idle();
  r["echoes"] = ct.echoes;
  r["nacks"] = ct.nacks;
  r["nacks_corrupted"] = ct.corrupted;
  r["nacks_stomped"] = ct.stomped;
  r["retransmissions"] = ct.retransmissions;
  r["active_buffer_max"] = ct.active_max;
  r["nack_rate"] = ct.echoes + ct.nacks ? double(ct.nacks) / double(ct.echoes + ct.nacks) : 0.0;
  r["measured_messages"] = m.measured();
  r["measured_retried"] = m.measured_retried();
  r["curtime"] = run.now();  // the drain included
}

std::string rings_run_summary(const ojson& r) {
  std::string s;
  const auto& an = r["analytic"];
  s += fmt::format("kncsim {} model: {}-node rings, {} links, W = {}: offered {:.4g} of max {:.4g} "
                   "bits/cycle/processor\n",
                   r["model"].get<std::string>(), an["nodes"].get<long>(), an["link_mode"].get<std::string>(), an["link_width_bits"].get<int>(),
                   r["offered_bits_per_cycle_per_node"].get<double>(), r["max_throughput"].get<double>());
  if (r["config"]["run"]["convergence"] != "fixed")
    s += fmt::format("{} after {} cycles, {} intervals ({} convergence: U = {:.4g} of A = {:g}, T = {:.4g})\n",
                     r["converged"].get<bool>() ? "converged" : "NOT CONVERGED (" + r["stop_reason"].get<std::string>() + ")",
                     r["curtime"].get<int64_t>(), r["intervals"].size(),
                     r["config"]["run"]["convergence"].get<std::string>(), r["U"].is_number() ? r["U"].get<double>() : NAN,
                     r["config"]["traffic"]["load"].get<double>(), r["T"].is_number() ? r["T"].get<double>() : NAN);
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
                   interrupted ? fmt::format(" (INTERRUPTED at cycle {})", r["curtime"].get<int64_t>())
                   : r["drained"].get<bool>() || r["config"]["run"]["convergence"] != "fixed"
                       ? ""
                       : " (NOT DRAINED: saturated)");
  return s;
}

}  // namespace kncsim
