#include "traffic/process_mapping.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <fstream>
#include <numeric>
#include <sstream>
#include <stdexcept>

#include "rand/counter_rng.hpp"
#include "traffic/process_graph.hpp"
#include "traffic/tree_tiles.hpp"

namespace kncsim {

namespace {

// The H-tree's positions, unturned: x grows along rows (first edge), y along columns.
std::vector<std::pair<int, int>> h_tree_positions(uint32_t processes) {
  int h = 0;  // height of the smallest complete tree holding them
  while ((uint64_t{2} << h) - 1 < processes) ++h;
  std::vector<std::pair<int, int>> at(processes);
  for (uint32_t p = 1; p < processes; ++p) {
    const uint32_t parent = (p - 1) / 2;
    int depth = 0;
    while ((uint64_t{2} << depth) - 1 <= parent) ++depth;  // parent's depth
    const int length = 1 << ((h - 1 - depth) / 2), side = p % 2 ? -1 : 1;
    at[p] = at[parent];
    (depth % 2 ? at[p].second : at[p].first) += side * length;
  }
  return at;
}

}  // namespace

std::pair<int, int> h_tree_extent(uint32_t processes) {
  int min_x = 0, max_x = 0, min_y = 0, max_y = 0;
  for (auto [x, y] : h_tree_positions(processes)) {
    min_x = std::min(min_x, x), max_x = std::max(max_x, x);
    min_y = std::min(min_y, y), max_y = std::max(max_y, y);
  }
  return {max_x - min_x + 1, max_y - min_y + 1};
}

namespace {

// A layout's (column, row) places, from (0, 0), on a 2D mesh: rows along dimension 0 if they fit,
// else turned a quarter; centred on the radices. Empty when it fits neither way.
ProcessMapping place_layout(const std::vector<std::pair<int64_t, int64_t>>& at, const std::vector<int>& radices) {
  if (radices.size() != 2) return {};
  int64_t cols = 0, rows = 0;
  for (auto [x, y] : at) cols = std::max(cols, x + 1), rows = std::max(rows, y + 1);
  const bool turned = !(cols <= radices[0] && rows <= radices[1]);
  if (turned && !(rows <= radices[0] && cols <= radices[1])) return {};
  const int64_t off_x = (radices[0] - (turned ? rows : cols)) / 2, off_y = (radices[1] - (turned ? cols : rows)) / 2;
  ProcessMapping m(at.size());
  for (size_t p = 0; p < at.size(); ++p) {
    const auto [x, y] = at[p];
    m[p] = uint32_t((turned ? y : x) + off_x + radices[0] * ((turned ? x : y) + off_y));
  }
  return m;
}

// Process x + a (y + b z) of an a x b x c mesh graph, at place(x, y, z).
template <class Place>
std::vector<std::pair<int64_t, int64_t>> mesh3d_layout(const std::vector<int64_t>& shape, Place&& place) {
  const int64_t a = shape[0], b = shape[1], c = shape[2];
  std::vector<std::pair<int64_t, int64_t>> at(size_t(a * b * c));
  for (int64_t z = 0; z < c; ++z)
    for (int64_t y = 0; y < b; ++y)
      for (int64_t x = 0; x < a; ++x) at[size_t(x + a * (y + b * z))] = place(x, y, z);
  return at;
}

}  // namespace

ProcessMapping h_tree_mapping(uint32_t processes, const std::vector<int>& radices) {
  const auto at = h_tree_positions(processes);
  int min_x = 0, min_y = 0;
  for (auto [x, y] : at) min_x = std::min(min_x, x), min_y = std::min(min_y, y);
  std::vector<std::pair<int64_t, int64_t>> from_origin;
  for (auto [x, y] : at) from_origin.emplace_back(x - min_x, y - min_y);
  return place_layout(from_origin, radices);
}

namespace {
int tree_height(uint32_t processes) {
  int h = 1;
  while ((uint64_t{1} << h) - 1 < processes) ++h;
  return h;
}
}  // namespace

std::pair<int, int> youn_singh_extent(uint32_t processes) {
  const int h = tree_height(processes);
  return {1 << ((h + 1) / 2), 1 << (h / 2)};
}

RoutedMapping youn_singh_mapping(uint32_t processes, const std::vector<int>& radices) {
  const TreeTiles t = youn_singh_tiles(tree_height(processes));
  if (t.cell.size() < processes) return {};
  // The processes' cells, then every path's, placed together (the paths may pass the spare node).
  std::vector<std::pair<int64_t, int64_t>> at;
  for (uint32_t p = 0; p < processes; ++p) at.emplace_back(t.cell[p]);
  for (uint32_t p = 1; p < processes; ++p)
    for (auto c : t.path[p]) at.emplace_back(c);
  at.emplace_back(int64_t(t.columns) - 1, int64_t(t.rows) - 1);  // the block's far corner keeps its extent
  const ProcessMapping placed = place_layout(at, radices);
  if (placed.empty()) return {};
  RoutedMapping r;
  r.mapping.assign(placed.begin(), placed.begin() + processes);
  size_t next = processes;
  for (uint32_t p = 1; p < processes; ++p) {
    std::vector<uint32_t> down(placed.begin() + long(next), placed.begin() + long(next + t.path[p].size()));
    next += t.path[p].size();
    const uint32_t parent = (p - 1) / 2;
    r.routes[{parent, p}] = down;
    std::reverse(down.begin(), down.end());
    r.routes[{p, parent}] = std::move(down);
  }
  return r;
}

ProcessMapping planes_in_a_row_mapping(const std::vector<int64_t>& shape, const std::vector<int>& radices) {
  if (shape.size() != 3) return {};
  const int64_t a = shape[0];
  return place_layout(mesh3d_layout(shape, [a](int64_t x, int64_t y, int64_t z) { return std::pair{a * z + x, y}; }),
                      radices);
}

ProcessMapping folded_planes_mapping(const std::vector<int64_t>& shape, const std::vector<int>& radices) {
  if (shape.size() != 3) return {};
  const int64_t h = (shape[1] + 1) / 2;  // rows of a folded plane
  return place_layout(mesh3d_layout(shape,
                                    [h](int64_t x, int64_t y, int64_t z) {
                                      return y < h ? std::pair{2 * x, y + h * z} : std::pair{2 * x + 1, 2 * h - 1 - y + h * z};
                                    }),
                      radices);
}

std::pair<int64_t, int64_t> mesh3d_layout_extent(const std::string& mapping, const std::vector<int64_t>& shape) {
  if (mapping == "planes_in_a_row") return {shape[0] * shape[2], shape[1]};
  return {2 * shape[0], (shape[1] + 1) / 2 * shape[2]};
}

ProcessMapping identity_mapping(uint32_t processes) {
  ProcessMapping m(processes);
  std::iota(m.begin(), m.end(), 0u);
  return m;
}

ProcessMapping random_mapping(uint32_t processes, uint32_t nodes, uint64_t seed) {
  std::vector<uint32_t> free(nodes);
  std::iota(free.begin(), free.end(), 0u);
  ProcessMapping m(processes);
  for (uint32_t p = 0; p < processes; ++p) {  // Fisher-Yates over the free nodes, counter-based draws
    const double u = std::ldexp(double(counter_bits53(seed, p, 0, 7)), -53);
    const uint32_t pick = p + std::min(nodes - p - 1, uint32_t(u * double(nodes - p)));
    std::swap(free[p], free[pick]);
    m[p] = free[p];
  }
  return m;
}

ProcessMapping lcg_low_bits_mapping(uint32_t processes, uint32_t nodes, LcgGenerator generator, uint32_t seed) {
  Lcg rand(generator, seed);
  std::vector<bool> taken(nodes, false);
  ProcessMapping m(processes);
  // Both generators have full period, so x mod N takes every value: every draw ends. A guard all
  // the same, far past any N kncsim builds.
  uint64_t draws = 0;
  for (uint32_t p = 0; p < processes; ++p) {
    uint32_t node;
    do {
      if (++draws > (uint64_t{1} << 33)) throw std::logic_error("lcg_low_bits_mapping: no free node drawn");
      node = rand.next() % nodes;
    } while (taken[node]);
    taken[node] = true;
    m[p] = node;
  }
  return m;
}

ProcessMapping read_mapping_file(const std::string& path, uint32_t processes, uint32_t nodes) {
  std::ifstream in(path);
  if (!in) throw GraphFileError(fmt::format("cannot read mapping file '{}'", path));
  const std::string format = fmt::format("one line 'process node' per process 0..{}, on distinct nodes 0..{}",
                                         processes - 1, nodes - 1);
  std::vector<int> process_line(processes, 0), node_line(nodes, 0);
  ProcessMapping m(processes);
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    auto fail = [&](const std::string& why) {
      return GraphFileError(fmt::format("{}:{}: {}: '{}'; allowed: {}", path, number, why, line, format));
    };
    std::istringstream words(line.substr(0, line.find('#')));
    std::vector<std::string> w;
    for (std::string s; words >> s;) w.push_back(s);
    if (w.empty()) continue;
    long value[2] = {0, 0};
    for (size_t i = 0; i < 2 && w.size() == 2; ++i) {
      const auto [end, ec] = std::from_chars(w[i].data(), w[i].data() + w[i].size(), value[i]);
      if (ec != std::errc() || end != w[i].data() + w[i].size() || value[i] < 0) w.clear();
    }
    if (w.size() != 2) throw fail("malformed line");
    const long p = value[0], n = value[1];
    if (p >= long(processes)) throw fail(fmt::format("process {} does not exist", p));
    if (n >= long(nodes)) throw fail(fmt::format("node {} is outside the network", n));
    if (process_line[size_t(p)]) throw fail(fmt::format("process {} was mapped on line {} already", p, process_line[size_t(p)]));
    if (node_line[size_t(n)])
      throw fail(fmt::format("node {} holds a process from line {} already (a mapping is one-to-one)", n, node_line[size_t(n)]));
    process_line[size_t(p)] = node_line[size_t(n)] = number;
    m[size_t(p)] = uint32_t(n);
  }
  for (uint32_t p = 0; p < processes; ++p)
    if (!process_line[p]) throw GraphFileError(fmt::format("{}: process {} is not mapped; allowed: {}", path, p, format));
  return m;
}

}  // namespace kncsim
