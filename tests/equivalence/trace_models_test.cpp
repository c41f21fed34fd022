// Issue 55: one trace, with dependencies, replayed on the reference model, the SystemC network,
// all-RTL and a third-RTL network gives the same packets, record for record, and the same trace
// results: the dependencies are released alike whichever model tells the tails (the reference
// model tells them with the head, the flit-level network as the tail arrives).
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "experiment/experiment.hpp"
#include "experiment/rtl_attach.hpp"
#include "spec/experiment_spec.hpp"
#include "support/kncsim_process.hpp"
#include "support/test_streams.hpp"

namespace kncsim {
namespace {

// 1500 packets of 4 flits on an 8x8 mesh, bursts of them, each of the later ones waiting for up
// to two of the 60 before it.
std::string dependent_trace() {
  std::mt19937_64 rng(55);
  auto pick = [&](int lo, int hi) { return int(std::uniform_int_distribution<int>(lo, hi)(rng)); };
  std::string text = "# cycle src dst flits id deps\n";
  int64_t cycle = 20;
  for (int i = 0; i < 1500; ++i) {
    cycle += std::vector<int>{0, 0, 0, 1, 2, 5}[size_t(pick(0, 5))];
    const int src = pick(0, 63);
    int dst = pick(0, 62);
    dst += dst >= src;
    text += std::to_string(cycle) + " " + std::to_string(src) + " " + std::to_string(dst) + " 4 " + std::to_string(i);
    const int deps = i < 10 ? 0 : pick(0, 2);
    for (int d = 0; d < deps; ++d) text += " " + std::to_string(pick(std::max(0, i - 60), i - 1));
    text += "\n";
  }
  return test::write_temp("dependent_trace.txt", text);
}

struct Replay {
  nlohmann::ordered_json trace;
  std::vector<PacketRecord> records;
};

const std::vector<std::string> kMesh{"network.radix=8", "traffic.packet_flits=4", "router.fifo_packets=2",
                                    "router.fifo_check=registered"};
const std::vector<std::string> kRings{"network.topology=rings", "router.model=sci", "network.dims=2", "network.radix=8",
                                     "router.active_buffer_packets=4"};

Replay replay(const std::string& path, const std::vector<std::string>& network, const std::vector<std::string>& model) {
  Config c;
  for (const auto& s : network) c.apply_set(s);
  for (const std::string s : {"traffic.workload=trace", "traffic.trace_format=text"}) c.apply_set(s);
  c.apply_set("traffic.trace_file=" + path);
  for (const auto& s : model) c.apply_set(s);
  Recorder rec;
  Replay r;
  r.trace = run_experiment(prepare_run(c), &rec)["trace"];
  r.records = std::move(rec.records);
  std::sort(r.records.begin(), r.records.end(), [](auto& a, auto& b) { return a.id < b.id; });
  return r;
}

void expect_alike(const std::vector<std::string>& network, const std::string& rtl_nodes) {
  const std::string path = dependent_trace();
  const Replay ref = replay(path, network, {"router.impl=ref"});
  ASSERT_EQ(ref.records.size(), 1500u);
  EXPECT_GT(ref.trace["held"]["packets"].get<int64_t>(), 100) << "the dependencies hold packets back";
  EXPECT_GT(ref.trace["slowdown"].get<double>(), 1.0) << "and the network contends";
  const std::vector<std::vector<std::string>> models{
      {"router.impl=systemc"},
      {"router.impl=rtl"},
      {"router.impl=systemc", "router.rtl_nodes=" + rtl_nodes}};
  for (const auto& m : models) {
    SCOPED_TRACE(m.back());
    const Replay x = replay(path, network, m);
    EXPECT_EQ(x.trace, ref.trace);
    ASSERT_EQ(x.records.size(), ref.records.size());
    for (size_t i = 0; i < x.records.size(); ++i) {
      const PacketRecord &a = ref.records[i], &b = x.records[i];
      ASSERT_TRUE(a.id == b.id && a.src == b.src && a.dest == b.dest && a.tsent == b.tsent && a.tarrive == b.tarrive &&
                  a.hops == b.hops && a.tleft == b.tleft)
          << "packet " << a.id << ": ref " << a.src << "->" << a.dest << " sent " << a.tsent << " arrived " << a.tarrive
          << "; this model " << b.src << "->" << b.dest << " sent " << b.tsent << " arrived " << b.tarrive;
    }
  }
}

TEST(TraceModels, RefSystemCAndRtlMeshesReplayATraceAlikePacketForPacket) {
  expect_alike(kMesh, "[1,4,9,13,18,22,27,30,35,40,44,49,53,58,62]");
}

// The rings: the reference ring model, the SciNode network, all-RTL and a third-RTL nodes.
TEST(TraceModels, RefSystemCAndRtlRingsReplayATraceAlikePacketForPacket) {
  expect_alike(kRings, "[0,3,7,10,14,17,21,24,28,31,35,38,42,45,49,52,56,59,63,2,5]");
}

}  // namespace
}  // namespace kncsim
