#include "traffic/tree_tiles.hpp"

#include <algorithm>
#include <cstdlib>
#include <functional>
#include <queue>
#include <tuple>

namespace kncsim {
namespace {

using Cell = std::pair<int, int>;
constexpr int kCapacity = 2;  // edges a channel may carry (chi_max)

// A w x h grid's link loads: horizontal links (x, y)-(x+1, y) and vertical (x, y)-(x, y+1).
struct Grid {
  int w = 1, h = 1;
  std::vector<uint8_t> across, down;
  Grid() = default;
  Grid(int w_, int h_) : w(w_), h(h_), across(size_t((w_ - 1) * h_), 0), down(size_t(w_ * (h_ - 1)), 0) {}
  uint8_t& load(Cell a, Cell b) {
    if (a > b) std::swap(a, b);
    return a.second == b.second ? across[size_t(a.second * (w - 1) + a.first)] : down[size_t(a.second * w + a.first)];
  }
  uint8_t load(Cell a, Cell b) const { return const_cast<Grid*>(this)->load(a, b); }
  template <class F>
  void each_link(F&& f) const {  // f(a, b, load)
    for (int y = 0; y < h; ++y)
      for (int x = 0; x + 1 < w; ++x) f(Cell{x, y}, Cell{x + 1, y}, across[size_t(y * (w - 1) + x)]);
    for (int y = 0; y + 1 < h; ++y)
      for (int x = 0; x < w; ++x) f(Cell{x, y}, Cell{x, y + 1}, down[size_t(y * w + x)]);
  }
  // The cheapest path from s to t over links with room (a link costs `base` plus `per_load` for
  // each edge it carries), cells s .. t; empty when t cannot be reached. With `border_cost`, the
  // cost of reaching the nearest border cell instead (2^20 when walled in), and no path.
  std::vector<Cell> route(Cell s, Cell t, int base, int per_load, int* border_cost = nullptr) const {
    const size_t n = size_t(w * h);
    std::vector<int> dist(n, INT32_MAX), prev(n, -1);
    using Item = std::tuple<int, int, int>;  // cost, x, y
    std::priority_queue<Item, std::vector<Item>, std::greater<Item>> queue;
    const auto at = [&](Cell c) { return size_t(c.second * w + c.first); };
    dist[at(s)] = 0;
    queue.emplace(0, s.first, s.second);
    while (!queue.empty()) {
      const auto [d, x, y] = queue.top();
      queue.pop();
      const Cell c{x, y};
      if (d > dist[at(c)]) continue;
      if (border_cost && (x == 0 || y == 0 || x == w - 1 || y == h - 1)) {
        *border_cost = d;
        return {};
      }
      if (!border_cost && c == t) break;
      const Cell next[4] = {{x + 1, y}, {x - 1, y}, {x, y + 1}, {x, y - 1}};
      for (const Cell& m : next) {
        if (m.first < 0 || m.second < 0 || m.first >= w || m.second >= h) continue;
        const int l = load(c, m);
        if (l >= kCapacity) continue;
        const int nd = d + base + per_load * l;
        if (nd < dist[at(m)]) {
          dist[at(m)] = nd;
          prev[at(m)] = int(at(c));
          queue.emplace(nd, m.first, m.second);
        }
      }
    }
    if (border_cost) {
      *border_cost = 1 << 20;  // walled in
      return {};
    }
    if (dist[at(t)] == INT32_MAX) return {};
    std::vector<Cell> p{t};
    for (int i = prev[at(t)]; i >= 0; i = prev[size_t(i)]) p.emplace_back(i % w, i / w);
    std::reverse(p.begin(), p.end());
    return p;
  }
};

struct Block {
  Grid grid;
  std::vector<Cell> pos;               // relative heap index -> cell
  std::vector<std::vector<Cell>> path;  // relative heap index -> path from its parent
  Cell spare{0, 0};
  long length = 0;  // the paths' channels
};

// A reflection, after a quarter turn (transpose) if `turn`.
struct Symmetry {
  bool turn, flip_x, flip_y;
  Cell operator()(Cell c, int w, int h) const {  // w, h: the block's before the symmetry
    if (turn) std::swap(c.first, c.second), std::swap(w, h);
    if (flip_x) c.first = w - 1 - c.first;
    if (flip_y) c.second = h - 1 - c.second;
    return c;
  }
};

Block apply(const Block& b, Symmetry s, bool with_paths) {
  Block r;
  const int w = b.grid.w, h = b.grid.h;
  r.grid = s.turn ? Grid(h, w) : Grid(w, h);
  b.grid.each_link([&](Cell a, Cell c, uint8_t l) { r.grid.load(s(a, w, h), s(c, w, h)) = l; });
  for (Cell c : b.pos) r.pos.push_back(s(c, w, h));
  r.spare = s(b.spare, w, h);
  r.length = b.length;
  if (with_paths)
    for (const auto& p : b.path) {
      r.path.emplace_back();
      for (Cell c : p) r.path.back().push_back(s(c, w, h));
    }
  return r;
}

// Root and spare's freedom to reach the border, the border's load, the paths' length.
std::tuple<int, int, long> score(const Grid& g, Cell root, Cell spare, long length) {
  int to_border = 0, cost = 0;
  for (Cell c : {root, spare}) {
    g.route(c, c, 1, 1, &cost);
    to_border += cost;
  }
  int border = 0;
  if (g.w > 1 && g.h > 1)
    g.each_link([&](Cell a, Cell c, uint8_t l) {
      const bool row_edge = a.second == c.second && (a.second == 0 || a.second == g.h - 1);
      const bool column_edge = a.first == c.first && (a.first == 0 || a.first == g.w - 1);
      if (row_edge || column_edge) border += l;
    });
  return {to_border, border, length};
}

// Two blocks of the given one's height, side by side along x (`across`) or y, the root in a spare.
Block grow(const Block& b, bool across) {
  std::vector<Symmetry> symmetries;
  for (bool turn : {false, true}) {
    if (turn && !(b.grid.w == b.grid.h && b.grid.w > 1)) continue;
    for (bool fx : {false, true})
      for (bool fy : {false, true}) symmetries.push_back({turn, fx, fy});
  }
  std::vector<Block> shapes;
  for (Symmetry s : symmetries) shapes.push_back(apply(b, s, false));
  const int w = shapes[0].grid.w, h = shapes[0].grid.h;
  const Cell offset = across ? Cell{w, 0} : Cell{0, h};
  const auto shifted = [&](Cell c) { return Cell{c.first + offset.first, c.second + offset.second}; };

  struct Choice {
    size_t a, b;
    bool root_in_a;
    std::vector<Cell> to_a, to_b;
  };
  bool found = false;
  std::tuple<int, int, long> best_score;
  Choice best;
  for (size_t ia = 0; ia < shapes.size(); ++ia)
    for (size_t ib = 0; ib < shapes.size(); ++ib) {
      const Block &a = shapes[ia], &c = shapes[ib];
      Grid g(across ? 2 * w : w, across ? h : 2 * h);
      a.grid.each_link([&](Cell p, Cell q, uint8_t l) { g.load(p, q) = l; });
      c.grid.each_link([&](Cell p, Cell q, uint8_t l) { g.load(shifted(p), shifted(q)) = l; });
      for (bool root_in_a : {true, false}) {
        const Cell root = root_in_a ? a.spare : shifted(c.spare), spare = root_in_a ? shifted(c.spare) : a.spare;
        Grid routed = g;
        Choice choice{ia, ib, root_in_a, {}, {}};
        long length = a.length + c.length;
        bool ok = true;
        std::vector<std::pair<Cell, std::vector<Cell>*>> targets;
        if (!a.pos.empty()) targets.emplace_back(a.pos[0], &choice.to_a);
        if (!c.pos.empty()) targets.emplace_back(shifted(c.pos[0]), &choice.to_b);
        const auto far = [&](const auto& t) { return std::abs(t.first.first - root.first) + std::abs(t.first.second - root.second); };
        std::stable_sort(targets.begin(), targets.end(), [&](const auto& x, const auto& y) { return far(x) > far(y); });
        for (auto& [t, out] : targets) {
          *out = routed.route(root, t, 1, 0);  // shortest over channels with room
          if (out->empty()) {
            ok = false;
            break;
          }
          for (size_t i = 0; i + 1 < out->size(); ++i) ++routed.load((*out)[i], (*out)[i + 1]);
          length += long(out->size()) - 1;
        }
        if (!ok) continue;
        const auto s = score(routed, root, spare, length);
        if (!found || s < best_score) {
          found = true;
          best_score = s;
          best = std::move(choice);
        }
      }
    }
  if (!found) return {};  // no room for the root's edges (not seen at any tested height)

  const Block a = apply(b, symmetries[best.a], true), c = apply(b, symmetries[best.b], true);
  Block r;
  r.grid = Grid(across ? 2 * w : w, across ? h : 2 * h);
  a.grid.each_link([&](Cell p, Cell q, uint8_t l) { r.grid.load(p, q) = l; });
  c.grid.each_link([&](Cell p, Cell q, uint8_t l) { r.grid.load(shifted(p), shifted(q)) = l; });
  const Cell root = best.root_in_a ? a.spare : shifted(c.spare);
  r.spare = best.root_in_a ? shifted(c.spare) : a.spare;
  r.pos.push_back(root);
  r.path.emplace_back();
  r.length = a.length + c.length;
  // Heap order: depth by depth, the left subtree's nodes of a depth before the right's.
  for (size_t first = 0, n = 1; first < a.pos.size(); first += n, n *= 2)
    for (int side = 0; side < 2; ++side)
      for (size_t i = first; i < first + n; ++i) {
        if (side == 0) {
          r.pos.push_back(a.pos[i]);
          r.path.push_back(i == 0 ? best.to_a : a.path[i]);
        } else {
          r.pos.push_back(shifted(c.pos[i]));
          std::vector<Cell> p;
          if (i == 0)
            p = best.to_b;
          else
            for (Cell x : c.path[i]) p.push_back(shifted(x));
          r.path.push_back(std::move(p));
        }
      }
  for (const auto* p : {&best.to_a, &best.to_b})
    for (size_t i = 0; i + 1 < p->size(); ++i) ++r.grid.load((*p)[i], (*p)[i + 1]);
  for (const auto* p : {&best.to_a, &best.to_b}) r.length += std::max(0L, long(p->size()) - 1);
  return r;
}

}  // namespace

TreeTiles youn_singh_tiles(int height) {
  Block b;  // height 0: one spare node
  for (int k = 1; k <= height; ++k) {
    b = grow(b, k % 2 == 1);
    if (b.pos.empty()) return {};
  }
  TreeTiles t;
  t.columns = b.grid.w;
  t.rows = b.grid.h;
  t.cell = b.pos;
  t.path = b.path;
  t.spare = b.spare;
  return t;
}

}  // namespace kncsim
