// Latency-throughput curves as a user sweeps them: a saturated point stops early with its
// evidence in the record, at a small multiple of the converged points' cycles; the ci rule's
// mean agrees with sns4's; and Pertel's sweep keeps sns4's own stopping decisions.
#include <gtest/gtest.h>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <sstream>

#include "spec/experiment_spec.hpp"
#include "experiment/experiment.hpp"
#include "experiment/rtl_attach.hpp"
#include "support/kncsim_process.hpp"
#include "support/sweep_files.hpp"

namespace kncsim {
namespace {

using test::kncsim;
using test::Outcome;
using test::read_file;

std::vector<nlohmann::json> results(const std::string& dir) {
  std::vector<nlohmann::json> out;
  std::stringstream in(read_file(dir + "/results.jsonl"));
  for (std::string line; std::getline(in, line);) out.push_back(nlohmann::json::parse(line));
  return out;
}

// Every saturated point costs at most 10x the simulated cycles of the sweep's largest converged point.
void expect_cheap_saturation(const std::vector<nlohmann::json>& points) {
  int64_t converged = 0, saturated = 0;
  for (const auto& p : points) {
    if (p["status"] == "done") converged = std::max<int64_t>(converged, p["result"]["curtime"]);
    if (p["status"] == "saturated") saturated = std::max<int64_t>(saturated, p["result"]["curtime"]);
  }
  ASSERT_GT(saturated, 0) << "the sweep saturates";
  EXPECT_LE(saturated, 10 * converged) << "the largest converged point took " << converged << " cycles";
}

// The curve, shortened: an 8x8 mesh, 8-flit packets and FIFOs, under the ci rule.
TEST(Curve, ASaturatedPointStopsEarlyAndSaysWhy) {
  const test::SweepDir d("curve",
                         "set:\n  network.radix: 8\n  router.impl: systemc\n  router.fifo_flits: 8\n"
                         "  router.flow_control: wormhole\n  traffic.packet_flits: 8\n  traffic.stream: counter\n"
                         "  run.convergence: ci\n  run.ci_target: 0.1\n  run.statistics: basic\n"
                         "grid:\n  traffic.load: [.2, .4, .5, .7, .8, .9]\nstop_at_saturation: {latency_bound: 500}\n");
  const Outcome o = kncsim(fmt::format("sweep {} -j 2", d.file));
  ASSERT_EQ(o.status, 0) << o.out << o.err;
  const auto r = results(d.dir);
  ASSERT_EQ(r.size(), 6u);
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(r[size_t(i)]["status"], "done") << r[size_t(i)].dump();
    const auto& ci = r[size_t(i)]["result"]["ci"];
    EXPECT_LE(ci["relative_half_width"].get<double>(), 0.1);
    EXPECT_EQ(ci["batches"], 20);
    EXPECT_GE(ci["warmup_cut_cycle"].get<int64_t>(), -1);
    EXPECT_EQ(r[size_t(i)]["result"]["T"], ci["mean"]);  // T is the steady-state mean
    EXPECT_EQ(r[size_t(i)]["result"]["saturated"], false);
  }
  const auto& sat = r[3]["result"];
  EXPECT_EQ(r[3]["status"], "saturated");
  EXPECT_EQ(sat["stop_reason"], "saturated");
  EXPECT_EQ(sat["saturated"], true);
  const auto& e = sat["saturation"];
  EXPECT_EQ(e["cycle"], sat["curtime"]);
  EXPECT_TRUE(e["rule"] == "backlog_growth" || e["rule"] == "latency_bound" ||
              e["rule"] == "latency_bound_worst_source")
      << e.dump();
  EXPECT_LT(e["accepted_packets_per_cycle"].get<double>(), e["offered_packets_per_cycle"].get<double>());
  EXPECT_GT(e["backlog_growth_per_cycle"][1].get<double>(), 0);
  EXPECT_EQ(e["latency_bound"], 500);
  for (int i = 4; i < 6; ++i) EXPECT_EQ(r[size_t(i)]["status"], "skipped");
  expect_cheap_saturation(r);
}

// The DOR against adaptive sweep that spent 8 of its 8 minutes on two saturated points run to
// run.max_cycles: now under sns4 with detection, each saturated point stops early.
TEST(Curve, Sns4SeriesStopAtSaturationEarlyToo) {
  const test::SweepDir d("dor-adaptive",
                         "set:\n  network.radix: 8\n  router.impl: ref\n  traffic.packet_flits: 8\n"
                         "grid:\n  router.routing: [dor, adaptive]\n  traffic.load: [.2, .4, .7, .9]\n"
                         "stop_at_saturation: true\n");
  const Outcome o = kncsim(fmt::format("sweep {} -j 2", d.file));
  ASSERT_EQ(o.status, 0) << o.out << o.err;
  const auto r = results(d.dir);
  ASSERT_EQ(r.size(), 8u);
  expect_cheap_saturation(r);
  int saturated = 0;
  for (const auto& p : r)
    if (p["status"] == "saturated") {
      ++saturated;
      EXPECT_EQ(p["result"]["saturation"]["rule"], "backlog_growth") << p.dump();
    }
  EXPECT_EQ(saturated, 2) << "one per routing";
}

Config config(const std::vector<std::string>& sets) {
  Config c;
  for (const auto& s : sets) c.apply_set(s);
  decode(c);
  return c;
}

// On a real run, the ci rule's steady-state mean lies within its interval of sns4's T.
TEST(Curve, TheCiMeanEqualsSns4sTWithinItsInterval) {
  for (const char* load : {"traffic.load=.3", "traffic.load=.5"}) {
    const std::vector<std::string> base{"network.radix=8", "router.impl=systemc", "router.fifo_flits=8",
                                        "router.flow_control=wormhole", "traffic.packet_flits=8",
                                        "traffic.stream=counter", "run.statistics=basic", load};
    std::vector<std::string> ci = base;
    ci.push_back("run.convergence=ci");
    const auto a = run_experiment(prepare_run(config(base)));
    const auto b = run_experiment(prepare_run(config(ci)));
    ASSERT_TRUE(a["converged"].get<bool>() && b["converged"].get<bool>()) << load;
    const double hw = b["ci"]["half_width"];
    EXPECT_LE(b["ci"]["relative_half_width"].get<double>(), 0.05);
    EXPECT_NEAR(b["ci"]["mean"].get<double>(), a["T"].get<double>(), hw) << load;
    EXPECT_FALSE(b.contains("saturated")) << "no detection unless asked";
  }
}

// Pertel's sweep keeps sns4's own decisions: no detection, so a past-saturation row still
// ends not converged at run.max_cycles (the paper's inf).
TEST(Curve, PertelsSweepDoesNotDetect) {
  const std::string text = read_file(std::string(KNCSIM_SOURCE_DIR) + "/tb/sweeps/pertel.yaml");
  EXPECT_NE(text.find("stop_at_saturation: {detect: false}"), std::string::npos);
  const test::SweepDir d("nodetect", "set:\n  router.impl: ref\n  network.dims: 1\n  network.radix: 4\n"
                                     "  traffic.packet_flits: 4\n  run.max_cycles: 300000\n"
                                     "grid:\n  traffic.load: [.3, .95]\n"
                                     "stop_at_saturation: {detect: false}\n");
  const Outcome o = kncsim(fmt::format("sweep {}", d.file));
  ASSERT_EQ(o.status, 0) << o.out << o.err;
  const auto r = results(d.dir);
  ASSERT_EQ(r.size(), 2u);
  EXPECT_EQ(r[0]["status"], "done") << r[0].dump();
  EXPECT_EQ(r[1]["status"], "saturated");
  EXPECT_EQ(r[1]["result"]["stop_reason"], "max_cycles");
  EXPECT_FALSE(r[1]["result"].contains("saturation"));
}

}  // namespace
}  // namespace kncsim
