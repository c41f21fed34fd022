#pragma once
// Wire lengths of a k-ary n-cube laid out in physical space (Scott & Goodman §2.2.1, Chittor
// ch. 2). The n logical dimensions are folded onto A physical axes: `uniform` gives each its own
// axis (every neighbour wire has length 1, the abstraction of a network without a layout),
// `planar` folds them onto 2 axes (a board), `cube` onto 3 (the paper's scheme, which the SCI
// rings use). Lengths are in units of a wire between physical neighbours; a wire of length l
// takes ceil(l / S) switch cycles, S being the switch cycle time over that unit wire's delay.
#include <vector>

namespace kncsim {

enum class Embedding { uniform, planar, cube };
// Where a ring's (or torus dimension's) nodes sit along their axis: `straight` in coordinate
// order (the wraparound wire spans the whole row), `folded` interleaved (0, k-1, 1, k-2, ...
// from both ends), so that no wire spans more than two positions.
enum class Wiring { straight, folded };

const char* to_string(Embedding e);
const char* to_string(Wiring w);

// Physical axes the n logical dimensions are folded onto.
int physical_axes(Embedding e, int dims);

// Per logical dimension, the length of a wire between neighbours in coordinate order (c to
// c + 1). With n <= A every dimension has an axis of its own (length 1). Beyond, each of the A
// axes holds floor(n/A) dimensions, the j-th (j = 1..floor(n/A)) spanning k^(n/A - j), and the
// n mod A extra ones, spread over the axes, get length j (§2.2.1, with A = 3).
std::vector<double> neighbour_wire_lengths(int dims, int radix, Embedding e);

// Position of coordinate c (0..k-1) along its axis, in neighbour-wire units.
int wiring_position(int c, int radix, Wiring w);

// Length of the wire from coordinate c to c + 1 (mod k: c = k-1 is the torus wraparound) in a
// dimension whose neighbour wires have length `neighbour`.
double link_length(int c, int radix, double neighbour, Wiring w);

// Switch cycles a wire of `length` takes at switch-to-wire ratio S: ceil(length / S), at least 1,
// and at most kMaxWireCycles (a wire that long is refused by the configuration checks).
constexpr int kMaxWireCycles = 1 << 30;
int wire_cycles(double length, double switch_to_wire);

}  // namespace kncsim
