// The statistics' building blocks against values computed by hand or by brute force.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>
#include <vector>

#include "stats/batch_means.hpp"
#include "stats/run_statistics.hpp"
#include "stats/value_distribution.hpp"

namespace {

using kncsim::BatchMeans;
using kncsim::ValueDistribution;

// Nearest rank on a sorted copy: the smallest x with at least p% of the values <= x.
int64_t brute_percentile(std::vector<int64_t> v, double p) {
  std::sort(v.begin(), v.end());
  const auto rank = size_t(std::ceil(p / 100 * double(v.size()) - 1e-9));
  return v[std::max<size_t>(rank, 1) - 1];
}

TEST(ValueDistribution, PercentilesAreExactRanks) {
  std::mt19937_64 rng(7);
  std::geometric_distribution<int64_t> tail(0.01);
  std::vector<int64_t> v;
  ValueDistribution d;
  for (int i = 0; i < 20011; ++i) {
    // Mostly small values, a few beyond the dense range (kept in the map).
    const int64_t x = i % 997 == 0 ? ValueDistribution::kDense + tail(rng) * 1000 : tail(rng);
    v.push_back(x);
    d.add(x);
  }
  for (double p : {0.01, 1., 10., 50., 90., 99., 99.9, 99.99, 100.}) EXPECT_EQ(d.percentile(p), brute_percentile(v, p)) << p;
  EXPECT_EQ(d.min(), *std::min_element(v.begin(), v.end()));
  EXPECT_EQ(d.max(), *std::max_element(v.begin(), v.end()));
  const double mean = double(std::accumulate(v.begin(), v.end(), int64_t{0})) / double(v.size());
  double ss = 0;
  for (int64_t x : v) ss += (double(x) - mean) * (double(x) - mean);
  EXPECT_DOUBLE_EQ(d.mean(), mean);
  EXPECT_NEAR(d.variance(), ss / double(v.size() - 1), 1e-9 * ss / double(v.size()));
}

TEST(ValueDistribution, SmallCasesByHand) {
  ValueDistribution d;
  for (int64_t x : {3, 1, 4, 1, 5}) d.add(x);
  EXPECT_EQ(d.percentile(50), 3);   // ranks: 1 1 3 4 5, ceil(2.5) = 3rd
  EXPECT_EQ(d.percentile(20), 1);   // exactly the 1st
  EXPECT_EQ(d.percentile(21), 1);   // ceil(1.05) = 2nd
  EXPECT_EQ(d.percentile(100), 5);
  EXPECT_DOUBLE_EQ(d.mean(), 2.8);
  EXPECT_DOUBLE_EQ(d.variance(), 3.2);  // (3.24 + 3.24 + .04 + 1.44 + 4.84) / 4
  EXPECT_THROW(d.percentile(0), std::invalid_argument);
  ValueDistribution empty;
  EXPECT_TRUE(std::isnan(empty.mean()));
  EXPECT_TRUE(empty.log_histogram().counts.empty());
}

TEST(ValueDistribution, LogHistogramCoversEveryValueOnceInGrowingBins) {
  ValueDistribution d;
  for (int64_t x = 5; x < 5000; x += 7) d.add(x);
  d.add(100000);
  const auto h = d.log_histogram(8);
  ASSERT_EQ(h.edges.size(), h.counts.size() + 1);
  EXPECT_LE(h.edges.front(), 5);
  EXPECT_GT(h.edges.back(), 100000);
  EXPECT_EQ(std::accumulate(h.counts.begin(), h.counts.end(), int64_t{0}), d.count());
  EXPECT_GT(h.counts.front(), 0);
  EXPECT_GT(h.counts.back(), 0);
  for (size_t i = 1; i < h.edges.size(); ++i) {
    EXPECT_LT(h.edges[i - 1], h.edges[i]);
    // Each edge at most 2^(1/8) times the previous, allowing for the rounding down of both.
    EXPECT_LE(double(h.edges[i]), double(h.edges[i - 1] + 1) * std::pow(2, 1. / 8)) << i;
  }
}

TEST(BatchMeans, KeepsBetween32And64BatchesAndCoversTheTrueMean) {
  // AR(1) samples (correlated like latencies in delivery order) around a known mean: the
  // 95% interval must contain it in about 95% of 200 independent runs.
  std::mt19937_64 rng(11);
  std::normal_distribution<double> noise(0, 1);
  int covered = 0;
  for (int run = 0; run < 200; ++run) {
    BatchMeans b;
    double x = 0;
    const int n = 20000 + run * 37;
    for (int i = 0; i < n; ++i) {
      x = 0.9 * x + noise(rng);
      b.add(10 + x, i);
    }
    const auto ci = b.interval95();
    ASSERT_GE(ci.batches, BatchMeans::kMinBatches);
    ASSERT_LT(ci.batches, 2 * BatchMeans::kMinBatches);
    ASSERT_LE(ci.batches * ci.batch_size, n);  // one sample a cycle: every batch exactly batch_size
    ASSERT_GT((ci.batches + 1) * ci.batch_size, n - ci.batch_size);  // at most one batch left open
    covered += std::abs(ci.mean - 10) <= ci.half_width;
  }
  EXPECT_GE(covered, 180);  // binomial(200, .95): 180 is 2.6 sd below 190
  EXPECT_LE(covered, 199);  // an interval that always covers is too wide to be 95%
}

TEST(BatchMeans, NoIntervalBeforeTwoBatches) {
  BatchMeans b;
  EXPECT_TRUE(std::isnan(b.interval95().mean));
  b.add(1, 0);
  b.add(5, 0);  // the same cycle: the batch stays open
  b.add(3, 1);  // closes {1, 5}
  EXPECT_EQ(b.interval95().batches, 1);
  EXPECT_TRUE(std::isnan(b.interval95().half_width));
  b.add(3, 1);
  b.add(0, 2);  // closes {3, 3}
  EXPECT_DOUBLE_EQ(b.interval95().mean, 3);
  EXPECT_NEAR(b.interval95().half_width, 0, 1e-12);  // both batch means are 3
}

}  // namespace

namespace kncsim {
namespace {

// Pertel's T split (SNS 6, footnote 3): each record's injection and network latency, and the
// time-averaged AQLEN's area (Critique 2.2), on records worked by hand.
TEST(RunStatistics, LatencySplitAndTheQueueAreaByHand) {
  RunStatistics s(4, nullptr);
  s.generated(0, 0);
  s.generated(1, 10);
  // Packet 0: sent 0, left its queue at 2, arrived 5; packet 1: sent 10, left 10, arrived 30.
  s.deliver(PacketRecord{0, 0, 3, 0, 5, 2, -1, -1, 0, -1, 2});
  s.deliver(PacketRecord{1, 1, 2, 10, 30, 3, -1, -1, 0, -1, 10});
  EXPECT_EQ(s.injection_latency().count(), 2);
  EXPECT_DOUBLE_EQ(s.injection_latency().mean(), 1);   // (2 + 0) / 2
  EXPECT_DOUBLE_EQ(s.network_latency().mean(), 11.5);  // (3 + 20) / 2
  EXPECT_DOUBLE_EQ(s.injection_latency().mean() + s.network_latency().mean(), s.latency().mean());
  // In the network 5 cycles and 20: the area up to cycle 40 is 25, whatever comes after.
  EXPECT_DOUBLE_EQ(s.packets_waiting_area(40), 25);
  // A packet generated and not delivered counts from its cycle on; one drawn ahead of `now` not yet.
  s.generated(2, 35);
  EXPECT_DOUBLE_EQ(s.packets_waiting_area(40), 30);
  EXPECT_DOUBLE_EQ(s.packets_waiting_area(35), 25);
  // Records without a departure cycle (rings) leave the split empty.
  RunStatistics rings(4, nullptr);
  rings.deliver(PacketRecord{0, 0, 1, 0, 7, 1});
  EXPECT_EQ(rings.injection_latency().count(), 0);
}

}  // namespace
}  // namespace kncsim
