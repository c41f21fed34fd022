#include "spec/traffic_distributions.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "spec/model_words.hpp"
#include "spec/network_geometry.hpp"
#include "spec/traffic_keys.hpp"
#include "topo/mesh_geometry.hpp"
#include "traffic/hop_uniform.hpp"
#include "traffic/pattern.hpp"

namespace kncsim {

LengthDistribution packet_lengths(const TrafficKeys& c) {
  LengthDistribution d;
  d.kind = length_kind(c.text("traffic.packet_length"));
  d.params = d.kind == LengthKind::fixed ? std::vector<double>{double(c.integer("traffic.packet_flits"))}
                                         : c.numbers("traffic.packet_length_params");
  return d;
}

int longest_packet_flits(const TrafficKeys& c) {
  const LengthDistribution d = packet_lengths(c);
  if (d.kind == LengthKind::fixed || !length_refusal(d.kind, d.params, "").empty())
    return int(c.integer("traffic.packet_flits"));
  return d.max_flits();
}

int longest_packet_flits(const Config& c) {
  if (c.classes().empty()) return longest_packet_flits(TrafficKeys(c));
  int most = 0;  // the classes' traffic replaces the network's
  for (const std::string& name : c.classes()) most = std::max(most, longest_packet_flits(TrafficKeys(c, name)));
  return most;
}

InterarrivalDistribution interarrivals(const TrafficKeys& c, double q) {
  InterarrivalDistribution d;
  d.kind = interarrival_kind(c.text("traffic.interarrival"));
  if (!c.is_word("traffic.interarrival_params")) {
    d.params = c.numbers("traffic.interarrival_params");
  } else if (d.kind == InterarrivalKind::uniform) {
    d.params = {1 / q, 1 / q};  // periodic at the load's rate
  } else {
    d.params = {1 / q};
  }
  return d;
}

namespace {

[[noreturn]] void refuse(const std::string& why) { throw ConfigError(why); }

// What only the open-loop stream of a wormhole mesh or torus draws: name the first key set.
void refuse_beyond_open_mesh(const TrafficKeys& c, const char* where, const char* allowed_on) {
  const std::pair<const char*, bool> set[] = {
      {"traffic.packet_length", c.text("traffic.packet_length") != "fixed"},
      {"traffic.interarrival", c.text("traffic.interarrival") != "bernoulli"},
      {"traffic.mru_stack", !c.is_word("traffic.mru_stack")},
  };
  for (const auto& [key, given] : set)
    if (given)
      refuse(fmt::format("{} = {} {}; allowed: {}", c.key(key), key == std::string("traffic.mru_stack") ? "[..]" : c.text(key),
                         where, allowed_on));
}

}  // namespace

void validate_class_traffic(const TrafficKeys& c, const std::vector<int>& radices) {
  const Config& config = c.config();
  const bool rings = network_topology(config) == NetworkTopology::rings;
  if (rings)
    refuse_beyond_open_mesh(c, "on rings, whose workload is Scott & Goodman's (traffic.workload, traffic.data_fraction)",
                            "the defaults (fixed, bernoulli, none), or network.topology mesh or torus");
  if (workload(config) == Workload::closed_loop)
    refuse_beyond_open_mesh(c, "with traffic.workload closed_loop, whose loops send messages when they are ready",
                            "the defaults (fixed, bernoulli, none), or traffic.workload open");

  // Lengths.
  const LengthKind lk = length_kind(c.text("traffic.packet_length"));
  const bool length_params = !c.is_word("traffic.packet_length_params");
  if (lk == LengthKind::fixed && length_params)
    refuse("traffic.packet_length_params given with traffic.packet_length fixed (traffic.packet_flits is the length); "
           "allowed: none, or traffic.packet_length uniform or discrete");
  if (lk != LengthKind::fixed) {
    if (!length_params)
      refuse(fmt::format("traffic.packet_length {} needs traffic.packet_length_params ({}); allowed: a list of numbers",
                         c.text("traffic.packet_length"), lk == LengthKind::uniform ? "[a, b]" : "[p1, l1, p2, l2, ...]"));
    if (const std::string why = length_refusal(lk, c.numbers("traffic.packet_length_params"), c.key("traffic.packet_length_params"));
        !why.empty())
      refuse(why);
    if (router_impl(config) == RouterImpl::ref)
      refuse(fmt::format("traffic.packet_length = {} with router.impl ref: Pertel's packet-level model moves packets of "
                         "one length L; allowed: fixed, or router.impl systemc or rtl",
                         c.text("traffic.packet_length")));
    if (config.text("router.packet_format") == "hop_count" && packet_lengths(c).min_flits() <= int(radices.size()))
      refuse(fmt::format("traffic.packet_length_params allow packets of {} flit(s), but router.packet_format hop_count "
                         "puts {} header flits in each; allowed: lengths > network.dims",
                         packet_lengths(c).min_flits(), radices.size()));
  }

  // Gaps.
  const InterarrivalKind ik = interarrival_kind(c.text("traffic.interarrival"));
  const bool gap_params = !c.is_word("traffic.interarrival_params");
  if (ik == InterarrivalKind::bernoulli && gap_params)
    refuse("traffic.interarrival_params given with traffic.interarrival bernoulli (its coin is q = 4A/(R L) from "
           "traffic.load); allowed: auto, or traffic.interarrival exponential, uniform, normal or two_stage_normal");
  if ((ik == InterarrivalKind::normal || ik == InterarrivalKind::two_stage_normal) && !gap_params)
    refuse(fmt::format("traffic.interarrival {} needs traffic.interarrival_params ({}); allowed: a list of numbers in "
                       "cycles",
                       c.text("traffic.interarrival"),
                       ik == InterarrivalKind::normal ? "[mu, sigma]" : "[p, mu1, sigma1, mu2, sigma2]"));
  if (gap_params) {
    if (const std::string why = interarrival_refusal(ik, c.numbers("traffic.interarrival_params"), c.key("traffic.interarrival_params"));
        !why.empty())
      refuse(why);
  }

  // Destinations.
  const std::string& pattern = c.text("traffic.pattern");
  if (pattern != "hop_uniform" && !c.is_word("traffic.hop_probabilities"))
    refuse(fmt::format("traffic.hop_probabilities given with traffic.pattern {}; allowed: none, or traffic.pattern "
                       "hop_uniform",
                       pattern));
  if (pattern == "hop_uniform") {
    if (rings) refuse("traffic.pattern = hop_uniform drives the wormhole mesh and torus; allowed on rings: uniform");
    if (c.is_word("traffic.hop_probabilities"))
      refuse("traffic.pattern hop_uniform needs traffic.hop_probabilities [p1, p2, ...] (p_i: i hops), summing to 1");
    const std::vector<double> p = c.numbers("traffic.hop_probabilities");
    if (std::string why = probabilities_refusal(p, false, c.key("traffic.hop_probabilities")); !why.empty()) refuse(why);
    // (The geometry only here: built for every decode, it cost 70 ms at 2^20 nodes.)
    if (std::string why = hop_uniform_refusal(network_geometry(config), p, c.key("traffic.hop_probabilities"));
        !why.empty())
      refuse(why);
  }
  if (pattern != "dimension_rotation" && c.integer("traffic.rotation") != 1)
    refuse(fmt::format("traffic.rotation = {} with traffic.pattern {}; allowed: 1, or traffic.pattern dimension_rotation",
                       c.integer("traffic.rotation"), pattern));
  if (!c.is_word("traffic.hotspot_probabilities")) {
    if (pattern != "hotspot")
      refuse(fmt::format("traffic.hotspot_probabilities given with traffic.pattern {}; allowed: none, or traffic.pattern "
                         "hotspot",
                         pattern));
    const std::vector<double> p = c.numbers("traffic.hotspot_probabilities");
    if (p.size() != c.integers("traffic.hotspot_nodes").size())
      refuse(fmt::format("traffic.hotspot_probabilities has {} value(s) for {} traffic.hotspot_nodes; allowed: one per "
                         "hot node",
                         p.size(), c.integers("traffic.hotspot_nodes").size()));
    if (std::string why = probabilities_refusal(p, true, c.key("traffic.hotspot_probabilities")); !why.empty()) refuse(why);
  }
  if (!c.is_word("traffic.mru_stack")) {
    const std::vector<double> p = c.numbers("traffic.mru_stack");
    if (std::string why = probabilities_refusal(p, true, c.key("traffic.mru_stack")); !why.empty()) refuse(why);
    if (p.size() > 64) refuse(fmt::format("traffic.mru_stack has {} entries; allowed: at most 64", p.size()));
  }
}

namespace {

// Traffic classes: where they run, their nodes, and their own patterns.
void validate_classes(const Config& c, const std::vector<int>& /*radices*/) {
  const bool packets = c.text("run.convergence") == "packets";
  if (c.classes().empty()) {
    if (packets)
      refuse("run.convergence packets counts each traffic class's warm-up and collected packets, and there is no class; "
             "allowed: sns4, sns, fixed or ci, or traffic classes (classes.NAME.KEY)");
    return;
  }
  const std::string first = "traffic class '" + c.classes().front() + "'";
  if (network_topology(c) == NetworkTopology::rings)
    refuse(first + " on rings, whose workload is Scott & Goodman's; allowed: traffic classes on network.topology mesh or torus");
  if (workload(c) == Workload::closed_loop)
    refuse(first + " with traffic.workload closed_loop; allowed: traffic.workload open");
  if (router_impl(c) == RouterImpl::ref)
    refuse(first + " with router.impl ref: Pertel's packet-level model has one workload; allowed: router.impl systemc "
                   "or rtl");
  const double nodes = network_nodes(c);
  for (const std::string& name : c.classes()) {
    const TrafficKeys t(c, name);
    const std::string pattern = t.text("traffic.pattern");
    if (pattern == "graph")
      refuse(fmt::format("{} = graph: a traffic class draws its own destinations, and the process graph is the "
                         "network's; allowed: any other pattern",
                         t.key("traffic.pattern")));
    const std::string why = pattern_unsupported(pattern_kind(pattern), network_geometry(c), int(t.integer("traffic.rotation")));
    if (!why.empty()) refuse(fmt::format("{} = {}: {}", t.key("traffic.pattern"), pattern, why));
    const std::string key = "classes." + name + ".nodes";
    if (c.has(key) && !c.is_word(key))
      for (int64_t n : c.integers(key))
        if (double(n) >= nodes)
          refuse(fmt::format("{} has node {}, outside the {:.0f}-node network; allowed: 0..{:.0f}, or all", key, n, nodes,
                             nodes - 1));
    for (int64_t h : t.integers("traffic.hotspot_nodes"))
      if (double(h) >= nodes)
        refuse(fmt::format("{} has node {}, outside the {:.0f}-node network", t.key("traffic.hotspot_nodes"), h, nodes));
    for (const char* own : {"warmup_packets", "packets"})
      if (!packets && c.has("classes." + name + "." + own))
        refuse(fmt::format("classes.{}.{} counts packets for run.convergence packets, but it is {}; allowed: "
                           "run.convergence packets",
                           name, own, c.text("run.convergence")));
  }
}

}  // namespace

void validate_traffic_distributions(const Config& c, const std::vector<int>& radices) {
  validate_class_traffic(TrafficKeys(c), radices);
  validate_classes(c, radices);
  for (const std::string& name : c.classes()) validate_class_traffic(TrafficKeys(c, name), radices);
}

}  // namespace kncsim
