#pragma once
// PP-MESS-SIM's workload distributions (Rexford et al., Table 3): packet lengths and
// interarrival times, each a pure function of uniform draws, so a stream keyed by (seed, node,
// packet) draws the same values in any evaluation order.
//   lengths:       fixed L; uniform(a, b), integers a..b equally likely; discrete {p_i, l_i}
//   interarrivals: exponential(mean); uniform(a, b), integers (a = b: periodic); normal(mu,
//                  sigma); two-stage normal(p, mu1, sigma1, mu2, sigma2): the first with
//                  probability p (the gaps within a burst), else the second (between bursts)
// A normal draw below 0 counts as 0 (two packets in one cycle): the paper's bursts have small
// sigma against mu, where this never shows in the moments.
#include <cstdint>
#include <string>
#include <vector>

namespace kncsim {

enum class LengthKind { fixed, uniform, discrete };
enum class InterarrivalKind { bernoulli, exponential, uniform, normal, two_stage_normal };

struct LengthDistribution {
  LengthKind kind = LengthKind::fixed;
  std::vector<double> params;  // fixed: [L]; uniform: [a, b]; discrete: [p1, l1, p2, l2, ...]
  double mean() const;
  double variance() const;
  int max_flits() const;
  int min_flits() const;
  // u in [0, 1): one uniform draw.
  int draw(double u) const;
};

struct InterarrivalDistribution {
  InterarrivalKind kind = InterarrivalKind::bernoulli;
  // In cycles, as Table 3 writes them: exponential [mean]; uniform [a, b]; normal [mu, sigma];
  // two_stage_normal [p, mu1, sigma1, mu2, sigma2]. Bernoulli: [1/q].
  std::vector<double> params;
  double mean() const;      // of the distribution as drawn (a normal's clamp at 0 aside)
  double variance() const;
  // Three independent uniform draws in [0, 1): the interarrival time in cycles (>= 0).
  double draw(double u0, double u1, double u2) const;
};

// traffic.packet_length's and traffic.interarrival's words, both ways.
LengthKind length_kind(const std::string& word);
const char* to_string(LengthKind k);
InterarrivalKind interarrival_kind(const std::string& word);
const char* to_string(InterarrivalKind k);

// Why these parameters cannot make the distribution ("" if they can): the count, the ranges,
// probabilities that do not sum to 1. `key` names the parameters' key in the message.
std::string length_refusal(LengthKind kind, const std::vector<double>& params, const std::string& key);
std::string interarrival_refusal(InterarrivalKind kind, const std::vector<double>& params, const std::string& key);
// Probabilities p (each in [0, 1]) that sum to 1 (exact, within rounding), or to at most 1 when
// `at_most`: "" if they do.
std::string probabilities_refusal(const std::vector<double>& p, bool at_most, const std::string& key);

}  // namespace kncsim
