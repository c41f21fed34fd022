#pragma once
// Closed-form figures for a radix-R d-dimensional mesh under uniform random traffic
// (Pertel, SNS report §6.3.1 and Critique §2.1).
namespace kncsim {

struct MeshAnalytic {
  long nodes;                 // N = R^d
  long bisection_flits;       // B = R^(d-1) flits/cycle across the bisection, per direction
  double mean_distance;       // d (R - 1/R) / 3
  double distance_stddev;     // sqrt(d (R^2 + 1 - 2/R^2) / 18)
  double zero_load_latency;   // T = D + 1: one cycle per hop and one at the destination
  double umax_bound;          // U_b < 1 - 2(R-2)/(R(R+2)), the Critique's DOR bound
  double injection_probability;  // q = 4A/(R L) per node per cycle
  double offered_flits_per_node;  // q L = 4A/R flits per node per cycle
};

MeshAnalytic mesh_analytic(int dims, int radix, int packet_flits, double load);

}  // namespace kncsim
