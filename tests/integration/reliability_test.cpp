// What a user who leaves kncsim running for hours relies on: bad output paths and bad config
// files fail before the first cycle, and a signal stops a run with its results so far written.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <chrono>
#include <csignal>
#include <thread>

#include "support/kncsim_process.hpp"

namespace {

using kncsim::test::Background;
using kncsim::test::kncsim;
using kncsim::test::Outcome;
using kncsim::test::read_file;
using kncsim::test::temp_path;
using kncsim::test::write_temp;

// A run that would take minutes: refusing it must not simulate first.
const std::string kLongRun =
    "run --set network.radix=32 --set traffic.load=.5 --set run.convergence=fixed --set run.cycles=10000000 ";

TEST(OutputPaths, JsonInAMissingDirectoryFailsBeforeSimulating) {
  const Outcome o = kncsim(kLongRun + "--json /no/such/dir/out.json");
  EXPECT_EQ(o.status, 2);
  EXPECT_TRUE(o.out.empty()) << "nothing simulated: " << o.out;
  EXPECT_NE(o.err.find("/no/such/dir/out.json"), std::string::npos) << o.err;
  EXPECT_NE(o.err.find("does not exist"), std::string::npos) << o.err;
}

TEST(OutputPaths, JsonOnADirectoryFailsBeforeSimulating) {
  const Outcome o = kncsim(kLongRun + "--json " + ::testing::TempDir());
  EXPECT_EQ(o.status, 2);
  EXPECT_TRUE(o.out.empty()) << o.out;
  EXPECT_NE(o.err.find("is a directory"), std::string::npos) << o.err;
}

TEST(OutputPaths, VcdInAMissingDirectoryFailsBeforeSimulating) {
  const Outcome o = kncsim(kLongRun + "--set router.impl=systemc --vcd /no/such/dir/pins.vcd");
  EXPECT_EQ(o.status, 2);
  EXPECT_TRUE(o.out.empty()) << o.out;
  EXPECT_NE(o.err.find("/no/such/dir/pins.vcd"), std::string::npos) << o.err;
}

TEST(OutputPaths, JsonFileIsWrittenWhole) {
  const std::string path = temp_path("result") + ".json";
  const Outcome o = kncsim("run --set network.radix=4 --set traffic.load=.2 --json " + path);
  ASSERT_EQ(o.status, 0) << o.err;
  const auto j = nlohmann::json::parse(read_file(path));
  EXPECT_TRUE(j["converged"].get<bool>());
  std::remove(path.c_str());
}

TEST(ConfigFiles, ADuplicateKeyNamesTheKeyAndBothLines) {
  const std::string path = write_temp("dup.yaml", "network:\n  dims: 2\n  radix: 4\n  dims: 3\n");
  const Outcome o = kncsim("run " + path);
  EXPECT_EQ(o.status, 2);
  EXPECT_TRUE(o.out.empty()) << o.out;
  for (const char* part : {"network.dims", "line 2", "line 4", "dup.yaml"})
    EXPECT_NE(o.err.find(part), std::string::npos) << part << " in: " << o.err;
}

TEST(ConfigFiles, ADuplicateSectionIsRefusedToo) {
  const std::string path = write_temp("dup2.yaml", "network:\n  dims: 1\ntraffic:\n  load: .2\nnetwork:\n  radix: 4\n");
  const Outcome o = kncsim("run " + path);
  EXPECT_EQ(o.status, 2);
  EXPECT_NE(o.err.find("'network' appears twice"), std::string::npos) << o.err;
  EXPECT_NE(o.err.find("line 5"), std::string::npos) << o.err;
}

// Starts a long run, lets it simulate, signals it; the JSON holds the statistics so far.
nlohmann::json interrupted_run(const std::string& config_args, int sig, int expected_status) {
  const std::string json = temp_path("interrupted") + ".json";
  std::vector<std::string> args{"run", "--json", json};
  std::istringstream words(config_args);
  for (std::string w; words >> w;) args.push_back(w);
  Background run(args);
  EXPECT_TRUE(run.started());
  std::this_thread::sleep_for(std::chrono::milliseconds(1500));
  run.signal(sig);
  const Outcome o = run.wait();
  EXPECT_EQ(o.status, expected_status) << o.err;
  EXPECT_NE(o.err.find("interrupted by signal"), std::string::npos) << o.err;
  const std::string text = read_file(json);
  std::remove(json.c_str());
  return text.empty() ? nlohmann::json() : nlohmann::json::parse(text);
}

TEST(Interrupt, SigintStopsASystemCRunWithItsStatisticsSoFar) {
  const auto j = interrupted_run(
      "--set router.impl=systemc --set network.radix=16 --set traffic.load=.5 --set run.convergence=fixed "
      "--set run.cycles=16000000",
      SIGINT, 130);
  ASSERT_TRUE(j.is_object());
  EXPECT_EQ(j["stop_reason"], "interrupted");
  EXPECT_FALSE(j["converged"].get<bool>());
  EXPECT_GT(j["curtime"].get<int64_t>(), 0);
  EXPECT_LT(j["curtime"].get<int64_t>(), 16000000);
  EXPECT_GT(j["numrecd"].get<int64_t>(), 0);
  EXPECT_GE(j["numsent"].get<int64_t>(), j["numrecd"].get<int64_t>());
  EXPECT_TRUE(j["T"].is_number());
  EXPECT_EQ(j["intervals"].back()["curtime"], j["curtime"]) << "the partial interval is recorded";
}

TEST(Interrupt, SigtermStopsAnSns4ReferenceRun) {
  // A = .9 on a 64x64 mesh converges only after many doublings.
  const auto j = interrupted_run("--set network.radix=64 --set traffic.load=.9", SIGTERM, 143);
  ASSERT_TRUE(j.is_object());
  EXPECT_EQ(j["stop_reason"], "interrupted");
  EXPECT_FALSE(j["converged"].get<bool>());
  EXPECT_GT(j["numrecd"].get<int64_t>(), 0);
}

TEST(Interrupt, SigtermStopsARingsRun) {
  const auto j = interrupted_run(
      "--set network.topology=rings --set router.model=sci --set network.dims=3 --set network.radix=8 "
      "--set traffic.load=.5 --set run.convergence=fixed --set run.cycles=16000000",
      SIGTERM, 143);
  ASSERT_TRUE(j.is_object());
  EXPECT_EQ(j["stop_reason"], "interrupted");
  EXPECT_FALSE(j["converged"].get<bool>());
  EXPECT_GT(j["messages_delivered"].get<int64_t>(), 0);
}

// Past saturation with capped source queues: packets offered to a full queue are dropped and
// counted; every accepted one is still delivered exactly once (the models check order).
TEST(SourceQueueCap, MeshDropsAndReportsThem) {
  const Outcome o = kncsim(
      "run --set router.impl=systemc --set network.radix=4 --set traffic.packet_flits=4 --set traffic.load=3 "
      "--set router.fifo_packets=1 --set run.convergence=fixed --set run.cycles=3000 "
      "--set traffic.source_queue_packets=2 --json -");
  ASSERT_EQ(o.status, 0) << o.err;
  const auto j = nlohmann::json::parse(o.out);
  EXPECT_GT(j["dropped"].get<int64_t>(), j["numsent"].get<int64_t>() / 2);
  // 16 nodes, each: 2 waiting at the source, and a packet in each of 5 one-packet FIFOs.
  EXPECT_LE(j["numsent"].get<int64_t>() - j["numrecd"].get<int64_t>(), 16 * (2 + 5)) << "the backlog is bounded";
  EXPECT_NE(o.err.find("dropped at full source queues"), std::string::npos) << o.err;
}

TEST(SourceQueueCap, RingsDropAndDeliverTheRest) {
  const Outcome o = kncsim(
      "run --set network.topology=rings --set router.model=sci --set network.dims=2 --set network.radix=4 "
      "--set traffic.load=2 --set run.convergence=fixed --set run.cycles=3000 --set traffic.source_queue_packets=1 "
      "--json -");
  ASSERT_EQ(o.status, 0) << o.err;
  const auto j = nlohmann::json::parse(o.out);
  EXPECT_GT(j["dropped"].get<int64_t>(), 100);
  EXPECT_TRUE(j["drained"].get<bool>());
  EXPECT_EQ(j["messages_delivered"], j["messages_injected"]);
}

TEST(SourceQueueCap, UnboundedByDefault) {
  const Outcome o = kncsim("run --set network.radix=4 --set traffic.load=.95 --set run.max_cycles=20000 --json -");
  ASSERT_EQ(o.status, 0) << o.err;
  const auto j = nlohmann::json::parse(o.out);
  EXPECT_EQ(j["dropped"], 0);
  EXPECT_EQ(j["config"]["traffic"]["source_queue_packets"], "unbounded");
}

}  // namespace
