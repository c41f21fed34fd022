#include "traffic/process_graph.hpp"

#include <boost/graph/grid_graph.hpp>
#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <fstream>
#include <map>
#include <sstream>
#include <stdexcept>

namespace kncsim {
namespace {

// Every edge of Boost's grid graph (both directions), as process numbers.
template <std::size_t Dims>
ProcessGraph grid(const std::vector<int64_t>& lengths_in, bool wrap) {
  boost::array<std::size_t, Dims> lengths{};
  for (std::size_t k = 0; k < Dims; ++k) lengths[k] = std::size_t(lengths_in[k]);
  const boost::grid_graph<Dims> grid(lengths, wrap);
  ProcessGraph pg(num_vertices(grid));
  const auto index = get(boost::vertex_index, grid);
  for (auto [v, vend] = vertices(grid); v != vend; ++v)
    for (auto [e, eend] = out_edges(*v, grid); e != eend; ++e)
      add_edge(get(index, source(*e, grid)), get(index, target(*e, grid)), pg);
  return pg;
}

// A mesh (or a ring, wrap) of this shape. Boost's grid_graph reads past its arrays on a
// dimension of length 1 (its assertion fires in a debug build), so those dimensions are left
// out first; the numbering, x + a y + a b z .., is unchanged by that. A ring of 2 is one edge
// each way (the wraparound would repeat it).
ProcessGraph mesh(const std::vector<int64_t>& shape, bool wrap) {
  std::vector<int64_t> lengths;
  for (int64_t s : shape)
    if (s > 1) lengths.push_back(s);
  if (wrap && lengths.size() == 1 && lengths[0] < 3) wrap = false;
  switch (lengths.size()) {
    case 0:
      return ProcessGraph(1);
    case 1:
      return grid<1>(lengths, wrap);
    case 2:
      return grid<2>(lengths, wrap);
    default:
      return grid<3>(lengths, wrap);
  }
}

// The factors a_0 >= a_1 >= .. of n, `parts` of them, as equal as n allows.
std::vector<int64_t> balanced_factors(uint32_t n, int parts) {
  if (parts == 1) return {int64_t(n)};
  const auto target = uint32_t(std::llround(std::pow(double(n), 1.0 / parts)));
  for (uint32_t span = 0;; ++span) {  // the divisor nearest the parts-th root
    for (uint32_t f : {target + span, target - span}) {
      if (f < 1 || f > n || n % f) continue;
      std::vector<int64_t> rest = balanced_factors(n / f, parts - 1);
      rest.push_back(f);
      std::sort(rest.rbegin(), rest.rend());
      return rest;
    }
  }
}

}  // namespace

GraphKind graph_kind(const std::string& name) {
  if (name == "mesh2d") return GraphKind::mesh2d;
  if (name == "mesh3d") return GraphKind::mesh3d;
  if (name == "binary_tree") return GraphKind::binary_tree;
  if (name == "hypercube") return GraphKind::hypercube;
  if (name == "ring") return GraphKind::ring;
  if (name == "pairs") return GraphKind::pairs;
  if (name == "file") return GraphKind::file;
  throw std::invalid_argument("unknown process graph " + name);
}

std::vector<int64_t> default_graph_shape(GraphKind kind, uint32_t nodes) {
  int log2 = 0;
  while ((2u << log2) <= nodes) ++log2;  // 2^log2 <= nodes
  switch (kind) {
    case GraphKind::mesh2d:
      return balanced_factors(nodes, 2);
    case GraphKind::mesh3d:
      return balanced_factors(nodes, 3);
    case GraphKind::binary_tree:
      return {(nodes & (nodes - 1)) == 0 ? int64_t(nodes) - 1 : int64_t(nodes)};
    case GraphKind::hypercube:
      return {log2};
    case GraphKind::pairs:
      return {int64_t(nodes & ~1u)};
    case GraphKind::ring:
    case GraphKind::file:
      return {int64_t(nodes)};
  }
  return {};
}

std::string graph_shape_problem(GraphKind kind, const std::vector<int64_t>& shape, uint32_t nodes) {
  const size_t want = kind == GraphKind::mesh2d ? 2 : kind == GraphKind::mesh3d ? 3 : 1;
  const char* what = kind == GraphKind::mesh2d      ? "[a, b]: a mesh of a x b processes"
                     : kind == GraphKind::mesh3d    ? "[a, b, c]: a mesh of a x b x c processes"
                     : kind == GraphKind::hypercube ? "[n]: a hypercube of 2^n processes, n >= 1"
                     : kind == GraphKind::ring      ? "[n]: a ring of n >= 3 processes"
                     : kind == GraphKind::pairs     ? "[n]: n >= 2 processes in pairs (n even)"
                                                    : "[n]: a binary tree of n >= 2 processes";
  if (kind == GraphKind::file) return "";
  if (shape.size() != want) return fmt::format("it lists {} numbers; allowed: {}", shape.size(), what);
  double processes = 1;
  for (int64_t s : shape) processes *= double(s);
  if (kind == GraphKind::hypercube) {
    if (shape[0] < 1 || shape[0] > 24) return fmt::format("hypercube dimension {}; allowed: {}", shape[0], what);
    processes = std::ldexp(1.0, int(shape[0]));
  }
  if (kind == GraphKind::ring && shape[0] < 3) return fmt::format("a ring of {}; allowed: {}", shape[0], what);
  if (kind == GraphKind::pairs && (shape[0] < 2 || shape[0] % 2)) return fmt::format("{} processes; allowed: {}", shape[0], what);
  if (kind == GraphKind::binary_tree && shape[0] < 2) return fmt::format("a tree of {}; allowed: {}", shape[0], what);
  if (processes > double(nodes))
    return fmt::format("{:.0f} processes do not fit on {} nodes (one process per node at most)", processes, nodes);
  return "";
}

ProcessGraph builtin_graph(GraphKind kind, const std::vector<int64_t>& shape) {
  switch (kind) {
    case GraphKind::mesh2d:
    case GraphKind::mesh3d:
      return mesh(shape, false);
    case GraphKind::ring:
      return mesh(shape, true);
    case GraphKind::pairs: {
      ProcessGraph pg{std::size_t(shape[0])};
      for (std::size_t p = 0; p + 1 < std::size_t(shape[0]); p += 2) {
        add_edge(p, p + 1, pg);
        add_edge(p + 1, p, pg);
      }
      return pg;
    }
    case GraphKind::binary_tree: {
      ProcessGraph pg{std::size_t(shape[0])};
      for (std::size_t p = 1; p < std::size_t(shape[0]); ++p) {
        add_edge((p - 1) / 2, p, pg);
        add_edge(p, (p - 1) / 2, pg);
      }
      return pg;
    }
    case GraphKind::hypercube: {
      const std::size_t n = std::size_t(1) << shape[0];
      ProcessGraph pg(n);
      for (std::size_t p = 0; p < n; ++p)
        for (int64_t k = 0; k < shape[0]; ++k) add_edge(p, p ^ (std::size_t(1) << k), pg);
      return pg;
    }
    case GraphKind::file:
      break;
  }
  throw std::invalid_argument("builtin_graph: a file graph is read with read_graph_file");
}

namespace {

// A line's words, without its comment; "u->v" reads as "u -> v".
std::vector<std::string> words(std::string line) {
  line = line.substr(0, line.find('#'));
  for (size_t at = line.find("->"); at != std::string::npos; at = line.find("->", at + 4)) line.replace(at, 2, " -> ");
  std::istringstream in(line);
  std::vector<std::string> out;
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

bool process_number(const std::string& w, long& out) {
  const auto [end, ec] = std::from_chars(w.data(), w.data() + w.size(), out);
  return ec == std::errc() && end == w.data() + w.size() && out >= 0;
}

}  // namespace

ProcessGraph read_graph_file(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw GraphFileError(fmt::format("cannot read process graph file '{}'", path));
  const char* format = "'processes N' first, then one edge per line: 'u v' (both ways) or 'u -> v' (one way)";
  ProcessGraph pg;
  long processes = -1;
  std::map<std::pair<long, long>, int> seen;  // directed edge -> its line
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    auto fail = [&](const std::string& why) {
      return GraphFileError(fmt::format("{}:{}: {}: '{}'; allowed: {}", path, number, why, line, format));
    };
    const std::vector<std::string> w = words(line);
    long u = 0, v = 0;
    if (w.empty()) continue;
    if (w[0] == "processes") {
      if (processes >= 0) throw fail("a second 'processes' line");
      if (w.size() != 2 || !process_number(w[1], processes) || processes < 1 || processes > (1L << 24))
        throw fail("malformed 'processes' line (1 to 16777216 processes)");
      pg = ProcessGraph(std::size_t(processes));
      continue;
    }
    const bool one_way = w.size() == 3 && w[1] == "->";
    if (!(w.size() == 2 || one_way) || !process_number(w[0], u) || !process_number(w.back(), v))
      throw fail("malformed line");
    if (processes < 0) throw fail("an edge before the 'processes N' line");
    for (long p : {u, v})
      if (p >= processes) throw fail(fmt::format("process {} does not exist (processes 0..{})", p, processes - 1));
    if (u == v) throw fail(fmt::format("an edge from process {} to itself", u));
    std::vector<std::pair<long, long>> directed{{u, v}};
    if (!one_way) directed.emplace_back(v, u);
    for (auto [a, b] : directed) {
      auto [it, added] = seen.emplace(std::pair(a, b), number);
      if (!added) throw fail(fmt::format("edge {} -> {} repeats line {}", a, b, it->second));
      add_edge(std::size_t(a), std::size_t(b), pg);
    }
  }
  if (processes < 0) throw GraphFileError(fmt::format("{}: no 'processes N' line; allowed: {}", path, format));
  return pg;
}

ProcessGraph pattern_graph(PatternKind kind, const MeshGeometry& g, int rotation) {
  const uint32_t n = g.nodes();
  ProcessGraph pg(n);
  const int d = g.dims();
  for (uint32_t src = 0; src < n; ++src) {
    switch (kind) {
      case PatternKind::uniform:
        for (uint32_t dst = 0; dst < n; ++dst)
          if (dst != src) add_edge(src, dst, pg);
        continue;
      case PatternKind::nearest_neighbour:
        for (int k = 0; k < d; ++k)
          for (int port : {MeshGeometry::pred(k), MeshGeometry::succ(k)})
            if (g.connected(src, port)) add_edge(src, g.neighbour(src, port), pg);
        continue;
      case PatternKind::hotspot:
      case PatternKind::hop_uniform:
        throw std::invalid_argument(to_string(kind));
      default:
        break;
    }
    const uint32_t dst = pattern_destination(kind, g, src, rotation);  // a permutation: one destination
    if (dst != src) add_edge(src, dst, pg);
  }
  return pg;
}

double average_degree(const ProcessGraph& pg) {
  return num_vertices(pg) ? double(num_edges(pg)) / double(num_vertices(pg)) : 0;
}

int max_degree(const ProcessGraph& pg) {
  std::size_t most = 0;
  for (auto [v, vend] = vertices(pg); v != vend; ++v) most = std::max(most, out_degree(*v, pg));
  return int(most);
}

}  // namespace kncsim
