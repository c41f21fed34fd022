#include "contention/contention_parameters.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include <fmt/format.h>

namespace kncsim {
namespace {

// The channels (node * ports + port) a dimension-order route takes from src to dst.
void dor_route(const MeshGeometry& g, uint32_t src, uint32_t dst, std::vector<uint32_t>& out) {
  out.clear();
  uint32_t at = src;
  for (int k = 0; k < g.dims(); ++k) {
    const int off = g.offset(at, dst, k);
    const int port = off > 0 ? MeshGeometry::succ(k) : MeshGeometry::pred(k);
    for (int hop = 0; hop < std::abs(off); ++hop) {
      out.push_back(at * uint32_t(g.ports()) + uint32_t(port));
      at = g.neighbour(at, port);
    }
  }
}

// The channels of a given route (nodes, sender first).
void given_route(const MeshGeometry& g, const std::vector<uint32_t>& nodes, uint32_t src, uint32_t dst,
                 std::vector<uint32_t>& out) {
  out.clear();
  if (nodes.empty() || nodes.front() != src || nodes.back() != dst)
    throw std::invalid_argument(fmt::format("a route from node {} to node {} starts or ends elsewhere", src, dst));
  for (size_t i = 0; i + 1 < nodes.size(); ++i) {
    int port = 1;
    while (port < g.ports() && !(g.connected(nodes[i], port) && g.neighbour(nodes[i], port) == nodes[i + 1])) ++port;
    if (port == g.ports())
      throw std::invalid_argument(fmt::format("a route from node {} to node {} steps from node {} to node {}, which "
                                              "are not neighbours", src, dst, nodes[i], nodes[i + 1]));
    out.push_back(nodes[i] * uint32_t(g.ports()) + uint32_t(port));
  }
}

}  // namespace

ContentionResult analyse_contention(const MeshGeometry& g, const ProcessGraph& pg, const ProcessMapping& mapping,
                                    double max_steps, const PathRoutes* routes) {
  ContentionResult r;
  const uint32_t ports = uint32_t(g.ports());
  std::vector<int> channel_of(size_t(g.nodes()) * ports, -1);  // node * ports + port -> channel
  for (uint32_t n = 0; n < g.nodes(); ++n)
    for (int port = 1; port < int(ports); ++port)
      if (g.connected(n, port)) {
        channel_of[n * ports + uint32_t(port)] = int(r.channels.size());
        r.channels.push_back({n, port, 0});
      }

  // Every path's channels, kept flat (path i: route[first[i] .. first[i+1])).
  std::vector<uint32_t> route, hops, first{0};
  for (auto [e, eend] = edges(pg); e != eend; ++e) {
    const auto from = uint32_t(source(*e, pg)), to = uint32_t(target(*e, pg));
    const auto given = routes ? routes->find({from, to}) : PathRoutes::const_iterator{};
    if (routes && given != routes->end())
      given_route(g, given->second, mapping[from], mapping[to], hops);
    else
      dor_route(g, mapping[from], mapping[to], hops);
    if (hops.empty()) continue;
    for (uint32_t h : hops) {
      const int c = channel_of[h];
      route.push_back(uint32_t(c));
      ++r.channels[size_t(c)].load;
    }
    first.push_back(uint32_t(route.size()));
    r.paths.push_back({from, to, mapping[from], mapping[to], int(hops.size()), 0, 0, -1});
  }

  double steps = 0;
  for (const auto& c : r.channels) steps += double(c.load) * c.load;
  if (steps > max_steps)
    throw ContentionTooLarge(fmt::format("{} paths over {} channels: growing their contention sets takes {:.3g} steps "
                                         "(the sum of the squared channel loads), past the limit of {:.3g}",
                                         r.paths.size(), r.channels.size(), steps, max_steps));

  // Who uses each channel (CSR), then each path's contention set grown channel by channel.
  std::vector<uint32_t> user_first(r.channels.size() + 1, 0), users(route.size());
  for (size_t c = 0; c < r.channels.size(); ++c) user_first[c + 1] = user_first[c] + uint32_t(r.channels[c].load);
  std::vector<uint32_t> fill(user_first.begin(), user_first.end() - 1);
  for (uint32_t p = 0; p < r.paths.size(); ++p)
    for (uint32_t i = first[p]; i < first[p + 1]; ++i) users[fill[route[i]]++] = p;
  std::vector<uint32_t> met(r.paths.size(), UINT32_MAX);  // met[q] == p: path p has met q
  for (uint32_t p = 0; p < r.paths.size(); ++p) {
    ContentionPath& path = r.paths[p];
    met[p] = p;
    int busiest = -1;
    for (uint32_t i = first[p]; i < first[p + 1]; ++i) {
      const uint32_t c = route[i];
      bool new_here = false;
      for (uint32_t u = user_first[c]; u < user_first[c + 1]; ++u) {
        if (met[users[u]] == p) continue;
        met[users[u]] = p;
        ++path.nu;
        new_here = true;
      }
      path.logical += new_here;
      if (busiest < 0 || r.channels[c].load > r.channels[size_t(busiest)].load) busiest = int(c);
    }
    path.bottleneck_channel = busiest;
  }

  // Per node (Lemma 5) and the summary (Lemmas 3 and 4).
  ContentionSummary& s = r.summary;
  s.degree_avg = average_degree(pg);
  s.degree_max = max_degree(pg);
  for (const auto& c : r.channels) {
    s.chi_avg += c.load;
    s.chi_max = std::max(s.chi_max, c.load);
  }
  if (!r.channels.empty()) s.chi_avg /= double(r.channels.size());
  std::vector<int> worst_nu(num_vertices(pg), 0);
  for (const auto& p : r.paths) {
    s.physical_avg += p.physical;
    s.logical_avg += p.logical;
    s.nu_avg += p.nu;
    s.physical_max = std::max(s.physical_max, p.physical);
    s.logical_max = std::max(s.logical_max, p.logical);
    s.nu_max = std::max(s.nu_max, p.nu);
    worst_nu[p.from] = std::max(worst_nu[p.from], p.nu);
  }
  if (!r.paths.empty()) {
    const double n = double(r.paths.size());
    s.physical_avg /= n;
    s.logical_avg /= n;
    s.nu_avg /= n;
  }
  s.path_saturation_min = 1.0 / (s.nu_max + 1);
  s.avg_node_saturation = s.degree_avg / (s.nu_avg + 1);
  s.worst_node_saturation = s.degree_avg / (s.nu_max + 1);
  s.least_node_bound = -1;
  for (uint32_t p = 0; p < num_vertices(pg); ++p) {
    ContentionNode node{mapping[p], p, int(out_degree(p, pg)), worst_nu[p], 0};
    node.bound = node.degree * (1.0 - double(node.worst_nu) / (s.nu_max + 1));
    if (node.degree > 0 && (s.least_node_bound < 0 || node.bound < s.least_node_bound)) s.least_node_bound = node.bound;
    r.nodes.push_back(node);
  }
  if (s.least_node_bound < 0) s.least_node_bound = 0;
  return r;
}

RandomMappingEstimates random_mapping_estimates(double degree_avg, uint32_t nodes) {
  RandomMappingEstimates e;
  const double root = std::sqrt(double(nodes));
  e.c = degree_avg * root;
  e.physical_avg = 2 * root / 3 - 2 / (3 * root);
  e.physical_max = 2 * (root - 1);
  e.chi_avg = e.c / 6;
  e.chi_max = 3 * e.c / 8;
  e.nu_avg = e.c / 2;
  e.nu_max = e.c;
  e.avg_node_saturation = 2 / root;
  e.worst_node_saturation = 1 / root;
  return e;
}

}  // namespace kncsim
