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

bool MeshGeometry::uniform() const {
  for (int r : radices_)
    if (r != radix_) return false;
  return true;
}

uint32_t MeshGeometry::edge_ports_half() const {
  uint32_t e = 0;
  if (torus_) return e;
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
