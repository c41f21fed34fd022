#include <cmath>
#include <stdexcept>

#include "rand/counter_rng.hpp"
#include "traffic/pattern.hpp"

#include <utility>

namespace kncsim {
namespace {

class PatternStream final : public InjectionStream {
 public:
  PatternStream(std::unique_ptr<InjectionStream> s, const MeshGeometry& g, const PatternSpec& spec)
      : s_(std::move(s)), g_(g), spec_(spec) {}

  void draw_cycle(int64_t cycle, std::vector<Injection>& out) override {
    const size_t first = out.size();
    s_->draw_cycle(cycle, out);
    if (spec_.kind == PatternKind::graph) {  // nodes whose process sends to no one inject nothing
      size_t kept = first;
      for (size_t i = first; i < out.size(); ++i)
        if (!(*spec_.destinations)[out[i].node].empty()) out[kept++] = out[i];
      out.resize(kept);
    }
    // A node's j-th packet of the cycle (several under a renewal process) draws its own numbers;
    // the first draws what a Bernoulli stream's one packet always drew.
    uint32_t last = ~0u;
    uint64_t j = 0;
    for (size_t i = first; i < out.size(); ++i) {
      j = out[i].node == last ? j + 1 : 0;
      last = out[i].node;
      out[i].dest = map(out[i], cycle, j);
    }
  }

 private:
  double extra_uniform(uint32_t node, int64_t cycle, uint64_t j, uint64_t which = 0) const {
    const uint64_t draw = j == 0 && which == 0 ? 2 : 16 + 4 * j + which;
    return std::ldexp(double(counter_bits53(spec_.seed, node, uint64_t(cycle), draw)), -53);
  }
  uint32_t map(const Injection& in, int64_t cycle, uint64_t j) const {
    const uint32_t src = in.node;
    const int d = g_.dims();
    switch (spec_.kind) {
      case PatternKind::uniform:
        return in.dest;
      case PatternKind::transpose:
      case PatternKind::bit_complement:
      case PatternKind::bit_reversal:
      case PatternKind::dimension_rotation:
        return pattern_destination(spec_.kind, g_, src, spec_.rotation);
      case PatternKind::hop_uniform:
        return spec_.hops->draw(src, extra_uniform(src, cycle, j), extra_uniform(src, cycle, j, 1));
      case PatternKind::hotspot: {
        const double u = extra_uniform(src, cycle, j);
        if (!spec_.hotspot_probabilities.empty()) {
          double sum = 0;
          for (size_t h = 0; h < spec_.hotspots.size(); ++h)
            if (u < (sum += spec_.hotspot_probabilities[h])) return spec_.hotspots[h];
          return in.dest;
        }
        if (u >= spec_.hotspot_fraction) return in.dest;
        const auto h = size_t(u / spec_.hotspot_fraction * double(spec_.hotspots.size()));
        return spec_.hotspots[std::min(h, spec_.hotspots.size() - 1)];
      }
      case PatternKind::nearest_neighbour: {
        uint32_t nb[32];
        int count = 0;
        for (int k = 0; k < d; ++k) {
          for (int port : {MeshGeometry::pred(k), MeshGeometry::succ(k)})
            if (g_.connected(src, port)) nb[count++] = g_.neighbour(src, port);
        }
        return nb[std::min(count - 1, int(extra_uniform(src, cycle, j) * count))];
      }
      case PatternKind::graph: {
        const std::vector<uint32_t>& to = (*spec_.destinations)[src];
        return to[std::min(to.size() - 1, size_t(extra_uniform(src, cycle, j) * double(to.size())))];
      }
    }
    return in.dest;
  }

  std::unique_ptr<InjectionStream> s_;
  const MeshGeometry& g_;
  PatternSpec spec_;
};

}  // namespace

uint32_t pattern_destination(PatternKind kind, const MeshGeometry& g, uint32_t src, int rotation) {
  const int d = g.dims();
  if (kind == PatternKind::dimension_rotation) {  // coordinate k of the destination is coordinate k + r of the source
    uint32_t n = 0;
    for (int k = 0; k < d; ++k) n += uint32_t(g.coord(src, (k + rotation) % d)) * g.stride(k);
    return n;
  }
  if (kind == PatternKind::transpose) {  // coordinate k of the destination is coordinate d-1-k of the source
    uint32_t n = 0;
    for (int k = 0; k < d; ++k) n += uint32_t(g.coord(src, d - 1 - k)) * g.stride(k);
    return n;
  }
  if (kind == PatternKind::bit_complement) return g.nodes() - 1 - src;
  if (kind == PatternKind::bit_reversal) {
    int bits = 0;
    while ((1u << bits) < g.nodes()) ++bits;
    uint32_t r = 0;
    for (int b = 0; b < bits; ++b) r |= ((src >> b) & 1u) << (bits - 1 - b);
    return r;
  }
  throw std::invalid_argument("pattern_destination: not a permutation pattern");
}

namespace {
// traffic.pattern's words, both ways.
constexpr std::pair<const char*, PatternKind> kPatternWords[] = {
    {"uniform", PatternKind::uniform},         {"transpose", PatternKind::transpose},
    {"bit_complement", PatternKind::bit_complement}, {"bit_reversal", PatternKind::bit_reversal},
    {"hotspot", PatternKind::hotspot},         {"nearest_neighbour", PatternKind::nearest_neighbour},
    {"graph", PatternKind::graph},             {"dimension_rotation", PatternKind::dimension_rotation},
    {"hop_uniform", PatternKind::hop_uniform}};
}  // namespace

PatternKind pattern_kind(const std::string& name) {
  for (const auto& [word, kind] : kPatternWords)
    if (name == word) return kind;
  throw std::invalid_argument("unknown traffic pattern " + name);
}

const char* to_string(PatternKind kind) {
  for (const auto& [word, k] : kPatternWords)
    if (k == kind) return word;
  return "?";
}

std::string pattern_unsupported(PatternKind kind, const MeshGeometry& g, int rotation) {
  if (g.hex_edge() && (kind == PatternKind::dimension_rotation || kind == PatternKind::transpose ||
                       kind == PatternKind::nearest_neighbour || kind == PatternKind::graph))
    return "a hexagonal mesh has no coordinates to permute or neighbours by dimension; allowed there: uniform, "
           "bit_complement, hotspot, hop_uniform";
  if (kind == PatternKind::dimension_rotation) {
    if (g.dims() < 2) return "dimension_rotation rotates the dimensions: it needs network.dims >= 2";
    for (int k = 0; k < g.dims(); ++k)
      if (g.radix(k) != g.radix((k + rotation) % g.dims()))
        return "dimension_rotation needs the radix list to read the same rotated by traffic.rotation";
  }
  if (kind == PatternKind::transpose) {
    if (g.dims() < 2) return "transpose reverses the dimensions: it needs network.dims >= 2";
    for (int k = 0; k < g.dims(); ++k)
      if (g.radix(k) != g.radix(g.dims() - 1 - k))
        return "transpose needs the radix list to read the same reversed (R_k = R_{d-1-k})";
  }
  if (kind == PatternKind::bit_reversal && (g.nodes() & (g.nodes() - 1)))
    return "bit_reversal needs a power-of-two node count";
  return "";
}

std::unique_ptr<InjectionStream> with_pattern(std::unique_ptr<InjectionStream> stream, const MeshGeometry& g,
                                              const PatternSpec& spec) {
  if (spec.kind == PatternKind::uniform) return stream;
  if (spec.kind == PatternKind::hotspot && spec.hotspots.empty())
    throw std::invalid_argument("hotspot pattern without hotspot nodes");
  if (spec.kind == PatternKind::hop_uniform && !spec.hops)
    throw std::invalid_argument("hop_uniform pattern without its hop probabilities");
  if (spec.kind == PatternKind::graph && (!spec.destinations || spec.destinations->size() != g.nodes()))
    throw std::invalid_argument("graph pattern without a destination list per node");
  return std::make_unique<PatternStream>(std::move(stream), g, spec);
}

}  // namespace kncsim
