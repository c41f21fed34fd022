#include "topo/mesh_geometry.hpp"

#include <algorithm>
#include <cstdlib>
#include <stdexcept>

namespace kncsim {

MeshGeometry::MeshGeometry(int dims, int radix, bool torus)
    : MeshGeometry(std::vector<int>(size_t(std::max(dims, 0)), radix), torus) {}

MeshGeometry::MeshGeometry(const std::vector<int>& radices, bool torus)
    : dims_(int(radices.size())), radix_(0), torus_(torus), radices_(radices), nodes_(1) {
  if (radices.empty()) throw std::invalid_argument("MeshGeometry: no dimensions");
  for (int r : radices) {
    if (r < 2 || r > 65535) throw std::invalid_argument("MeshGeometry: radix out of range");
    strides_.push_back(nodes_);
    nodes_ *= static_cast<uint32_t>(r);
    radix_ = std::max(radix_, r);
  }
  coords_.resize(size_t(nodes_) * dims_);
  for (uint32_t n = 0; n < nodes_; ++n)
    for (int k = 0; k < dims_; ++k) coords_[size_t(n) * dims_ + k] = uint16_t((n / strides_[k]) % radices_[k]);
}

MeshGeometry MeshGeometry::hexagonal(int edge) {
  if (edge < 2 || edge > 1000) throw std::invalid_argument("MeshGeometry: hexagonal edge out of range");
  MeshGeometry g(std::vector<int>{2}, false);  // then made over: three axes of e nodes a side
  g.dims_ = 3;
  g.radix_ = edge;
  g.radices_.assign(3, edge);
  g.hex_ = edge;
  g.nodes_ = uint32_t(3 * edge * (edge - 1) + 1);
  g.coords_.clear();
  g.coords_.shrink_to_fit();
  g.strides_.assign(3, 0);
  const int e = edge, n = int(g.nodes_);
  g.steps_[0] = 1;
  g.steps_[1] = uint32_t(3 * e - 1);
  g.steps_[2] = uint32_t(3 * e - 2);
  // Every lattice point within e-1 hops of node 0, as a x-steps and b z-steps (y = x + z): the
  // N of them are the N nodes, each once. Same signs share their common part as y steps.
  g.hex_way_.assign(size_t(n) * 3, 0);
  std::vector<bool> seen(size_t(n), false);
  for (int a = -(e - 1); a <= e - 1; ++a) {
    for (int b = -(e - 1); b <= e - 1; ++b) {
      const bool same = (a > 0 && b > 0) || (a < 0 && b < 0);
      if ((same ? std::max(std::abs(a), std::abs(b)) : std::abs(a) + std::abs(b)) > e - 1) continue;
      const int y = same ? (a > 0 ? 1 : -1) * std::min(std::abs(a), std::abs(b)) : 0;
      const int node = ((a + b * (3 * e - 2)) % n + n) % n;
      if (seen[size_t(node)]) throw std::logic_error("MeshGeometry: hexagonal labelling covers a node twice");
      seen[size_t(node)] = true;
      g.hex_way_[size_t(node) * 3 + 0] = int16_t(a - y);
      g.hex_way_[size_t(node) * 3 + 1] = int16_t(y);
      g.hex_way_[size_t(node) * 3 + 2] = int16_t(b - y);
    }
  }
  return g;
}

double MeshGeometry::hex_mean_distance(int edge) {
  const double e = edge;
  return (e - 1) * e * (2 * e - 1) / (3 * e * (e - 1) + 1);
}

bool MeshGeometry::uniform() const {
  for (int r : radices_)
    if (r != radix_) return false;
  return true;
}

uint32_t MeshGeometry::edge_ports_half() const {
  uint32_t e = 0;
  if (torus_ || hex_) return e;
  for (int r : radices_) e += nodes_ / uint32_t(r);
  return e;
}

int MeshGeometry::distance(uint32_t a, uint32_t b) const {
  int d = 0;
  for (int k = 0; k < dims_; ++k) d += std::abs(offset(a, b, k));
  return d;
}

std::string MeshGeometry::port_name(int port) {
  if (port == 0) return "local";
  static const char* axis = "xyzw";
  const int k = dim_of(port);
  return std::string(port & 1 ? "-" : "+") + (k < 4 ? std::string(1, axis[k]) : "d" + std::to_string(k));
}

}  // namespace kncsim
