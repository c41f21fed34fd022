#include "stats/measures.hpp"

namespace kncsim {

Measures measure(const DeliveryCounters& c, int64_t curtime, const MeasureContext& m) {
  const double numsent = double(c.numsent), numrecd = double(c.numrecd);
  const long nin = 2 * m.dims + 1;
  Measures r;
  r.T = double(c.totlat) / numrecd;
  r.TP = (numrecd * m.packet_flits) / double(curtime);
  r.U = .25 * r.TP / double(m.bisection);
  r.D = double(c.tothops) / numrecd;
  r.AQLEN = (numsent - numrecd) / double(m.nodes * nin - m.edge_ports_half);
  r.AQLEN_corrected = (numsent - numrecd) / double(m.nodes * nin - 2 * m.edge_ports_half);
  return r;
}

Measures measure_rings(const DeliveryCounters& c, double delivered_bits, int64_t curtime, const RingMeasureContext& m) {
  const double numrecd = double(c.numrecd), scale = m.cycle_time_increase;
  Measures r;
  r.T = double(c.totlat) / numrecd * scale;
  r.TP = delivered_bits / double(curtime) / double(m.nodes) / scale;
  r.U = r.TP / m.max_throughput;
  r.D = double(c.tothops) / numrecd;
  r.AQLEN = double(c.numsent - c.numrecd) / double(m.nodes);
  r.AQLEN_corrected = r.AQLEN;
  return r;
}

}  // namespace kncsim
