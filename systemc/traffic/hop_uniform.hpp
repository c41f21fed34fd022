#pragma once
// PP-MESS-SIM's HopUniform({p_i}): a destination i hops from the source with probability p_i,
// uniform among the nodes that far. The paper keeps a hop table per node; here the nodes at
// distance h are counted per dimension (coordinates at each distance along it) and combined,
// so a draw costs O(dims x h x R) and no table of N^2 entries. A source with no node i hops
// away (a centre node's reach is shorter than a corner's) draws among the distances it has,
// the p_i renormalised. On a hexagonal mesh every node has 6h nodes at h hops (h < e): the
// offsets from a node, ordered by distance, are kept once (N entries).
#include <cstdint>
#include <string>
#include <vector>

#include "topo/mesh_geometry.hpp"

namespace kncsim {

class HopUniform {
 public:
  // p[i]: probability of i + 1 hops.
  HopUniform(const MeshGeometry& g, std::vector<double> p);
  // Two uniform draws in [0, 1): the hop count, then the node among those that far.
  uint32_t draw(uint32_t src, double u_hops, double u_node) const;
  // Nodes exactly h hops from src (for tests).
  double nodes_at(uint32_t src, int h) const;
  // The hops every node can reach: the smallest over nodes of the farthest distance.
  static int reach_of_every_node(const MeshGeometry& g);

 private:
  // Coordinates of dimension k at distance d from x (d = 0..R-1).
  double along(int k, int x, int d) const;
  // ways[k][h]: choices in dimensions k.. adding up to h hops.
  std::vector<std::vector<double>> ways(uint32_t src, int most) const;

  int coord(uint32_t node, int k) const { return int(node / stride_[size_t(k)] % uint32_t(radix_[size_t(k)])); }

  // The network's shape, kept by value (the geometry a spec is decoded with does not outlive it).
  std::vector<int> radix_;
  std::vector<uint32_t> stride_;
  bool torus_;
  std::vector<double> p_;
  // A hexagonal mesh: its node count and the offsets from a node by distance (0, then 6 at 1 hop,
  // 12 at 2, ..); empty otherwise.
  uint32_t hex_nodes_ = 0;
  std::vector<uint32_t> hex_by_distance_;
};

// Why HopUniform(p) cannot run on g ("" if it can): some node would have no hop count of
// non-zero probability within its reach.
std::string hop_uniform_refusal(const MeshGeometry& g, const std::vector<double>& p, const std::string& key);

}  // namespace kncsim
