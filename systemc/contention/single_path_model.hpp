#pragma once
// Chittor's single-path model (thesis section 3.2) and the node predictions built on it. A path
// that meets nu other paths, each busy a fraction lambda_p of the time (its actual path
// traffic, as a fraction of a channel's bandwidth), behaves as one M/M/1 queue of nu + 1
// contenders under oldest-first arbitration:
//   theta = 1 / (1 - (nu + 1) lambda_p),  lambda_sat = 1 / (nu + 1)            (eq 3.11)
// theta being the message's communication time over its contention-free time. Contention
// lengthens each loop of a node that computes, then sends, so the actual traffic falls below the
// applied (contention-free) traffic:
//   lambda_n = lambda_a / (1 + (theta - 1) lambda_a)                           (eq 3.3)
// and for one path eqs 3.3 and 3.11 give eq 3.12's quadratic in lambda_p.
#include <vector>

namespace kncsim {

// Eq 3.11: 1 / (nu + 1), and theta at an actual path traffic (infinite from lambda_sat on).
double path_saturation_traffic(double nu);
double path_theta(double path_traffic, double nu);

// A single path's actual traffic at applied path traffic `applied` (0 .. 1): the root of eq 3.12
// below lambda_sat, and eq 3.13's threshold approximation min(applied, lambda_sat).
double actual_path_traffic(double applied, double nu);
double actual_path_traffic_threshold(double applied, double nu);

// A node that sends to its paths in turn (each a 1/delta share of its messages) at applied node
// traffic lambda_a: its actual node traffic lambda_n and its normalised communication time, the
// mean of its paths' theta, each path at traffic lambda_n / delta, solved together with eq 3.3.
// lambda_a is at most 1 (a node that only communicates). Eq 3.13's threshold gives
// min(lambda_a, delta / (nu_m + 1)), nu_m its worst path's level: with delta_avg paths of nu_avg
// that is Lemma 3's average node, of nu_max Lemma 4's worst node. The exact solution stays below
// it (at lambda_a = 1, lambda_n = 1 / theta).
struct NodePrediction {
  double applied = 0;
  double actual = 0;
  double theta = 1;
  double threshold = 0;  // eq 3.13's min(applied, delta / (nu_m + 1))
};
NodePrediction predict_node(const std::vector<double>& path_nus, double applied);

// The same for `delta` paths (fractional: delta_avg) all at level nu: Chittor's average node
// (delta_avg, nu_avg) and worst node (delta_avg, nu_max).
NodePrediction predict_node(double delta, double nu, double applied);

}  // namespace kncsim
