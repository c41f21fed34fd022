#include "spec/network_overrides.hpp"

#include <fmt/format.h>

#include <charconv>
#include <cmath>
#include <fstream>
#include <map>
#include <sstream>

#include "config/config.hpp"
#include "spec/link_timing.hpp"

namespace kncsim {
namespace {

bool whole_number(const std::string& s, long& v) {
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  return ec == std::errc() && end == s.data() + s.size();
}

}  // namespace

NetworkOverrides read_network_overrides(const std::string& path, const MeshGeometry& g,
                                        const std::function<int(uint32_t, int)>& delay_of) {
  std::ifstream in(path);
  if (!in) throw ConfigError(fmt::format("network.overrides: cannot read '{}'; allowed: a file of override lines", path));
  NetworkOverrides out;
  out.file = path;
  const std::string forms = "'link NODE PORT delay CYCLES', 'link NODE PORT width 1/K', 'link NODE PORT failed' or "
                            "'node NODE failed'";
  std::string ports;
  for (int o = 1; o < g.ports(); ++o) ports += (o > 1 ? ", " : "") + MeshGeometry::port_name(o);
  // What each wire was given, and where: by (lower node, port) of the wire.
  struct Wire {
    int delay = 0, cycles_per_flit = 1, failed = 0;  // failed: its line
    int delay_line = 0, width_line = 0;
    uint32_t node = 0;
    int port = 0;
  };
  std::map<std::pair<uint32_t, int>, Wire> wires;
  std::map<uint32_t, int> node_line;
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    auto fail = [&](const std::string& why) {
      return ConfigError(fmt::format("{}:{}: {}: '{}'", path, number, why, line));
    };
    std::istringstream words(line.substr(0, line.find('#')));
    std::vector<std::string> w;
    for (std::string s; words >> s;) w.push_back(s);
    if (w.empty()) continue;
    auto node_of = [&](const std::string& s) -> uint32_t {
      long v = 0;
      if (whole_number(s, v)) {
        if (v < 0 || v >= long(g.nodes()))
          throw fail(fmt::format("node {} is outside the {}-node network; allowed: 0..{}", v, g.nodes(), g.nodes() - 1));
        return uint32_t(v);
      }
      if (g.hex_edge() || s.size() < 3 || s.front() != '(' || s.back() != ')')
        throw fail(fmt::format("'{}' is not a node; allowed: a number 0..{}{}", s, g.nodes() - 1,
                               g.hex_edge() ? "" : ", or coordinates (x,y,..) without spaces"));
      std::istringstream parts(s.substr(1, s.size() - 2));
      uint32_t n = 0;
      int k = 0;
      for (std::string part; std::getline(parts, part, ','); ++k) {
        if (k >= g.dims() || !whole_number(part, v) || v < 0 || v >= g.radix(k))
          throw fail(fmt::format("'{}' is not a node's coordinates; allowed: {} coordinates, each 0..R_k-1", s, g.dims()));
        n += uint32_t(v) * g.stride(k);
      }
      if (k != g.dims()) throw fail(fmt::format("'{}' gives {} coordinates; allowed: {}", s, k, g.dims()));
      return n;
    };
    if (w[0] == "node") {
      if (w.size() != 3 || w[2] != "failed") throw fail(fmt::format("malformed node line; allowed: {}", forms));
      const uint32_t n = node_of(w[1]);
      if (node_line.count(n)) throw fail(fmt::format("node {} failed on line {} already", n, node_line[n]));
      node_line[n] = number;
      out.failed_nodes.push_back(n);
      continue;
    }
    if (w[0] != "link" || w.size() < 4)
      throw fail(fmt::format("unknown override '{}'; allowed: {}", w[0], forms));
    const uint32_t n = node_of(w[1]);
    int port = 0;
    for (int o = 1; o < g.ports(); ++o)
      if (MeshGeometry::port_name(o) == w[2]) port = o;
    if (port == 0) throw fail(fmt::format("'{}' is not a port; allowed: {}", w[2], ports));
    if (!g.connected(n, port))
      throw fail(fmt::format("node {} has no wire on {} (the mesh's edge); allowed: a port with a neighbour", n, w[2]));
    const uint32_t m = g.neighbour(n, port);
    const auto key = n < m || (n == m && port % 2 == 0) ? std::make_pair(n, port) : std::make_pair(m, MeshGeometry::opposite(port));
    Wire& wire = wires[key];
    wire.node = key.first;
    wire.port = key.second;
    const std::string& what = w[3];
    if (what == "failed") {
      if (w.size() != 4) throw fail(fmt::format("malformed link line; allowed: {}", forms));
      if (wire.failed) throw fail(fmt::format("this wire failed on line {} already", wire.failed));
      wire.failed = number;
    } else if (what == "delay") {
      long v = 0;
      if (w.size() != 5 || !whole_number(w[4], v) || v < 1 || v > kMaxLinkDelay)
        throw fail(fmt::format("a link's delay is a whole number of cycles; allowed: 1..{}", kMaxLinkDelay));
      if (wire.delay_line) throw fail(fmt::format("this wire's delay was given on line {} already", wire.delay_line));
      wire.delay = int(v);
      wire.delay_line = number;
    } else if (what == "width") {
      long k = 0;
      const std::string& f = w.size() == 5 ? w[4] : std::string();
      const bool fraction = f.rfind("1/", 0) == 0 && whole_number(f.substr(2), k);
      if (!fraction || k < 1 || k > 64)
        throw fail("a link's width is a fraction 1/K of the network's (a flit every K cycles); allowed: 1/1..1/64");
      if (wire.width_line) throw fail(fmt::format("this wire's width was given on line {} already", wire.width_line));
      wire.cycles_per_flit = int(k);
      wire.width_line = number;
    } else {
      throw fail(fmt::format("unknown link override '{}'; allowed: delay, width or failed", what));
    }
    if (wire.failed && (wire.delay_line || wire.width_line))
      throw fail(fmt::format("a failed wire (line {}) given a delay or width (line {}); allowed: one or the other",
                             wire.failed, std::max(wire.delay_line, wire.width_line)));
  }
  for (const auto& [key, wire] : wires) {
    if (wire.failed) {
      out.failed_links.emplace_back(wire.node, wire.port);
      continue;
    }
    const uint32_t m = g.neighbour(wire.node, wire.port);
    for (const auto& [n, o] : {std::make_pair(wire.node, wire.port), std::make_pair(m, MeshGeometry::opposite(wire.port))})
      out.links.push_back(LinkOverride{n, o, wire.delay_line ? wire.delay : delay_of(n, o), wire.cycles_per_flit});
  }
  return out;
}

}  // namespace kncsim
