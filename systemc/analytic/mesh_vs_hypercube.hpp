#pragma once
// Chittor's chapter 2: a 2D mesh against a binary hypercube of the same N under a wire-density
// limit. Peak widths of the identity layouts (Theorems 1-3), the channel-width ratio
// (Theorem 4), the longest-wire ratio (Theorem 5), the channel-rate ratio under the constant,
// logarithmic and linear delay models (Theorem 6), the channel-bandwidth ratio R_b (Theorem 7,
// Table 2.1) and the speedup R_e of contention-free communication (eqs 2.17, 2.20-2.23).
#include <vector>

namespace kncsim {

enum class WireDelayModel { constant, logarithmic, linear };
inline constexpr WireDelayModel kWireDelayModels[] = {WireDelayModel::constant, WireDelayModel::logarithmic,
                                                      WireDelayModel::linear};
const char* to_string(WireDelayModel m);

// The cut widths eta(k) of a linear (identity) layout of a graph whose vertex v sits at
// position v: the edges crossing between positions k and k + 1, for k = 0 .. vertices - 1.
// Edges are pairs of vertex numbers, each once.
std::vector<long> identity_layout_cut_widths(long vertices, const std::vector<std::pair<long, long>>& edges);

// The largest of them (the peak width) and the first k where it is reached.
struct LayoutPeak {
  long width = 0;
  long cut = 0;
};
LayoutPeak layout_peak(const std::vector<long>& cut_widths);

// The identity layouts themselves, counted edge by edge: the hypercube's (Theorem 2 says
// floor(2N/3), at cut floor(N/3) by Theorem 1) and a rows x cols mesh's in row-major order
// (Theorem 3: cols + 1 for a square one).
std::vector<long> hypercube_cut_widths(int dims);
std::vector<long> mesh_cut_widths(long rows, long cols);
LayoutPeak hypercube_layout_peak(int dims);
LayoutPeak mesh_layout_peak(long rows, long cols);

// Theorem 4's channel-width ratio W^m/W^h = 2 sqrt(N) / 3, Theorem 5's bound on the longest
// wires' ratio (sqrt(2N) - sqrt(2)) / lg N, and Theorem 6's channel-rate ratio R^m/R^h.
double chittor_width_ratio(double nodes);
double chittor_wire_length_ratio(double nodes);
double chittor_rate_ratio(WireDelayModel m, double nodes);

// Table 2.1, the closed forms of Theorem 7: constant 2 sqrt(N)/3, logarithmic
// sqrt(N)(3.89 + lg N - 2 lg lg N)/4.33, linear 2 sqrt(2) N / (3 lg N) (the thesis drops
// Theorem 5's - sqrt(2) there).
double chittor_bandwidth_ratio(WireDelayModel m, double nodes);

// Eq 2.21's path lengths: the mesh's mean 2 sqrt(N)/3 and longest 2(sqrt(N) - 1), the
// hypercube's lg N / 2 and lg N.
struct ChittorDistances {
  double mesh_mean, mesh_max, hypercube_mean, hypercube_max;
};
ChittorDistances chittor_distances(double nodes);

// Eq 2.20: R_e = R_b (D^h + L') / (D^m + L'), L' the message in header lengths. With the
// mean distances it is eq 2.22, with the longest eq 2.23.
double chittor_speedup(double bandwidth_ratio, double hypercube_distance, double mesh_distance, double message);
double chittor_speedup_average(WireDelayModel m, double nodes, double message);
double chittor_speedup_worst(WireDelayModel m, double nodes, double message);

// Lemma 8 (section 3.6): a communication-intensive program's effective rate is lambda_sat B, so
// under contention R_e = lambda_sat R_b, with the mesh's saturation node traffic for uniform
// (randomly mapped) traffic 2 / sqrt(N) (Corollary 5) and the hypercube's about 1. Constant
// delay: 2/sqrt(N) x 2 sqrt(N)/3 = 4/3 at every size, the thesis's "about 1.33".
double chittor_speedup_under_contention(WireDelayModel m, double nodes);

}  // namespace kncsim
