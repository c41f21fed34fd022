// PP-MESS-SIM's third network family, the C-wrapped hexagonal mesh (network.topology:
// hexagonal): its labelling, its one shortest way per pair, its analytic distances, the
// datelines that keep dimension order deadlock-free across its wrapped axes, and the SystemC
// network on it.
#include <gtest/gtest.h>

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/breadth_first_search.hpp>
#include <boost/graph/topological_sort.hpp>
#include <boost/graph/visitors.hpp>
#include <cmath>
#include <map>
#include <set>
#include <vector>

#include "analytic/mesh_analytic.hpp"
#include "net/wormhole_network.hpp"
#include "router/routing.hpp"
#include "router/vc_classes.hpp"
#include "support/every_pair.hpp"
#include "support/overload.hpp"
#include "traffic/hop_uniform.hpp"

namespace kncsim {
namespace {

using Graph = boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS>;

// Hop counts from node 0, by breadth-first search over the wires alone.
std::vector<int> bfs_from_zero(const MeshGeometry& g) {
  Graph graph(g.nodes());
  for (uint32_t n = 0; n < g.nodes(); ++n)
    for (int o = 1; o < g.ports(); ++o) boost::add_edge(n, g.neighbour(n, o), graph);
  std::vector<int> d(g.nodes(), 0);
  boost::breadth_first_search(graph, boost::vertex(0, graph),
                              boost::visitor(boost::make_bfs_visitor(boost::record_distances(d.data(), boost::on_tree_edge()))));
  return d;
}

TEST(HexagonalMesh, ChenShinKandlurLabelling) {
  const MeshGeometry g = MeshGeometry::hexagonal(3);
  ASSERT_EQ(g.nodes(), 19u);
  ASSERT_EQ(g.ports(), 7);
  std::set<uint32_t> around;
  for (int o = 1; o < g.ports(); ++o) around.insert(g.neighbour(0, o));
  EXPECT_EQ(around, (std::set<uint32_t>{1, 18, 8, 11, 7, 12}));  // 0 +- 1, +- (3e-1), +- (3e-2), mod 19
  EXPECT_EQ(g.neighbour(18, MeshGeometry::succ(0)), 0u);        // x wraps from N-1 to 0
  EXPECT_EQ(g.neighbour(5, MeshGeometry::succ(1)), 13u);        // y: + 3e-1
  EXPECT_EQ(g.neighbour(5, MeshGeometry::pred(2)), 17u);        // z: - (3e-2), mod N
}

// Every node has six distinct neighbours, each wire runs both ways, the shortest way offset()
// gives walks to the destination in exactly the breadth-first distance, and the distances
// are 6d nodes at each d < e: the analytic mean.
TEST(HexagonalMesh, OneShortestWayPerPairAndTheAnalyticMean) {
  for (int e = 2; e <= 7; ++e) {
    SCOPED_TRACE(e);
    const MeshGeometry g = MeshGeometry::hexagonal(e);
    ASSERT_EQ(g.nodes(), uint32_t(3 * e * (e - 1) + 1));
    const std::vector<int> bfs = bfs_from_zero(g);
    std::map<int, int> at;
    double sum = 0;
    for (uint32_t n = 0; n < g.nodes(); ++n) {
      std::set<uint32_t> around;
      for (int o = 1; o < g.ports(); ++o) {
        ASSERT_TRUE(g.connected(n, o));
        const uint32_t m = g.neighbour(n, o);
        around.insert(m);
        ASSERT_EQ(g.neighbour(m, MeshGeometry::opposite(o)), n);
      }
      if (e > 2) {  // (e = 2 is the complete graph on 7 nodes: six all the same)
        ASSERT_EQ(around.size(), 6u);
      }
      ASSERT_FALSE(around.count(n));
      ++at[bfs[n]];
      sum += bfs[n];
    }
    for (int d = 1; d < e; ++d) EXPECT_EQ(at[d], 6 * d);
    EXPECT_NEAR(sum / g.nodes(), MeshGeometry::hex_mean_distance(e), 1e-12);
    EXPECT_NEAR(hexagonal_analytic(e, 8, .1).mean_distance, sum / g.nodes(), 1e-12);
    // Every pair (the graph is vertex-transitive, so from a few sources): the offsets' way is
    // as short as the search's, uses at most two axes, and walks there.
    for (uint32_t a : {0u, 1u, g.nodes() / 2, g.nodes() - 1}) {
      for (uint32_t b = 0; b < g.nodes(); ++b) {
        const uint32_t from_zero = (b + g.nodes() - a) % g.nodes();
        ASSERT_EQ(g.distance(a, b), bfs[from_zero]) << a << " -> " << b;
        int axes = 0;
        uint32_t at_node = a;
        for (int k = 0; k < 3; ++k) {
          const int off = g.offset(a, b, k);
          axes += off != 0;
          for (int i = 0; i < std::abs(off); ++i) at_node = g.neighbour(at_node, off > 0 ? MeshGeometry::succ(k) : MeshGeometry::pred(k));
        }
        ASSERT_EQ(at_node, b) << a << " -> " << b;
        ASSERT_LE(axes, 2);
      }
    }
  }
}

// The channels dimension order waits on, pair by pair: every hop's channel (node, port, VC)
// after the one before, with the VC the routing function allows. With the datelines (2 VCs)
// the graph has no cycle, for every edge; with one channel it has (the wrapped axes close rings).
Graph dependency_graph(const MeshGeometry& g, int vcs, bool* one_vc_each) {
  Graph graph(size_t(g.nodes()) * size_t(g.ports()) * size_t(vcs));
  auto channel = [&](uint32_t n, int o, int v) { return (size_t(n) * size_t(g.ports()) + size_t(o)) * size_t(vcs) + size_t(v); };
  *one_vc_each = true;
  for (uint32_t s = 0; s < g.nodes(); ++s) {
    for (uint32_t d = 0; d < g.nodes(); ++d) {
      size_t before = ~size_t{0};
      for (uint32_t n = s; n != d;) {
        const uint32_t route = minimal_routes(g, n, d, false);
        const int o = __builtin_ctz(route);
        const uint32_t allowed = output_vcs(g, n, s, d, o, vcs);
        *one_vc_each &= __builtin_popcount(allowed) == 1;
        const size_t here = channel(n, o, __builtin_ctz(allowed));
        if (before != ~size_t{0}) boost::add_edge(before, here, graph);
        before = here;
        n = g.neighbour(n, o);
      }
    }
  }
  return graph;
}

bool acyclic(const Graph& graph) {
  std::vector<Graph::vertex_descriptor> order;
  try {
    boost::topological_sort(graph, std::back_inserter(order));
  } catch (const boost::not_a_dag&) {
    return false;
  }
  return true;
}

TEST(HexagonalDatelines, DimensionOrderOnTwoChannelsWaitsInNoCycle) {
  for (int e = 2; e <= 6; ++e) {
    SCOPED_TRACE(e);
    const MeshGeometry g = MeshGeometry::hexagonal(e);
    bool one = false;
    EXPECT_TRUE(acyclic(dependency_graph(g, 2, &one)));
    EXPECT_TRUE(one);
    if (e > 2) {
      EXPECT_FALSE(acyclic(dependency_graph(g, 1, &one)));  // the check can fail
    }
  }
}

// Each pair alone on an idle network: its head arrives after its distance in hops, one cycle
// each, + 1 at the destination, on the shortest way; the mean is the analytic zero-load latency.
TEST(HexagonalNetwork, EveryPairAloneTakesItsDistance) {
  const MeshGeometry g = MeshGeometry::hexagonal(4);
  WormholeNetworkParams p;
  p.packet_flits = 4;
  p.router.vcs = 2;
  const std::vector<PacketRecord> records = every_pair_alone(g, p, 8 + 4 + 2 * (g.ports() * 8));
  ASSERT_EQ(records.size(), size_t(g.nodes()) * g.nodes());
  double sum = 0;
  for (const PacketRecord& r : records) {
    ASSERT_EQ(r.hops, g.distance(r.src, r.dest)) << r.src << " -> " << r.dest;
    ASSERT_EQ(r.tarrive - r.tsent, r.hops + 1) << r.src << " -> " << r.dest;
    sum += double(r.tarrive - r.tsent);
  }
  EXPECT_NEAR(sum / double(records.size()), MeshGeometry::hex_mean_distance(4) + 1, 1e-9);
}

// Overloaded with finite FIFOs it keeps moving, then drains: every packet once, minimally.
TEST(HexagonalNetwork, OverloadNeverDeadlocksAndDrains) {
  for (Arbitration a : {Arbitration::priority_token, Arbitration::oldest_first}) {
    SCOPED_TRACE(int(a));
    const MeshGeometry g = MeshGeometry::hexagonal(5);
    const int64_t stop = 6000;
    const double q = 6 * 1.3 / (MeshGeometry::hex_mean_distance(5) * 8);  // 1.3x every link's capacity
    InjectionFeed feed = uniform_feed(g, 5, q, stop);
    WormholeNetworkParams p = wormhole_8flit(4, 2, false, 2000);
    p.router.arbitration = a;
    WormholeNetwork net(g, p, feed);
    Recorder rec;
    net.set_packet_sink(&rec);
    overload_then_drain(net, g, rec, stop);
  }
}

// PP-MESS-SIM's hop table on the hexagonal mesh: 6h nodes at h hops, and a draw lands at the
// hop count drawn.
TEST(HexagonalHopUniform, DrawsLandAtTheirHopCount) {
  const MeshGeometry g = MeshGeometry::hexagonal(5);
  const HopUniform h(g, {.2, .3, .4, .1});
  for (int d = 1; d <= 4; ++d) EXPECT_EQ(h.nodes_at(7, d), 6 * d);
  EXPECT_EQ(h.nodes_at(7, 5), 0);
  EXPECT_EQ(HopUniform::reach_of_every_node(g), 4);
  std::map<int, int> hops;
  std::set<uint32_t> two_away;
  for (int i = 0; i < 4000; ++i) {
    const double u = (i + .5) / 4000, v = std::fmod(i * 0.6180339887, 1.0);
    const uint32_t dest = h.draw(30, u, v);
    ++hops[g.distance(30, dest)];
    if (g.distance(30, dest) == 2) two_away.insert(dest);
  }
  EXPECT_NEAR(hops[1], 800, 2);
  EXPECT_NEAR(hops[2], 1200, 2);
  EXPECT_NEAR(hops[3], 1600, 2);
  EXPECT_NEAR(hops[4], 400, 2);
  EXPECT_EQ(two_away.size(), 12u);  // every node two hops away drawn
}

}  // namespace
}  // namespace kncsim
