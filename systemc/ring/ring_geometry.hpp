#pragma once
// Positions on a k-ary n-cube of unidirectional rings (Scott & Goodman): node u's coordinate
// in dimension d, its successor on that ring, and the ring a packet takes next (dimension
// order: a packet leaves ring d for the next dimension whose coordinate differs).
#include <cstdint>
#include <vector>

namespace kncsim {

class RingGeometry {
 public:
  RingGeometry(int dims, int radix) : dims_(dims), radix_(radix) {
    for (int d = 0; d < dims; ++d) {
      stride_.push_back(nodes_);
      nodes_ *= uint32_t(radix);
    }
  }
  int dims() const { return dims_; }
  int radix() const { return radix_; }
  uint32_t nodes() const { return nodes_; }
  int coord(uint32_t u, int d) const { return int(u / stride_[size_t(d)]) % radix_; }
  uint32_t downstream(uint32_t u, int d) const {
    const int c = coord(u, d);
    return u - uint32_t(c) * stride_[size_t(d)] + uint32_t((c + 1) % radix_) * stride_[size_t(d)];
  }
  uint32_t upstream(uint32_t u, int d) const {  // the node whose ring d link ends at u
    const int c = coord(u, d);
    return u - uint32_t(c) * stride_[size_t(d)] + uint32_t((c + radix_ - 1) % radix_) * stride_[size_t(d)];
  }
  // The first dimension after `after_dim` in which u and dest differ, or dims(): the CPU.
  int next_ring(uint32_t u, uint32_t dest, int after_dim) const {
    for (int d = after_dim + 1; d < dims_; ++d)
      if (coord(u, d) != coord(dest, d)) return d;
    return dims_;
  }

 private:
  int dims_, radix_;
  uint32_t nodes_ = 1;
  std::vector<uint32_t> stride_;
};

}  // namespace kncsim
