#include "rings_report.hpp"

#include "experiment.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <cmath>

namespace kncsim {

using ojson = nlohmann::ordered_json;

RingsDesign rings_design(const Config& c) {
  RingsDesign d;
  d.dims = int(c.integer("network.dims"));
  d.radix = network_radices(c).front();
  d.mode = c.text("link.mode") == "synchronous" ? RingLinkMode::synchronous : RingLinkMode::pipelined;
  const std::string& k = c.text("link.constraint");
  d.constraint = k == "node_size" ? RingConstraint::node_size
                 : k == "bisection" ? RingConstraint::bisection
                                    : RingConstraint::link_width;
  d.width_bits = int(c.integer("link.width_bits"));
  d.node_wires = int(c.integer("link.node_wires"));
  d.bisection_wires = c.is_word("link.bisection_wires") ? 0 : long(c.integer("link.bisection_wires"));
  d.switch_to_wire = c.number("link.switch_to_wire_ratio");
  d.t_pass = int(c.integer("router.t_pass"));
  d.t_switch = int(c.integer("router.t_switch"));
  d.address_bits = int(c.integer("traffic.address_bits"));
  d.data_bits = int(c.integer("traffic.data_bits"));
  d.echo_bits = int(c.integer("traffic.echo_bits"));
  d.data_fraction = c.number("traffic.data_fraction");
  return d;
}

RingsAnalytic checked_rings_analytic(const RingsDesign& d) {
  // W = 0 bits is the one design the schema's ranges let through (eq 7 and the node-size
  // split round down): name the key that sets it, and its least value.
  const long nodes = std::lround(std::pow(double(d.radix), double(d.dims)));
  const bool narrow = rings_link_width(d) < 1;
  if (narrow && d.constraint == RingConstraint::node_size)
    throw ConfigError(fmt::format("link.node_wires = {} with link.constraint node_size leaves links of W = {} / (2n) = 0 "
                                  "bits for n = {}; allowed: link.node_wires >= {}",
                                  d.node_wires, d.node_wires, d.dims, 2 * d.dims));
  if (narrow && d.constraint == RingConstraint::bisection) {
    const long least = (2 * nodes + d.radix - 1) / d.radix;
    throw ConfigError(fmt::format("link.bisection_wires = {} with link.constraint bisection leaves links of W = k B / 2N "
                                  "= 0 bits for k = {}, N = {}; allowed: link.bisection_wires >= {}",
                                  d.bisection_wires, d.radix, nodes, least));
  }
  try {
    return rings_analytic(d);
  } catch (const std::invalid_argument& e) {
    throw ConfigError(fmt::format("link.constraint {}: {}", to_string(d.constraint), e.what()));
  }
}

ojson rings_analytic_report(const Config& c, const RingsExperiment& e) {
  const RingsDesign& d = e.design;
  const RingsAnalytic& a = e.analytic;
  auto packet = [](const PacketLatency& p) { return ojson{{"flits", p.flits}, {"unloaded_cycles", p.unloaded_cycles}}; };
  return ojson{{"topology", "rings"},
               {"nodes", a.nodes},
               {"link_mode", to_string(d.mode)},
               {"constraint", to_string(d.constraint)},
               {"link_width_bits", a.width_bits},
               {"wires_per_node", a.wires_per_node},
               {"bisection_wires", a.bisection_wires},
               {"decode_cycles", a.decode_cycles},
               {"wire_lengths", a.wire_lengths},
               {"wire_delay_cycles", a.wire_cycles},
               {"mean_wire_delay_cycles", a.mean_wire_cycles},
               {"max_wire_delay_cycles", a.max_wire_cycles},
               {"cycle_time_increase", a.cycle_time_increase},
               {"address_packet", packet(a.address)},
               {"data_packet", packet(a.data)},
               {"echo_packet", packet(a.echo)},
               {"round_trip_unloaded_cycles", a.round_trip_cycles},
               {"round_trip_unloaded_cycles_max_wires", a.round_trip_max_wire_cycles},
               {"max_throughput_bits_per_cycle_per_node", a.max_throughput},
               {"sns4_interval", sns4_initial_interval_for_rate(e.messages_per_cycle(), c.number("run.accuracy"))},
               {"config", resolved_config_json(c)}};
}

std::string rings_analytic_summary(const ojson& a) {
  std::string s;
  const bool sync = a["link_mode"] == "synchronous";
  s += fmt::format("{}-node {}-ary {}-cube of unidirectional rings, {} links, {} constraint\n", a["nodes"].get<long>(),
                   a["config"]["network"]["radix"].dump(), a["config"]["network"]["dims"].get<long>(),
                   a["link_mode"].get<std::string>(), a["constraint"].get<std::string>());
  s += fmt::format("link width W                 {} bits  ({} wires per node, {} across the bisection)\n",
                   a["link_width_bits"].get<int>(), a["wires_per_node"].get<long>(), a["bisection_wires"].get<long>());
  s += fmt::format("decode cycles                {}  (ceil(log2 N / W), eq 2)\n", a["decode_cycles"].get<int>());
  s += fmt::format("wire delay cycles            mean {:.2f}, max {}  (per dimension: {})\n",
                   a["mean_wire_delay_cycles"].get<double>(), a["max_wire_delay_cycles"].get<int>(),
                   fmt::join(a["wire_delay_cycles"].get<std::vector<int>>(), " "));
  s += fmt::format("cycle time increase          {:.4g}{}\n", a["cycle_time_increase"].get<double>(),
                   sync ? "  (synchronous: 1 + longest wire / S)" : "  (pipelined: none)");
  for (const char* kind : {"address", "data", "echo"}) {
    const auto& p = a[std::string(kind) + "_packet"];
    s += fmt::format("unloaded one-way, {:<8}   {:.4g} cycles  ({} flits, eq {})\n", kind,
                     p["unloaded_cycles"].get<double>(), p["flits"].get<int>(), sync ? 8 : 4);
  }
  s += fmt::format("unloaded round trip          {:.1f} cycles  (address + data packet)\n",
                   a["round_trip_unloaded_cycles"].get<double>());
  if (!sync)
    s += fmt::format("  with every wire at the max {:.1f} cycles\n", a["round_trip_unloaded_cycles_max_wires"].get<double>());
  s += fmt::format("maximum throughput           {:.4g} bits/cycle/processor  (eq {})\n",
                   a["max_throughput_bits_per_cycle_per_node"].get<double>(), sync ? 14 : 13);
  s += fmt::format("sns4 initial INTERVAL        {} cycles\n", a["sns4_interval"].get<long>());
  return s;
}

}  // namespace kncsim
