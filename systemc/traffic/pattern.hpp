#pragma once
// Destination patterns (Rexford's ppmesssim, the usual k-ary n-cube set). A pattern keeps
// the stream's injection process (which node injects when) and maps each destination:
//   uniform           the stream's own uniform draw (the listings' (int)(drand48()*N))
//   transpose         dimension reversal: (x0, .., x_{d-1}) -> (x_{d-1}, .., x0)
//   bit_complement    x_k -> R_k - 1 - x_k in every dimension (N-1-src)
//   bit_reversal      the node index's log2(N) bits reversed (N a power of two)
//   hotspot           with probability f one of the hotspot nodes, else uniform
//   nearest_neighbour one of the source's mesh neighbours, equally likely
//   graph             one of the destinations of the source's process, equally likely
// Extra random choices (hotspot, neighbour, graph) are counter-based on (seed, node, cycle), so
// they never disturb the stream itself.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "topo/mesh_geometry.hpp"
#include "traffic/injection.hpp"

namespace kncsim {

enum class PatternKind { uniform, transpose, bit_complement, bit_reversal, hotspot, nearest_neighbour, graph };

struct PatternSpec {
  PatternKind kind = PatternKind::uniform;
  std::vector<uint32_t> hotspots;
  double hotspot_fraction = .1;
  uint64_t seed = 0;
  // graph: per node, the nodes its process sends to (its graph neighbours, mapped); a node
  // with none injects nothing.
  std::shared_ptr<const std::vector<std::vector<uint32_t>>> destinations;
};

PatternKind pattern_kind(const std::string& name);
// traffic.pattern's word for a kind.
const char* to_string(PatternKind kind);
// Why the pattern cannot run on this mesh, or "" if it can.
std::string pattern_unsupported(PatternKind kind, const MeshGeometry& g);

// The one destination of a permutation pattern (transpose, bit_complement, bit_reversal) for
// a packet from `src`: the pattern stream and the process graph of the pattern both use it.
uint32_t pattern_destination(PatternKind kind, const MeshGeometry& g, uint32_t src);

std::unique_ptr<InjectionStream> with_pattern(std::unique_ptr<InjectionStream> stream, const MeshGeometry& g,
                                              const PatternSpec& spec);

}  // namespace kncsim
