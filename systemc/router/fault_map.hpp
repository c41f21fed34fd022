#pragma once
// Failed links and nodes of a mesh, torus or hexagonal mesh (network.overrides), and what the
// routing functions can still do around them:
//   - dimension order takes its one path, so a pair is reachable only while every wire of it is;
//   - minimal adaptive and oblivious routing take any minimal path, so a pair is reachable while
//     one minimal path survives, and at each node the outputs are those still on one
//     (minimal_alive). A head never turns into a dead end.
// A failed node takes every wire of it down. Reachability is a bit per ordered pair: networks of
// at most kMaxNodes nodes.
#include <cstdint>
#include <utility>
#include <vector>

#include "topo/mesh_geometry.hpp"

namespace kncsim {

class FaultMap {
 public:
  static constexpr uint32_t kMaxNodes = 4096;

  // links: (node, output port) of each failed wire, either end (both directions fail).
  FaultMap(MeshGeometry g, const std::vector<std::pair<uint32_t, int>>& links, const std::vector<uint32_t>& nodes);

  bool node_failed(uint32_t n) const { return node_failed_[n] != 0; }
  bool alive(uint32_t node, int port) const { return (dead_[node] >> port & 1u) == 0; }
  // The minimal outputs of `node` towards `dest` on a surviving minimal path (1: dest is here).
  uint32_t minimal_alive(uint32_t node, uint32_t dest) const;
  // Whether a packet from s reaches d: along dimension order's path (dor), or some minimal one.
  bool reaches(uint32_t s, uint32_t d, bool dor) const { return dor ? dor_intact(s, d) : survives(s, d); }
  uint32_t failed_links() const { return failed_links_; }  // wires, counted once
  uint32_t failed_nodes() const { return failed_nodes_; }

 private:
  bool survives(uint32_t n, uint32_t d) const {
    const uint64_t bit = uint64_t(d) * g_.nodes() + n;
    return (reach_[bit >> 6] >> (bit & 63) & 1u) != 0;
  }
  bool dor_intact(uint32_t s, uint32_t d) const;

  MeshGeometry g_;
  std::vector<uint32_t> dead_;         // per node: its failed outputs (bit p)
  std::vector<uint8_t> node_failed_;
  std::vector<uint64_t> reach_;        // bit d*N + n: n reaches d on a surviving minimal path
  uint32_t failed_links_ = 0, failed_nodes_ = 0;
};

}  // namespace kncsim
