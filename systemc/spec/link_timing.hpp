#pragma once
// The wormhole network's link timing, decoded once from the link.* keys: per dimension the
// wire length from the physical embedding, and the cycles a flit (and a credit) takes on it;
// and for synchronous links, how much the longest wire stretches the clock (Scott & Goodman
// eqs 8 and 14, applied to meshes and tori). On a torus the wires of one dimension differ:
// the wiring (network.wiring) places its rings' nodes, and the wraparound of a straight row
// spans all of it.
#include <string>
#include <vector>

#include "analytic/wire_embedding.hpp"
#include "config/config.hpp"

namespace kncsim {

constexpr int kMaxLinkDelay = 1000;  // cycles, given (the schema's bound) or from the layout

struct MeshLinkTiming {
  Embedding embedding = Embedding::uniform;
  bool torus = false;
  Wiring wiring = Wiring::straight;
  bool synchronous = false;
  std::string mode = "pipelined";  // link.mode's word (one of Scott & Goodman's four variants)
  double switch_to_wire = 2;       // S
  std::vector<double> lengths;     // per dimension: a neighbour wire, in neighbour-wire units
  std::vector<int> delays;         // per dimension: the cycles its longest link takes
  // Per dimension, per coordinate c: the cycles a flit or credit takes on the wire between c
  // and c + 1 (c = R - 1: the torus wraparound; a mesh's last entry is unused).
  std::vector<std::vector<int>> wire_delays;
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
