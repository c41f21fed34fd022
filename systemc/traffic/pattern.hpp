#pragma once
// Destination patterns (Rexford's ppmesssim, the usual k-ary n-cube set). A pattern keeps
// the stream's injection process (which node injects when) and maps each destination:
//   uniform           the stream's own uniform draw (the listings' (int)(drand48()*N))
//   transpose         dimension reversal: (x0, .., x_{d-1}) -> (x_{d-1}, .., x0)
//   bit_complement    x_k -> R_k - 1 - x_k in every dimension (N-1-src)
//   bit_reversal      the node index's log2(N) bits reversed (N a power of two)
//   dimension_rotation (x0, .., x_{d-1}) -> (x_r, .., x_{d-1}, x0, .., x_{r-1}): rotated by r
//   hotspot           with probability f one of the hotspot nodes, else uniform; or node n_i
//                     with its own probability p_i (PP-MESS-SIM's Discrete), the rest uniform
//   hop_uniform       i hops away with probability p_i (hop_uniform.hpp)
//   nearest_neighbour one of the source's mesh neighbours, equally likely
//   graph             one of the destinations of the source's process, equally likely
// Extra random choices (hotspot, neighbour, graph, hops) are counter-based on (seed, node, cycle,
// the node's packet within the cycle), so they never disturb the stream itself.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "topo/mesh_geometry.hpp"
#include "traffic/hop_uniform.hpp"
#include "traffic/injection.hpp"

namespace kncsim {

enum class PatternKind {
  uniform,
  transpose,
  bit_complement,
  bit_reversal,
  hotspot,
  nearest_neighbour,
  graph,
  dimension_rotation,
  hop_uniform
};

struct PatternSpec {
  PatternKind kind = PatternKind::uniform;
  std::vector<uint32_t> hotspots;
  double hotspot_fraction = .1;
  std::vector<double> hotspot_probabilities;  // one per hotspot node (else hotspot_fraction, split equally)
  int rotation = 1;                           // dimension_rotation: by this many dimensions
  std::shared_ptr<const HopUniform> hops;     // hop_uniform
  uint64_t seed = 0;
  // graph: per node, the nodes its process sends to (its graph neighbours, mapped); a node
  // with none injects nothing.
  std::shared_ptr<const std::vector<std::vector<uint32_t>>> destinations;
};

PatternKind pattern_kind(const std::string& name);
// traffic.pattern's word for a kind.
const char* to_string(PatternKind kind);
// Why the pattern cannot run on this mesh, or "" if it can.
std::string pattern_unsupported(PatternKind kind, const MeshGeometry& g, int rotation = 1);

// The one destination of a permutation pattern (transpose, bit_complement, bit_reversal,
// dimension_rotation by `rotation`) for
// a packet from `src`: the pattern stream and the process graph of the pattern both use it.
uint32_t pattern_destination(PatternKind kind, const MeshGeometry& g, uint32_t src, int rotation = 1);

std::unique_ptr<InjectionStream> with_pattern(std::unique_ptr<InjectionStream> stream, const MeshGeometry& g,
                                              const PatternSpec& spec);

}  // namespace kncsim
