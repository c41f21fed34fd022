// The ring network on the one experiment path: sns4 and sns convergence, the JSON every
// topology shares, per-packet records through a PacketSink, and the same run from every model.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "spec/experiment_spec.hpp"
#include "config/config.hpp"
#include "experiment/experiment.hpp"
#include "experiment/rtl_attach.hpp"
#include "model/network_model.hpp"

namespace kncsim {
namespace {

using ojson = nlohmann::ordered_json;

Config rings(const std::vector<std::string>& sets) {
  Config c;
  c.apply_set("network.topology=rings");
  c.apply_set("router.model=sci");
  c.apply_set("network.dims=2");
  c.apply_set("network.radix=4");
  for (const auto& s : sets) c.apply_set(s);
  decode(c);
  return c;
}

struct Records : PacketSink {
  std::vector<PacketRecord> all;
  void deliver(const PacketRecord& r) override { all.push_back(r); }
};

bool operator==(const PacketRecord& a, const PacketRecord& b) {
  return a.id == b.id && a.src == b.src && a.dest == b.dest && a.tsent == b.tsent && a.tarrive == b.tarrive &&
         a.hops == b.hops;
}

TEST(RingsExperiment, Sns4WaitsForThroughputThenLatency) {
  const Config c = rings({"traffic.load=0.3", "run.convergence=sns4"});
  const ojson r = run_experiment(prepare_run(c));
  ASSERT_TRUE(r["converged"].get<bool>()) << r.dump(1);
  EXPECT_EQ(r["stop_reason"], "converged");
  EXPECT_EQ(r["topology"], "rings");
  const ojson& iv = r["intervals"];
  ASSERT_GE(iv.size(), 2u);
  const double tol = 0.03 / 3;
  int64_t expect = r["analytic"]["sns4_interval"].get<int64_t>();
  ASSERT_GT(expect, 1);
  size_t first_latency = 0;
  for (size_t i = 0; i < iv.size(); ++i, expect *= 2) {
    EXPECT_EQ(iv[i]["curtime"].get<int64_t>(), expect) << "interval " << i << " doubles the last";
    if (iv[i]["phase"] == 1) {
      EXPECT_DOUBLE_EQ(iv[i]["change"].get<double>(), std::fabs(iv[i]["U"].get<double>() - 0.3) / 0.3);
      first_latency = i + 1;
    }
  }
  ASSERT_LT(first_latency, iv.size()) << "a latency phase follows the throughput phase";
  EXPECT_LE(iv[first_latency - 1]["change"].get<double>(), tol);
  for (size_t i = 0; i + 1 < first_latency; ++i) EXPECT_GT(iv[i]["change"].get<double>(), tol);
  EXPECT_LE(iv.back()["change"].get<double>(), tol);
  EXPECT_NEAR(r["U"].get<double>(), 0.3, 0.3 * tol);
  // Below saturation the accepted bits equal the offered, and T lies between the kinds' latencies.
  EXPECT_NEAR(r["TP"].get<double>(), r["offered_bits_per_cycle_per_node"].get<double>(),
              0.01 * r["offered_bits_per_cycle_per_node"].get<double>());
  EXPECT_GT(r["T"].get<double>(), r["latency_address"].get<double>());
  EXPECT_LT(r["T"].get<double>(), r["latency_data"].get<double>());
  EXPECT_EQ(r["curtime"], iv.back()["curtime"]);
  EXPECT_FALSE(r["drained"].get<bool>()) << "sns4 measures a running network, as the listings do";
  EXPECT_EQ(r["messages_injected"].get<int64_t>(), r["numsent"].get<int64_t>());
}

TEST(RingsExperiment, SnsWaitsForLatencyFromItsInterval) {
  const Config c = rings({"traffic.load=0.2", "run.convergence=sns", "run.interval=500", "run.tol=0.02"});
  const ojson r = run_experiment(prepare_run(c));
  ASSERT_TRUE(r["converged"].get<bool>());
  const ojson& iv = r["intervals"];
  EXPECT_EQ(iv[0]["curtime"], 500);
  for (size_t i = 1; i < iv.size(); ++i) {
    EXPECT_EQ(iv[i]["curtime"].get<int64_t>(), 2 * iv[i - 1]["curtime"].get<int64_t>());
    EXPECT_DOUBLE_EQ(iv[i]["change"].get<double>(),
                     std::fabs((iv[i]["T"].get<double>() - iv[i - 1]["T"].get<double>()) / iv[i - 1]["T"].get<double>()));
  }
  EXPECT_LE(iv.back()["change"].get<double>(), 0.02);
}

// Past the rings' saturation (about 0.7 of eq 13's maximum) U never reaches A: the run stops
// at the cap, not converged, as Pertel's unconverged rows do.
TEST(RingsExperiment, Sns4PastSaturationStopsAtTheCap) {
  const Config c = rings({"traffic.load=0.95", "run.convergence=sns4", "run.max_cycles=20000",
                          "traffic.source_queue_packets=8"});
  const ojson r = run_experiment(prepare_run(c));
  EXPECT_FALSE(r["converged"].get<bool>());
  EXPECT_EQ(r["stop_reason"], "max_cycles");
  EXPECT_LT(r["U"].get<double>(), 0.9);
  EXPECT_GT(r["dropped"].get<int64_t>(), 0) << "full CPU queues refuse messages";
  for (const auto& i : r["intervals"]) EXPECT_GT(i["change"].get<double>(), 0.01);
}

// The same configuration through every ring model: the whole JSON (convergence intervals,
// measures, protocol counts) and every delivered message's record agree.
TEST(RingsExperiment, EveryModelRunsTheSameExperiment) {
  for (const char* workload : {"open", "request_response"}) {
    SCOPED_TRACE(workload);
    std::vector<std::string> sets{"traffic.load=0.4", "run.convergence=sns4", "router.active_buffer_packets=4",
                                  "router.input_queue_flits=24", std::string("traffic.workload=") + workload};
    ojson ref_json;
    Records ref_records;
    for (const char* impl : {"ref", "systemc", "rtl"}) {
      SCOPED_TRACE(impl);
      auto s = sets;
      s.push_back(std::string("router.impl=") + impl);
      Records records;
      ojson r = run_experiment(prepare_run(rings(s)), &records);
      ASSERT_TRUE(r["converged"].get<bool>());
      EXPECT_EQ(r["model"], impl);
      EXPECT_GT(r["nacks"].get<int64_t>(), 0) << "small input queues nack";
      ASSERT_EQ(records.all.size(), r["numrecd"].get<size_t>());
      for (const auto& x : records.all) {
        EXPECT_GE(x.hops, x.src == x.dest ? 0 : 1);
        EXPECT_LE(x.hops, 2 * 3);
      }
      // Within a cycle the models deliver in their own node order: compare by message.
      std::sort(records.all.begin(), records.all.end(),
                [](const PacketRecord& a, const PacketRecord& b) { return a.id < b.id; });
      r.erase("model");
      r.erase("memory");
      r["config"]["router"].erase("impl");
      if (ref_json.is_null()) {
        ref_json = r;
        ref_records = records;
        continue;
      }
      EXPECT_EQ(r.dump(1), ref_json.dump(1));
      ASSERT_EQ(records.all.size(), ref_records.all.size());
      for (size_t i = 0; i < records.all.size(); ++i)
        ASSERT_TRUE(records.all[i] == ref_records.all[i]) << "message " << records.all[i].id << " differs";
    }
  }
}

}  // namespace
}  // namespace kncsim
