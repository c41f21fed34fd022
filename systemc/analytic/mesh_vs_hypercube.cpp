#include "analytic/mesh_vs_hypercube.hpp"

#include <cmath>
#include <utility>

namespace kncsim {

const char* to_string(WireDelayModel m) {
  switch (m) {
    case WireDelayModel::constant: return "constant";
    case WireDelayModel::logarithmic: return "logarithmic";
    case WireDelayModel::linear: return "linear";
  }
  return "?";
}

std::vector<long> identity_layout_cut_widths(long vertices, const std::vector<std::pair<long, long>>& edges) {
  // An edge (u, v), u < v, crosses the cuts u .. v - 1: a difference array, then a prefix sum.
  std::vector<long> eta(std::size_t(vertices) + 1, 0);
  for (auto [u, v] : edges) {
    if (u > v) std::swap(u, v);
    ++eta[std::size_t(u)];
    --eta[std::size_t(v)];
  }
  eta.pop_back();
  for (std::size_t k = 1; k < eta.size(); ++k) eta[k] += eta[k - 1];
  return eta;
}

LayoutPeak layout_peak(const std::vector<long>& cut_widths) {
  LayoutPeak peak;
  for (std::size_t k = 0; k < cut_widths.size(); ++k)
    if (cut_widths[k] > peak.width) peak = {cut_widths[k], long(k)};
  return peak;
}

std::vector<long> hypercube_cut_widths(int dims) {
  const long n = 1L << dims;
  std::vector<std::pair<long, long>> edges;
  edges.reserve(std::size_t(n) * std::size_t(dims) / 2);
  for (long u = 0; u < n; ++u)
    for (int d = 0; d < dims; ++d)
      if (!(u & (1L << d))) edges.emplace_back(u, u | (1L << d));
  return identity_layout_cut_widths(n, edges);
}

std::vector<long> mesh_cut_widths(long rows, long cols) {
  std::vector<std::pair<long, long>> edges;
  for (long r = 0; r < rows; ++r)
    for (long c = 0; c < cols; ++c) {
      const long p = r * cols + c;
      if (c + 1 < cols) edges.emplace_back(p, p + 1);
      if (r + 1 < rows) edges.emplace_back(p, p + cols);
    }
  return identity_layout_cut_widths(rows * cols, edges);
}

LayoutPeak hypercube_layout_peak(int dims) { return layout_peak(hypercube_cut_widths(dims)); }
LayoutPeak mesh_layout_peak(long rows, long cols) { return layout_peak(mesh_cut_widths(rows, cols)); }

double chittor_width_ratio(double nodes) { return 2 * std::sqrt(nodes) / 3; }

double chittor_wire_length_ratio(double nodes) { return (std::sqrt(2 * nodes) - std::sqrt(2.0)) / std::log2(nodes); }

double chittor_rate_ratio(WireDelayModel m, double nodes) {
  const double lg = std::log2(nodes);
  switch (m) {
    case WireDelayModel::constant: return 1;
    // 1 + ln(l^h / l^m) with l^h / l^m ~ sqrt(2N) / lg N, rewritten in lg as the thesis does.
    case WireDelayModel::logarithmic: return (3.89 + lg - 2 * std::log2(lg)) / 2.89;
    case WireDelayModel::linear: return chittor_wire_length_ratio(nodes);
  }
  return 0;
}

double chittor_bandwidth_ratio(WireDelayModel m, double nodes) {
  const double lg = std::log2(nodes), root = std::sqrt(nodes);
  switch (m) {
    case WireDelayModel::constant: return 2 * root / 3;
    case WireDelayModel::logarithmic: return root * (3.89 + lg - 2 * std::log2(lg)) / 4.33;
    case WireDelayModel::linear: return 2 * std::sqrt(2.0) * nodes / (3 * lg);
  }
  return 0;
}

ChittorDistances chittor_distances(double nodes) {
  const double lg = std::log2(nodes), root = std::sqrt(nodes);
  return {2 * root / 3, 2 * (root - 1), lg / 2, lg};
}

double chittor_speedup(double bandwidth_ratio, double hypercube_distance, double mesh_distance, double message) {
  return bandwidth_ratio * (hypercube_distance + message) / (mesh_distance + message);
}

double chittor_speedup_average(WireDelayModel m, double nodes, double message) {
  const ChittorDistances d = chittor_distances(nodes);
  return chittor_speedup(chittor_bandwidth_ratio(m, nodes), d.hypercube_mean, d.mesh_mean, message);
}

double chittor_speedup_worst(WireDelayModel m, double nodes, double message) {
  const ChittorDistances d = chittor_distances(nodes);
  return chittor_speedup(chittor_bandwidth_ratio(m, nodes), d.hypercube_max, d.mesh_max, message);
}

double chittor_speedup_under_contention(WireDelayModel m, double nodes) {
  return 2 / std::sqrt(nodes) * chittor_bandwidth_ratio(m, nodes);
}

}  // namespace kncsim
