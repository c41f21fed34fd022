#pragma once
// Closed-form figures for a radix-R d-dimensional mesh under uniform random traffic
// (Pertel, SNS report §6.3.1 and Critique §2.1). With radices differing per dimension, R is
// the largest (the bisection cuts across it), distances add up per dimension, and the
// Critique's U_max bound, derived for equal radices, is not given (NaN).
#include <vector>

namespace kncsim {

struct MeshAnalytic {
  long nodes;                 // N = R^d
  long bisection_flits;       // B = R^(d-1) flits/cycle across the bisection, per direction
  double mean_distance;       // d (R - 1/R) / 3; sum of (R_k - 1/R_k) / 3
  double distance_stddev;     // sqrt(d (R^2 + 1 - 2/R^2) / 18); likewise summed
  double umax_bound;          // U_b < 1 - 2(R-2)/(R(R+2)), the Critique's DOR bound
  double injection_probability;  // q = 4A/(R L) per node per cycle
  double offered_flits_per_node;  // q L = 4A/R flits per node per cycle
};

MeshAnalytic mesh_analytic(int dims, int radix, int packet_flits, double load);
MeshAnalytic mesh_analytic(const std::vector<int>& radices, int packet_flits, double load);

// Zero-load latency T (head to head, in network cycles) under uniform traffic with a wire delay
// per dimension and a routing delay at every router: each hop in dimension k costs its link's
// delay_k, plus one cycle at the destination, plus the routing delay at each of the D + 1
// routers a head passes: sum_k (R_k - 1/R_k)/3 * delay_k + 1 + (D + 1) * routing_delay. With
// delays of 1 and no routing delay, Pertel's D + 1.
double zero_load_latency(const std::vector<int>& radices, const std::vector<int>& delays, int routing_delay);

// A torus under uniform traffic, every pair of each dimension counted: N, the bisection 2N/R
// (the wraparound doubles a mesh's), the mean and spread of the distance, q = 8A/(R L) and
// q L; no U_max bound (NaN).
MeshAnalytic torus_analytic(const std::vector<int>& radices, int packet_flits, double load);

// PP-MESS-SIM's C-wrapped hexagonal mesh of edge e under uniform traffic (every destination,
// the source included): N = 3e(e-1) + 1 and 6d nodes at each distance d < e, so the mean
// distance is (e-1)e(2e-1)/N (about 2e/3) and its spread sqrt(1.5 (e-1)^2 e^2 / N - mean^2).
// traffic.load is link utilisation there: q = 6A/(mean L). No bisection or U_max (0, NaN).
MeshAnalytic hexagonal_analytic(int edge, int packet_flits, double load);

// The delays of the wires a route crosses in one dimension of radix r, from coordinate a to b
// (the shorter way round on a torus, as the routers go); delay[w] is the wire between w and
// w + 1 (w = r - 1: a torus's wraparound).
int dimension_wire_delay(int a, int b, int r, bool torus, const std::vector<int>& delay);

// Zero-load latency as above with a delay per wire (MeshLinkTiming::wire_delays: per
// dimension, the wire from w to w + 1, w = R - 1 a torus's wraparound), mesh or torus: each
// pair's path is summed wire by wire and averaged over every pair of each dimension.
double zero_load_latency(const std::vector<int>& radices, bool torus,
                         const std::vector<std::vector<int>>& wire_delays, int routing_delay);

}  // namespace kncsim
