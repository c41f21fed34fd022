#pragma once
// The wormhole network's link timing, decoded once from the link.* keys: per dimension the
// wire length from the physical embedding, and the cycles a flit (and a credit) takes on it;
// and for synchronous links, how much the longest wire stretches the clock (Scott & Goodman
// eqs 8 and 14, applied to meshes).
#include <vector>

#include "analytic/wire_embedding.hpp"
#include "config/config.hpp"

namespace kncsim {

constexpr int kMaxLinkDelay = 1000;  // cycles, given (the schema's bound) or from the layout

struct MeshLinkTiming {
  Embedding embedding = Embedding::uniform;
  bool synchronous = false;
  double switch_to_wire = 2;       // S
  std::vector<double> lengths;     // per dimension, in neighbour-wire units
  std::vector<int> delays;         // per dimension, cycles a flit or credit takes
  bool explicit_delays = false;    // from link.delay, not from the embedding
  double longest = 1;              // the longest wire
  double cycle_time_factor = 1;    // synchronous: 1 + longest / S (eq 14); pipelined: 1
  int max_delay() const;
};

// Throws ConfigError naming the key and the allowed values: a delay list of the wrong length,
// an explicit delay on synchronous links, planar or cube with radices differing per dimension,
// a layout whose wires take more than kMaxLinkDelay cycles.
MeshLinkTiming mesh_link_timing(const Config& c);

}  // namespace kncsim
