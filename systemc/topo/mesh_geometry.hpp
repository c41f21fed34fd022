#pragma once
// A d-dimensional mesh, radix R_k along dimension k, with the listings' numbering:
// node (x,y,z,..) = x + y R_0 + z R_0 R_1 ..; ports local=0, pred(dim)=2dim+1,
// succ(dim)=2dim+2; every node has 2d+1 ports (edge nodes leave some unconnected). With
// wraparound it is a torus: the pred of coordinate 0 is R_k - 1, and every port connects.
//
// Or a C-wrapped hexagonal mesh of edge e (PP-MESS-SIM's third family; Chen, Shin and Kandlur's
// labelling for HARTS): N = 3e(e-1) + 1 nodes numbered 0..N-1, node i wired to i +- 1 (axis x),
// i +- (3e-1) (y) and i +- (3e-2) (z), mod N. Its three axes take the ports of three
// dimensions (x: 1, 2; y: 3, 4; z: 5, 6). Every pair has one shortest way in steps per axis
// (the hexagon of radius e-1 round a node tiles the wrapped plane), at most two axes of it
// used, so offset() is that way's steps and the routers need nothing else of the labelling.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace kncsim {

// Hops from coordinate a to b along a dimension of radix R, signed by direction (+: succ): on
// a torus the shorter way round, halfway round on an even ring the succ way.
inline int cube_offset(int a, int b, int radix, bool torus) {
  const int d = b - a;
  if (!torus) return d;
  const int up = (d + radix) % radix;
  return 2 * up <= radix ? up : up - radix;
}

class MeshGeometry {
 public:
  MeshGeometry(int dims, int radix, bool torus = false);
  explicit MeshGeometry(const std::vector<int>& radices, bool torus = false);
  // The C-wrapped hexagonal mesh of edge e (2..1000).
  static MeshGeometry hexagonal(int edge);

  // Edge e of a hexagonal mesh; 0 for a mesh or torus.
  int hex_edge() const { return hex_; }
  // Every port connects, and rings of channels close: a torus or a hexagonal mesh.
  bool wrapped() const { return torus_ || hex_ > 0; }
  // Nodes a hop along the axis of `port` moves (hexagonal mesh only; + for succ ports).
  uint32_t hex_step(int dim) const { return steps_[dim]; }
  // Flits a node offers per cycle at traffic.load 1 is load_links() / load_span(): 4/R on a mesh
  // and 8/R on a torus (their bisections), 6/d on a hexagonal mesh (its mean distance d, every
  // link busy under uniform traffic).
  int load_links() const { return hex_ ? 6 : torus_ ? 8 : 4; }
  double load_span() const { return hex_ ? hex_mean_distance(hex_) : double(radix_); }
  // Mean distance of a hexagonal mesh of edge e over all N destinations (the node itself
  // included, as uniform traffic draws): sum over d < e of 6d * d / N = (e-1)e(2e-1) / N.
  static double hex_mean_distance(int edge);

  int dims() const { return dims_; }
  bool torus() const { return torus_; }
  // The largest radix: the dimension the bisection cuts across.
  int radix() const { return radix_; }
  int radix(int dim) const { return radices_[dim]; }
  bool uniform() const;
  uint32_t nodes() const { return nodes_; }
  int ports() const { return 2 * dims_ + 1; }
  // Flits per cycle across the bisection in one direction: N/R (the listings' B); a torus's
  // wraparound doubles it.
  uint32_t bisection() const { return (torus_ ? 2 : 1) * nodes_ / static_cast<uint32_t>(radix_); }
  // What traffic.load's U divides by: the bisection, or on a hexagonal mesh its equivalent
  // N load_links() / (4 load_span()), so U = 1 is every link busy there.
  double load_bisection() const { return hex_ ? double(nodes_) * 6 / (4 * load_span()) : double(bisection()); }
  // Output ports with no neighbour, halved: sum over k of N/R_k (d*B when all radices agree); 0
  // on a torus.
  uint32_t edge_ports_half() const;

  // (A mesh's or torus's; a hexagonal mesh has none.)
  int coord(uint32_t node, int dim) const { return coords_[size_t(node) * dims_ + dim]; }
  uint32_t stride(int dim) const { return strides_[dim]; }
  // Whether output `port` (not 0) of `node` has a neighbour: on a mesh, not at the edges.
  bool connected(uint32_t node, int port) const {
    if (torus_ || hex_) return true;
    const int k = dim_of(port), c = coord(node, k);
    return (port & 1) ? c > 0 : c < radices_[k] - 1;
  }
  // Neighbour reached through output `port` (not 0); the caller ensures it is connected.
  uint32_t neighbour(uint32_t node, int port) const {
    const int k = dim_of(port);
    if (hex_) return (port & 1) ? (node + nodes_ - steps_[k]) % nodes_ : (node + steps_[k]) % nodes_;
    const uint32_t s = strides_[k], c = coord(node, k), last = uint32_t(radices_[k] - 1);
    if (port & 1) return c == 0 ? node + last * s : node - s;  // (0: the wraparound)
    return c == last ? node - last * s : node + s;
  }
  // Hops from a to b in dimension k, signed by direction (cube_offset).
  // On a hexagonal mesh: steps along axis k of the one shortest way.
  int offset(uint32_t a, uint32_t b, int k) const {
    if (hex_) return hex_way_[size_t((b + nodes_ - a) % nodes_) * 3 + size_t(k)];
    return cube_offset(coord(a, k), coord(b, k), radices_[k], torus_);
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
  bool torus_;
  int hex_ = 0;
  uint32_t steps_[3] = {0, 0, 0};
  std::vector<int16_t> hex_way_;  // hexagonal: x, y, z steps from node 0 to each node
  std::vector<int> radices_;
  uint32_t nodes_;
  std::vector<uint32_t> strides_;
  std::vector<uint16_t> coords_;
};

}  // namespace kncsim
