// The deadlock report: follow, from each blocked input channel, the channel it waits for
// (the far FIFO of its output, or the input holding that output) until one repeats.
#include <fmt/format.h>

#include <map>
#include <optional>
#include <vector>

#include "net/wormhole_fabric.hpp"

namespace kncsim {
namespace {

struct Channel {
  uint32_t node;
  int in;
  bool operator<(const Channel& o) const { return node != o.node ? node < o.node : in < o.in; }
  bool operator==(const Channel& o) const { return node == o.node && in == o.in; }
};

std::string where(const MeshGeometry& g, uint32_t n) {
  if (g.hex_edge()) return fmt::format("node {}", n);
  std::vector<int> c;
  for (int k = 0; k < g.dims(); ++k) c.push_back(g.coord(n, k));
  return fmt::format("node {} ({})", n, fmt::join(c, ","));
}

}  // namespace

std::string WormholeFabric::waiting_cycle() const {
  // Channels are input (or output) port * vcs + virtual channel.
  const int V = params.router.vcs;
  // The channel `c` waits for, if its front flit is blocked inside the network: the input
  // holding the output channel it holds or wants (an unbound head: the first held one of its
  // output), or else the far input it waits to have room in.
  auto waits_for = [&](Channel c) -> std::optional<Channel> {
    const NetworkRouter& r = *routers[c.node];
    const int bound = r.bound_output(c.in);  // -1 also for routers that cannot be seen into (RTL)
    const uint32_t route = bound >= 0 ? 1u << (bound / V) : r.route_of_front(c.in);
    if (!route || (route & 1u)) return std::nullopt;  // empty, or bound for the sink
    const int o = __builtin_ctz(route);
    const Channel far{g.neighbour(c.node, o), MeshGeometry::opposite(o) * V + (bound >= 0 ? bound % V : 0)};
    if (bound >= 0) return far;  // it holds its output channel: it waits for room beyond
    for (int v = 0; v < V; ++v) {
      const int holder = r.bound_input(o * V + v);
      if (holder >= 0) return Channel{c.node, holder};
    }
    return far;
  };
  auto name = [V](int ch) {
    return MeshGeometry::port_name(ch / V) + (V > 1 ? fmt::format(" vc {}", ch % V) : std::string());
  };
  for (uint32_t n = 0; n < g.nodes(); ++n) {
    for (int i = 0; i < g.ports() * V; ++i) {
      if (i / V == 0 && i % V != 0) continue;  // the local input has one channel
      std::map<Channel, size_t> seen;
      std::vector<Channel> path;
      std::optional<Channel> c = Channel{n, i};
      while (c && !seen.count(*c)) {
        seen[*c] = path.size();
        path.push_back(*c);
        c = waits_for(*c);
      }
      if (!c) continue;
      std::string out;
      for (size_t k = seen[*c]; k < path.size(); ++k) {
        const Channel& w = path[k];
        const NetworkRouter& r = *routers[w.node];
        const int o = r.bound_output(w.in);
        out += fmt::format("  {} input from {} ({} flits){} waits for\n", where(g, w.node), name(w.in),
                           r.input_fifo_size(w.in), o >= 0 ? fmt::format(", holding output {}", name(o)) : "");
      }
      return out + fmt::format("  {} input from {} (the first channel again)\n", where(g, c->node), name(c->in));
    }
  }
  return "  (no cycle found: the network is stalled without a circular wait)\n";
}

}  // namespace kncsim
