#include "analytic/mesh_analytic.hpp"

#include <cmath>

namespace kncsim {

MeshAnalytic mesh_analytic(int dims, int radix, int packet_flits, double load) {
  const double R = radix, d = dims;
  MeshAnalytic a;
  a.nodes = std::lround(std::pow(R, d));
  a.bisection_flits = std::lround(std::pow(R, d - 1));
  a.mean_distance = d * (R - 1. / R) / 3.;
  a.distance_stddev = std::sqrt(d * (R * R + 1 - 2 / (R * R)) / 18.);
  a.zero_load_latency = a.mean_distance + 1;
  a.umax_bound = 1 - 2 * (R - 2) / (R * (R + 2));
  a.injection_probability = 4. * load / (radix * packet_flits);
  a.offered_flits_per_node = 4. * load / R;
  return a;
}

}  // namespace kncsim
