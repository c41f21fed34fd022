#include "router/fault_map.hpp"

#include <stdexcept>

#include "router/routing.hpp"

namespace kncsim {

FaultMap::FaultMap(MeshGeometry g, const std::vector<std::pair<uint32_t, int>>& links,
                   const std::vector<uint32_t>& nodes)
    : g_(std::move(g)), dead_(g_.nodes(), 0), node_failed_(g_.nodes(), 0) {
  const uint32_t n_nodes = g_.nodes();
  if (n_nodes > kMaxNodes) throw std::invalid_argument("FaultMap: more than kMaxNodes nodes");
  auto kill = [&](uint32_t n, int o) {  // the wire both ways
    if (!g_.connected(n, o)) throw std::invalid_argument("FaultMap: no wire there");
    const uint32_t m = g_.neighbour(n, o);
    if (!(dead_[n] >> o & 1u)) ++failed_links_;
    dead_[n] |= 1u << o;
    dead_[m] |= 1u << MeshGeometry::opposite(o);
  };
  for (const auto& [n, o] : links) kill(n, o);
  for (uint32_t n : nodes) {
    if (!node_failed_[n]) ++failed_nodes_;
    node_failed_[n] = 1;
    for (int o = 1; o < g_.ports(); ++o)
      if (g_.connected(n, o) && !(dead_[n] >> o & 1u)) kill(n, o), --failed_links_;  // counted as the node
  }
  // Per destination, nodes nearest first: a node reaches d if one of its minimal outputs is
  // alive and leads to a node that does (one hop nearer, so already decided).
  reach_.assign((uint64_t(n_nodes) * n_nodes + 63) / 64, 0);
  std::vector<std::vector<uint32_t>> by_distance;
  for (uint32_t d = 0; d < n_nodes; ++d) {
    if (node_failed_[d]) continue;
    by_distance.clear();
    for (uint32_t n = 0; n < n_nodes; ++n) {
      const size_t h = size_t(g_.distance(n, d));
      if (by_distance.size() <= h) by_distance.resize(h + 1);
      by_distance[h].push_back(n);
    }
    const uint64_t base = uint64_t(d) * n_nodes;
    reach_[(base + d) >> 6] |= uint64_t{1} << ((base + d) & 63);
    for (size_t h = 1; h < by_distance.size(); ++h) {
      for (uint32_t n : by_distance[h]) {
        if (node_failed_[n]) continue;
        const uint32_t minimal = minimal_routes(g_, n, d, true) & ~dead_[n];
        for (uint32_t m = minimal; m; m &= m - 1) {
          const uint64_t next = base + g_.neighbour(n, __builtin_ctz(m));
          if (reach_[next >> 6] >> (next & 63) & 1u) {
            reach_[(base + n) >> 6] |= uint64_t{1} << ((base + n) & 63);
            break;
          }
        }
      }
    }
  }
}

uint32_t FaultMap::minimal_alive(uint32_t node, uint32_t dest) const {
  if (node == dest) return 1u;
  uint32_t out = 0;
  for (uint32_t m = minimal_routes(g_, node, dest, true) & ~dead_[node]; m; m &= m - 1) {
    const int o = __builtin_ctz(m);
    if (survives(g_.neighbour(node, o), dest)) out |= 1u << o;
  }
  return out;
}

bool FaultMap::dor_intact(uint32_t s, uint32_t d) const {
  if (node_failed_[s] || node_failed_[d]) return false;
  for (uint32_t n = s; n != d;) {
    const int o = __builtin_ctz(minimal_routes(g_, n, d, false));
    if (dead_[n] >> o & 1u) return false;
    n = g_.neighbour(n, o);
  }
  return true;
}

}  // namespace kncsim
