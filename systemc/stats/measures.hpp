#pragma once
// T, U, D and AQLEN exactly as the listings compute them (same operations, same order, in
// double), so convergence decisions taken on them match the 1992 programs bit for bit. One
// Measures type for both families: measure() for meshes and tori, measure_rings() for rings.
#include "model/network_model.hpp"

namespace kncsim {

struct MeasureContext {
  int dims;
  int radix;             // R
  double packet_flits;   // L (its mean, where lengths vary)
  long nodes;            // N
  double bisection;      // B = N/R, flits per cycle per direction (a hexagonal mesh: its equivalent, MeshGeometry::load_bisection)
  double load;           // A
  long edge_ports_half;  // sum over dimensions of N/R_k: d*B when all radices agree
};

struct Measures {
  double T;        // mean latency, generation to head arrival incl. injection queueing
  double U;        // bisection utilisation: .25*TP/B
  double TP;       // throughput, flits per cycle
  double D;        // mean hops
  double AQLEN;    // (numsent-numrecd)/(N*NIN - d*B): the listing's NUMQ
  double AQLEN_corrected;  // the Critique's correction: NUMQ = N*NIN - 2*d*B (the real FIFO count)
};

Measures measure(const DeliveryCounters& c, int64_t curtime, const MeasureContext& m);

// What the convergence loops read of a ring network, cumulative from cycle 0 as the listings'
// counters are (no warm-up): T = mean latency of every delivered message and TP = delivered
// bits per processor, both per switch cycle (a synchronous cycle is `cycle_time_increase`
// switch cycles); U = TP / the eq 13/14 maximum, in the units of traffic.load; D = mean ring
// hops; AQLEN = messages handed over and not yet delivered, per node.
struct RingMeasureContext {
  long nodes = 0;
  double max_throughput = 0;       // bits per switch cycle per processor
  double cycle_time_increase = 1;  // switch cycles per simulated cycle
};
Measures measure_rings(const DeliveryCounters& c, double delivered_bits, int64_t curtime, const RingMeasureContext& m);

// DIFF(old,new) = ABS(((new)-(old))/(old)), NaN-preserving like the C macro.
inline double relative_change(double old_value, double new_value) {
  const double x = (new_value - old_value) / old_value;
  return (x < 0) ? -x : x;
}

}  // namespace kncsim
