#include "energy/ring_energy.hpp"

namespace kncsim {

RingNodeEvents& RingNodeEvents::operator+=(const RingNodeEvents& o) {
  decoded_flits += o.decoded_flits, decoded_heads += o.decoded_heads, ring_buffer += o.ring_buffer;
  output_queue += o.output_queue, input_queue += o.input_queue, active_writes += o.active_writes;
  active_reads += o.active_reads, switched += o.switched, answered += o.answered;
  return *this;
}

RingNodeEvents ring_node_events(const RingActivity& a, uint32_t u, const std::function<uint32_t(uint32_t, int)>& upstream) {
  RingNodeEvents e;
  for (int d = 0; d < a.dims(); ++d) {
    const RingLinkActivity& in = a.link(upstream(u, d), d);
    e.decoded_flits += in.flits;
    e.decoded_heads += in.heads;
    const RingLinkActivity& out = a.link(u, d);
    const auto from = [&](RingSource s) { return out.by_source[size_t(s)]; };
    e.ring_buffer += from(RingSource::passed) + from(RingSource::answered);
    e.answered += from(RingSource::answered);
    e.output_queue += from(RingSource::output);
    e.active_writes += from(RingSource::output);
    e.active_reads += from(RingSource::resent);
  }
  e.input_queue = a.node(u).from_input_queues;
  e.switched = a.node(u).switched;
  return e;
}

RingEnergyEstimate estimate_ring_energy(const RingActivity& a, const std::function<uint32_t(uint32_t, int)>& upstream,
                                        const EnergyModel& m, int64_t cycles) {
  RingEnergyEstimate out;
  EnergyEstimate& e = out.energy;
  EnergyTotals& t = e.totals;
  t.time_ns = double(cycles) * m.cycle_stretch / m.clock_ghz;
  for (uint32_t u = 0; u < a.nodes(); ++u) {
    const RingNodeEvents ev = ring_node_events(a, u, upstream);
    out.nodes.push_back(ev);
    out.total += ev;
    RouterEvents g;  // the node's events in a router's terms
    g.buffer_writes = ev.ring_buffer + ev.output_queue + ev.input_queue + ev.active_writes;
    g.buffer_reads = ev.ring_buffer + ev.output_queue + ev.input_queue + ev.active_reads;
    g.crossbar = g.switch_arbitration = ev.switched;
    g.route_computations = ev.decoded_heads;
    const double decode_pj = double(ev.decoded_flits) * m.shape.flit_bits * m.table.latch_fj_per_bit * 1e-3;
    e.routers.push_back(price_router(m, u, g, decode_pj, cycles, t.time_ns, t));
    for (int d = 0; d < a.dims(); ++d) {
      const RingLinkActivity& l = a.link(u, d);
      const LinkEnergy le = price_link(m, u, d, l.flits, l.toggles, m.wire_mm.at(size_t(d)).at(0),
                                       m.wire_cycles.at(size_t(d)).at(0), t.time_ns, t);  // port: the ring
      e.links.push_back(le);
    }
  }
  return out;
}

}  // namespace kncsim
