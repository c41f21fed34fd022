#include "traffic/hop_uniform.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace kncsim {

HopUniform::HopUniform(const MeshGeometry& g, std::vector<double> p) : torus_(g.torus()), p_(std::move(p)) {
  if (g.hex_edge()) {
    hex_nodes_ = g.nodes();
    for (uint32_t n = 0; n < hex_nodes_; ++n) hex_by_distance_.push_back(n);
    std::stable_sort(hex_by_distance_.begin(), hex_by_distance_.end(),
                     [&g](uint32_t a, uint32_t b) { return g.distance(0, a) < g.distance(0, b); });
    return;
  }
  for (int k = 0; k < g.dims(); ++k) {
    radix_.push_back(g.radix(k));
    stride_.push_back(g.stride(k));
  }
}

double HopUniform::along(int k, int x, int d) const {
  const int r = radix_[size_t(k)];
  if (d == 0) return 1;
  if (torus_) return 2 * d < r ? 2 : 2 * d == r ? 1 : 0;
  return double(x - d >= 0) + double(x + d <= r - 1);
}

std::vector<std::vector<double>> HopUniform::ways(uint32_t src, int most) const {
  const int dims = int(radix_.size());
  std::vector<std::vector<double>> w(size_t(dims + 1), std::vector<double>(size_t(most + 1), 0));
  w[size_t(dims)][0] = 1;
  for (int k = dims - 1; k >= 0; --k) {
    const int x = coord(src, k);
    for (int h = 0; h <= most; ++h)
      for (int d = 0; d <= h && d < radix_[size_t(k)]; ++d) w[size_t(k)][size_t(h)] += along(k, x, d) * w[size_t(k + 1)][size_t(h - d)];
  }
  return w;
}

double HopUniform::nodes_at(uint32_t src, int h) const {
  if (hex_nodes_) return h == 0 ? 1 : 3 * h * (h + 1) + 1 <= int(hex_nodes_) ? 6 * h : 0;
  return ways(src, h)[0][size_t(h)];
}

uint32_t HopUniform::draw(uint32_t src, double u_hops, double u_node) const {
  const int most = int(p_.size());
  if (hex_nodes_) {  // the same hop count draw, then one of the 6h offsets that far
    double total = 0;
    for (int h = 1; h <= most; ++h) total += nodes_at(0, h) > 0 ? p_[size_t(h - 1)] : 0;
    int hops = 0;
    double sum = 0;
    for (int h = 1; h <= most; ++h) {
      if (nodes_at(0, h) <= 0 || p_[size_t(h - 1)] <= 0) continue;
      hops = h;
      sum += p_[size_t(h - 1)] / total;
      if (u_hops < sum) break;
    }
    const uint32_t first = uint32_t(3 * hops * (hops - 1) + 1);  // offsets nearer than `hops`
    const uint32_t pick = std::min(uint32_t(u_node * 6 * hops), uint32_t(6 * hops - 1));
    return (src + hex_by_distance_[first + pick]) % hex_nodes_;
  }
  const auto w = ways(src, most);
  double total = 0;
  for (int h = 1; h <= most; ++h)
    if (w[0][size_t(h)] > 0) total += p_[size_t(h - 1)];
  int hops = 0;
  double sum = 0;
  for (int h = 1; h <= most; ++h) {
    if (w[0][size_t(h)] <= 0 || p_[size_t(h - 1)] <= 0) continue;
    hops = h;
    sum += p_[size_t(h - 1)] / total;
    if (u_hops < sum) break;
  }
  // Dimension by dimension: a distance d along it with weight (coordinates at d) x (ways for the
  // rest), then one of those coordinates; u_node rescaled at each choice.
  uint32_t dest = src;
  int left = hops;
  double u = u_node;
  for (int k = 0; k < int(radix_.size()); ++k) {
    const int x = coord(src, k), r = radix_[size_t(k)];
    const double all = w[size_t(k)][size_t(left)];
    double acc = 0;
    int d = 0;
    for (int e = 0; e <= left && e < r; ++e) {
      const double part = along(k, x, e) * w[size_t(k + 1)][size_t(left - e)];
      if (part <= 0) continue;
      d = e;
      if (u * all < acc + part) {
        u = std::clamp((u * all - acc) / part, 0.0, std::nextafter(1.0, 0.0));
        break;
      }
      acc += part;
    }
    // The coordinate d away: below or above (a torus: either way round).
    int y = x;
    if (d > 0) {
      const double n = along(k, x, d);
      const bool below_ok = torus_ || x - d >= 0;
      const bool take_below = n == 2 ? u < 0.5 : below_ok;
      if (n == 2) u = take_below ? 2 * u : 2 * u - 1;
      y = take_below ? (x - d + r) % r : (x + d) % r;
    }
    dest = dest - uint32_t(x) * stride_[size_t(k)] + uint32_t(y) * stride_[size_t(k)];
    left -= d;
  }
  return dest;
}

int HopUniform::reach_of_every_node(const MeshGeometry& g) {
  if (g.hex_edge()) return g.hex_edge() - 1;
  int reach = 0;
  for (int k = 0; k < g.dims(); ++k) reach += g.torus() ? g.radix(k) / 2 : g.radix(k) / 2;  // a centre coordinate's
  return reach;
}

std::string hop_uniform_refusal(const MeshGeometry& g, const std::vector<double>& p, const std::string& key) {
  const int reach = HopUniform::reach_of_every_node(g);
  for (int h = 1; h <= int(p.size()) && h <= reach; ++h)
    if (p[size_t(h - 1)] > 0) return "";
  return fmt::format("{} gives no weight to a hop count within {} hop(s), the farthest a centre node reaches on this "
                     "network; allowed: some p_i > 0 with i <= {}",
                     key, reach, reach);
}

}  // namespace kncsim
