#include "stats/convergence.hpp"

#include <cmath>

#include "ring/ring_window.hpp"

#include <gtest/gtest.h>

namespace kncsim {
namespace {

// A scripted model: delivers packets at a set rate with a set latency, so each driver's
// stopping rule can be checked against a hand computation.
class ScriptedModel : public NetworkModel {
 public:
  ScriptedModel(double packets_per_cycle, double latency) : rate_(packets_per_cycle), lat_(latency) {}
  void run_until(int64_t end) override {
    now_ = end;
    c_.numrecd = int64_t(rate_ * double(now_));
    c_.numsent = c_.numrecd;
    c_.totlat = int64_t(lat_ * double(c_.numrecd));
    c_.tothops = c_.numrecd;
    ++calls;
  }
  int64_t now() const override { return now_; }
  const DeliveryCounters& counters() const override { return c_; }
  int calls = 0;

 private:
  double rate_, lat_;
  int64_t now_ = 0;
  DeliveryCounters c_;
};

// 8x8, L=32: U = .25 * numrecd*32/curtime / 8 = rate; so rate = A makes U = A.
const MeasureContext k8x8{2, 8, 32, 64, 8, 0.5, 16};

ConvergenceSpec spec(ConvergenceMode mode, int64_t max_cycles = 1 << 30) {
  ConvergenceSpec s;
  s.mode = mode;
  s.max_cycles = max_cycles;
  return s;
}

TEST(Convergence, Sns4IntervalIsTheListingsExpression) {
  // (int)(MINPKT*L/(8*A*N/R)): 128x128 A=.5 -> 10000*32/512 = 625.
  EXPECT_EQ(sns4_initial_interval({2, 128, 32, 16384, 128, .5, 256}, .03), 625);
  EXPECT_EQ(sns4_initial_interval({1, 4, 32, 4, 1, .1, 1}, .03), 400000);
  EXPECT_EQ(sns4_initial_interval({3, 128, 1, 1 << 21, 16384, .9, 49152}, .03), 1);  // never 0
}

TEST(Convergence, Sns4StopsAfterThroughputThenOneStableLatencyInterval) {
  ScriptedModel m(0.5, 20.0);
  const auto out = run_to_convergence(m, spec(ConvergenceMode::sns4), k8x8);
  EXPECT_TRUE(out.converged);
  ASSERT_EQ(out.intervals.size(), 2u);  // throughput at once, latency unchanged next
  EXPECT_EQ(out.intervals[0].phase, 1);
  EXPECT_EQ(out.intervals[1].phase, 2);
  EXPECT_EQ(out.intervals[1].curtime, 2 * out.intervals[0].curtime);
}

TEST(Convergence, Sns4NeverConvergesBelowTheAppliedLoad) {
  ScriptedModel m(0.4, 20.0);  // U = .4 < A = .5
  const ConvergenceSpec s = spec(ConvergenceMode::sns4, 1 << 20);
  const auto out = run_to_convergence(m, s, k8x8);
  EXPECT_FALSE(out.converged);
  EXPECT_EQ(out.stop_reason, "max_cycles");
  EXPECT_LE(m.now(), s.max_cycles);
}

TEST(Convergence, SnsDoublesFromTheInterval) {
  ScriptedModel m(0.5, 20.0);
  const auto out = run_to_convergence(m, spec(ConvergenceMode::sns), k8x8);
  EXPECT_TRUE(out.converged);
  ASSERT_EQ(out.intervals.size(), 2u);  // T: 1 -> 20 (change 19), then 20 -> 20
  EXPECT_EQ(out.intervals[0].curtime, 1000);
  EXPECT_EQ(out.intervals[1].curtime, 2000);
}

TEST(Convergence, SnsWithNoDeliveriesIsNotConverged) {
  ScriptedModel m(0.0, 0.0);
  const auto out = run_to_convergence(m, spec(ConvergenceMode::sns), k8x8);
  EXPECT_FALSE(out.converged);
  EXPECT_EQ(out.stop_reason, "no packets delivered");
}

TEST(Convergence, FixedRunsExactlyTheCycles) {
  ScriptedModel m(0.5, 20.0);
  ConvergenceSpec s = spec(ConvergenceMode::fixed);
  s.cycles = 1234;
  const auto out = run_to_convergence(m, s, k8x8);
  EXPECT_TRUE(out.converged);
  EXPECT_EQ(m.now(), 1234);
  EXPECT_EQ(m.calls, 1);
}

// The interval for a given generation rate is the listing's on a mesh: the same number of
// packets (MINPKT / 2) as sns4.c's first INTERVAL.
TEST(Convergence, Sns4IntervalForARateMatchesTheListingsOnAMesh) {
  // 8x8, L = 32, A = .5: q = 4A/(R L) = 1/128 per node, 0.5 packets per cycle in all.
  const double per_cycle = 64 * 4 * 0.5 / (8 * 32);
  EXPECT_EQ(sns4_initial_interval_for_rate(per_cycle, .03), sns4_initial_interval(k8x8, .03));
  EXPECT_EQ(sns4_initial_interval_for_rate(1e9, .03), 1);     // never 0
  EXPECT_EQ(sns4_initial_interval_for_rate(NAN, .03), 1);
  EXPECT_GT(sns4_initial_interval_for_rate(0, .03), int64_t{1} << 40);  // no traffic: the cap stops it
}

// A target with its own measure: sns4 reads U and T from it, not from the mesh formulas.
TEST(Convergence, Sns4ReadsTheTargetsMeasures) {
  ScriptedModel m(0.25, 30.0);
  int calls = 0;
  const ConvergenceTarget target{0.25, 100, [&](const NetworkModel& model) {
                                   ++calls;
                                   Measures r{};
                                   r.T = double(model.counters().totlat) / double(model.counters().numrecd);
                                   r.U = double(model.counters().numrecd) / double(model.now());
                                   return r;
                                 }};
  const auto out = run_to_convergence(m, spec(ConvergenceMode::sns4), target);
  EXPECT_TRUE(out.converged);
  ASSERT_EQ(out.intervals.size(), 2u);  // U = A at once, then T unchanged
  EXPECT_EQ(out.intervals[0].curtime, 100);
  EXPECT_EQ(out.intervals[1].curtime, 200);
  EXPECT_EQ(calls, 2);
  EXPECT_DOUBLE_EQ(out.intervals[1].measures.T, 30.0);
}

// The rings' measures by hand: 4 nodes, 1000 cycles of a synchronous network whose cycle is
// 1.5 switch cycles, 100 messages of 640 bits delivered, 20 still under way.
TEST(RingWindowResults, CumulativeMeasuresInSwitchCycles) {
  DeliveryCounters c;
  c.numsent = 120;
  c.numrecd = 100;
  c.totlat = 4000;
  c.tothops = 250;
  const Measures m = measure_rings(c, 100 * 640., 1000, RingMeasureContext{4, 20., 1.5});
  EXPECT_DOUBLE_EQ(m.T, 40 * 1.5);
  EXPECT_DOUBLE_EQ(m.TP, 64000. / 1000 / 4 / 1.5);
  EXPECT_DOUBLE_EQ(m.U, m.TP / 20.);
  EXPECT_DOUBLE_EQ(m.D, 2.5);
  EXPECT_DOUBLE_EQ(m.AQLEN, 5.);
}

}  // namespace
}  // namespace kncsim
