#include "analytic/mesh_analytic.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace kncsim {

MeshAnalytic mesh_analytic(int dims, int radix, int packet_flits, double load) {
  const double R = radix, d = dims;
  MeshAnalytic a;
  a.nodes = std::lround(std::pow(R, d));
  a.bisection_flits = std::lround(std::pow(R, d - 1));
  a.mean_distance = d * (R - 1. / R) / 3.;
  a.distance_stddev = std::sqrt(d * (R * R + 1 - 2 / (R * R)) / 18.);
  a.umax_bound = 1 - 2 * (R - 2) / (R * (R + 2));
  a.injection_probability = 4. * load / (radix * packet_flits);
  a.offered_flits_per_node = 4. * load / R;
  return a;
}

MeshAnalytic mesh_analytic(const std::vector<int>& radices, int packet_flits, double load) {
  const int largest = *std::max_element(radices.begin(), radices.end());
  if (std::all_of(radices.begin(), radices.end(), [&](int r) { return r == largest; }))
    return mesh_analytic(int(radices.size()), largest, packet_flits, load);
  MeshAnalytic a = mesh_analytic(1, largest, packet_flits, load);  // q, q L: by the largest radix
  a.nodes = 1;
  a.mean_distance = 0;
  double variance = 0;
  for (int radix : radices) {
    const double R = radix;
    a.nodes *= radix;
    a.mean_distance += (R - 1. / R) / 3.;
    variance += (R * R + 1 - 2 / (R * R)) / 18.;
  }
  a.bisection_flits = a.nodes / largest;
  a.distance_stddev = std::sqrt(variance);
  a.umax_bound = std::numeric_limits<double>::quiet_NaN();
  return a;
}

double zero_load_latency(const std::vector<int>& radices, const std::vector<int>& delays, int routing_delay) {
  double wires = 0, hops = 0;
  for (size_t k = 0; k < radices.size(); ++k) {
    const double R = radices[k], mean_hops = (R - 1. / R) / 3.;
    hops += mean_hops;
    wires += mean_hops * delays[k];
  }
  return wires + 1 + (hops + 1) * routing_delay;
}

}  // namespace kncsim
