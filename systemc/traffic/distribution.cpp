#include "traffic/distribution.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <utility>

namespace kncsim {
namespace {

constexpr double kTwoPi = 6.283185307179586476925286766559;
constexpr double kSumTolerance = 1e-9;

// A standard normal from two uniform draws (Box-Muller): the same value wherever it is drawn.
double standard_normal(double u1, double u2) { return std::sqrt(-2 * std::log1p(-u1)) * std::cos(kTwoPi * u2); }

// Whole numbers a..b equally likely; a = b: a itself (a periodic gap need not be whole).
double uniform_integer(double a, double b, double u) {
  if (a == b) return a;
  const double n = std::floor(b) - std::ceil(a) + 1;
  return std::ceil(a) + std::min(n - 1, std::floor(u * n));
}

constexpr std::pair<const char*, LengthKind> kLengthWords[] = {
    {"fixed", LengthKind::fixed}, {"uniform", LengthKind::uniform}, {"discrete", LengthKind::discrete}};
constexpr std::pair<const char*, InterarrivalKind> kInterarrivalWords[] = {
    {"bernoulli", InterarrivalKind::bernoulli}, {"exponential", InterarrivalKind::exponential},
    {"uniform", InterarrivalKind::uniform},     {"normal", InterarrivalKind::normal},
    {"two_stage_normal", InterarrivalKind::two_stage_normal}};

bool whole(double x) { return x == std::floor(x); }

}  // namespace

double LengthDistribution::mean() const {
  switch (kind) {
    case LengthKind::fixed: return params[0];
    case LengthKind::uniform: return (params[0] + params[1]) / 2;
    case LengthKind::discrete: {
      double m = 0;
      for (size_t i = 0; i + 1 < params.size(); i += 2) m += params[i] * params[i + 1];
      return m;
    }
  }
  return 0;
}

double LengthDistribution::variance() const {
  switch (kind) {
    case LengthKind::fixed: return 0;
    case LengthKind::uniform: {
      const double n = params[1] - params[0] + 1;
      return (n * n - 1) / 12;
    }
    case LengthKind::discrete: {
      const double m = mean();
      double v = 0;
      for (size_t i = 0; i + 1 < params.size(); i += 2) v += params[i] * (params[i + 1] - m) * (params[i + 1] - m);
      return v;
    }
  }
  return 0;
}

int LengthDistribution::max_flits() const {
  if (kind == LengthKind::fixed) return int(params[0]);
  if (kind == LengthKind::uniform) return int(params[1]);
  double m = 0;
  for (size_t i = 0; i + 1 < params.size(); i += 2)
    if (params[i] > 0) m = std::max(m, params[i + 1]);
  return int(m);
}

int LengthDistribution::min_flits() const {
  if (kind == LengthKind::fixed) return int(params[0]);
  if (kind == LengthKind::uniform) return int(params[0]);
  double m = 1e18;
  for (size_t i = 0; i + 1 < params.size(); i += 2)
    if (params[i] > 0) m = std::min(m, params[i + 1]);
  return int(m);
}

int LengthDistribution::draw(double u) const {
  switch (kind) {
    case LengthKind::fixed: return int(params[0]);
    case LengthKind::uniform: return int(uniform_integer(params[0], params[1], u));
    case LengthKind::discrete: {
      double sum = 0;
      int last = 0;
      for (size_t i = 0; i + 1 < params.size(); i += 2) {
        if (params[i] <= 0) continue;
        sum += params[i];
        last = int(params[i + 1]);
        if (u < sum) return last;
      }
      return last;  // the sum's rounding below 1
    }
  }
  return 0;
}

double InterarrivalDistribution::mean() const {
  switch (kind) {
    case InterarrivalKind::bernoulli:
    case InterarrivalKind::exponential:
    case InterarrivalKind::normal: return params[0];
    case InterarrivalKind::uniform:
      return params[0] == params[1] ? params[0] : (std::ceil(params[0]) + std::floor(params[1])) / 2;
    case InterarrivalKind::two_stage_normal: return params[0] * params[1] + (1 - params[0]) * params[3];
  }
  return 0;
}

double InterarrivalDistribution::variance() const {
  switch (kind) {
    case InterarrivalKind::bernoulli: return params[0] * (params[0] - 1);  // geometric on 1, 2, ...
    case InterarrivalKind::exponential: return params[0] * params[0];
    case InterarrivalKind::uniform: {
      if (params[0] == params[1]) return 0;
      const double n = std::floor(params[1]) - std::ceil(params[0]) + 1;
      return (n * n - 1) / 12;
    }
    case InterarrivalKind::normal: return params[1] * params[1];
    case InterarrivalKind::two_stage_normal: {
      const double p = params[0], m1 = params[1], s1 = params[2], m2 = params[3], s2 = params[4];
      const double m = mean();
      return p * (s1 * s1 + m1 * m1) + (1 - p) * (s2 * s2 + m2 * m2) - m * m;
    }
  }
  return 0;
}

double InterarrivalDistribution::draw(double u0, double u1, double u2) const {
  switch (kind) {
    case InterarrivalKind::bernoulli:  // geometric: the cycles until a coin of 1/mean comes up
      return std::max(1.0, std::ceil(std::log1p(-u0) / std::log1p(-1 / params[0])));
    case InterarrivalKind::exponential: return -params[0] * std::log1p(-u0);
    case InterarrivalKind::uniform: return uniform_integer(params[0], params[1], u0);
    case InterarrivalKind::normal: return std::max(0.0, params[0] + params[1] * standard_normal(u1, u2));
    case InterarrivalKind::two_stage_normal: {
      const bool first = u0 < params[0];
      const double mu = first ? params[1] : params[3], sigma = first ? params[2] : params[4];
      return std::max(0.0, mu + sigma * standard_normal(u1, u2));
    }
  }
  return 0;
}

LengthKind length_kind(const std::string& word) {
  for (const auto& [w, k] : kLengthWords)
    if (word == w) return k;
  throw std::invalid_argument("unknown packet length distribution " + word);
}
const char* to_string(LengthKind k) {
  for (const auto& [w, kind] : kLengthWords)
    if (kind == k) return w;
  return "?";
}
InterarrivalKind interarrival_kind(const std::string& word) {
  for (const auto& [w, k] : kInterarrivalWords)
    if (word == w) return k;
  throw std::invalid_argument("unknown interarrival distribution " + word);
}
const char* to_string(InterarrivalKind k) {
  for (const auto& [w, kind] : kInterarrivalWords)
    if (kind == k) return w;
  return "?";
}

std::string probabilities_refusal(const std::vector<double>& p, bool at_most, const std::string& key) {
  double sum = 0;
  for (double x : p) {
    if (x < 0 || x > 1) return fmt::format("{} has probability {:g}; allowed: each in 0..1", key, x);
    sum += x;
  }
  if (at_most ? sum > 1 + kSumTolerance : std::abs(sum - 1) > kSumTolerance)
    return fmt::format("{}'s probabilities sum to {:.10g}; allowed: a sum of {}1", key, sum, at_most ? "at most " : "");
  return "";
}

std::string length_refusal(LengthKind kind, const std::vector<double>& p, const std::string& key) {
  constexpr double kMaxFlits = 1 << 20;
  auto flits_ok = [&](double l) { return whole(l) && l >= 1 && l <= kMaxFlits; };
  switch (kind) {
    case LengthKind::fixed: return "";
    case LengthKind::uniform:
      if (p.size() != 2 || !flits_ok(p[0]) || !flits_ok(p[1]) || p[0] > p[1])
        return fmt::format("{} for a uniform length needs [a, b], whole flits with 1 <= a <= b <= {:.0f}", key,
                           kMaxFlits);
      return "";
    case LengthKind::discrete: {
      if (p.size() < 2 || p.size() % 2)
        return fmt::format("{} for a discrete length needs pairs [p1, l1, p2, l2, ...] (probability, flits), as the "
                           "paper's Discrete(0.7,16,0.3,12); it has {} value(s)",
                           key, p.size());
      std::vector<double> probs;
      for (size_t i = 0; i < p.size(); i += 2) {
        probs.push_back(p[i]);
        if (!flits_ok(p[i + 1]))
          return fmt::format("{} has length {:g}; allowed: whole flits 1..{:.0f}", key, p[i + 1], kMaxFlits);
      }
      return probabilities_refusal(probs, false, key);
    }
  }
  return "";
}

std::string interarrival_refusal(InterarrivalKind kind, const std::vector<double>& p, const std::string& key) {
  auto count = [&](size_t n, const char* form) {
    return p.size() == n ? std::string() : fmt::format("{} for {} needs {}; it has {} value(s)", key, to_string(kind), form, p.size());
  };
  std::string why;
  switch (kind) {
    case InterarrivalKind::bernoulli:
      why = count(1, "[mean cycles], >= 1");
      if (why.empty() && p[0] < 1) why = fmt::format("{} = {:g}: a Bernoulli source's mean gap is at least 1 cycle", key, p[0]);
      return why;
    case InterarrivalKind::exponential:
      why = count(1, "[mean] in cycles, > 0");
      if (why.empty() && !(p[0] > 0)) why = fmt::format("{}: the mean {:g} must be > 0", key, p[0]);
      return why;
    case InterarrivalKind::uniform:
      why = count(2, "[a, b] in cycles, 0 <= a <= b (a = b: periodic)");
      if (why.empty() && (p[0] < 0 || p[0] > p[1] || (p[0] != p[1] && std::floor(p[1]) < std::ceil(p[0])) || !(p[1] > 0)))
        why = fmt::format("{} = [{:g}, {:g}]: allowed 0 <= a <= b, b > 0, with a whole number of cycles between them", key,
                          p[0], p[1]);
      return why;
    case InterarrivalKind::normal:
      why = count(2, "[mu, sigma] in cycles, mu > 0, sigma >= 0");
      if (why.empty() && (!(p[0] > 0) || p[1] < 0)) why = fmt::format("{}: allowed mu > 0 and sigma >= 0", key);
      return why;
    case InterarrivalKind::two_stage_normal:
      why = count(5, "[p, mu1, sigma1, mu2, sigma2] in cycles");
      if (why.empty() && (p[0] < 0 || p[0] > 1 || p[1] < 0 || p[2] < 0 || p[3] < 0 || p[4] < 0 ||
                          !(p[0] * p[1] + (1 - p[0]) * p[3] > 0)))
        why = fmt::format("{}: allowed 0 <= p <= 1, means and sigmas >= 0, and a mean gap > 0", key);
      return why;
  }
  return "";
}

}  // namespace kncsim
