// The ci stopping rule (MSER warm-up cut, batch means) and the saturation test, on series
// whose answer is known.
#include <cmath>
#include <random>

#include "stats/convergence.hpp"
#include "stats/latency_series.hpp"
#include "stats/saturation_check.hpp"
#include "stats/steady_state_interval.hpp"

#include <gtest/gtest.h>

namespace kncsim {
namespace {

// One packet delivered per cycle, its latency mean + a warm-up bias decaying with time
// constant `warmup` + AR(1) noise (correlated, as queueing latencies are).
class SeriesModel : public NetworkModel {
 public:
  SeriesModel(LatencySeries& sink, uint64_t seed, double mean, double bias, double warmup, double phi, double sigma)
      : sink_(sink), rng_(seed), mean_(mean), bias_(bias), warmup_(warmup), phi_(phi), sigma_(sigma) {}
  void run_until(int64_t end) override {
    std::normal_distribution<double> n(0, sigma_);
    for (; now_ < end; ++now_) {
      ar_ = phi_ * ar_ + n(rng_);
      const double x = mean_ + bias_ * std::exp(-double(now_) / warmup_) + ar_;
      const int64_t lat = std::max<int64_t>(0, std::llround(x * 16));  // a record's latency is whole cycles
      sink_.deliver(PacketRecord{uint64_t(now_), 0, 1, now_ - lat, now_, 1});
      ++c_.numsent, ++c_.numrecd, c_.totlat += lat;
    }
  }
  int64_t now() const override { return now_; }
  const DeliveryCounters& counters() const override { return c_; }

 private:
  LatencySeries& sink_;
  std::mt19937_64 rng_;
  double mean_, bias_, warmup_, phi_, sigma_, ar_ = 0;
  int64_t now_ = 0;
  DeliveryCounters c_;
};

ConvergenceTarget series_target(const LatencySeries& s) {
  ConvergenceTarget t;
  t.load = 0.5;
  t.sns4_interval = 1000;  // checks at least 200 cycles apart
  t.measure = [](const NetworkModel& m) {
    Measures x{};
    x.T = double(m.counters().totlat) / double(m.counters().numrecd);
    return x;
  };
  t.series = &s;
  return t;
}

ConvergenceSpec ci_spec(double target) {
  ConvergenceSpec s;
  s.mode = ConvergenceMode::ci;
  s.ci_target = target;
  s.max_cycles = 1 << 24;
  return s;
}

TEST(SteadyState, MserCutsTheWarmUpAndNotMuchMore) {
  LatencySeries s(nullptr, 1. / 16);
  SeriesModel m(s, 7, 10, 40, 3000, 0.5, 1);  // the bias is under 0.1 of the mean after about 18000 cycles
  m.run_until(200000);
  const SteadyStateInterval r = steady_state_interval(s.groups());
  ASSERT_TRUE(r.ready) << r.not_ready;
  EXPECT_GT(r.cut_cycle, 6000);
  EXPECT_LT(r.cut_cycle, 40000);
  EXPECT_NEAR(r.mean, 10, 3 * r.half_width);
  EXPECT_EQ(r.batches, kBatches);
}

TEST(SteadyState, ADriftingSeriesIsNotReady) {
  LatencySeries s;
  for (int64_t i = 0; i < 20000; ++i) s.add(double(i), i);  // a queue growing without bound
  const SteadyStateInterval r = steady_state_interval(s.groups());
  EXPECT_FALSE(r.ready);
  EXPECT_NE(r.not_ready.find("midpoint"), std::string::npos);
}

TEST(SteadyState, GroupsMergeSoMemoryStaysBounded) {
  LatencySeries s;
  for (int64_t i = 0; i < 2000000; ++i) s.add(1, i);
  EXPECT_LT(s.groups().size(), LatencySeries::kMaxGroups);
  EXPECT_GE(s.groups().size(), LatencySeries::kMaxGroups / 2);
  int64_t packets = 0;
  for (const auto& g : s.groups()) packets += g.count;
  EXPECT_GE(packets, 2000000 - s.group_size());  // only the open group is not counted
}

// The rule's stated rate: a 95 % interval from the real driver, on 300 series with a known
// mean, a warm-up bias and correlated noise, covers the mean in about 95 % of runs. With 300
// runs the count's standard deviation is 1.3 %; sequential stopping costs a little coverage.
TEST(SteadyState, TheIntervalCoversTheKnownMeanAtTheStatedRate) {
  int covered = 0, runs = 300;
  double cycles = 0;
  for (int r = 0; r < runs; ++r) {
    LatencySeries s(nullptr, 1. / 16);
    SeriesModel m(s, 1000 + uint64_t(r), 10, 20, 500, 0.9, 1);
    const ConvergenceOutcome out = run_to_convergence(m, ci_spec(0.02), series_target(s));
    ASSERT_TRUE(out.converged) << out.stop_reason;
    ASSERT_TRUE(out.steady && out.steady->ready);
    covered += std::abs(out.steady->mean - 10) <= out.steady->half_width;
    cycles += double(m.now());
  }
  EXPECT_GE(covered, int(0.91 * runs)) << "mean run " << cycles / runs << " cycles";
  EXPECT_LE(covered, int(0.99 * runs));  // an interval far too wide would cover always
}

TEST(SteadyState, TheDriverStopsWhenTheIntervalIsWithinTheTarget) {
  LatencySeries s(nullptr, 1. / 16);
  SeriesModel m(s, 3, 10, 0, 1, 0.5, 1);
  const ConvergenceOutcome out = run_to_convergence(m, ci_spec(0.01), series_target(s));
  ASSERT_TRUE(out.converged);
  EXPECT_LE(out.steady->half_width, 0.01 * out.steady->mean);
  // Two checks in a row were within the target; the one before them was not (or not ready).
  const auto& iv = out.intervals;
  ASSERT_GE(iv.size(), 3u);
  EXPECT_LE(iv[iv.size() - 2].change, 0.01);
  const double before = iv[iv.size() - 3].change;
  EXPECT_TRUE(std::isnan(before) || before > 0.01);
}

// Offered packets at `offered` per cycle, delivered at `accepted` per cycle once the network
// is full (after `fill` cycles at the offered rate); the backlog settles at `settle` packets
// if accepted == offered.
RunSample sample(int64_t t, double offered, double accepted, double T) {
  return RunSample{t, int64_t(offered * double(t)), int64_t(accepted * double(t)), T};
}

TEST(SaturationCheck, ABacklogGrowingLinearlyIsSaturation) {
  SaturationCheck c({true, 0}, 2000);
  bool saturated = false;
  int64_t t = 100;
  for (; t < 1000000 && !saturated; t += std::max<int64_t>(100, t / 10))
    saturated = c.observe(sample(t, 10, 9, 50));  // 10 % of the offered load is not carried
  ASSERT_TRUE(saturated);
  const SaturationEvidence& e = c.evidence();
  EXPECT_GE(e.cycle, 4000);  // every checkpoint agrees from 2000 cycles on, until the age doubles
  EXPECT_LT(e.cycle, 4600);
  EXPECT_EQ(e.rule, "backlog_growth");
  EXPECT_NEAR(e.offered_rate, 10, 0.01);
  EXPECT_NEAR(e.accepted_rate, 9, 0.01);
  EXPECT_NEAR(e.growth_second_quarter, 1, 0.01);
  EXPECT_GT(e.z, SaturationCheck::kMinZ);
}

TEST(SaturationCheck, AWarmUpThatLevelsOffIsNot) {
  // Little's law: 10 packets per cycle at a latency of 200 cycles hold 2000 in the network.
  // The backlog fills towards it with a time constant of ten latencies (a slow warm-up, as
  // near saturation), growing at over 5 % of the offered rate at first.
  SaturationCheck c({true, 0}, 2000);
  for (int64_t t = 100; t < 1000000; t += std::max<int64_t>(100, t / 10)) {
    const double backlog = 2000 * (1 - std::exp(-double(t) / 2000));
    ASSERT_FALSE(c.observe(RunSample{t, 10 * t, 10 * t - int64_t(backlog), 200})) << "at cycle " << t;
  }
}

TEST(SaturationCheck, TheLatencyBoundDecidesFromMinCyclesOn) {
  SaturationCheck c({true, 500}, 2000);
  EXPECT_FALSE(c.observe(sample(1000, 10, 10, 900)));  // before min_cycles
  EXPECT_FALSE(c.observe(sample(2000, 10, 10, 400)));
  EXPECT_FALSE(c.observe(sample(2200, 10, 10, NAN)));  // nothing delivered is not over the bound
  EXPECT_TRUE(c.observe(sample(2400, 10, 10, 501)));
  EXPECT_EQ(c.evidence().rule, "latency_bound");
  EXPECT_EQ(c.evidence().latency_bound, 500);
  EXPECT_EQ(c.evidence().cycle, 2400);
}

// BookSim's latency_thres counts the packets still waiting at their age: a starving source
// passes the bound before any of its packets arrives.
TEST(SaturationCheck, TheBoundCountsWaitingPacketsAtTheirAge) {
  SaturationCheck c({true, 500}, 2000);
  RunSample s = sample(3000, 10, 10, 40);
  s.T_waiting_included = 600;
  EXPECT_TRUE(c.observe(s));
  EXPECT_EQ(c.evidence().rule, "latency_bound");
  EXPECT_EQ(c.evidence().T, 40);
  EXPECT_EQ(c.evidence().T_waiting_included, 600);
}

TEST(PacketAges, SumsTheAgesOfThePacketsNotYetDelivered) {
  PacketAges a(3);
  // Cycle 0: nodes 0 and 1 generate; cycle 1: node 2; node 0's is delivered at 3 (latency 3).
  a.generated(0, 0);
  a.generated(1, 0);
  EXPECT_EQ(a.mean(0, 1).waiting, 0);  // told ahead: they count from cycle 1
  a.generated(2, 1);
  EXPECT_EQ(a.mean(1, 1).waiting, 2);
  EXPECT_DOUBLE_EQ(a.mean(1, 1).waiting_age_sum, 2);  // 1 - 0, twice
  a.deliver(PacketRecord{0, 0, 5, 0, 3, 2});
  const PacketAges::Mean m = a.mean(4, 1);
  EXPECT_EQ(m.waiting, 2);
  EXPECT_DOUBLE_EQ(m.waiting_age_sum, (4 - 0) + (4 - 1));
  EXPECT_DOUBLE_EQ(m.all, (3 + 4 + 3) / 3.0);
  EXPECT_EQ(m.worst_node, 1);  // its packet has waited 4 cycles
  EXPECT_DOUBLE_EQ(m.worst, 4);
  EXPECT_EQ(a.mean(4, 2).worst_node, -1);  // no source has two packets
}

TEST(SaturationCheck, OneStarvingSourceIsSaturation) {
  SaturationCheck c({true, 500}, 2000);
  RunSample s = sample(3000, 10, 10, 40);
  s.T_waiting_included = 60;
  s.T_worst_source = 7000;
  s.worst_source = 7;
  EXPECT_FALSE(c.observe(s));  // over the bound from cycle 3000: it must stay so until 6000
  s = sample(4500, 10, 10, 40);
  s.T_worst_source = 400;  // one congestion episode: the source recovers
  EXPECT_FALSE(c.observe(s));
  for (int64_t t = 5000; t < 10000; t += 500) {
    s = sample(t, 10, 10, 40);
    s.T_waiting_included = 60;
    s.T_worst_source = 7000;
    s.worst_source = 7;
    ASSERT_EQ(c.observe(s), t >= 10000) << t;
  }
  s = sample(10000, 10, 10, 40);
  s.T_worst_source = 7000;
  s.worst_source = 7;
  EXPECT_TRUE(c.observe(s));
  EXPECT_EQ(c.evidence().rule, "latency_bound_worst_source");
  EXPECT_EQ(c.evidence().worst_source, 7);
}

TEST(SaturationCheck, OffDecidesNothing) {
  SaturationCheck c({false, 500}, 0);
  for (int64_t t = 100; t < 100000; t += t / 10 + 100) EXPECT_FALSE(c.observe(sample(t, 10, 5, 1e6)));
}

}  // namespace
}  // namespace kncsim
