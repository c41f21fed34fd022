// Chittor 1991, section 3.2: the single-path model (contention/single_path_model.hpp). Eq 3.11's
// theta, eq 3.12's actual path traffic and eq 3.13's threshold, the text's example, Fig. 3.5's
// saturation, and the node predictions' limits: Lemmas 3 and 4.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "contention/single_path_model.hpp"

namespace kncsim {
namespace {

// The text: "lambda_p = 0.15 and nu = 5 yields a theta of 4". Eq 3.11 gives 4 when nu + 1 = 5
// paths contend (the path and four others): the example counts the path in nu, as Fig. 3.4's
// curves must (Fig. 3.5, by contrast, has lambda_sat = 1/(nu + 1) = 1/3 for nu = 2). kncsim's nu
// is Definition 30's, the others only (nu_1 = chi - 1, eq 3.24), so the example is nu = 4 here;
// with nu = 5 eq 3.11 gives 10.
TEST(ChittorSinglePath, TheTextsExampleThetaIsFour) {
  EXPECT_DOUBLE_EQ(path_theta(0.15, 4), 4);
  EXPECT_NEAR(path_theta(0.15, 5), 10, 1e-9);
  EXPECT_DOUBLE_EQ(path_theta(0, 7), 1);
  EXPECT_TRUE(std::isinf(path_theta(0.25, 3)));  // at lambda_sat
  EXPECT_TRUE(std::isinf(path_theta(0.5, 3)));   // the forbidden region
}

// Fig. 3.4.B: the constant-theta curves are lambda_p = (1 - 1/theta) / (nu + 1).
TEST(ChittorSinglePath, Figure34ConstantThetaCurves) {
  for (double theta : {2.0, 5.0, 10.0})
    for (int nu = 0; nu <= 20; ++nu) EXPECT_NEAR(path_theta((1 - 1 / theta) / (nu + 1), nu), theta, 1e-9);
}

// Fig. 3.5 (nu = 2): lambda_sat = 33.33 %; the actual path traffic follows the applied while it
// is small, stays below both it and lambda_sat, rises with it, and the threshold approximation
// (eq 3.13) is min(applied, lambda_sat). Fig. 3.5.A's instance, applied 0.5: eq 3.12's root.
TEST(ChittorSinglePath, Figure35ActualAgainstAppliedPathTraffic) {
  EXPECT_NEAR(path_saturation_traffic(2), 1.0 / 3, 1e-15);
  const double s = 1.0 / 3, a = 0.5;
  const double root = ((a + s) - std::sqrt((a + s) * (a + s) - 4 * (1 - a) * a * s)) / (2 * (1 - a));
  EXPECT_NEAR(actual_path_traffic(a, 2), root, 1e-12);
  EXPECT_NEAR(actual_path_traffic(a, 2), 0.2324, 1e-4);
  EXPECT_DOUBLE_EQ(actual_path_traffic_threshold(a, 2), s);
  EXPECT_DOUBLE_EQ(actual_path_traffic_threshold(0.2, 2), 0.2);
  double previous = 0;
  for (int i = 1; i <= 100; ++i) {
    const double applied = i / 100.0, actual = actual_path_traffic(applied, 2);
    EXPECT_GT(actual, previous) << applied;
    EXPECT_LE(actual, std::min(applied, s)) << applied;
    // Eq 3.4 with eq 3.11's theta holds at the root.
    EXPECT_NEAR(actual, applied / (1 + (path_theta(actual, 2) - 1) * applied), 1e-9) << applied;
    previous = actual;
  }
  EXPECT_NEAR(actual_path_traffic(0.01, 2) / 0.01, 1, 0.02);
}

// One path: the node prediction is eq 3.12's single path.
TEST(ChittorSinglePath, OnePathNodeIsTheSinglePath) {
  for (double nu : {0.0, 2.0, 10.0})
    for (double a : {0.01, 0.05, 0.1, 0.3, 0.6, 1.0}) {
      const NodePrediction p = predict_node({nu}, a);
      EXPECT_NEAR(p.actual, actual_path_traffic(a, nu), 1e-9) << "nu " << nu << ", applied " << a;
      EXPECT_NEAR(p.theta, path_theta(p.actual, nu), 1e-6 * p.theta) << "nu " << nu << ", applied " << a;
    }
}

// The node predictions against the lemmas: the threshold approximation (eq 3.13) of delta paths
// at nu_avg is Lemma 3's delta / (nu_avg + 1), at nu_max Lemma 4's delta / (nu_max + 1); the exact
// solution stays below it, actual below applied, theta rises with applied, and a node that only
// communicates (lambda_a = 1) gets 1 / theta, 75 % to 90 % of the lemma here.
TEST(ChittorSinglePath, NodePredictionsAgainstLemmas3And4) {
  const std::vector<double> average(2, 5.5), worst(2, 10);
  double previous_theta = 1;
  for (double a : {0.01, 0.05, 0.1, 0.2, 0.5, 0.8, 1.0}) {
    const NodePrediction p = predict_node(average, a);
    EXPECT_LE(p.actual, p.threshold);
    EXPECT_DOUBLE_EQ(p.threshold, std::min(a, 2 / 6.5));
    EXPECT_GE(p.theta, previous_theta);
    EXPECT_NEAR(p.actual, a / (1 + (p.theta - 1) * a), 1e-9);  // eq 3.3
    previous_theta = p.theta;
  }
  const NodePrediction all_average = predict_node(average, 1), all_worst = predict_node(worst, 1);
  EXPECT_NEAR(all_average.actual, 1 / all_average.theta, 1e-9);
  EXPECT_GT(all_average.actual / (2 / 6.5), 0.75);
  EXPECT_GT(all_worst.actual / (2 / 11.0), 0.75);
  EXPECT_LT(all_worst.actual / (2 / 11.0), 0.9);
  // A node's mixed paths: its worst path sets the threshold, delta / (nu_m + 1).
  EXPECT_DOUBLE_EQ(predict_node({1, 10}, 1).threshold, 2 / 11.0);
  EXPECT_GT(predict_node({1, 10}, 1).actual, all_worst.actual);
  // delta paths all at one level: the list form and the (delta, nu) form agree.
  for (double a : {0.05, 0.3, 1.0}) EXPECT_NEAR(predict_node(2.0, 10, a).actual, predict_node(worst, a).actual, 1e-12);
  // Little contention at a light load: theta near 1, actual near applied.
  const NodePrediction light = predict_node(worst, 0.005);
  EXPECT_NEAR(light.actual / 0.005, 1, 0.01);
  EXPECT_LT(light.theta, 1.05);
}

}  // namespace
}  // namespace kncsim
