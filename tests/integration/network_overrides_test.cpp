// network.overrides: a link's own delay or width, failed links and nodes, routing round them
// where the routing function can, and the pairs it cannot reach reported, never left to hang.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <functional>
#include <map>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "config/config.hpp"
#include "net/wormhole_network.hpp"
#include "router/fault_map.hpp"
#include "router/routing.hpp"
#include "spec/experiment_spec.hpp"
#include "spec/network_overrides.hpp"
#include "support/every_pair.hpp"
#include "support/overload.hpp"
#include "support/test_streams.hpp"

namespace kncsim {
namespace {

std::string write_file(const std::string& name, const std::string& text) {
  const std::string path = testing::TempDir() + name;
  std::ofstream(path) << text;
  return path;
}

NetworkOverrides parse(const MeshGeometry& g, const std::string& text) {
  return read_network_overrides(write_file("overrides.txt", text), g, [](uint32_t, int) { return 1; });
}

TEST(OverridesFile, LinesBecomeBothDirectionsOfEachWire) {
  const MeshGeometry g(2, 4);
  const NetworkOverrides o = parse(g, "# comment\n\nlink (1,1) +x delay 4   # the wire 5 - 6\nlink 6 -x width 1/3\n"
                                      "link 0 +y failed\nnode 15 failed\n");
  ASSERT_EQ(o.links.size(), 2u);  // 5 -> 6 and 6 -> 5, one wire given a delay and a width
  std::set<std::pair<uint32_t, int>> ends;
  for (const LinkOverride& l : o.links) {
    EXPECT_EQ(l.delay, 4);
    EXPECT_EQ(l.cycles_per_flit, 3);
    ends.insert({l.node, l.port});
  }
  EXPECT_EQ(ends, (std::set<std::pair<uint32_t, int>>{{5, MeshGeometry::succ(0)}, {6, MeshGeometry::pred(0)}}));
  ASSERT_EQ(o.failed_links.size(), 1u);
  EXPECT_EQ(o.failed_links[0], std::make_pair(0u, MeshGeometry::succ(1)));
  EXPECT_EQ(o.failed_nodes, std::vector<uint32_t>{15});
}

// Each mistake is refused naming the file and line, with what is allowed there.
TEST(OverridesFile, MistakesNameTheFileAndLine) {
  const MeshGeometry g(2, 4);
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"link 3 +q failed", ":1: '+q' is not a port; allowed: -x, +x, -y, +y"},
      {"\nlink 3 +x failed", ":2: node 3 has no wire on +x (the mesh's edge)"},
      {"link 16 +x failed", ":1: node 16 is outside the 16-node network; allowed: 0..15"},
      {"link (4,0) +x failed", "is not a node's coordinates"},
      {"link (1) +x failed", "gives 1 coordinates; allowed: 2"},
      {"link 1 +x delay 0", "allowed: 1..1000"},
      {"link 1 +x width 0.5", "allowed: 1/1..1/64"},
      {"link 1 +x delay 2\nlink 2 -x delay 3", ":2: this wire's delay was given on line 1 already"},
      {"link 1 +x failed\nlink 1 +x width 1/2", ":2: a failed wire (line 1) given a delay or width (line 2)"},
      {"node 2 failed\nnode 2 failed", ":2: node 2 failed on line 1 already"},
      {"wire 1 +x failed", "unknown override 'wire'; allowed: 'link NODE PORT delay CYCLES'"},
      {"link 1 +x broken", "unknown link override 'broken'; allowed: delay, width or failed"},
  };
  for (const auto& [text, message] : cases) {
    SCOPED_TRACE(text);
    try {
      parse(g, text);
      ADD_FAILURE() << "accepted";
    } catch (const ConfigError& e) {
      EXPECT_NE(std::string(e.what()).find("overrides.txt"), std::string::npos) << e.what();
      EXPECT_NE(std::string(e.what()).find(message), std::string::npos) << e.what();
    }
  }
}

// Every pair alone: each packet's head takes its path's wires, the overridden ones at their own
// delay, either way, + 1.
TEST(OverridesNetwork, EveryPairAloneTakesTheOverriddenDelays) {
  const MeshGeometry g(2, 4);
  WormholeNetworkParams p;
  p.packet_flits = 4;
  const std::map<std::pair<uint32_t, int>, int> slow = {{{5, MeshGeometry::succ(0)}, 4}, {{6, MeshGeometry::pred(0)}, 4},
                                                        {{0, MeshGeometry::succ(1)}, 3}, {{4, MeshGeometry::pred(1)}, 3}};
  for (const auto& [end, delay] : slow) p.link_overrides.push_back(LinkOverride{end.first, end.second, delay, 1});
  const std::vector<PacketRecord> records = every_pair_alone(g, p, 80);
  ASSERT_EQ(records.size(), 256u);
  int slowed = 0;
  for (const PacketRecord& r : records) {
    int64_t expect = 1;
    for (uint32_t n = r.src; n != r.dest;) {
      const int o = __builtin_ctz(minimal_routes(g, n, r.dest, false));
      const auto s = slow.find({n, o});
      expect += s == slow.end() ? 1 : s->second;
      n = g.neighbour(n, o);
    }
    slowed += expect > r.hops + 1;
    ASSERT_EQ(r.tarrive - r.tsent, expect) << r.src << " -> " << r.dest;
  }
  EXPECT_GT(slowed, 20);
}

// A wire 1/3 as wide carries a flit every 3 cycles: back-to-back packets of 4 flits arrive 12
// cycles apart, where the full width takes 4.
TEST(OverridesNetwork, ANarrowWireTakesAFlitEveryKCycles) {
  for (int k : {1, 3}) {
    const MeshGeometry g(2, 4);
    WormholeNetworkParams p;
    p.packet_flits = 4;
    p.link_overrides = {LinkOverride{0, MeshGeometry::succ(0), 1, k}, LinkOverride{1, MeshGeometry::pred(0), 1, k}};
    std::map<int64_t, std::vector<Injection>> sends;
    sends[5] = std::vector<Injection>(20, Injection{0, 1});
    InjectionFeed feed(std::make_unique<ListStream>(sends), g.nodes(), false);
    WormholeNetwork net(g, p, feed);
    Recorder rec;
    net.set_packet_sink(&rec);
    net.run_until(2000);
    ASSERT_EQ(rec.records.size(), 20u);
    for (size_t i = 2; i < rec.records.size(); ++i)
      EXPECT_EQ(rec.records[i].tarrive - rec.records[i - 1].tarrive, 4 * k) << "k " << k << " packet " << i;
  }
}

// Whether some minimal path from s to d avoids the failures, by walking them all.
bool minimal_path_survives(const MeshGeometry& g, const FaultMap& f, uint32_t s, uint32_t d) {
  if (f.node_failed(s)) return false;
  if (s == d) return true;
  for (uint32_t m = minimal_routes(g, s, d, true); m; m &= m - 1) {
    const int o = __builtin_ctz(m);
    if (f.alive(s, o) && minimal_path_survives(g, f, g.neighbour(s, o), d)) return true;
  }
  return false;
}

// The reachability the routers and the start-up report use is the truth, on meshes, tori and a
// hexagonal mesh with random failures; dimension order's is its one path.
TEST(OverridesFaults, ReachabilityIsEveryMinimalPathWalked) {
  std::mt19937 rng(7);
  const std::vector<MeshGeometry> shapes = {MeshGeometry(2, 5), MeshGeometry(2, 4, true),
                                            MeshGeometry(std::vector<int>{3, 4, 3}), MeshGeometry::hexagonal(4)};
  for (const MeshGeometry& g : shapes) {
    for (int trial = 0; trial < 5; ++trial) {
      std::vector<std::pair<uint32_t, int>> links;
      std::vector<uint32_t> nodes;
      for (int i = 0; i < 4; ++i) {
        const uint32_t n = rng() % g.nodes();
        const int o = 1 + int(rng() % uint32_t(g.ports() - 1));
        if (g.connected(n, o)) links.emplace_back(n, o);
      }
      if (trial % 2) nodes.push_back(rng() % g.nodes());
      const FaultMap f(g, links, nodes);
      int cut = 0;
      for (uint32_t s = 0; s < g.nodes(); ++s) {
        for (uint32_t d = 0; d < g.nodes(); ++d) {
          const bool any = minimal_path_survives(g, f, s, d) && !f.node_failed(d);
          ASSERT_EQ(f.reaches(s, d, false), any) << s << " -> " << d;
          bool dor = !f.node_failed(s) && !f.node_failed(d);
          for (uint32_t n = s; dor && n != d;) {
            const int o = __builtin_ctz(minimal_routes(g, n, d, false));
            dor = f.alive(n, o);
            n = g.neighbour(n, o);
          }
          ASSERT_EQ(f.reaches(s, d, true), dor) << s << " -> " << d;
          if (any && s != d) {  // every output offered leads on towards d
            const uint32_t out = f.minimal_alive(s, d);
            ASSERT_NE(out, 0u);
            for (uint32_t m = out; m; m &= m - 1) ASSERT_TRUE(f.reaches(g.neighbour(s, __builtin_ctz(m)), d, false));
          }
          cut += !any;
        }
      }
      EXPECT_GT(cut, 0);  // the failures cut something
    }
  }
}

// Overloaded round a failed node and a failed wire, then drained: adaptive routing on a mesh and
// dimension order on a torus's dateline pair never deadlock, every packet arrives once on a
// minimal path that avoids the failures, and exactly the unreachable pairs' packets are not sent.
TEST(OverridesFaults, TrafficGoesRoundFailuresAndNothingHangs) {
  struct Case {
    bool torus, adaptive;
    int vcs;
    int64_t fifo;
  };
  for (const Case& c : {Case{false, true, 1, -1}, Case{true, false, 2, 4}, Case{false, false, 1, 4}}) {
    SCOPED_TRACE(testing::Message() << "torus " << c.torus << " adaptive " << c.adaptive);
    const MeshGeometry g(2, 6, c.torus);
    const uint32_t dead_node = 2 + 2 * 6;
    auto faults = std::make_shared<const FaultMap>(
        g, std::vector<std::pair<uint32_t, int>>{{4 + 1 * 6, MeshGeometry::succ(1)}, {0, MeshGeometry::succ(0)}},
        std::vector<uint32_t>{dead_node});
    const int64_t stop = 4000;
    InjectionFeed feed = uniform_feed(g, 3, injection_probability(c.fifo < 0 ? .5 : 1.2, 6, 8, c.torus), stop);
    WormholeNetworkParams p = wormhole_8flit(c.fifo, c.vcs, c.adaptive, 2000);
    if (c.fifo < 0) p.router.credits = CreditPolicy::none;
    p.router.routing = c.adaptive ? Routing::adaptive : Routing::dor;
    p.router.faults = faults;
    WormholeNetwork net(g, p, feed);
    Recorder rec;
    net.set_packet_sink(&rec);
    for (int64_t until = stop; until == stop || net.flits_buffered() > 0 || net.packets_waiting() > 0;) {
      ASSERT_NO_THROW(net.run_until(until));
      ASSERT_LT(until, 30 * stop) << "the network did not drain";
      until += 5000;
    }
    EXPECT_EQ(net.counters().numrecd, net.counters().numsent);
    EXPECT_GT(net.packets_unreachable(), 0);
    std::set<uint64_t> ids;
    for (const PacketRecord& r : rec.records) {
      ASSERT_TRUE(ids.insert(r.id).second);
      ASSERT_TRUE(faults->reaches(r.src, r.dest, !c.adaptive)) << r.src << " -> " << r.dest << " was sent";
      ASSERT_EQ(r.hops, g.distance(r.src, r.dest));
    }
    // The failed wires carried nothing: they were never built.
    for (const ChannelLoad& l : net.channel_loads()) {
      const int o = l.dir > 0 ? MeshGeometry::succ(l.dim) : MeshGeometry::pred(l.dim);
      EXPECT_TRUE(faults->alive(l.node, o)) << "a channel on failed wire " << l.node << " " << o;
    }
  }
}

}  // namespace
}  // namespace kncsim
