#pragma once
// A d-dimensional mesh, radix R_k along dimension k, with the listings' numbering:
// node (x,y,z,..) = x + y R_0 + z R_0 R_1 ..; ports local=0, pred(dim)=2dim+1,
// succ(dim)=2dim+2; every node has 2d+1 ports (edge nodes leave some unconnected).
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace kncsim {

class MeshGeometry {
 public:
  MeshGeometry(int dims, int radix);
  explicit MeshGeometry(const std::vector<int>& radices);

  int dims() const { return dims_; }
  // The largest radix: the dimension the bisection cuts across.
  int radix() const { return radix_; }
  int radix(int dim) const { return radices_[dim]; }
  bool uniform() const;
  uint32_t nodes() const { return nodes_; }
  int ports() const { return 2 * dims_ + 1; }
  // Flits per cycle across the bisection in one direction: N/R (the listings' B).
  uint32_t bisection() const { return nodes_ / static_cast<uint32_t>(radix_); }
  // Output ports with no neighbour, halved: sum over k of N/R_k (d*B when all radices agree).
  uint32_t edge_ports_half() const;

  int coord(uint32_t node, int dim) const { return coords_[size_t(node) * dims_ + dim]; }
  uint32_t stride(int dim) const { return strides_[dim]; }
  // Neighbour reached through output `port` (not 0); the caller ensures it exists.
  uint32_t neighbour(uint32_t node, int port) const {
    const uint32_t s = strides_[dim_of(port)];
    return (port & 1) ? node - s : node + s;
  }
  int distance(uint32_t a, uint32_t b) const;

  static int pred(int dim) { return 2 * dim + 1; }
  static int succ(int dim) { return 2 * dim + 2; }
  static int dim_of(int port) { return (port - 1) / 2; }
  // "local", "-x", "+x", "-y", .. ("-d4" beyond w).
  static std::string port_name(int port);
  // The input port at the far end of output `port` (the listings' END).
  static int opposite(int port) { return (port & 1) ? port + 1 : port - 1; }

 private:
  int dims_, radix_;
  std::vector<int> radices_;
  uint32_t nodes_;
  std::vector<uint32_t> strides_;
  std::vector<uint16_t> coords_;
};

}  // namespace kncsim
