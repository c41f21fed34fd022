#pragma once
// Counter-based random numbers: a pure function of (seed, node, cycle, draw), so a model
// that evaluates nodes in any order (or in parallel) sees the same stimulus.
// The mixer is SplitMix64's finaliser applied to a Weyl-sequence combination of the key.
#include <cstdint>

namespace kncsim {

inline uint64_t mix64(uint64_t z) {
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

// The part of the key that depends on (seed, node) alone: a stream drawing for the same
// nodes every cycle computes it once per node.
inline uint64_t counter_node_key(uint64_t seed, uint64_t node) { return mix64(seed + 0x9E3779B97F4A7C15ull * (node + 1)); }

// 53 uniform bits for the node of `node_key` (counter_node_key), cycle and draw.
inline uint64_t counter_bits53_keyed(uint64_t node_key, uint64_t cycle, uint64_t draw) {
  return mix64(node_key ^ (cycle * 0xD1B54A32D192ED03ull + draw * 0x8CB92BA72F3D8DD7ull)) >> 11;
}

// 53 uniform bits for (seed, node, cycle, draw); draw 0 = injection test, 1 = destination.
inline uint64_t counter_bits53(uint64_t seed, uint64_t node, uint64_t cycle, uint64_t draw) {
  return counter_bits53_keyed(counter_node_key(seed, node), cycle, draw);
}

// The seed of an independent stream `id` derived from `seed` (lengths, gaps, MRU choices each
// draw from their own, so adding one never moves another's numbers).
inline uint64_t stream_seed(uint64_t seed, uint64_t id) { return mix64(seed ^ mix64(0xA0761D6478BD642Full * (id + 1))); }

// A uniform double in [0, 1) from 53 bits (scaling by 2^-53 is exact).
inline double unit_interval(uint64_t bits53) { return static_cast<double>(bits53) * 0x1p-53; }

}  // namespace kncsim
