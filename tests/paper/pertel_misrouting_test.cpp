// Pertel's misrouting (SNS report section 3; Critique Question 2) in the reference model: the
// head of a full FIFO may take any output, so adaptive routing on finite FIFOs needs no deadlock
// report; and, as the Critique answers, misrouting "would only decrease the performance of AR".
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <string>

#include "support/kncsim_process.hpp"

namespace {

using kncsim::test::kncsim;
using kncsim::test::Outcome;

// 16x16, Pertel's L = 32, cut-through FIFOs of `fifo` packets, adaptive (ANS) unless said.
std::string mesh(double load, int fifo, const std::string& misroute, const std::string& routing = "adaptive") {
  return "run --json - --quiet --set network.radix=16 --set router.flow_control=cut_through --set router.fifo_packets=" +
         std::to_string(fifo) + " --set router.routing=" + routing + " --set traffic.load=" + std::to_string(load) +
         " --set router.misroute_on_full=" + misroute + " --set run.convergence=fixed";
}

// The acceptance: A = .5 on one-packet FIFOs deadlocks (the watchdog stops the run)
// without misrouting, and runs 10^6 cycles with it.
TEST(PertelMisrouting, AdaptiveRoutingOnFiniteFifosRunsAMillionCyclesWithoutADeadlock) {
  const Outcome off = kncsim(mesh(.5, 1, "off") + " --set run.cycles=1000000");
  EXPECT_NE(off.status, 0);
  EXPECT_NE(off.err.find("deadlock: no packet moved"), std::string::npos) << off.err;

  const Outcome on = kncsim(mesh(.5, 1, "on") + " --set run.cycles=1000000");
  ASSERT_EQ(on.status, 0) << on.err;
  const auto r = nlohmann::json::parse(on.out);
  EXPECT_EQ(r["curtime"], 1000000);
  EXPECT_GT(r["numrecd"].get<int64_t>(), 100000);
  EXPECT_GT(r["misrouting"]["misrouted_hops"].get<int64_t>(), 0);
  EXPECT_GT(r["misrouting"]["dejected"].get<int64_t>(), 0);
}

struct Point {
  double T, U;
};

Point run(const std::string& args) {
  const Outcome o = kncsim(args + " --set run.cycles=300000");
  EXPECT_EQ(o.status, 0) << o.err;
  if (o.status != 0) return {0, 0};
  const auto r = nlohmann::json::parse(o.out);
  return {r["T"].get<double>(), r["U"].get<double>()};
}

// Critique Answer 2: misrouting lets AR run where it would deadlock, at a price. On four-packet
// FIFOs it changes nothing at A = .3 (no head finds its FIFO full and its ways busy); at A = .7,
// where DOR still carries the load, AR with misrouting carries less and waits far longer. On
// one-packet FIFOs, where a FIFO is full whenever it holds a packet, it collapses already at
// A = .3, below DOR's throughput on the same FIFOs.
TEST(PertelMisrouting, CritiqueAnswer2ItOnlyDecreasesAdaptiveRoutingsPerformance) {
  const Point ar = run(mesh(.3, 4, "off")), ar_misroute = run(mesh(.3, 4, "on"));
  EXPECT_EQ(ar.T, ar_misroute.T);
  EXPECT_EQ(ar.U, ar_misroute.U);

  const Point dor = run(mesh(.7, 4, "off", "dor")), heavy = run(mesh(.7, 4, "on"));
  EXPECT_GT(dor.U, .69);
  EXPECT_LT(heavy.U, .9 * dor.U);
  EXPECT_GT(heavy.T, 10 * dor.T);

  const Point dor1 = run(mesh(.3, 1, "off", "dor")), one = run(mesh(.3, 1, "on"));
  EXPECT_GT(dor1.U, .29);
  EXPECT_LT(one.U, .95 * dor1.U);
  EXPECT_GT(one.T, 10 * dor1.T);
}

}  // namespace
