#pragma once
// PP-MESS-SIM's selection functions (Rexford et al. 6.1): the order in which a head considers
// the outputs its routing allows. Oblivious routing takes the first and waits for it; adaptive
// routing takes the first it can have this cycle; deflection routing takes a minimal one first,
// and a nonminimal one only when no minimal one can be had.
//   dimension_order  the lowest dimension first (DOR)
//   random           a random order, drawn per packet and hop from its id (reproducible)
//   diagonal         the dimension with the most hops left first, ties the lowest: keeps
//                    several ways open at later hops (Badr and Podar; Mayfly)
//   least_congested  the output with the fewest busy virtual channels first, ties the lowest
#include <algorithm>
#include <cstdint>
#include <cstdlib>

#include "rand/counter_rng.hpp"
#include "topo/mesh_geometry.hpp"

namespace kncsim {

enum class Selection { any, dimension_order, random, diagonal, least_congested };

constexpr const char* to_string(Selection s) {
  return s == Selection::dimension_order ? "dimension_order"
         : s == Selection::random        ? "random"
         : s == Selection::diagonal      ? "diagonal"
         : s == Selection::least_congested ? "least_congested"
                                           : "any";
}

// The ports of `mask` (bit p: output port p, never 0) in `s`'s order, into out; returns how many.
// busy(port): busy virtual channels of that output; hops(port): hops left along its dimension.
template <class Busy, class Hops>
int selection_order(Selection s, uint32_t mask, uint64_t packet_id, int32_t hop, Busy&& busy, Hops&& hops, int* out) {
  int n = 0;
  for (uint32_t m = mask; m; m &= m - 1) out[n++] = __builtin_ctz(m);  // ascending port: dimension order
  switch (s) {
    case Selection::any:
    case Selection::dimension_order:
      break;
    case Selection::diagonal:
      std::stable_sort(out, out + n, [&](int a, int b) { return hops(a) > hops(b); });
      break;
    case Selection::least_congested:
      std::stable_sort(out, out + n, [&](int a, int b) { return busy(a) < busy(b); });
      break;
    case Selection::random: {  // Fisher-Yates from the packet's id and hop count
      const uint64_t key = mix64(packet_id * 0x9E3779B97F4A7C15ull + uint64_t(hop));
      for (int i = n - 1; i > 0; --i) std::swap(out[i], out[int(mix64(key + uint64_t(i)) % uint64_t(i + 1))]);
      break;
    }
  }
  return n;
}

}  // namespace kncsim
