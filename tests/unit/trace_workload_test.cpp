// The trace replay's own state machine (traffic/trace_workload.hpp), driven by hand: its
// contention-free replay against the same replay driven cycle by cycle, its percentiles, and the
// protocol's refusals (a tail told too late, one of a packet never handed over).
#include <gtest/gtest.h>

#include <map>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "support/kncsim_process.hpp"
#include "traffic/trace_workload.hpp"

namespace kncsim {
namespace {

TraceReplaySpec text_spec(const std::string& path, bool dependencies = true) {
  TraceReplaySpec s;
  s.path = path;
  s.format = TraceFormat::text;
  s.dependencies = dependencies;
  s.network_nodes = 16;
  return s;
}

// 400 packets on 16 nodes in bursts, each of the later ones waiting for up to two of the 30 before.
std::string dependent_trace() {
  std::mt19937_64 rng(3);
  std::string text;
  int64_t cycle = 0;
  for (int i = 0; i < 400; ++i) {
    cycle += int64_t(rng() % 4 == 0 ? rng() % 20 : 0);
    text += std::to_string(cycle) + " " + std::to_string(rng() % 16) + " " + std::to_string(rng() % 16) + " " +
            std::to_string(1 + rng() % 9) + " " + std::to_string(i);
    for (int d = 0; d < (i < 5 ? 0 : int(rng() % 3)); ++d) text += " " + std::to_string(i - 1 - int(rng() % 5));
    text += "\n";
  }
  return test::write_temp("workload_dependent.txt", text);
}

int64_t delay(uint32_t s, uint32_t d, int flits) { return flits + 3 * int64_t(s > d ? s - d : d - s) + 2; }

// The contention-free replay is the workload driven every cycle by a network whose packets all
// take delay(): told of each tail in the cycle it arrives, as the flit-level network tells them.
TEST(TraceWorkload, TheContentionFreeReplayIsTheCycleByCycleReplay) {
  for (bool dependencies : {true, false}) {
    SCOPED_TRACE(dependencies);
    const TraceReplaySpec spec = text_spec(dependent_trace(), dependencies);
    TraceWorkload w(spec);
    std::multimap<int64_t, std::pair<uint64_t, MessagePacket>> flying;  // by tail arrival
    std::vector<MessagePacket> out;
    uint64_t id = 0;
    const auto hand = [&](int64_t cycle) {
      out.clear();
      w.packets_for(cycle, out);
      for (const MessagePacket& m : out) flying.emplace(cycle + delay(m.node, m.dest, m.flits), std::make_pair(id++, m));
    };
    hand(0);
    int64_t t = 0;
    for (; !w.done() && t < 100000; ++t) {
      hand(t + 1);  // asked a cycle ahead, as the flit-level network asks
      for (auto it = flying.begin(); it != flying.end() && it->first == t; it = flying.erase(it))
        w.tail_arrived(it->second.first, it->second.second.node, it->second.second.dest, t);
    }
    ASSERT_TRUE(w.done());
    const std::optional<TraceTotals> ideal = w.ideal_run(delay, 100000);
    ASSERT_TRUE(ideal);
    EXPECT_EQ(ideal->cycles(), w.totals().cycles());
    EXPECT_EQ(ideal->latency_sum, w.totals().latency_sum);
    EXPECT_EQ(ideal->held_sum, w.totals().held_sum);
    EXPECT_EQ(ideal->delivered, 400u);
    if (dependencies) {
      EXPECT_GT(w.totals().held_packets, 50u) << "the dependencies hold packets back";
    } else {
      EXPECT_EQ(w.totals().held_packets, 0u);
    }
    EXPECT_FALSE(w.ideal_run(delay, 10)) << "a replay not done by its bound says so";
  }
}

TEST(TraceWorkload, PercentilesAreTheLatenciesAtTheirRanks) {
  TraceTotals t;
  t.latency_counts.assign(TraceTotals::kLatencyBins, 0);
  EXPECT_EQ(t.latency_percentile(0.5), -1) << "none delivered";
  for (int l = 1; l <= 100; ++l) ++t.latency_counts[size_t(l)];  // latencies 1..100, one each
  t.delivered = 100;
  t.latency_max = 100;
  EXPECT_EQ(t.latency_percentile(0.5), 50);
  EXPECT_EQ(t.latency_percentile(0.9), 90);
  EXPECT_EQ(t.latency_percentile(0.99), 99);
  ++t.latency_counts.back();  // one beyond the bins: the maximum stands for it
  t.delivered = 101;
  t.latency_max = 200000;
  EXPECT_EQ(t.latency_percentile(1.0), 200000);
}

TEST(TraceWorkload, AModelBreakingTheProtocolIsToldWhereItBreaksIt) {
  TraceWorkload w(text_spec(test::write_temp("two.txt", "0 1 2 3\n0 2 3 3 1 0\n")));
  std::vector<MessagePacket> out;
  w.packets_for(0, out);
  ASSERT_EQ(out.size(), 1u);
  EXPECT_THROW(w.tail_arrived(5, 1, 2, 3), std::logic_error) << "a packet never handed over";
  for (int64_t t = 1; t <= 10; ++t) w.packets_for(t, out);
  try {
    w.tail_arrived(0, 1, 2, 4);  // arrived in cycle 4, told after cycle 10 was asked for
    ADD_FAILURE() << "a late tail was taken";
  } catch (const std::logic_error& e) {
    EXPECT_NE(std::string(e.what()).find("told after cycle 10"), std::string::npos) << e.what();
  }
  EXPECT_THROW(w.keep_log(), std::logic_error) << "a log begun after the first packet would miss it";
}

}  // namespace
}  // namespace kncsim
