#include "report/rings_report.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <cmath>

namespace kncsim {

using ojson = nlohmann::ordered_json;

ojson rings_analytic_report(const ExperimentSpec& spec, const RingsExperiment& e) {
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
               {"sns4_interval", sns4_initial_interval_for_rate(e.messages_per_cycle(), spec.convergence.accuracy)},
               {"config", spec.config}};
}

std::string rings_analytic_summary(const RingsExperiment& e, const ojson& a) {
  std::string s;
  const bool sync = e.design.mode == RingLinkMode::synchronous;
  s += fmt::format("{}-node {}-ary {}-cube of unidirectional rings, {} links, {} constraint\n", a["nodes"].get<long>(),
                   e.design.radix, e.design.dims,
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
