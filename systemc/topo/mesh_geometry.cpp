#include "topo/mesh_geometry.hpp"

#include <cstdlib>
#include <stdexcept>

namespace kncsim {

MeshGeometry::MeshGeometry(int dims, int radix) : dims_(dims), radix_(radix), nodes_(1) {
  if (dims < 1 || radix < 2 || radix > 65535) throw std::invalid_argument("MeshGeometry: bad shape");
  for (int k = 0; k < dims; ++k) {
    strides_.push_back(nodes_);
    nodes_ *= static_cast<uint32_t>(radix);
  }
  coords_.resize(size_t(nodes_) * dims_);
  for (uint32_t n = 0; n < nodes_; ++n)
    for (int k = 0; k < dims_; ++k) coords_[size_t(n) * dims_ + k] = uint16_t((n / strides_[k]) % radix_);
}

int MeshGeometry::distance(uint32_t a, uint32_t b) const {
  int d = 0;
  for (int k = 0; k < dims_; ++k) d += std::abs(coord(a, k) - coord(b, k));
  return d;
}

}  // namespace kncsim
