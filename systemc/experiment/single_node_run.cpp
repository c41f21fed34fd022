#include "experiment/single_node_run.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "stats/batch_means.hpp"

namespace kncsim {

using ojson = nlohmann::ordered_json;

namespace {

constexpr double kThreshold = 0.02;      // the paper's: iterate until results change by less
constexpr int kMaxIterations = 30;
constexpr int64_t kMinIterationCycles = 20000;
constexpr int64_t kMaxIterationCycles = 2000000;
constexpr int64_t kMinMessages = 2000;   // per iteration, so that its means are fair
constexpr int kMinBatches = 20;
constexpr int64_t kBacklogLimit = 200;   // CPU messages waiting: far past any stable queue
constexpr double kDropLimit = 0.99;

// Means by kind, falling back to both kinds', then to the unloaded value.
double mean_of(const std::array<SingleNodeMean, 2>& m, int kind, double unloaded) {
  if (m[size_t(kind)].n) return m[size_t(kind)].mean(unloaded);
  SingleNodeMean both = m[0];
  both.merge(m[1]);
  return both.mean(unloaded);
}

double drop_fraction(const SingleNodeStats::Ring& r, int kind) {
  return r.exits[size_t(kind)] ? double(r.drops[size_t(kind)]) / double(r.exits[size_t(kind)]) : 0.0;
}

struct Estimate {
  double latency[2] = {0, 0};  // simulated cycles
  double T = 0;                // the mean message's
  double rate = 0;             // messages handed over per cycle
  double data_share = 0;
  double max_drop = 0;
};

Estimate estimate(const SciParams& p, const SingleNodeStats& s, double data_fraction) {
  Estimate e;
  e.latency[0] = single_node_latency(p, s, 0);
  e.latency[1] = single_node_latency(p, s, 1);
  const double handed = double(s.handed[0] + s.handed[1]);
  e.rate = s.cycles ? handed / double(s.cycles) : 0;
  e.data_share = handed > 0 ? double(s.handed[1]) / handed : data_fraction;
  e.T = (1 - e.data_share) * e.latency[0] + e.data_share * e.latency[1];
  for (const auto& r : s.rings) e.max_drop = std::max({e.max_drop, drop_fraction(r, 0), drop_fraction(r, 1)});
  return e;
}

// Eq 15 at the realized rate r (by kind) and each ring's drop fractions.
SingleNodeRates rates_for(const SciParams& p, const std::array<double, 2>& r, const SingleNodeStats* s,
                          double data_fraction, double cpu) {
  SingleNodeRates x;
  x.cpu = cpu;
  x.data_fraction = data_fraction;
  x.links.resize(size_t(p.dims));
  for (int d = 0; d < p.dims; ++d)
    for (int k = 0; k < 2; ++k) {
      const double B = r[size_t(k)] * (p.radix - 1) / 2.0;  // sends per link: (k-1)/2 links a dimension
      const double f = s ? std::min(drop_fraction(s->rings[size_t(d)], k), kDropLimit) : 0.0;
      x.links[size_t(d)].sends[size_t(k)] = B / (1 - f);
      x.links[size_t(d)].echoes[size_t(k)] = B;
      x.links[size_t(d)].nacks[size_t(k)] = B * f / (1 - f);
    }
  return x;
}

double link_demand(const SciParams& p, const SingleNodeRates& x) {
  double most = 0;
  for (const auto& l : x.links) {
    double flits = 0;
    for (int k = 0; k < 2; ++k)
      flits += l.sends[size_t(k)] * (k ? p.data_flits : p.address_flits) + (l.echoes[size_t(k)] + l.nacks[size_t(k)]) * p.echo_flits;
    most = std::max(most, flits);
  }
  return most;
}

double iteration_change(double before, double now) {
  if (!std::isfinite(before) || !std::isfinite(now)) return std::numeric_limits<double>::infinity();
  return std::abs(now - before) / std::max(std::abs(now), 1e-12);
}

}  // namespace

double single_node_latency(const SciParams& p, const SingleNodeStats& s, int kind) {
  const double k = p.radix;
  const double taken = (k - 1) / k;
  double L = (kind ? p.data_flits : p.address_flits) - 1 + mean_of(s.beta0, kind, p.t_switch);
  for (int i = 0; i < p.dims; ++i) {
    const SingleNodeStats::Ring& r = s.rings[size_t(i)];
    const double hop = p.wire_cycles[size_t(i)] + p.decode_cycles;  // T_wire + T_decode
    const double alpha = mean_of(r.alpha, kind, p.t_pass);
    const double beta = mean_of(r.beta, kind, p.t_switch);
    const double f = drop_fraction(r, kind);
    if (f >= kDropLimit) return std::numeric_limits<double>::infinity();
    const double retry = f > 0 ? f / (1 - f) *
                                     (k * hop + (k - 2) * alpha + mean_of(r.gamma, kind, p.t_pass) + mean_of(r.delta, kind, 0))
                               : 0.0;
    L += taken * (k / 2 * hop + (k - 2) / 2 * alpha + beta + retry);
  }
  return L;
}

ojson run_single_node(const ExperimentSpec& spec, const RingsExperiment& e) {
  const SciParams& p = e.params;
  const double r0 = e.traffic.rate, fdata = e.traffic.data_fraction;
  const double scale = e.analytic.cycle_time_increase;  // simulated cycles -> switch cycles
  const double bound = spec.convergence.saturation.latency_bound;
  const int64_t cap = spec.convergence.max_cycles;
  SciSingleNode node(p, p.seed);
  std::string stop = "converged", rule = "none";
  const auto saturated_now = [&](const SciSingleNode& n, const Estimate& x, const SingleNodeRates& rates) {
    if (link_demand(p, rates) >= 1) return rule = "link_demand", true;
    if (n.cpu_backlog() > kBacklogLimit) return rule = "cpu_backlog", true;
    if (x.max_drop >= kDropLimit || !std::isfinite(x.T)) return rule = "drops", true;
    if (bound > 0 && x.T * scale > bound) return rule = "latency_bound", true;
    return false;
  };
  // The cycles an iteration measures: enough messages for fair means.
  // (At light load, where that is long, the means hardly vary: at most kMaxIterationCycles.)
  const int64_t span = std::clamp<int64_t>(r0 > 0 ? int64_t(std::ceil(kMinMessages / r0)) : 0, kMinIterationCycles,
                                           kMaxIterationCycles);
  const int64_t warm = span / 10;

  ojson iterations = ojson::array();
  std::array<double, 2> r{r0 * (1 - fdata), r0 * fdata};
  SingleNodeRates rates = rates_for(p, r, nullptr, fdata, r0);
  Estimate last;
  last.T = std::numeric_limits<double>::infinity();
  bool converged = false, saturated = false;
  int64_t used = 0;
  int64_t length = span;  // of this iteration's measurement
  for (int it = 1; it <= kMaxIterations && !converged && !saturated; ++it) {
    // Past a few iterations the estimates' own noise, not the rates, keeps them moving (near
    // saturation 2000 messages give more than 2 %): each further iteration measures twice as long.
    if (it > 4 && length < 64 * span && (cap <= 0 || used + 2 * length < cap)) length *= 2;
    node.set_rates(rates);
    node.run(warm);
    node.clear_stats();
    node.run(length);
    used += warm + length;
    const Estimate x = estimate(p, node.stats(), fdata);
    iterations.push_back(ojson{{"iteration", it},
                               {"cycles", length},
                               {"messages_per_cycle", x.rate},
                               {"latency_address", x.latency[0] * scale},
                               {"latency_data", x.latency[1] * scale},
                               {"max_drop_fraction", x.max_drop},
                               {"link_demand_flits_per_cycle", link_demand(p, rates)}});
    saturated = saturated_now(node, x, rates);
    // The paper's 2 %, or the sampling error of so few messages where that is larger.
    const double messages = double(node.stats().handed[0] + node.stats().handed[1]);
    const double threshold = std::max(kThreshold, 3 / std::sqrt(std::max(messages, 1.0)));
    converged = it > 1 && iteration_change(last.rate, x.rate) < threshold &&
                iteration_change(last.latency[0], x.latency[0]) < kThreshold &&
                iteration_change(last.latency[1], x.latency[1]) < kThreshold;
    last = x;
    const double handed = x.rate;  // the realized rate, split by kind as measured
    r = {handed * (1 - x.data_share), handed * x.data_share};
    rates = rates_for(p, r, &node.stats(), fdata, r0);
  }
  if (!converged && !saturated) stop = "not converged";

  // At the last rates, batches until T's interval is narrow enough (and the batches near
  // independent), merging pairs to keep between kMinBatches and twice as many.
  std::vector<double> batch_T;
  std::vector<SingleNodeStats> batches;
  SingleNodeStats all;
  int64_t batch_cycles = std::max<int64_t>(5000, span / 4);
  double half = NAN, lag1 = NAN;
  if (converged) {
    node.set_rates(rates);
    node.run(warm);
    stop = "max_cycles";
    while (cap <= 0 || used < cap) {
      node.clear_stats();
      node.run(batch_cycles);
      used += batch_cycles;
      batches.push_back(node.stats());
      if (batches.size() == size_t(2 * kMinBatches)) {  // merge pairs: batches twice as long
        std::vector<SingleNodeStats> merged;
        for (size_t i = 0; i + 1 < batches.size(); i += 2) {
          merged.push_back(batches[i]);
          merged.back().merge(batches[i + 1]);
        }
        batches = std::move(merged);
        batch_cycles *= 2;
      }
      if (batches.size() < size_t(kMinBatches)) continue;
      all = SingleNodeStats{};
      batch_T.clear();
      for (const auto& b : batches) {
        all.merge(b);
        batch_T.push_back(estimate(p, b, fdata).T);
      }
      const Estimate x = estimate(p, all, fdata);
      last = x;
      if (saturated_now(node, x, rates)) {
        saturated = true;
        stop = "saturated";
        break;
      }
      double mean = 0, ss = 0, c1 = 0;
      for (double t : batch_T) mean += t;
      mean /= double(batch_T.size());
      for (double t : batch_T) ss += (t - mean) * (t - mean);
      for (size_t i = 1; i < batch_T.size(); ++i) c1 += (batch_T[i] - mean) * (batch_T[i - 1] - mean);
      lag1 = ss > 0 ? c1 / ss : 0;
      half = std::isfinite(ss) ? batch_means_half_width95(std::sqrt(ss / double(batch_T.size() - 1)), int(batch_T.size()))
                               : NAN;
      if (half <= spec.convergence.ci_target * x.T && lag1 <= 0.2) {
        stop = "converged";
        break;
      }
    }
    converged = stop == "converged";
    all = SingleNodeStats{};
    for (const auto& b : batches) all.merge(b);
    if (!batches.empty()) last = estimate(p, all, fdata);
  }
  if (saturated) stop = "saturated", converged = false;

  const Estimate& x = last;
  const SingleNodeStats& s = batches.empty() ? node.stats() : all;
  const double mean_bits = (1 - x.data_share) * e.window.address_bits + x.data_share * e.window.data_bits;
  ojson result;
  result["kncsim"] = KNCSIM_VERSION;
  result["topology"] = "rings";
  result["model"] = "single_node";
  const double TP = x.rate * mean_bits / scale;
  // Switch cycles, as the network runs' T (a synchronous network's cycle is longer).
  result["T"] = std::isfinite(x.T) ? ojson(x.T * scale) : ojson(nullptr);
  result["U"] = TP / e.analytic.max_throughput;
  result["TP"] = TP;
  result["curtime"] = used;  // of the one node
  result["converged"] = converged;
  result["stop_reason"] = stop;
  result["iterations"] = std::move(iterations);
  if (!batch_T.empty()) {
    ojson ci{{"method", "batch means of eq 16's mean message latency (Student t, 95%), at the last iteration's rates"},
             {"target", spec.convergence.ci_target},
             {"ready", true},
             {"mean", x.T * scale},
             {"half_width", half * scale},
             {"relative_half_width", half / x.T},
             {"low", (x.T - half) * scale},
             {"high", (x.T + half) * scale},
             {"batches", batch_T.size()},
             {"batch_cycles", batch_cycles},
             {"batch_lag1_correlation", lag1}};
    result["ci"] = std::move(ci);
  }
  if (spec.convergence.saturation.detect || saturated) {
    result["saturated"] = saturated;
    result["saturation"] = ojson{{"saturated", saturated}, {"rule", saturated ? rule : std::string("none")},
                                 {"cpu_backlog_messages", node.cpu_backlog()},
                                 {"link_demand_flits_per_cycle", link_demand(p, rates)},
                                 {"latency_bound", bound > 0 ? ojson(bound) : ojson(nullptr)}};
  }
  const auto num = [](double v) { return std::isfinite(v) ? ojson(v) : ojson(nullptr); };
  result["latency_address"] = num(x.latency[0] * scale);
  result["latency_data"] = num(x.latency[1] * scale);
  result["round_trip"] = num((x.latency[0] + x.latency[1]) * scale);
  result["throughput_bits_per_cycle_per_node"] = TP;
  result["offered_bits_per_cycle_per_node"] = e.offered / scale;
  result["max_throughput"] = e.analytic.max_throughput;
  result["node_cycles"] = used;
  int64_t exits = 0, drops = 0;  // as the network runs' nack rate: nacks over answers
  for (const auto& q : s.rings) exits += q.exits[0] + q.exits[1], drops += q.drops[0] + q.drops[1];
  result["nack_rate"] = exits ? double(drops) / double(exits) : 0.0;
  ojson rings = ojson::array();
  for (int d = 0; d < p.dims; ++d) {
    const SingleNodeStats::Ring& q = s.rings[size_t(d)];
    ojson one{{"dimension", d}};
    const char* kinds[2] = {"address", "data"};
    for (int k = 0; k < 2; ++k)
      one[kinds[k]] = ojson{{"lambda", drop_fraction(q, k)},
                            {"alpha", num(mean_of(q.alpha, k, p.t_pass) * scale)},
                            {"beta", num(mean_of(q.beta, k, p.t_switch) * scale)},
                            {"gamma", num(mean_of(q.gamma, k, p.t_pass) * scale)},
                            {"delta", num(mean_of(q.delta, k, 0) * scale)}};
    rings.push_back(std::move(one));
  }
  result["rings"] = std::move(rings);
  result["beta0"] = ojson{{"address", mean_of(s.beta0, 0, p.t_switch) * scale}, {"data", mean_of(s.beta0, 1, p.t_switch) * scale}};
  return result;
}

std::string single_node_summary(const ExperimentSpec& spec, const ojson& r) {
  const auto& an = r["analytic"];
  const auto num = [&](const char* k) { return r[k].is_number() ? fmt::format("{:.4g}", r[k].get<double>()) : "n/a"; };
  std::string s = fmt::format(
      "kncsim single_node model (Scott & Goodman 3.1): one node of {}-node rings, {} links, W = {}: offered {:.4g} of "
      "max {:.4g} bits/cycle/processor\n",
      an["nodes"].get<long>(), an["link_mode"].get<std::string>(), an["link_width_bits"].get<int>(),
      r["offered_bits_per_cycle_per_node"].get<double>(), r["max_throughput"].get<double>());
  s += fmt::format("{} after {} iterations on eq 15 and {} node cycles\n",
                   r["converged"].get<bool>() ? "converged" : "NOT CONVERGED (" + r["stop_reason"].get<std::string>() + ")",
                   r["iterations"].size(), r["node_cycles"].get<int64_t>());
  s += fmt::format("latency address {}  data {}  round trip {} cycles (unloaded {:.1f})\n", num("latency_address"),
                   num("latency_data"), num("round_trip"), an["round_trip_unloaded_cycles"].get<double>());
  s += fmt::format("throughput {} bits/cycle/processor\n", num("throughput_bits_per_cycle_per_node"));
  if (r.contains("ci"))
    s += fmt::format("T = {} +- {:.3g} (95%, {} batches of {} node cycles)\n", num("T"),
                     r["ci"]["half_width"].get<double>(), r["ci"]["batches"].get<int>(),
                     r["ci"]["batch_cycles"].get<int64_t>());
  if (r.value("saturated", false)) s += fmt::format("SATURATED: {}\n", r["saturation"]["rule"].get<std::string>());
  (void)spec;
  return s;
}

}  // namespace kncsim
