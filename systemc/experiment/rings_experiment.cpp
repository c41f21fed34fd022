#include "experiment/rings_experiment.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <limits>
#include <memory>

#include <cmath>

#include "experiment/experiment.hpp"
#include "report/rings_report.hpp"
#include "sched/stop_request.hpp"
#include "ring/ring_window.hpp"
#include "model/scoreboard_error.hpp"
#include "verify/sci_coverage.hpp"

namespace kncsim {

using ojson = nlohmann::ordered_json;

void put_rings_results(ojson& r, const RingsExperiment& e, RingModel& net) {
  const int64_t window_end = net.now();  // run.cycles (fixed), unless interrupted
  if (e.drain && r["stop_reason"] != "interrupted") {
    // Past saturation the backlog may not clear; the scoreboard's drain (verify.drain_cycles)
    // must, or it names what is left.
    // (saturating: verify.drain_cycles may be as large as int64 allows)
    const int64_t most = std::numeric_limits<int64_t>::max();
    net.drain(e.verify_drain > 0 ? (e.verify_drain >= most - window_end ? most : window_end + e.verify_drain)
                                 : 5 * window_end);
    if (stop_requested()) {
      r["converged"] = false;
      r["stop_reason"] = "interrupted";
    } else if (e.verify_drain > 0 && !net.idle()) {
      const std::string held = net.held_report();
      throw ScoreboardError(fmt::format(
          "scoreboard: cycle {}: {} message(s) handed over and not delivered after a drain of {} cycles "
          "(verify.drain_cycles) from cycle {}{}",
          net.now(), net.sci_counters().injected - net.sci_counters().delivered, e.verify_drain, window_end,
          held.empty() ? std::string() : "; what the RTL nodes' monitors see owed or held:\n" + held));
    }
  }
  const SciCounters& ct = net.sci_counters();
  // A run that stopped before its first cycle (SNS4's first interval past run.max_cycles, as the
  // listings do) sent nothing, and its RTL nodes never saw reset: with verify.random_initial_state
  // their counters hold random bits (found by the config fuzzer). Flits are conserved once a cycle ran.
  if (net.now() > 0) net.check_conservation();
  if (net.idle()) net.window().check_all_delivered(ct.injected);
  const RingWindowResults& m = net.window();
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
  r["curtime"] = net.now();  // the drain included
  if (e.verify_drain > 0 || e.coverage || net.violations()) {
    ojson v;
    if (e.verify_drain > 0) {
      v["drained"] = net.idle();
      v["drain_cycles"] = net.now() - window_end;
      v["packets_sent"] = ct.injected;
      v["packets_delivered"] = ct.delivered;
    }
    if (e.coverage) {
      int64_t reachable = 0, hit = 0;
      const std::vector<std::string> names = e.coverage->hit_names();
      for (const auto& p : e.coverage->points()) {
        reachable += p.reachable;
        hit += p.reachable && std::find(names.begin(), names.end(), p.name) != names.end();
      }
      v["coverage"] = ojson{{"points", e.coverage->points().size()}, {"reachable", reachable}, {"reachable_hit", hit},
                            {"hit", names}};
    }
    if (const ViolationTally* t = net.violations()) v["violations"] = violations_json(*t);
    r["verify"] = std::move(v);
  }
}

std::string rings_run_summary(const ExperimentSpec& spec, const ojson& r) {
  const bool fixed = spec.convergence.mode == ConvergenceMode::fixed;
  std::string s;
  const auto& an = r["analytic"];
  s += fmt::format("kncsim {} model: {}-node rings, {} links, W = {}: offered {:.4g} of max {:.4g} "
                   "bits/cycle/processor\n",
                   r["model"].get<std::string>(), an["nodes"].get<long>(), an["link_mode"].get<std::string>(), an["link_width_bits"].get<int>(),
                   r["offered_bits_per_cycle_per_node"].get<double>(), r["max_throughput"].get<double>());
  if (!fixed)
    s += fmt::format("{} after {} cycles, {} intervals ({} convergence: U = {:.4g} of A = {:g}, T = {:.4g})\n",
                     r["converged"].get<bool>() ? "converged" : "NOT CONVERGED (" + r["stop_reason"].get<std::string>() + ")",
                     r["curtime"].get<int64_t>(), r["intervals"].size(),
                     to_string(spec.convergence.mode), r["U"].is_number() ? r["U"].get<double>() : NAN,
                     std::get<RingsExperiment>(spec.topology).load, r["T"].is_number() ? r["T"].get<double>() : NAN);
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
                   : r["drained"].get<bool>() || !fixed
                       ? ""
                       : " (NOT DRAINED: saturated)");
  return s;
}

}  // namespace kncsim
