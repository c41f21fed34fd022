#include "analytic/mesh_analytic.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "topo/mesh_geometry.hpp"

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

MeshAnalytic torus_analytic(const std::vector<int>& radices, int packet_flits, double load) {
  MeshAnalytic a{};
  const int largest = *std::max_element(radices.begin(), radices.end());
  a.nodes = 1;
  double variance = 0;
  for (int r : radices) {
    a.nodes *= r;
    double sum = 0, squares = 0;  // of the hop count over the r * r pairs
    for (int x = 0; x < r; ++x)
      for (int y = 0; y < r; ++y) {
        const double h = std::abs(cube_offset(x, y, r, true));
        sum += h;
        squares += h * h;
      }
    const double mean = sum / (double(r) * r);
    a.mean_distance += mean;
    variance += squares / (double(r) * r) - mean * mean;
  }
  a.bisection_flits = 2 * a.nodes / largest;
  a.distance_stddev = std::sqrt(variance);
  a.umax_bound = std::numeric_limits<double>::quiet_NaN();
  a.injection_probability = 8. * load / (largest * packet_flits);
  a.offered_flits_per_node = 8. * load / largest;
  return a;
}

int dimension_wire_delay(int a, int b, int r, bool torus, const std::vector<int>& delay) {
  const int off = cube_offset(a, b, r, torus);
  int sum = 0;
  for (int i = 0, x = a; i < std::abs(off); ++i) {
    const int next = (x + (off > 0 ? 1 : r - 1)) % r;
    sum += delay[size_t(off > 0 ? x : next)];  // the wire between next and x, either way
    x = next;
  }
  return sum;
}

double zero_load_latency(const std::vector<int>& radices, bool torus,
                         const std::vector<std::vector<int>>& wire_delays, int routing_delay) {
  double wires = 0, hops = 0;
  for (size_t k = 0; k < radices.size(); ++k) {
    const int r = radices[k];
    double sum = 0, steps = 0;
    for (int a = 0; a < r; ++a)
      for (int b = 0; b < r; ++b) {
        sum += dimension_wire_delay(a, b, r, torus, wire_delays[k]);
        steps += std::abs(cube_offset(a, b, r, torus));
      }
    wires += sum / (double(r) * r);
    hops += steps / (double(r) * r);
  }
  return wires + 1 + (hops + 1) * routing_delay;
}

}  // namespace kncsim

namespace kncsim {

MeshAnalytic hexagonal_analytic(int edge, int packet_flits, double load) {
  MeshAnalytic a{};
  const double e = edge;
  a.nodes = long(3 * edge * (edge - 1) + 1);
  const double n = double(a.nodes);
  a.mean_distance = (e - 1) * e * (2 * e - 1) / n;  // sum over d < e of 6d nodes at d hops, d each
  const double squares = 1.5 * (e - 1) * (e - 1) * e * e / n;  // sum of 6d d^2 = 6 ((e-1)e/2)^2
  a.distance_stddev = std::sqrt(squares - a.mean_distance * a.mean_distance);
  a.bisection_flits = 0;  // not a cube's bisection: the load is link utilisation
  a.umax_bound = std::numeric_limits<double>::quiet_NaN();
  a.injection_probability = 6. * load / (a.mean_distance * packet_flits);
  a.offered_flits_per_node = 6. * load / a.mean_distance;
  return a;
}

}  // namespace kncsim
