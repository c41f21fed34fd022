#include "contention/single_path_model.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace kncsim {

double path_saturation_traffic(double nu) { return 1 / (nu + 1); }

double path_theta(double path_traffic, double nu) {
  const double busy = (nu + 1) * path_traffic;
  return busy >= 1 ? std::numeric_limits<double>::infinity() : 1 / (1 - busy);
}

double actual_path_traffic(double applied, double nu) {
  if (applied <= 0) return 0;
  // lambda_p^2 (1 - a) - lambda_p (a + s) + a s = 0; its smaller root is the one below s.
  const double a = std::min(applied, 1.0), s = path_saturation_traffic(nu);
  const double qa = 1 - a, qb = a + s, qc = a * s;
  if (qa < 1e-15) return qc / qb;  // a = 1: the equation is linear
  // The smaller root in the cancellation-free form 2c / (b + sqrt(b^2 - 4ac)).
  return 2 * qc / (qb + std::sqrt(std::max(0.0, qb * qb - 4 * qa * qc)));
}

double actual_path_traffic_threshold(double applied, double nu) {
  return std::min(applied, path_saturation_traffic(nu));
}

namespace {

// Solves x = a / (1 + (theta(x) - 1) a) for the actual node traffic x; the right side falls as x
// rises, so the difference changes sign once in (0, threshold).
template <typename Theta>
NodePrediction solve(double applied, double threshold, const Theta& theta) {
  NodePrediction p;
  p.applied = applied;
  p.threshold = threshold;
  double lo = 0, hi = threshold;
  for (int i = 0; i < 200 && hi - lo > 1e-15 * hi; ++i) {
    const double mid = 0.5 * (lo + hi);
    const double th = theta(mid);
    const double rhs = std::isinf(th) ? 0 : applied / (1 + (th - 1) * applied);
    (rhs > mid ? lo : hi) = mid;
  }
  p.actual = lo;
  p.theta = lo > 0 ? theta(lo) : 1;
  return p;
}

}  // namespace

NodePrediction predict_node(const std::vector<double>& path_nus, double applied) {
  if (path_nus.empty() || applied <= 0) return NodePrediction{applied, 0, 1, 0};
  const double delta = double(path_nus.size());
  const double worst = *std::max_element(path_nus.begin(), path_nus.end());
  return solve(applied, std::min(applied, delta * path_saturation_traffic(worst)), [&](double actual) {
    double sum = 0;
    for (double nu : path_nus) sum += path_theta(actual / delta, nu);
    return sum / delta;
  });
}

NodePrediction predict_node(double delta, double nu, double applied) {
  if (delta <= 0 || applied <= 0) return NodePrediction{applied, 0, 1, 0};
  return solve(applied, std::min(applied, delta * path_saturation_traffic(nu)),
               [&](double actual) { return path_theta(actual / delta, nu); });
}

}  // namespace kncsim
