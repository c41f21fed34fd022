#include "energy/energy_estimate.hpp"

namespace kncsim {
namespace {

// The coordinate c of the wire c -> c + 1 that the link from `node` through `port` runs on.
size_t wire_index(const MeshGeometry& g, uint32_t node, int port) {
  const int k = (port - 1) / 2, c = g.coord(node, k);
  return size_t(port == MeshGeometry::succ(k) ? c : (c + g.radix(k) - 1) % g.radix(k));
}

}  // namespace

std::vector<ClassEnergy> event_energy_by_class(const EnergyEstimate& e, const EnergyModel& m) {
  std::vector<ClassEnergy> out;
  for (const RouterEnergy& r : e.routers) {
    ClassEnergy c = event_energy_by_class(m.router, r.events, 0);
    double parts = 0;
    for (double v : c) parts += v;
    c[size_t(ToggleClass::other)] += r.dynamic_pj - parts;
    out.push_back(c);
  }
  return out;
}

double wire_mm(const EnergyModel& m, const MeshGeometry& g, uint32_t node, int port) {
  const auto& dim = m.wire_mm.at(size_t((port - 1) / 2));
  return dim.size() == 1 ? dim[0] : dim.at(wire_index(g, node, port));
}

int wire_cycles(const EnergyModel& m, const MeshGeometry& g, uint32_t node, int port) {
  const auto& dim = m.wire_cycles.at(size_t((port - 1) / 2));
  return dim.size() == 1 ? dim[0] : dim.at(wire_index(g, node, port));
}

RouterEnergy price_router(const EnergyModel& m, uint32_t node, const RouterEvents& ev, double extra_pj, int64_t cycles,
                          double time_ns, EnergyTotals& t) {
  const RouterEventEnergies& r = m.router;
  RouterEnergy re;
  re.node = node;
  re.events = ev;
  re.dynamic_pj = double(ev.buffer_writes) * r.buffer_write + double(ev.buffer_reads) * r.buffer_read +
                  double(ev.crossbar) * r.crossbar + double(ev.switch_arbitration) * r.switch_arbitration +
                  double(ev.route_computations) * r.route_computation + double(ev.vc_allocations) * r.vc_allocation +
                  extra_pj;
  re.clock_pj = double(cycles) * r.clock;
  re.leakage_pj = m.router_leakage_mw * time_ns;  // mW x ns = pJ
  t.events += ev;
  t.router_dynamic_pj += re.dynamic_pj;
  t.clock_pj += re.clock_pj;
  t.router_leakage_pj += re.leakage_pj;
  return re;
}

LinkEnergy price_link(const EnergyModel& m, uint32_t node, int port, int64_t flits, int64_t toggles, double mm,
                      int cycles, double time_ns, EnergyTotals& t) {
  const TechnologyTable& tech = m.table;
  LinkEnergy le;
  le.node = node;
  le.port = port;
  le.flits = flits;
  le.toggles = toggles;
  le.mm = mm;
  le.registers = m.pipelined ? cycles - 1 : 0;
  le.wire_pj = double(toggles) * tech.wire_fj_per_toggle_mm * mm * 1e-3;
  le.register_pj = double(flits) * double(m.shape.flit_bits) * le.registers * tech.latch_fj_per_bit * 1e-3;
  le.leakage_pj = double(m.shape.flit_bits) * mm * tech.wire_leakage_uw_per_mm * 1e-3 * time_ns;  // uW x ns = fJ
  t.wire_pj += le.wire_pj;
  t.register_pj += le.register_pj;
  t.wire_leakage_pj += le.leakage_pj;
  t.link_flits += le.flits;
  t.toggles += le.toggles;
  return le;
}

EnergyEstimate estimate_energy(const NetworkActivity& a, const MeshGeometry& g, const EnergyModel& m, int64_t cycles) {
  EnergyEstimate e;
  EnergyTotals& t = e.totals;
  t.time_ns = double(cycles) * m.cycle_stretch / m.clock_ghz;
  for (uint32_t n = 0; n < g.nodes(); ++n) {
    e.routers.push_back(price_router(m, n, router_events(a, g, n, m.shape.vcs), 0, cycles, t.time_ns, t));
    for (int p = 1; p < g.ports(); ++p) {
      if (!g.connected(n, p)) continue;
      const PortActivity& out = a.out(n, p);
      const LinkEnergy le = price_link(m, n, p, out.flits, out.toggles, wire_mm(m, g, n, p), wire_cycles(m, g, n, p), t.time_ns, t);
      e.links.push_back(le);
    }
  }
  return e;
}

}  // namespace kncsim
