#include "energy/router_energies.hpp"

namespace kncsim {
namespace {

double cells(double n) { return n * (n - 1) / 2; }  // a matrix arbiter of n requesters

}  // namespace

ScaledRouter router_energies(const TechnologyTable& t, const RouterShape& s) {
  const RouterShape& r = t.reference;
  const double bits = double(s.flit_bits) / r.flit_bits, ports = double(s.ports) / r.ports;
  const double entries = double(s.vcs) * s.buffer_flits / (double(r.vcs) * r.buffer_flits);
  const double arbiter = (cells(s.vcs) + cells(s.ports)) / (cells(r.vcs) + cells(r.ports));
  ScaledRouter out;
  RouterEventEnergies& e = out.events;
  e.buffer_write = t.router.buffer_write * (0.02 + 0.98 * bits) * (1 + 0.63 * (entries - 1));
  e.buffer_read = t.router.buffer_read * (0.05 + 0.95 * bits) * (1 + 0.75 * (entries - 1));
  e.crossbar = t.router.crossbar * (0.02 + 0.98 * bits) * (1 + 0.77 * (ports - 1));
  e.switch_arbitration = t.router.switch_arbitration * arbiter;
  e.clock = t.router.clock * (0.30 + 0.70 * bits * ports);
  e.vc_allocation = t.router.vc_allocation;
  e.route_computation = t.router.route_computation;
  const RouterLeakage& l = t.leakage_mw;
  RouterLeakage& o = out.leakage_mw;
  o.buffers = l.buffers * ports * bits * entries;
  o.pipeline = l.pipeline * ports * bits;
  o.crossbar = l.crossbar * bits * ports * ports;
  o.switch_allocator =
      l.switch_allocator * (s.ports * (cells(s.vcs) + cells(s.ports))) / (r.ports * (cells(r.vcs) + cells(r.ports)));
  o.clock = l.clock;
  return out;
}

}  // namespace kncsim
