#include "report/energy_report.hpp"

#include <fmt/format.h>

#include <array>
#include <cmath>
#include <filesystem>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "io/output_file.hpp"

namespace kncsim {

using ojson = nlohmann::ordered_json;

namespace {

ojson events_json(const RouterEvents& e) {
  return ojson{{"buffer_writes", e.buffer_writes},           {"buffer_reads", e.buffer_reads},
               {"crossbar", e.crossbar},                     {"switch_arbitration", e.switch_arbitration},
               {"route_computations", e.route_computations}, {"vc_allocations", e.vc_allocations}};
}

std::string cell(const ojson& x) {
  if (x.is_number_float()) return fmt::format("{:.6g}", x.get<double>());
  return x.is_string() ? x.get<std::string>() : x.dump();
}

}  // namespace

namespace {

ojson energy_json_of(const EnergyEstimate& e, const EnergyModel& m, int64_t flits, int64_t packets, double latency_cycles,
                     bool per_element, const std::function<std::string(int)>& port_name) {
  const EnergyTotals& t = e.totals;
  const double total = t.total_pj();
  const double per_packet = packets ? total / double(packets) : NAN;
  const double latency_ns = latency_cycles * m.cycle_stretch / m.clock_ghz;
  const RouterEventEnergies& r = m.router;
  ojson j;
  j["technology"] = m.table.name;
  j["source"] = m.table.source;
  j["router"] = {{"flit_bits", m.shape.flit_bits}, {"ports", m.shape.ports}, {"vcs", m.shape.vcs},
                 {"buffer_flits", m.shape.buffer_flits}};
  j["event_pj"] = {{"buffer_write", r.buffer_write},       {"buffer_read", r.buffer_read},
                   {"crossbar", r.crossbar},               {"switch_arbitration", r.switch_arbitration},
                   {"route_computation", r.route_computation}, {"vc_allocation", r.vc_allocation},
                   {"clock_per_cycle", r.clock}};
  j["table_clock_ghz"] = m.table.reference_ghz;
  j["router_leakage_mw"] = m.router_leakage_mw;
  j["wire_fj_per_toggle_mm"] = m.table.wire_fj_per_toggle_mm;
  j["clock_ghz"] = m.clock_ghz;
  j["cycle_stretch"] = m.cycle_stretch;
  j["time_ns"] = t.time_ns;
  j["total_pj"] = total;
  j["per_flit_pj"] = flits ? total / double(flits) : NAN;
  j["per_packet_pj"] = per_packet;
  j["power_mw"] = t.time_ns > 0 ? total / t.time_ns : NAN;
  j["energy_delay_pj_ns"] = std::isfinite(latency_ns) ? per_packet * latency_ns : NAN;
  j["delivered_flits"] = flits;
  j["delivered_packets"] = packets;
  j["dynamic_pj"] = t.dynamic_pj();
  j["clock_pj"] = t.clock_pj;
  j["leakage_pj"] = t.leakage_pj();
  j["routers_pj"] = t.router_pj();
  j["links_pj"] = t.link_pj();
  j["parts_pj"] = {{"router_dynamic", t.router_dynamic_pj}, {"router_clock", t.clock_pj},
                   {"router_leakage", t.router_leakage_pj}, {"wire_dynamic", t.wire_pj},
                   {"wire_registers", t.register_pj},     {"wire_leakage", t.wire_leakage_pj}};
  j["events"] = events_json(t.events);
  j["link_flits"] = t.link_flits;
  j["toggles"] = t.toggles;
  j["toggle_rate"] = t.link_flits ? double(t.toggles) / (double(t.link_flits) * m.shape.flit_bits) : NAN;
  if (!per_element) return j;
  ojson routers = ojson::object(), links = ojson::object();
  for (const char* k : {"node", "buffer_writes", "buffer_reads", "crossbar", "switch_arbitration", "route_computations",
                        "vc_allocations", "dynamic_pj", "clock_pj", "leakage_pj", "total_pj"})
    routers[k] = ojson::array();
  for (const RouterEnergy& x : e.routers) {
    routers["node"].push_back(x.node);
    const ojson events = events_json(x.events);  // (items() of a temporary would dangle)
    for (const auto& [k, v] : events.items()) routers[k].push_back(v);
    routers["dynamic_pj"].push_back(x.dynamic_pj);
    routers["clock_pj"].push_back(x.clock_pj);
    routers["leakage_pj"].push_back(x.leakage_pj);
    routers["total_pj"].push_back(x.total_pj());
  }
  for (const char* k : {"node", "port", "flits", "toggles", "mm", "registers", "wire_pj", "register_pj", "leakage_pj",
                        "total_pj"})
    links[k] = ojson::array();
  for (const LinkEnergy& x : e.links) {
    links["node"].push_back(x.node);
    links["port"].push_back(port_name(x.port));
    links["flits"].push_back(x.flits);
    links["toggles"].push_back(x.toggles);
    links["mm"].push_back(x.mm);
    links["registers"].push_back(x.registers);
    links["wire_pj"].push_back(x.wire_pj);
    links["register_pj"].push_back(x.register_pj);
    links["leakage_pj"].push_back(x.leakage_pj);
    links["total_pj"].push_back(x.total_pj());
  }
  j["per_router"] = std::move(routers);
  j["per_link"] = std::move(links);
  return j;
}

}  // namespace

ojson energy_json(const EnergyEstimate& e, const EnergyModel& m, const NetworkActivity& a, const MeshGeometry& g,
                  double latency_cycles, bool per_element) {
  int64_t flits = 0, packets = 0;  // delivered to their destinations' network interfaces
  for (uint32_t n = 0; n < g.nodes(); ++n) flits += a.node(n).delivered_flits, packets += a.node(n).delivered_packets;
  return energy_json_of(e, m, flits, packets, latency_cycles, per_element,
                        [](int port) { return MeshGeometry::port_name(port); });
}

ojson ring_energy_json(const RingEnergyEstimate& e, const EnergyModel& m, const RingActivity& a, int64_t delivered_packets,
                       double latency_cycles, bool per_element) {
  int64_t flits = 0;  // the messages' flits the switches handed the CPUs
  for (uint32_t u = 0; u < a.nodes(); ++u) flits += a.node(u).to_cpu;
  ojson j = energy_json_of(e.energy, m, flits, delivered_packets, latency_cycles, per_element,
                           [](int ring) { return "ring " + std::to_string(ring); });
  const RingNodeEvents& r = e.total;
  j["ring_events"] = {{"decoded_flits", r.decoded_flits}, {"decoded_heads", r.decoded_heads},
                      {"ring_buffer_flits", r.ring_buffer}, {"answer_flits_made", r.answered},
                      {"output_queue_flits", r.output_queue}, {"input_queue_flits", r.input_queue},
                      {"active_buffer_writes", r.active_writes}, {"active_buffer_reads", r.active_reads},
                      {"switch_flits", r.switched}};
  return j;
}

ojson toggle_json(const ToggleEstimate& t, bool per_element) {
  ojson weights, toggles, toggle_pj, event_pj;
  for (int c = 0; c < kToggleClasses; ++c) {
    const char* name = to_string(ToggleClass(c));
    weights[name] = t.weights.pj_per_toggle[size_t(c)];
    toggles[name] = t.toggles[size_t(c)];
    toggle_pj[name] = t.toggle_pj_by_class[size_t(c)];
    event_pj[name] = t.event_pj_by_class[size_t(c)];
  }
  const auto ratio = [](double a, double b) { return b > 0 ? ojson(a / b) : ojson(nullptr); };
  ojson j{{"nodes", t.nodes.size()},
          {"calibrated_on", t.weights.source},
          {"weights", weights},
          {"toggles", toggles},
          {"toggle_pj", t.toggle_pj},
          {"event_pj", t.event_pj},
          {"ratio", ratio(t.toggle_pj, t.event_pj)},
          {"toggle_pj_by_class", toggle_pj},
          {"event_pj_by_class", event_pj}};
  ojson modules;
  for (const ModuleToggles& m : t.modules)
    modules[m.module] = ojson{{"class", to_string(toggle_class(m.module))}, {"toggles", m.toggles}};
  j["modules"] = modules;
  if (per_element) {
    ojson node = ojson::array(), tp = ojson::array(), ep = ojson::array(), r = ojson::array();
    std::array<ojson, kToggleClasses> by_class;
    for (auto& a : by_class) a = ojson::array();
    for (const NodeToggleEstimate& n : t.nodes) {
      node.push_back(n.node);
      for (size_t c = 0; c < size_t(kToggleClasses); ++c) by_class[c].push_back(n.toggles[c]);
      tp.push_back(n.toggle_pj);
      ep.push_back(n.event_pj);
      r.push_back(ratio(n.toggle_pj, n.event_pj));
    }
    ojson per{{"node", node}};
    for (int c = 0; c < kToggleClasses; ++c) per[to_string(ToggleClass(c))] = by_class[size_t(c)];
    per["toggle_pj"] = tp;
    per["event_pj"] = ep;
    per["ratio"] = r;
    j["per_node"] = per;
  }
  return j;
}

void put_rtl_toggles(ojson& result, const EnergyEstimate& est, const EnergyModel& m, const std::vector<NodeToggles>& toggles,
                     bool per_element) {
  if (!m.rtl_toggles) return;
  const ToggleWeights* w = m.toggle_weights ? &*m.toggle_weights : nullptr;
  result["energy"]["rtl_toggles"] = toggle_json(estimate_toggles(toggles, event_energy_by_class(est, m), w), per_element);
}

std::string energy_summary(const ojson& r) {
  if (!r.contains("energy")) return "";
  const ojson& e = r["energy"];
  const auto num = [&](const char* k) { return e[k].is_number() ? e[k].get<double>() : NAN; };
  std::string toggles;
  if (e.contains("rtl_toggles") && e["rtl_toggles"]["ratio"].is_number())
    toggles = fmt::format("energy from RTL toggles: {:.4g} pJ against the events' {:.4g} pJ ({:.3f} x) over {} RTL "
                          "nodes, weights from {}\n",
                          e["rtl_toggles"]["toggle_pj"].get<double>(), e["rtl_toggles"]["event_pj"].get<double>(),
                          e["rtl_toggles"]["ratio"].get<double>(), e["rtl_toggles"]["nodes"].get<size_t>(),
                          e["rtl_toggles"]["calibrated_on"].get<std::string>());
  return toggles.insert(0, fmt::format(
      "energy ({}): {:.4g} pJ a delivered flit, {:.4g} pJ a packet, {:.4g} mW at {:g} GHz; routers {:.1f} % (dynamic "
      "{:.4g}, clock {:.4g}, leakage {:.4g} pJ), links {:.1f} % (wires {:.4g}, registers {:.4g}, leakage {:.4g} pJ); "
      "{:.1f} % of wire bits flipped\n",
      e["technology"].get<std::string>(), num("per_flit_pj"), num("per_packet_pj"), num("power_mw"), num("clock_ghz"),
      100 * num("routers_pj") / num("total_pj"), e["parts_pj"]["router_dynamic"].get<double>(),
      e["parts_pj"]["router_clock"].get<double>(), e["parts_pj"]["router_leakage"].get<double>(),
      100 * num("links_pj") / num("total_pj"), e["parts_pj"]["wire_dynamic"].get<double>(),
      e["parts_pj"]["wire_registers"].get<double>(), e["parts_pj"]["wire_leakage"].get<double>(),
      100 * num("toggle_rate")));
}

void write_energy_csv(const ojson& r, const std::string& dir) {
  if (dir.empty() || !r.contains("energy") || !r["energy"].contains("per_router")) return;
  namespace fs = std::filesystem;
  const ojson& e = r["energy"];
  std::vector<std::pair<const char*, const ojson*>> tables{{"energy_routers.csv", &e["per_router"]},
                                                           {"energy_links.csv", &e["per_link"]}};
  if (e.contains("rtl_toggles") && e["rtl_toggles"].contains("per_node"))
    tables.emplace_back("energy_toggles.csv", &e["rtl_toggles"]["per_node"]);
  for (const auto& [file, t] : tables) {
    const ojson& table = *t;
    std::string text, head;
    size_t rows = 0;
    for (const auto& [k, v] : table.items()) {
      head += (head.empty() ? "" : ",") + k;
      rows = v.size();
    }
    text = head + "\n";
    for (size_t i = 0; i < rows; ++i) {
      std::string line;
      for (const auto& [k, v] : table.items()) line += (line.empty() ? "" : ",") + cell(v[i]);
      text += line + "\n";
    }
    write_output_file((fs::path(dir) / file).string(), text, "--csv");
  }
}

}  // namespace kncsim
