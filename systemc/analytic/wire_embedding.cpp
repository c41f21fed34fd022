#include "analytic/wire_embedding.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace kncsim {

const char* to_string(Embedding e) {
  return e == Embedding::uniform ? "uniform" : e == Embedding::planar ? "planar" : "cube";
}
const char* to_string(Wiring w) { return w == Wiring::straight ? "straight" : "folded"; }

int physical_axes(Embedding e, int dims) {
  return e == Embedding::uniform ? dims : e == Embedding::planar ? 2 : 3;
}

// (The OCR'd text reads "(n/3) - j"; k^(n/3 - j) is what reproduces Figure 5's 1.50 and 2.00
// actual wire delays, and its longest wire is eq 5's k^(n/3 - 1).)
std::vector<double> neighbour_wire_lengths(int dims, int radix, Embedding e) {
  const int axes = physical_axes(e, dims);
  if (dims <= axes) return std::vector<double>(size_t(dims), 1.0);
  std::vector<double> len;
  const double per_axis = double(dims) / axes;
  for (int axis = 0; axis < axes; ++axis)
    for (int j = 1; j <= dims / axes; ++j) len.push_back(std::pow(double(radix), per_axis - j));
  for (int j = 1; j <= dims % axes; ++j) len.push_back(double(j));
  return len;
}

int wiring_position(int c, int radix, Wiring w) {
  if (w == Wiring::straight) return c;
  const int half = (radix + 1) / 2;  // 0, 1, .. half-1 going out on the even positions, the rest back on the odd
  return c < half ? 2 * c : 2 * (radix - 1 - c) + 1;
}

double link_length(int c, int radix, double neighbour, Wiring w) {
  const int next = c + 1 == radix ? 0 : c + 1;
  return neighbour * std::abs(wiring_position(next, radix, w) - wiring_position(c, radix, w));
}

int wire_cycles(double length, double switch_to_wire) {
  const double cycles = std::ceil(length / switch_to_wire - 1e-12);
  return cycles >= kMaxWireCycles ? kMaxWireCycles : std::max(1, int(cycles));
}

}  // namespace kncsim
