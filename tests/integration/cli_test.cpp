// The kncsim command as a user runs it: exit codes, messages, JSON on stdout, determinism.
#include <gtest/gtest.h>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>

#include "support/kncsim_process.hpp"

namespace {

using kncsim::test::kncsim;
using kncsim::test::Outcome;
using kncsim::test::read_file;
using kncsim::test::write_temp;

// Two runs' JSON results agree on the measured figures.
void expect_same_results(const std::string& a_json, const std::string& b_json) {
  const auto a = nlohmann::json::parse(a_json), b = nlohmann::json::parse(b_json);
  for (const char* k : {"T", "numsent", "numrecd", "curtime"}) EXPECT_EQ(a[k], b[k]) << k;
}

TEST(Cli, DefaultRunPrintsASummary) {
  const Outcome o = kncsim("run");
  ASSERT_EQ(o.status, 0) << o.err;
  EXPECT_NE(o.out.find("8x8 mesh"), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("converged after"), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("T = 21.64"), std::string::npos) << "Critique Table 3, R=8 A=.3 DOR prints 21.6:\n" << o.out;
}

TEST(Cli, JsonHasTheResultAndTheResolvedConfigAndIsByteIdenticalTwice) {
  const std::string args = "run --set network.radix=4 --set traffic.load=.5 --json -";
  const Outcome a = kncsim(args), b = kncsim(args);
  ASSERT_EQ(a.status, 0) << a.err;
  EXPECT_EQ(a.out, b.out);
  const auto j = nlohmann::json::parse(a.out);
  for (const char* k : {"T", "U", "D", "AQLEN", "AQLEN_corrected", "numsent", "numrecd", "curtime", "converged"})
    EXPECT_TRUE(j.contains(k)) << k;
  EXPECT_EQ(j["config"]["network"]["radix"], 4);
  EXPECT_EQ(j["config"]["router"]["fifo_packets"], "unbounded");
  EXPECT_EQ(j["config"]["traffic"]["stream"], "legacy");
  EXPECT_NEAR(j["T"].get<double>(), 54.66, 0.005);  // Table 3: 54.7
  EXPECT_NE(a.err.find("converged after"), std::string::npos) << "summary moves to stderr with --json -";
}

// run.statistics history: PP-MESS-SIM's latency by hop count, cut-throughs and blocking, agreeing
// with the run's own totals.
TEST(Cli, HistoryStatisticsAddUpToTheRunsTotals) {
  const Outcome o = kncsim("run --json - --quiet --set router.impl=systemc --set run.statistics=history "
                           "--set router.flow_control=wormhole --set router.fifo_flits=2 --set traffic.load=0.4 "
                           "--set run.convergence=fixed --set run.cycles=4000");
  ASSERT_EQ(o.status, 0) << o.err;
  const auto j = nlohmann::json::parse(o.out);
  const auto& h = j["history"];
  int64_t count = 0;
  double latency = 0;
  for (const auto& b : h["latency_by_hops"]) {
    count += b["count"].get<int64_t>();
    latency += b["count"].get<double>() * b["mean"].get<double>();
  }
  EXPECT_EQ(count, j["numrecd"].get<int64_t>());
  EXPECT_NEAR(latency / double(count), j["T"].get<double>(), 1e-9 * j["T"].get<double>());
  const double p = h["cut_through"]["probability"].get<double>();
  EXPECT_GT(p, 0.5);  // at A = .4 most routers are crossed without waiting
  EXPECT_LT(p, 1.0);  // but not all: 2-flit wormhole FIFOs block
  EXPECT_GT(h["blocking"]["mean"].get<double>(), 0);
  // The latency's parts add up to T, and with one-cycle wires and no routing delay, what is not
  // waiting is exactly a cycle a hop and one into the sink: D + 1.
  const auto& parts = h["latency_components"];
  EXPECT_GT(parts["source_queue"].get<double>(), 0);
  EXPECT_GT(parts["network_blocking"].get<double>(), 0);
  EXPECT_NEAR(parts["source_queue"].get<double>() + parts["network_blocking"].get<double>() + parts["moving"].get<double>(),
              j["T"].get<double>(), 1e-9 * j["T"].get<double>());
  EXPECT_NEAR(parts["moving"].get<double>(), j["D"].get<double>() + 1, 1e-9);
  EXPECT_FALSE(nlohmann::json::parse(kncsim("run --json - --quiet --set run.convergence=fixed --set run.cycles=500").out)
                   .contains("history"));
}

// Traffic classes under PP-MESS-SIM's run rule: every class warms up, then each collects its
// packets from each of its nodes; results come per class.
TEST(Cli, TrafficClassesWarmUpThenCollectTheirPacketsFromEachNode) {
  const Outcome o = kncsim(
      "run --json - --quiet --set router.impl=systemc --set network.radix=4 --set traffic.packet_flits=8"
      " --set run.convergence=packets --set classes.bulk.load=0.2 --set classes.bulk.warmup_packets=10"
      " --set classes.bulk.packets=40 --set classes.probe.nodes=[0,15] --set classes.probe.interarrival=uniform"
      " --set classes.probe.interarrival_params=[100,100] --set classes.probe.packets=20");
  ASSERT_EQ(o.status, 0) << o.err;
  const auto j = nlohmann::json::parse(o.out);
  EXPECT_EQ(j["stop_reason"], "converged");
  EXPECT_GT(j["class_collection_began"].get<int64_t>(), 0);  // bulk's 10 packets a node first
  ASSERT_EQ(j["classes"].size(), 2u);
  const auto& bulk = j["classes"][0];
  const auto& probe = j["classes"][1];
  EXPECT_EQ(bulk["name"], "bulk");
  EXPECT_GE(bulk["collected"].get<int64_t>(), 40 * 16);
  EXPECT_EQ(probe["nodes"], nlohmann::json::array({0, 15}));
  EXPECT_GE(probe["collected"].get<int64_t>(), 20 * 2);
  // Together the classes are every packet delivered; collection started after some of them.
  EXPECT_EQ(bulk["delivered"].get<int64_t>() + probe["delivered"].get<int64_t>(), j["numrecd"].get<int64_t>());
  EXPECT_LT(bulk["collected"].get<int64_t>(), bulk["delivered"].get<int64_t>());
  EXPECT_GT(probe["latency"]["mean"].get<double>(), 0);
}

TEST(Cli, ConfigFileAndSetOverride) {
  const std::string path = write_temp("t1.yaml", "network:\n  dims: 1\n  radix: 4\ntraffic:\n  load: .3\n");
  // --set before the file must not swallow it: each --set takes one key=value.
  const Outcome o = kncsim("run --set traffic.load=.1 " + path + " --json -");
  ASSERT_EQ(o.status, 0) << o.err;
  const auto j = nlohmann::json::parse(o.out);
  EXPECT_EQ(j["config"]["network"]["dims"], 1);
  EXPECT_NEAR(j["T"].get<double>(), 3.95397, 5e-5);  // Table 1: 3.95
}

TEST(Cli, NotConvergedIsReported) {
  const Outcome o = kncsim("run --set network.radix=4 --set traffic.load=.9 --set run.max_cycles=200000 --json -");
  ASSERT_EQ(o.status, 0) << o.err;
  const auto j = nlohmann::json::parse(o.out);
  EXPECT_FALSE(j["converged"].get<bool>());
  EXPECT_EQ(j["stop_reason"], "max_cycles");
  EXPECT_NE(o.err.find("NOT CONVERGED"), std::string::npos);
}

TEST(Cli, AnalyticPrintsTheClosedForms) {
  const Outcome o = kncsim("analytic --set network.radix=128 --json -");
  ASSERT_EQ(o.status, 0) << o.err;
  const auto j = nlohmann::json::parse(o.out);
  EXPECT_NEAR(j["mean_distance"].get<double>(), 2 * (128 - 1. / 128) / 3, 1e-12);
  EXPECT_EQ(j["bisection_flits_per_cycle"], 128);
  EXPECT_NE(o.err.find("U_max bound"), std::string::npos);
}

// Scott & Goodman's Figure 5(b), n = 6: W = 16, round trip 122.0 (131.0 with max wires).
TEST(Cli, AnalyticForRingsPrintsScottGoodmanFigures) {
  const Outcome o = kncsim(
      "analytic --set network.topology=rings --set router.model=sci --set network.dims=6 --set network.radix=4 "
      "--set link.constraint=node_size --json -");
  ASSERT_EQ(o.status, 0) << o.err;
  const auto j = nlohmann::json::parse(o.out);
  EXPECT_EQ(j["nodes"], 4096);
  EXPECT_EQ(j["link_width_bits"], 16);
  EXPECT_EQ(j["decode_cycles"], 1);
  EXPECT_DOUBLE_EQ(j["mean_wire_delay_cycles"].get<double>(), 1.5);
  EXPECT_DOUBLE_EQ(j["round_trip_unloaded_cycles"].get<double>(), 122.0);
  EXPECT_DOUBLE_EQ(j["round_trip_unloaded_cycles_max_wires"].get<double>(), 131.0);
  EXPECT_NE(o.err.find("unloaded round trip          122.0 cycles"), std::string::npos) << o.err;
  EXPECT_NE(o.err.find("maximum throughput"), std::string::npos) << o.err;
}

// Scott & Goodman's section 5: of the 4096-node networks one can build, constant node size and
// mean wires (PipeAvg) make radix 4 (6-dimensional) the best; the table and JSON give every
// variant under every constraint, continuous and integral.
TEST(Cli, AnalyticOptimizeFindsScottGoodmansBestDimensionality) {
  const Outcome o = kncsim(std::string("analytic ") + KNCSIM_SOURCE_DIR + "/tb/experiments/sci-4096-rings.yaml --optimize --json -");
  ASSERT_EQ(o.status, 0) << o.err;
  const auto j = nlohmann::json::parse(o.out);
  EXPECT_EQ(j["nodes"], 4096);
  EXPECT_EQ(j["message_bits"], nlohmann::json::array({128, 640}));
  const auto& pipe_avg = j["constraints"]["node_size"]["pipelined"];
  EXPECT_EQ(pipe_avg["paper_name"], "PipeAvg");
  EXPECT_EQ(pipe_avg["best_integral"]["radix"], 4);
  EXPECT_EQ(pipe_avg["best_integral"]["dims"], 6);
  EXPECT_DOUBLE_EQ(pipe_avg["best_integral"]["latency_cycles"].get<double>(), 122.0);  // Figure 5(b)
  for (const char* c : {"link_width", "node_size", "bisection"})
    for (const char* v : {"synchronous", "pipelined", "pipelined_max", "unit_delay"}) {
      const auto& ct = j["constraints"][c][v]["continuous"];
      EXPECT_NEAR(std::pow(ct["radix"].get<double>(), ct["dims"].get<double>()), 4096, 1e-6) << c << " " << v;
      EXPECT_GE(ct["dims"].get<double>(), 1);
      EXPECT_LE(ct["dims"].get<double>(), 12 + 1e-9);
    }
  EXPECT_NE(o.err.find("pipelined (PipeAvg)"), std::string::npos) << o.err;
  // One message of 64 bits under constant node size: the optimum rises to about 6 (Figure 12(d)).
  const Outcome one = kncsim(std::string("analytic ") + KNCSIM_SOURCE_DIR + "/tb/experiments/sci-4096-rings.yaml --optimize --bits 64 --json -");
  ASSERT_EQ(one.status, 0) << one.err;
  EXPECT_NEAR(nlohmann::json::parse(one.out)["constraints"]["node_size"]["pipelined"]["continuous"]["dims"].get<double>(),
              6, 0.5);
}

// Chittor's chapter 2 through the CLI: Table 2.2's rows, the layouts' peak widths, Fig. 2.3's
// speedups for the messages asked for.
TEST(Cli, AnalyticMeshVsHypercubePrintsChittorsTables) {
  const Outcome o = kncsim("analytic --mesh-vs-hypercube --sizes 64,1024 --messages 1,1000000 --json -");
  ASSERT_EQ(o.status, 0) << o.err;
  const auto j = nlohmann::json::parse(o.out);
  ASSERT_EQ(j["sizes"].size(), 2u);
  const auto& big = j["sizes"][1];
  EXPECT_EQ(big["nodes"], 1024);
  EXPECT_EQ(big["hypercube_peak_width"], 682);  // floor(2N/3)
  EXPECT_EQ(big["mesh_peak_width"], 33);        // sqrt(N) + 1
  EXPECT_NEAR(big["bandwidth_ratio"]["constant"].get<double>(), 21.3, 0.05);
  EXPECT_NEAR(big["bandwidth_ratio"]["logarithmic"].get<double>(), 53.6, 0.05);
  const double rb = big["bandwidth_ratio"]["constant"].get<double>();
  EXPECT_LT(big["speedup_average"]["constant"][0].get<double>(), 0.3 * rb);
  EXPECT_NEAR(big["speedup_worst"]["constant"][1].get<double>(), rb, 1e-3 * rb);
  EXPECT_NE(o.err.find("   1024    102.4       96.5         53.6       21.3"), std::string::npos) << o.err;
}

// The SCI ring network through the CLI: round trips with damaged links. Every message is
// delivered (after retransmissions), CRC nacks are counted, the round trip exceeds the
// unloaded one.
TEST(Cli, RingsRequestResponseWithCorruptLinksDeliversEverything) {
  const Outcome o = kncsim(
      "run --set network.topology=rings --set router.model=sci --set run.convergence=fixed --set run.cycles=5000 "
      "--set network.dims=3 --set network.radix=3 --set traffic.workload=request_response --set traffic.load=0.3 "
      "--set link.corrupt_rate=0.05 --json -");
  ASSERT_EQ(o.status, 0) << o.err;
  const auto j = nlohmann::json::parse(o.out);
  EXPECT_TRUE(j["drained"].get<bool>());
  EXPECT_GT(j["messages_injected"].get<long>(), 500);
  EXPECT_EQ(j["messages_delivered"], j["messages_injected"]);
  EXPECT_GT(j["nacks_corrupted"].get<long>(), 10);
  EXPECT_EQ(j["retransmissions"], j["nacks"]);
  EXPECT_GT(j["round_trip"].get<double>(), j["analytic"]["round_trip_unloaded_cycles"].get<double>());
  EXPECT_NE(o.err.find("round trip"), std::string::npos) << o.err;
}

struct BadInput {
  std::string args, fragment1, fragment2;
};

void PrintTo(const BadInput& b, std::ostream* os) { *os << "kncsim " << b.args; }

class CliErrors : public ::testing::TestWithParam<BadInput> {};

// A run of a bad Netrace trace (add the file's name) and of a text one.
const std::string kTrace = std::string("run --set router.impl=systemc --set traffic.workload=trace --set "
                                       "traffic.trace_file=") + KNCSIM_SOURCE_DIR + "/tests/data/netrace/bad/";
const std::string kTextTrace = std::string("run --set router.impl=systemc --set traffic.workload=trace --set "
                                           "traffic.trace_format=text --set traffic.trace_file=") +
                               KNCSIM_SOURCE_DIR + "/tests/data/traces/";

TEST_P(CliErrors, ExitNonZeroNamingKeyAndAllowedValues) {
  const Outcome o = kncsim(GetParam().args);
  EXPECT_EQ(o.status, 2) << "bad configuration or command line exits 2";
  EXPECT_TRUE(o.out.empty()) << "nothing runs half-configured: " << o.out;
  EXPECT_NE(o.err.find(GetParam().fragment1), std::string::npos) << o.err;
  EXPECT_NE(o.err.find(GetParam().fragment2), std::string::npos) << o.err;
}

INSTANTIATE_TEST_SUITE_P(
    BadConfigs, CliErrors,
    ::testing::Values(BadInput{"run --set traffic.load=-0.2", "traffic.load", "a number > 0"},
                      BadInput{"run --set network.radix=1", "network.radix", ">= 2"},
                      BadInput{"run --set traffic.packet_flits=0", "traffic.packet_flits", ">= 1"},
                      BadInput{"run --set traffic.load=1.0", "traffic.load", "can never converge"},
                      BadInput{"run --set traffic.lod=0.5", "unknown key", "traffic.load"},
                      BadInput{"contention --set network.radix=24", "growing their contention sets takes",
                               "allowed: a smaller network or a sparser graph"},
                      BadInput{"contention --set traffic.pattern=graph --set traffic.graph=hypercube "
                               "--set traffic.graph_shape=[7]",
                               "traffic.graph_shape for traffic.graph hypercube", "128 processes do not fit on 64 nodes"},
                      BadInput{"run --set router.routing=west_first", "router.routing", "dor, adaptive"},
                      BadInput{"run --set traffic.workload=closed_loop --set router.impl=systemc "
                               "--set traffic.pattern=hotspot", "hotspot draws its destinations at random",
                               "allowed here: uniform, transpose"},
                      BadInput{"run --set traffic.workload=closed_loop --set router.impl=systemc",
                               "traffic.loop_classes ab needs a bipartite process graph", "use aa"},
                      BadInput{"run --set traffic.workload=closed_loop --set traffic.pattern=graph",
                               "Pertel's packet-level model", "router.impl: systemc or rtl"},
                      BadInput{"run --set traffic.workload=closed_loop --set traffic.pattern=graph "
                               "--set router.impl=systemc --set traffic.graph=ring --set network.radix=3",
                               "traffic.loop_classes ab needs a bipartite process graph", "use aa"},
                      BadInput{"run --set traffic.workload=closed_loop --set traffic.pattern=graph "
                               "--set router.impl=systemc --set router.fifo_flits=64",
                               "packets of 256 flits", "allowed: packets of at most 64 flits"},
                      BadInput{"run --set traffic.workload=closed_loop --set network.topology=rings "
                               "--set router.model=sci", "traffic.workload = closed_loop runs on the wormhole mesh",
                               "allowed on rings: open, request_response"},
                      BadInput{"run --set traffic.workload=closed_loop --set traffic.pattern=graph "
                               "--set router.impl=systemc --set traffic.message_flits=100000000",
                               "in a loop, more than 16777216 packets", "a larger traffic.packet_payload_flits"},
                      BadInput{"run --set traffic.workload=closed_loop --set traffic.pattern=graph "
                               "--set router.impl=systemc --set traffic.message_flits=2000000 "
                               "--set traffic.packet_payload_flits=unlimited --set router.flow_control=wormhole "
                               "--set router.fifo_flits=4", "packets of 2000000 flits", "at most 1048576"},
                      BadInput{"run --set traffic.workload=closed_loop --set traffic.pattern=graph "
                               "--set router.impl=systemc --set traffic.loop_classes=shell "
                               "--set traffic.receive_overhead_cycles=5",
                               "traffic.loop_classes shell receives without a step", "allowed: traffic.receive_overhead_cycles and"},
                      BadInput{"run --set traffic.workload=request_response", "answers address packets on the SCI rings",
                               "allowed for network.topology mesh: open, closed_loop"},
                      BadInput{"run --set traffic.workload=closed_loop --set traffic.pattern=graph "
                               "--set router.impl=systemc --set traffic.graph=pairs --set traffic.graph_shape=[7]",
                               "traffic.graph_shape for traffic.graph pairs", "n even"},
                      BadInput{"run --set router.impl=verilog", "router.impl", "one of: ref, systemc, rtl"},
                      BadInput{"run --set router.impl=rtl", "router.impl: rtl", "finite FIFOs only"},
                      BadInput{"run --set router.impl=rtl --set router.fifo_flits=4 --set router.arbitration=round_robin",
                               "with one channel per link (router.vcs 1) assign channels by Pertel's priority token",
                               "router.vcs >= 2 for round_robin"},
                      BadInput{"run --set router.impl=rtl --set router.fifo_flits=5 --set network.radix=200",
                               "carry 7-bit coordinates", "network.radix <= 128"},
                      BadInput{"run --set router.impl=rtl --set router.fifo_flits=5 --set router.rtl_sources=/no/such/dir",
                               "router.rtl_sources '/no/such/dir' is not a directory", "a directory of .sv files"},
                      BadInput{"run --set router.impl=systemc --set router.rtl_sources=/tmp",
                               "router.rtl_sources replaces the RTL nodes' sources", "router.impl: rtl"},
                      // traffic.workload trace (issue 55): its keys, and bad traces naming the record or line.
                      BadInput{"run --set traffic.workload=trace", "traffic.trace_file", "Netrace"},
                      BadInput{"run --set traffic.workload=trace --set traffic.trace_format=booksim", "traffic.trace_format",
                               "netrace, text"},
                      BadInput{"run --set traffic.trace_dependencies=off", "traffic.trace_dependencies",
                               "traffic.workload trace"},
                      BadInput{"run --set traffic.trace_cycles=0", "traffic.trace_cycles", ">= 1"},
                      BadInput{kTextTrace + "long_packet.txt --set network.topology=rings --set router.model=sci",
                               "packets of up to 50 flits", "fit a data packet (traffic.data_bits)"},
                      BadInput{kTrace + "wrong_magic.tra.bz2", "magic number is 0x12345678", "traffic.trace_file"},
                      BadInput{kTrace + "cut_record.tra.bz2", "cut_record.tra.bz2: record 2 is cut short", "21 bytes"},
                      BadInput{kTrace + "never_comes.tra.bz2", "record 0 lists packet 7 as waiting for it",
                               "no later record"},
                      BadInput{kTrace + "node_beyond.tra.bz2", "node_beyond.tra.bz2: record 1", "destination is node 40"},
                      BadInput{kTextTrace + "missing_field.txt", "missing_field.txt:3", "the flits missing"},
                      BadInput{kTextTrace + "node_beyond.txt", "node_beyond.txt:4: node 99 is beyond the network",
                               "traffic.mapping random or file"},
                      BadInput{kTextTrace + "node_beyond.txt --set traffic.trace_region=1", "traffic.trace_region",
                               "picks a Netrace region"},
                      BadInput{kTrace + "../example.tra.bz2 --set traffic.trace_region=99", "traffic.trace_region = 99",
                               "allowed: start"},
                      BadInput{kTrace + "../example.tra.bz2 --set router.impl=ref", "traffic.packet_flits = 32",
                               "router.impl systemc or rtl"},
                      BadInput{kTrace + "../example.tra.bz2 --set traffic.mapping=gordon", "traffic.mapping = gordon",
                               "identity, random, file"},
                      BadInput{kTrace + "../example.tra.bz2 --set traffic.trace_placement=" + KNCSIM_SOURCE_DIR +
                                   "/tests/data/traces/bad_placement.txt",
                               "bad_placement.txt:3: node type 'l3'", "l1d, l1i, l2, mc"},
                      BadInput{kTextTrace + "small.txt --set traffic.trace_placement=x.txt", "traffic.trace_placement",
                               "traffic.trace_format netrace"},
                      BadInput{kTrace + "../example.tra.bz2 --csv .", "--csv writes per-channel and per-node tables",
                               "energy accounting"},
                      BadInput{std::string("verify --set router.impl=rtl --set router.fifo_flits=4 --set router.flow_control="
                                   "wormhole --set traffic.workload=trace --set traffic.trace_file=") + KNCSIM_SOURCE_DIR +
                                   "/tests/data/netrace/example.tra.bz2",
                               "kncsim verify draws its own traffic, and traffic.workload is trace", "kncsim run"},
                      BadInput{kTrace + "../example.tra.bz2 --set verify.drain_cycles=100",
                               "verify.drain_cycles = 100 with traffic.workload trace", "allowed: 0"},
                      BadInput{kTrace + "../example.tra.bz2 --set traffic.source_queue_packets=4",
                               "traffic.source_queue_packets", "unbounded"},
                      BadInput{kTrace + "../example.tra.bz2 --set router.fifo_flits=8", "packets of up to 9 flits",
                               "FIFOs of 9 flits or more, or wormhole"},
                      BadInput{kTrace + "../example.tra.bz2 --set router.fifo_packets=1 --set traffic.packet_flits=4",
                               "more than a FIFO's 4", "FIFOs of 9 flits or more"},
                      BadInput{"run --set router.impl=systemc --set traffic.workload=closed_loop --set "
                               "traffic.loop_classes=aa --trace-out x.txt",
                               "--trace-out", "traffic.workload open"},
                      BadInput{"run --set router.impl=systemc --set router.fifo_flits=0", "router.fifo_flits", ">= 1"},
                      BadInput{"run --set router.impl=systemc --set link.delay=0", "link.delay", ">= 1"},
                      BadInput{"run --set router.impl=systemc --set link.delay=[1,2,3]", "link.delay lists 3",
                               "exactly network.dims"},
                      BadInput{"run --set router.impl=systemc --set link.mode=synchronous --set link.delay=2",
                               "link.delay = [2] with link.mode synchronous", "link.delay auto"},
                      BadInput{"run --set router.impl=systemc --set link.mode=unit_delay --set link.delay=2",
                               "link.delay = [2] with link.mode unit_delay", "link.delay auto"},
                      BadInput{"run --set link.mode=pipelined_avg", "link.mode", "pipelined_max, unit_delay"},
                      // Scott & Goodman's single-node model: the rings only, run to an interval, and
                      // no key it does not model.
                      BadInput{"run --set router.impl=single_node", "router.impl single_node",
                               "allowed: network.topology rings"},
                      BadInput{"run --set network.topology=rings --set router.model=sci --set router.impl=single_node",
                               "run.convergence is sns4", "allowed: run.convergence ci"},
                      BadInput{"run --set network.topology=rings --set router.model=sci --set router.impl=single_node "
                               "--set run.convergence=ci --set traffic.workload=request_response",
                               "traffic.workload is set, and router.impl single_node does not model it",
                               "traffic.workload at its default"},
                      BadInput{"run --set network.topology=rings --set router.model=sci --set router.impl=single_node "
                               "--set run.convergence=ci --set router.sci_accept=stomp",
                               "router.sci_accept is set", "router.impl ref (the whole network)"},
                      BadInput{"diverge --set network.topology=rings --set router.model=sci --set router.impl=single_node "
                               "--set run.convergence=ci", "kncsim diverge compares", "allowed: router.impl: rtl"},
                      BadInput{"analytic --optimize", "--optimize", "network.topology rings"},
                      BadInput{"analytic --bits 64 --set network.topology=rings --set router.model=sci", "--bits",
                               "only with --optimize"},
                      BadInput{"analytic --optimize --bits 0 --set network.topology=rings --set router.model=sci",
                               "--bits", "not in range 1 to 65535"},
                      BadInput{"analytic --mesh-vs-hypercube --sizes 64,100", "--sizes", "100 is not a power of two"},
                      BadInput{"contention --applied 0.1,1.5", "--applied", "not in range"},
                      // Chittor's queue policies: the SystemC router's only.
                      BadInput{"run --set router.arbitration=fifo_lru", "router.arbitration = fifo_lru",
                               "router.impl: systemc"},
                      BadInput{"run --set router.impl=rtl --set router.vcs=2 --set router.flow_control=wormhole "
                               "--set router.fifo_flits=4 --set router.arbitration=message_source",
                               "router.arbitration: priority_token, round_robin or oldest_first", "not message_source"},
                      BadInput{"run --set network.topology=rings --set router.model=sci --set router.arbitration=fifo_fixed",
                               "router.arbitration = fifo_fixed for network.topology rings", "priority_token"},
                      // Found by the config fuzzer (2026-11-29): RTL ring nodes on wires of billions of cycles
                      // allocated a word slot per cycle (std::bad_alloc, exit 1).
                      BadInput{"run --set network.topology=rings --set router.model=sci --set router.impl=rtl "
                               "--set link.switch_to_wire_ratio=1e-12", "ring wires of", "at most 1000"},
                      // Chittor's careful tree mapping: binary trees that fit a 2D mesh as an H-tree.
                      BadInput{"contention --set traffic.pattern=graph --set traffic.graph=mesh2d --set traffic.mapping=gordon",
                               "traffic.mapping gordon lays out a binary tree", "traffic.graph binary_tree"},
                      BadInput{"contention --set network.radix=16 --set traffic.pattern=graph --set traffic.graph=binary_tree "
                               "--set traffic.mapping=gordon", "H-tree takes 31 x 15 nodes", "at least 31 x 15"},
                      BadInput{"contention --set network.dims=3 --set network.radix=4 --set traffic.pattern=graph "
                               "--set traffic.graph=binary_tree --set traffic.graph_shape=7 --set traffic.mapping=gordon",
                               "H-tree takes 3 x 3 nodes, and the network is 4x4x4", "a 2D mesh"},
                      // Energy: one table; toggles where RTL nodes count them, priced beside the events.
                      BadInput{"run --set energy.technology=7nm", "energy.technology", "45nm, 32nm, 22nm"},
                      BadInput{"run --set energy.technology=45nm --set energy.table=t.yaml", "give one",
                               "energy.technology none with a table file"},
                      BadInput{"run --set energy.technology=22nm --set network.topology=rings --set router.model=sci "
                               "--set router.impl=single_node", "the single-node model has no network",
                               "router.impl ref, systemc or rtl"},
                      BadInput{"run --set energy.rtl_toggles=on --set router.impl=rtl --set router.fifo_flits=4",
                               "energy.rtl_toggles = on with no energy accounting", "energy.technology 45nm"},
                      BadInput{"run --set energy.technology=45nm --set energy.rtl_toggles=on --set router.impl=systemc",
                               "energy.rtl_toggles on with router.impl systemc and no router.rtl_nodes",
                               "router.impl rtl, router.rtl_nodes"},
                      BadInput{"run --set energy.technology=45nm --set energy.toggle_weights=w.yaml",
                               "energy.toggle_weights = w.yaml with energy.rtl_toggles off", "energy.rtl_toggles on"},
                      BadInput{"run --set energy.rtl_toggles=sometimes", "energy.rtl_toggles", "off, on"},
                      BadInput{"run --set energy.toggle_sampling=0", "energy.toggle_sampling", ">= 1"},
                      BadInput{"run --set energy.technology=45nm --set energy.rtl_toggles=on --set router.impl=rtl "
                               "--set router.fifo_flits=4 --set router.rtl_binding=signals",
                               "energy.rtl_toggles on with router.rtl_binding signals", "router.rtl_binding direct"},
                      BadInput{"run --set energy.technology=45nm --set network.overrides=x.yaml",
                               "the overridden wires' lengths", "no network.overrides"},
                      BadInput{"run --set energy.flit_bits=2048", "energy.flit_bits", "1024"},
                      BadInput{"run --set traffic.payload=ones", "traffic.payload", "random, zeros, checkerboard"},
                      BadInput{"run --set energy.mm_per_unit=0", "energy.mm_per_unit", "allowed"},
                      BadInput{"run --set energy.buffer_flits=0", "energy.buffer_flits", "auto"},
                      BadInput{"run --set energy.clock_ghz=0", "energy.clock_ghz", "allowed"},
                      BadInput{"run --set energy.table=a.yaml --set energy.technology=none --set energy.flit_bits=sixty",
                               "energy.flit_bits", "integer"},
                      // Youn and Singh's tiles: binary trees on 2^h nodes of a 2D network.
                      BadInput{"contention --set traffic.pattern=graph --set traffic.graph=ring --set traffic.mapping=youn_singh",
                               "traffic.mapping youn_singh lays out a binary tree, and the process graph is ring",
                               "traffic.graph binary_tree"},
                      BadInput{"contention --set network.radix=[32,8] --set traffic.pattern=graph "
                               "--set traffic.graph=binary_tree --set traffic.graph_shape=255 --set traffic.mapping=youn_singh",
                               "binary_tree 255's tiles take 16 x 16 nodes, and the network is 32x8", "at least 16 x 16"},
                      BadInput{"contention --set traffic.pattern=graph --set traffic.graph=binary_tree "
                               "--set traffic.mapping=planes_in_a_row", "traffic.mapping planes_in_a_row lays out a 3D mesh",
                               "traffic.graph mesh3d"},
                      BadInput{"contention --set traffic.pattern=graph --set traffic.graph=mesh3d "
                               "--set traffic.graph_shape=[4,4,4] --set traffic.mapping=planes_in_a_row",
                               "planes side by side take 16 x 4 nodes, and the network is 8x8", "at least 16 x 4"},
                      BadInput{"contention --set traffic.pattern=graph --set traffic.graph=mesh3d --set network.radix=[6,5] "
                               "--set traffic.graph_shape=[3,3,3] --set traffic.mapping=folded_planes",
                               "planes folded and stacked take 6 x 6 nodes, and the network is 6x5", "at least 6 x 6"},
                      BadInput{"run --set traffic.packet_gap_cycles=10", "traffic.packet_gap_cycles = 10 spaces the packets",
                               "traffic.workload closed_loop"},
                      BadInput{"run --set router.impl=systemc --set traffic.workload=closed_loop --set traffic.pattern=graph "
                               "--set traffic.graph=mesh2d --set traffic.message_flits=100 --set traffic.packet_gap_cycles=10",
                               "a message of traffic.message_flits = 100 is one packet",
                               "traffic.packet_payload_flits < traffic.message_flits"},
                      BadInput{"run --set traffic.packet_gap_cycles=-1", "traffic.packet_gap_cycles", ">= 0"},
                      BadInput{"run --set traffic.loop_destinations=random", "traffic.loop_destinations random draws a closed loop's",
                               "traffic.workload closed_loop"},
                      BadInput{"run --set router.impl=systemc --set traffic.workload=closed_loop --set traffic.pattern=graph "
                               "--set traffic.loop_destinations=random", "in place of traffic.pattern graph's",
                               "traffic.pattern uniform"},
                      BadInput{"run --set router.impl=systemc --set traffic.workload=closed_loop --set traffic.loop_destinations=random",
                               "traffic.loop_destinations random sends one message a loop", "traffic.loop_classes shell"},
                      BadInput{"run --set router.impl=systemc --set traffic.workload=closed_loop --set traffic.loop_classes=shell "
                               "--set traffic.loop_destinations=random --set traffic.node_channel=half_duplex",
                               "traffic.loop_destinations random with traffic.node_channel half_duplex",
                               "traffic.node_channel duplex"},
                      // Pertel's finite-buffer models: bounded FIFOs, the reference model and SystemC only.
                      BadInput{"run --set router.fifo_full_policy=abort", "router.fifo_full_policy = abort",
                               "router.fifo_packets or router.fifo_flits bounded"},
                      BadInput{"run --set router.impl=rtl --set router.fifo_packets=2 --set router.fifo_full_policy=assign_blocked",
                               "router.fifo_full_policy: wait", "not assign_blocked"},
                      BadInput{"run --set network.topology=rings --set router.model=sci --set router.fifo_full_policy=abort",
                               "router.fifo_full_policy = abort for network.topology rings", "wait (the default)"},
                      BadInput{"run --set router.fifo_full_policy=model1", "router.fifo_full_policy",
                               "wait, assign_blocked, abort"},
                      BadInput{"run --set router.impl=systemc --set router.fifo_packets=2 --set router.misroute_on_full=on",
                               "router.misroute_on_full on is Pertel's packet-level model's", "router.impl ref"},
                      BadInput{"run --set router.misroute_on_full=on", "router.misroute_on_full on misroutes the heads of full",
                               "router.fifo_packets bounded"},
                      BadInput{"run --set router.fifo_packets=2 --set router.fifo_full_policy=abort --set router.misroute_on_full=on",
                               "router.fifo_full_policy abort would assign", "router.fifo_full_policy wait"},
                      BadInput{"run --set router.misroute_on_full=yes", "router.misroute_on_full", "off, on"},
                      BadInput{"run --set router.impl=systemc --set router.bias_local=3", "router.bias_local = 3",
                               "router.arbitration biased_priority"},
                      BadInput{"run --set router.impl=systemc --set router.arbitration=biased_priority "
                               "--set router.bias_network=1001", "router.bias_network", "<= 1000"},
                      BadInput{"contention --applied 0", "--applied", "not in range"},
                      BadInput{"analytic --mesh-vs-hypercube --sizes 2", "--sizes", "not in range 4"},
                      BadInput{"analytic --mesh-vs-hypercube --messages 0.5", "--messages", "not in range 1"},
                      BadInput{"analytic --mesh-vs-hypercube --set network.dims=3", "--mesh-vs-hypercube",
                               "not a CONFIG or --set"},
                      BadInput{"analytic --sizes 64", "--sizes", "only with --mesh-vs-hypercube"},
                      BadInput{"run --set router.impl=systemc --set link.embedding=planar --set network.radix=[4,8]",
                               "link.embedding = planar", "one network.radix"},
                      BadInput{"run --set link.switch_to_wire_ratio=0.5", "router.impl ref", "link.delay = 2"},
                      BadInput{"run --set router.impl=systemc --set link.embedding=flat", "link.embedding",
                               "auto, uniform, planar, cube"},
                      BadInput{"run --set network.topology=rings --set router.model=sci --set link.embedding=planar",
                               "link.embedding = planar for network.topology rings", "auto or cube"},
                      BadInput{"run --set network.topology=rings --set router.model=sci --set link.delay=2",
                               "link.delay given for network.topology rings", "link.delay auto"},
                      // Found by the config fuzzer: a flit arrived at a full FIFO (exit 1).
                      BadInput{"run --set router.impl=systemc --set router.fifo_packets=3 --set link.kind=handshake "
                               "--set link.delay=[3,1]",
                               "link.kind handshake with link delays [3, 1]", "one delay for every dimension"},
                      BadInput{"run --set network.topology=torus", "network.topology torus with router.impl = ref",
                               "router.impl systemc"},
                      BadInput{"run --set network.topology=torus --set router.impl=rtl --set router.fifo_flits=8",
                               "network.topology torus with router.vcs = 1 can deadlock", "router.vcs >= 2"},
                      BadInput{"run --set network.topology=torus --set router.impl=systemc",
                               "network.topology torus with router.vcs = 1 can deadlock",
                               "router.vcs >= 2 (datelines), or router.allow_deadlock: true"},
                      BadInput{"run --set network.topology=torus --set router.impl=systemc --set router.vcs=2 "
                               "--set router.routing=adaptive",
                               "router.routing adaptive and router.vcs = 2 can deadlock", "router.vcs >= 3 (Duato"},
                      BadInput{"run --set router.vcs=2", "does not support router.vcs = 2", "router.impl: systemc"},
                      // Packet switching stores a whole packet at every hop (issue 51).
                      BadInput{"run --set router.impl=systemc --set router.flow_control=packet --set router.fifo_flits=8",
                               "router.fifo_flits = 8 < 32 flits", "router.flow_control packet"},
                      BadInput{"run --set router.impl=systemc --set traffic.packet_length=discrete "
                               "--set traffic.packet_length_params=[0.5,16,0.4,8]",
                               "traffic.packet_length_params's probabilities sum to 0.9", "a sum of 1"},
                      BadInput{"run --set router.impl=systemc --set traffic.pattern=hop_uniform "
                               "--set traffic.hop_probabilities=[0.5,0.6]",
                               "traffic.hop_probabilities's probabilities sum to 1.1", "a sum of 1"},
                      BadInput{"run --set router.impl=systemc --set router.routing=oblivious --set router.selection=random "
                               "--set router.fifo_flits=4 --set router.flow_control=wormhole",
                               "router.routing oblivious with router.selection random and finite FIFOs can deadlock",
                               "router.allow_deadlock: true"},
                      BadInput{"run --set router.impl=systemc --set router.deflections=3",
                               "router.deflections = 3 with router.routing dor", "router.routing deflection"},
                      BadInput{"run --set router.impl=systemc --set network.topology=torus --set router.vcs=2 "
                               "--set router.routing=deflection",
                               "router.routing deflection on a torus", "dor or adaptive"},
                      // PP-MESS-SIM's hexagonal mesh: SystemC only, planar, dimension order on a dateline pair.
                      BadInput{"run --set network.topology=hexagonal --set router.impl=rtl --set router.vcs=2",
                               "network.topology hexagonal with router.impl rtl", "router.impl systemc"},
                      BadInput{"run --set network.topology=hexagonal --set router.impl=systemc --set router.vcs=2 "
                               "--set router.rtl_nodes=[3]",
                               "network.topology hexagonal with router.impl systemc and router.rtl_nodes",
                               "without router.rtl_nodes"},
                      BadInput{"run --set network.topology=hexagonal --set router.impl=systemc",
                               "network.topology hexagonal with router.vcs = 1", "router.vcs >= 2"},
                      BadInput{"run --set network.topology=hexagonal --set router.impl=systemc --set router.vcs=3 "
                               "--set router.routing=adaptive",
                               "router.routing adaptive on a hexagonal mesh", "allowed: dor"},
                      BadInput{"run --set network.topology=hexagonal --set router.impl=systemc --set router.vcs=2 "
                               "--set network.dims=3",
                               "network.dims = 3 with network.topology hexagonal", "allowed: 2"},
                      BadInput{"run --set network.topology=hexagonal --set router.impl=systemc --set router.vcs=2 "
                               "--set traffic.pattern=transpose",
                               "traffic.pattern = transpose: a hexagonal mesh has no coordinates", "hop_uniform"},
                      BadInput{"run --set network.topology=hexagonal --set router.impl=systemc --set router.vcs=2 "
                               "--set link.delay=[1,2]",
                               "link.delay lists one delay per dimension", "auto or one delay"},
                      BadInput{"contention --set network.topology=hexagonal --set router.impl=systemc --set router.vcs=2",
                               "kncsim contention models a mesh or torus", "network.topology: mesh"},
                      BadInput{"run --set router.selection=diagonal",
                               "router.selection = diagonal with router.routing dor", "auto or dimension_order"},
                      BadInput{"run --set router.routing=oblivious",
                               "router.impl ref (Pertel's packet-level model) does not support router.routing = oblivious",
                               "dor or adaptive"},
                      BadInput{"run --set classes.be.load=-1", "key 'classes.be.load' has bad value '-1'", "a number > 0"},
                      BadInput{"run --set router.impl=systemc --set classes.be.packet_length=discrete "
                               "--set classes.be.packet_length_params=[0.5,16,0.6,12]",
                               "classes.be.packet_length_params's probabilities sum to 1.1", "a sum of 1"},
                      BadInput{"run --set router.impl=systemc --set run.convergence=packets",
                               "run.convergence packets counts each traffic class", "classes.NAME.KEY"},
                      BadInput{"run --set router.impl=systemc --set classes.be.warmup_packets=5",
                               "classes.be.warmup_packets counts packets for run.convergence packets",
                               "allowed: run.convergence packets"},
                      BadInput{"run --set router.impl=systemc --set router.vcs=2 --set classes.be.vcs=[1,2]",
                               "classes.be.vcs has VC 2, but router.vcs = 2", "VCs 0..1"},
                      BadInput{"run --set router.impl=systemc --set network.topology=torus --set router.vcs=3 "
                               "--set classes.tc.vcs=0",
                               "gives traffic class 'tc' 1 VC(s) on a torus", "router.allow_deadlock: true"},
                      BadInput{"run --set router.impl=rtl --set router.fifo_flits=4 --set classes.be.load=0.1",
                               "traffic class 'be' with RTL routers", "router.impl systemc"},
                      BadInput{"run --set router.impl=systemc --set router.fifo_flits=8 --set classes.ps.switching=packet",
                               "classes.ps.switching packet needs room for a whole packet", "router.fifo_flits >= 32"},
                      BadInput{"run --set router.impl=systemc --set classes.be.routing=oblivious "
                               "--set classes.be.selection=random --set router.fifo_flits=4 --set router.flow_control=wormhole",
                               "classes.be.routing oblivious with router.selection random and finite FIFOs can deadlock",
                               "router.allow_deadlock: true"},
                      BadInput{"run --set router.impl=systemc --set router.flow_control=hybrid",
                               "router.flow_control hybrid", "router.fifo_flits or router.fifo_packets"},
                      BadInput{"run --set traffic.packet_length=uniform --set traffic.packet_length_params=[4,8]",
                               "traffic.packet_length = uniform with router.impl ref", "router.impl systemc or rtl"},
                      BadInput{"run --set router.impl=systemc --set traffic.interarrival=normal",
                               "traffic.interarrival normal needs traffic.interarrival_params", "[mu, sigma]"},
                      BadInput{"run --set router.impl=rtl --set router.fifo_flits=32 --set router.flow_control=packet",
                               "switch wormhole or cut-through only", "router.flow_control: wormhole or cut_through"},
                      // The flit-level router's rules hold on rings too, where its keys take no part.
                      BadInput{"run --set network.topology=rings --set router.model=sci --set router.impl=systemc "
                               "--set router.fifo_flits=4",
                               "router.fifo_flits = 4 < 32 flits", "router.flow_control: wormhole"},
                      // issue 34: the 1991 rand() mapping's keys
                      BadInput{"contention --set traffic.pattern=graph --set traffic.mapping=random_lcg_low_bits "
                               "--set traffic.mapping_generator=vax",
                               "traffic.mapping_generator", "bsd_rand, lcg69069"},
                      BadInput{"contention --set traffic.pattern=graph --set traffic.mapping=random_lcg_low_bits "
                               "--set traffic.mapping_seed=4294967296",
                               "traffic.mapping_seed = 4294967296", "0..4294967295"},
                      BadInput{"run --set router.arbitration=oldest_first",
                               "does not support router.arbitration = oldest_first", "priority_token"},
                      BadInput{"run --set router.impl=rtl --set router.fifo_flits=4 --set router.vcs=5",
                               "have at most 4 virtual channels", "router.vcs <= 4"},
                      BadInput{"run --set network.topology=rings --set router.model=sci --set router.vcs=2",
                               "router.vcs = 2 and router.arbitration = priority_token for network.topology rings",
                               "router.vcs 1"},
                      BadInput{"run --set router.impl=systemc --set network.dims=4 --set router.vcs=8",
                               "72 channels per router", "(2 network.dims + 1) x router.vcs <= 63"},
                      BadInput{"run --set router.impl=systemc --set router.vcs=9", "router.vcs", ">= 1 and <= 8"},
                      BadInput{"run --set network.wiring=folded --set router.impl=systemc",
                               "network.wiring = folded with network.topology mesh", "network.topology torus"},
                      BadInput{"run --set network.topology=torus --set router.impl=systemc --set router.allow_deadlock=maybe",
                               "router.allow_deadlock", "false, true"},
                      BadInput{"run --set traffic.pattern=zigzag", "traffic.pattern", "bit_reversal, hotspot"},
                      BadInput{"run --set traffic.pattern=hotspot --set traffic.hotspot_nodes=[3,64]",
                               "traffic.hotspot_nodes", "0..63"},
                      BadInput{"run --set traffic.pattern=bit_reversal --set network.radix=6", "traffic.pattern",
                               "power-of-two"},
                      BadInput{"run /nonexistent.yaml", "nonexistent.yaml", "not exist"},
                      BadInput{"run --vcd /tmp/x.vcd", "trace.vcd", "router.impl: systemc"},
                      BadInput{"frobnicate", "subcommand", "--help"},
                      BadInput{"analytic --set network.topology=rings", "router.model sci", "network.topology rings"},
                      BadInput{"analytic --set network.topology=rings --set router.model=sci "
                               "--set link.switch_to_wire_ratio=-1",
                               "link.switch_to_wire_ratio", "ceil(length / S)"},
                      BadInput{"analytic --set network.topology=rings --set router.model=sci --set network.radix=[4,8]",
                               "network.radix", "one radix"},
                      BadInput{"analytic --set network.topology=rings --set router.model=sci --set network.dims=12 "
                               "--set network.radix=2 --set link.constraint=node_size --set link.node_wires=16",
                               "link.constraint node_size", "allowed: link.node_wires >= 24"},
                      // Found by the config fuzzer: run exited 1 here, and SCI's ring buffers overflowed.
                      BadInput{"run --set network.topology=rings --set router.model=sci --set run.convergence=fixed "
                               "--set link.constraint=bisection --set link.bisection_wires=7",
                               "link.bisection_wires = 7", "allowed: link.bisection_wires >= 16"},
                      BadInput{"run --set network.topology=rings --set router.model=sci --set run.convergence=fixed "
                               "--set link.width_bits=28 --set traffic.address_bits=2",
                               "traffic.echo_bits = 64", "allowed: traffic.echo_bits <= 28"},
                      BadInput{"run --set network.topology=rings --set router.model=sci --set traffic.load=1",
                               "traffic.load = 1 is at or above the rings' maximum throughput",
                               "allowed: 0 < traffic.load < 1, run.convergence: fixed, or run.saturation: detect"},
                      BadInput{"run --set network.dims=16 --set network.radix=2", "network.dims = 16", "1..15"},
                      BadInput{"run --set run.convergence=ci --set run.ci_target=0", "run.ci_target", "> 0"},
                      BadInput{"run --set run.saturation=maybe", "run.saturation", "off, detect"},
                      BadInput{"run --set run.latency_bound=-5", "run.latency_bound", ">= 0"},
                      BadInput{"run --set run.convergence=ci --set traffic.workload=closed_loop --set router.impl=systemc",
                               "traffic.workload = closed_loop", "run.convergence sns4, sns or fixed"},
                      BadInput{"run --set network.topology=rings --set router.model=sci --set run.convergence=fixed "
                               "--set router.impl=rtl",
                               "router.active_buffer_packets = unbounded", "allowed: 1..8"},
                      BadInput{"run --set network.topology=rings --set router.model=sci --set run.convergence=fixed "
                               "--set router.impl=rtl --set router.active_buffer_packets=4 --set network.dims=5 "
                               "--set network.radix=2",
                               "network.dims = 5", "allowed: network.dims <= 4"},
                      BadInput{"run --set network.topology=rings --set router.model=sci --set run.convergence=fixed "
                               "--set router.impl=rtl --set router.active_buffer_packets=4 "
                               "--set router.input_queue_flits=100",
                               "router.input_queue_flits = 100", "allowed with RTL nodes: <= 64"},
                      BadInput{"run --set network.topology=rings --set router.model=sci --set run.convergence=fixed "
                               "--set router.rtl_nodes=[0]",
                               "router.rtl_nodes with router.impl = ref", "router.impl: systemc with router.rtl_nodes"},
                      BadInput{"run --set network.topology=rings --set router.model=sci --set run.convergence=fixed "
                               "--set router.impl=systemc --set router.active_buffer_packets=2 "
                               "--set router.rtl_nodes=[64]",
                               "router.rtl_nodes has node 64", "0..63"},
                      BadInput{"run --set network.topology=rings --set router.model=sci --set run.convergence=fixed "
                               "--set router.ring_buffer_flits=19",
                               "router.ring_buffer_flits = 19", "never fill up while the output queue"},
                      BadInput{"run --set network.topology=rings --set router.model=sci --set run.convergence=fixed "
                               "--set router.active_buffer_packets=0",
                               "router.active_buffer_packets", "unbounded or an integer >= 1"},
                      BadInput{"run --set network.topology=rings --set router.model=sci --set run.convergence=fixed "
                               "--set router.input_queue_flits=4",
                               "router.input_queue_flits = 4", "free space is checked when a message arrives"}));

TEST(Cli, SystemCRunAgreesWithTheReferenceModel) {
  const std::string args = "run --set network.radix=4 --set traffic.load=.4 --json -";
  const Outcome ref = kncsim(args), sc = kncsim(args + " --set router.impl=systemc");
  ASSERT_EQ(sc.status, 0) << sc.err;
  auto a = nlohmann::json::parse(ref.out), b = nlohmann::json::parse(sc.out);
  EXPECT_EQ(b["model"], "systemc");
  for (const char* k : {"T", "U", "D", "AQLEN", "numsent", "numrecd", "curtime"}) EXPECT_EQ(a[k], b[k]) << k;
}

// The ring network of SciNode modules gives the reference ring model's results, every figure.
TEST(Cli, RingsSystemCRunAgreesWithTheReferenceModel) {
  const std::string args =
      "run --set network.topology=rings --set router.model=sci --set run.convergence=fixed --set run.cycles=3000 "
      "--set network.dims=3 --set network.radix=4 --set traffic.load=.5 --set traffic.workload=request_response "
      "--set link.corrupt_rate=0.02 --json -";
  const Outcome ref = kncsim(args), sc = kncsim(args + " --set router.impl=systemc");
  ASSERT_EQ(ref.status, 0) << ref.err;
  ASSERT_EQ(sc.status, 0) << sc.err;
  auto a = nlohmann::json::parse(ref.out), b = nlohmann::json::parse(sc.out);
  EXPECT_EQ(a["model"], "ref");
  EXPECT_EQ(b["model"], "systemc");
  EXPECT_GT(a["messages_delivered"].get<uint64_t>(), 1000u);
  EXPECT_GT(a["nacks"].get<uint64_t>(), 0u);
  for (const char* k : {"latency_address", "latency_data", "round_trip", "throughput_bits_per_cycle_per_node",
                        "messages_injected", "messages_delivered", "echoes", "nacks", "nacks_corrupted",
                        "retransmissions", "active_buffer_max", "curtime"})
    EXPECT_EQ(a[k], b[k]) << k;
}

// Verilated RTL ring nodes, all of them or some among SystemC ones, give the reference's figures.
TEST(Cli, RingsRtlRunAgreesWithTheReferenceModel) {
  const std::string args =
      "run --set network.topology=rings --set router.model=sci --set run.convergence=fixed --set run.cycles=3000 "
      "--set network.dims=3 --set network.radix=4 --set traffic.load=.5 --set traffic.workload=request_response "
      "--set link.corrupt_rate=0.02 --set router.active_buffer_packets=4 --json -";
  const Outcome ref = kncsim(args), rtl = kncsim(args + " --set router.impl=rtl"),
                mixed = kncsim(args + " --set router.impl=systemc --set router.rtl_nodes=[0,5,17,42,63]");
  ASSERT_EQ(ref.status, 0) << ref.err;
  ASSERT_EQ(rtl.status, 0) << rtl.err;
  ASSERT_EQ(mixed.status, 0) << mixed.err;
  auto a = nlohmann::json::parse(ref.out), b = nlohmann::json::parse(rtl.out), m = nlohmann::json::parse(mixed.out);
  EXPECT_EQ(b["model"], "rtl");
  EXPECT_GT(a["messages_delivered"].get<uint64_t>(), 1000u);
  EXPECT_GT(a["nacks"].get<uint64_t>(), 0u);
  for (const char* k : {"latency_address", "latency_data", "round_trip", "throughput_bits_per_cycle_per_node",
                        "messages_injected", "messages_delivered", "echoes", "nacks", "nacks_corrupted",
                        "retransmissions", "active_buffer_max", "curtime"}) {
    EXPECT_EQ(a[k], b[k]) << k;
    EXPECT_EQ(a[k], m[k]) << k;
  }
}

// An RTL ring node in the waveform: its top's pins beside the SystemC nodes', and every signal
// inside it in a VCD of its own; the results are unchanged.
TEST(Cli, RingsVcdTracesAnRtlNodesPinsAndInternals) {
  const std::string vcd = write_temp("ring_rtl.vcd", "");
  const std::string args =
      "run --set network.topology=rings --set router.model=sci --set router.impl=systemc --set run.convergence=fixed "
      "--set run.cycles=600 --set network.dims=2 --set network.radix=4 --set traffic.load=.5 "
      "--set router.active_buffer_packets=2 --set router.rtl_nodes=[5] --set trace.nodes=[5] --json -";
  const Outcome plain = kncsim(args), traced = kncsim(args + " --vcd " + vcd);
  ASSERT_EQ(plain.status, 0) << plain.err;
  ASSERT_EQ(traced.status, 0) << traced.err;
  const auto a = nlohmann::json::parse(plain.out), b = nlohmann::json::parse(traced.out);
  for (const char* k : {"round_trip", "messages_delivered", "echoes", "nacks", "curtime"}) EXPECT_EQ(a[k], b[k]) << k;
  const std::string text = read_file(vcd);
  for (const char* pin : {"ring_out0_o", "ring_in1_i", "cpu_take_o", "cpu_out_valid_o", "echo_o", "held_o"})
    EXPECT_NE(text.find(pin), std::string::npos) << pin;
  const std::string internals_path = vcd.substr(0, vcd.size() - 4) + ".node_5.vcd";
  const std::string internals = read_file(internals_path);
  for (const char* signal : {"u_active", "u_switch", "rt_seq_q", "sending_q", "fate_q"})
    EXPECT_NE(internals.find(signal), std::string::npos) << signal;
  std::remove(vcd.c_str());
  std::remove(internals_path.c_str());
}

// A ring node's output-link pins and queues in the waveform; the results are unchanged.
TEST(Cli, RingsVcdTracesTheChosenNodesRingPinsWithoutChangingResults) {
  const std::string vcd = write_temp("ring_pins.vcd", "");
  const std::string args =
      "run --set network.topology=rings --set router.model=sci --set router.impl=systemc --set run.convergence=fixed "
      "--set run.cycles=600 --set network.dims=2 --set network.radix=4 --set traffic.load=.5 --set trace.nodes=[5] "
      "--json -";
  const Outcome plain = kncsim(args), traced = kncsim(args + " --vcd " + vcd);
  ASSERT_EQ(plain.status, 0) << plain.err;
  ASSERT_EQ(traced.status, 0) << traced.err;
  const auto a = nlohmann::json::parse(plain.out), b = nlohmann::json::parse(traced.out);
  EXPECT_GT(a["messages_delivered"].get<uint64_t>(), 100u);
  for (const char* k : {"round_trip", "messages_delivered", "echoes", "nacks", "curtime"}) EXPECT_EQ(a[k], b[k]) << k;
  const std::string text = read_file(vcd);
  EXPECT_NE(text.find("$scope module node_5 $end"), std::string::npos);
  EXPECT_EQ(text.find("$scope module node_6 $end"), std::string::npos) << "only the chosen node";
  for (const char* scope : {"ring_0", "ring_1", "out"})
    EXPECT_NE(text.find(fmt::format("$scope module {} $end", scope)), std::string::npos) << scope;
  for (const char* pin : {"valid", "head", "tail", "kind", "src", "dest", "seq", "crc_good", "ring_buffer",
                          "input_queue", "output_queue", "active"})
    EXPECT_NE(text.find(fmt::format(" {} ", pin)), std::string::npos) << pin;
  EXPECT_GT(std::count(text.begin(), text.end(), '#'), 300) << "hundreds of cycles with pin changes";
  std::remove(vcd.c_str());
}

TEST(Cli, VcdTracesTheChosenNodesLinkPinsWithoutChangingResults) {
  const std::string vcd = write_temp("pins.vcd", "");
  const std::string args =
      "run --set router.impl=systemc --set network.radix=4 --set traffic.load=.6 --set run.convergence=fixed "
      "--set run.cycles=400 --set trace.nodes=[5] --json -";
  const Outcome plain = kncsim(args), traced = kncsim(args + " --vcd " + vcd);
  ASSERT_EQ(traced.status, 0) << traced.err;
  expect_same_results(plain.out, traced.out);
  const std::string text = read_file(vcd);
  EXPECT_NE(text.find("$scope module router_5 $end"), std::string::npos);
  EXPECT_EQ(text.find("$scope module router_6 $end"), std::string::npos) << "only the chosen node";
  for (const char* pin : {"valid", "head", "tail", "credits", "credit", "occupancy", "out_+x", "in_-y", "out_local"})
    EXPECT_NE(text.find(pin), std::string::npos) << pin;
  EXPECT_GT(std::count(text.begin(), text.end(), '#'), 100) << "hundreds of cycles with pin changes";
  std::remove(vcd.c_str());
}

TEST(Cli, VcdOfAnRtlNodeHasItsInternalsWithoutChangingResults) {
  const std::string vcd = write_temp("rtl.vcd", "");
  const std::string args =
      "run --set router.impl=systemc --set router.rtl_nodes=[5] --set router.fifo_flits=4 "
      "--set router.flow_control=wormhole --set network.radix=4 --set traffic.load=.6 --set run.convergence=fixed "
      "--set run.cycles=300 --set trace.nodes=[5,6] --json -";
  const Outcome plain = kncsim(args), traced = kncsim(args + " --vcd " + vcd);
  ASSERT_EQ(traced.status, 0) << traced.err;
  expect_same_results(plain.out, traced.out);
  const std::string internals = vcd.substr(0, vcd.size() - 4) + ".router_5.vcd";
  std::ifstream in(internals);
  ASSERT_TRUE(in) << internals;
  const std::string text{std::istreambuf_iterator<char>(in), {}};
  for (const char* sig : {"pin_q", "pout_q", "bound_q", "busy_q", "used_q", "count_q", "grant_o"})
    EXPECT_NE(text.find(sig), std::string::npos) << sig;
  std::ifstream sc_nodes(vcd.substr(0, vcd.size() - 4) + ".router_6.vcd");
  EXPECT_FALSE(sc_nodes) << "SystemC routers have no RTL inside";
  std::remove(vcd.c_str());
  std::remove(internals.c_str());
}

TEST(Cli, MalformedYamlFileIsRefused) {
  const std::string path = write_temp("bad.yaml", "network: {dims: 2\n  radix: [\n");
  const Outcome o = kncsim("run " + path);
  EXPECT_EQ(o.status, 2);
  EXPECT_NE(o.err.find("malformed YAML"), std::string::npos) << o.err;
}

// kncsim diverge on RTL routers that match the SystemC ones: both runs' flit logs hold the
// same flits (the report says how many), exit 0; a configuration with no RTL router, or a
// bad window, is refused with exit 2 before anything runs.
TEST(Cli, DivergeFindsNoDivergenceBetweenMatchingModels) {
  const std::string dir = ::testing::TempDir() + "diverge_same";
  const Outcome o = kncsim("diverge --out " + dir +
                           " --set network.radix=4 --set router.impl=rtl --set router.fifo_flits=4"
                           " --set router.flow_control=wormhole --set traffic.packet_flits=6 --set traffic.load=0.3"
                           " --set run.convergence=fixed --set run.cycles=2000");
  EXPECT_EQ(o.status, 0) << o.out << o.err;
  EXPECT_NE(o.out.find("no divergence: the RTL and SystemC runs sent the same"), std::string::npos) << o.out;
  const std::string log = read_file(dir + "/rtl.flits");
  EXPECT_EQ(log.rfind("# kncsim flit log: cycle node port vc packet seq head tail\n", 0), 0u);
  EXPECT_GT(std::count(log.begin(), log.end(), '\n'), 1000);
}

TEST(Cli, DivergeRefusesAConfigurationWithoutRtlRouters) {
  const Outcome none = kncsim("diverge --out " + ::testing::TempDir() + "diverge_none --set router.impl=systemc");
  EXPECT_EQ(none.status, 2);
  EXPECT_NE(none.err.find("this configuration has none; allowed: router.impl: rtl"), std::string::npos) << none.err;
  const Outcome rings = kncsim("diverge --out " + ::testing::TempDir() + "diverge_none --set network.topology=rings "
                               "--set router.model=sci --set router.impl=systemc");
  EXPECT_EQ(rings.status, 2);
  EXPECT_NE(rings.err.find("this configuration has none"), std::string::npos) << rings.err;
  const Outcome window = kncsim("diverge --window 0 --set router.impl=rtl");
  EXPECT_EQ(window.status, 2);
  EXPECT_NE(window.err.find("--window"), std::string::npos) << window.err;
  const Outcome ref = kncsim("run --set router.impl=ref --set trace.flits=" + ::testing::TempDir() + "x.flits");
  EXPECT_EQ(ref.status, 2);
  EXPECT_NE(ref.err.find("trace.flits logs the flits each router or ring node sends"), std::string::npos) << ref.err;
}

TEST(Cli, ContentionReportsChittorsParametersAsTextAndJson) {
  const Outcome o = kncsim("contention --set network.radix=4 --set traffic.pattern=transpose --json -");
  ASSERT_EQ(o.status, 0) << o.err;
  const auto j = nlohmann::json::parse(o.out);
  EXPECT_EQ(j["graph"]["paths"], 12);
  EXPECT_EQ(j["summary"]["contention_level"]["max"], 2);
  EXPECT_EQ(j["summary"]["channel_load"]["max"], 3);
  EXPECT_EQ(j["channels"].size(), 48u);
  EXPECT_EQ(j["bottlenecks"]["channels"][0]["load"], 3);
  EXPECT_NE(o.err.find("saturation node traffic"), std::string::npos) << o.err;  // the summary, beside JSON on stdout
  const Outcome text = kncsim("contention --set network.radix=8 --set traffic.pattern=graph --set traffic.mapping=random");
  ASSERT_EQ(text.status, 0) << text.err;
  EXPECT_NE(text.out.find("graph mesh2d 8x8 (64 processes, 224 paths"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("random-mapping estimate"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("bottleneck paths"), std::string::npos) << text.out;
}

// --applied: the single-path model's predictions for the average, worst and every node, and
// eq 3.32's network traffic. Uniform traffic on 8x8 is Corollary 5's case: the average node
// saturates at 2/sqrt(N) and the network traffic at 1/3 (eq 3.34; Dally's figure).
TEST(Cli, ContentionAppliedGivesTheSinglePathModelsPredictions) {
  const Outcome o = kncsim("contention --set network.radix=12 --set traffic.pattern=transpose --applied 0.02,0.13,1 --json -");
  ASSERT_EQ(o.status, 0) << o.err;
  const auto j = nlohmann::json::parse(o.out);
  const auto& t = j["theta_model"];
  ASSERT_EQ(t["applied"].size(), 3u);
  EXPECT_DOUBLE_EQ(t["worst_node"]["nu"].get<double>(), 10);
  for (int i = 0; i < 3; ++i) {
    const double a = t["applied"][i].get<double>();
    EXPECT_LE(t["worst_node"]["actual"][i].get<double>(), t["average_node"]["actual"][i].get<double>());
    EXPECT_LE(t["average_node"]["actual"][i].get<double>(), a);
    EXPECT_LE(t["nodes"]["actual_least"][i].get<double>(), t["nodes"]["actual_mean"][i].get<double>());
    EXPECT_GE(t["worst_node"]["theta"][i].get<double>(), t["average_node"]["theta"][i].get<double>());
  }
  // Lemma 4's worst node, 0.917/11, is the threshold the worst node's prediction stays under.
  EXPECT_NEAR(t["worst_node"]["threshold"][2].get<double>(), 0.917 / 11, 1e-3);
  EXPECT_LT(t["worst_node"]["actual"][2].get<double>(), t["worst_node"]["threshold"][2].get<double>());
  // Every node that sends has its own series; the diagonal sends nothing.
  int with_series = 0;
  for (const auto& n : j["nodes"]) with_series += n.contains("theta_model") && n["theta_model"]["theta"].size() == 3;
  EXPECT_EQ(with_series, 132);
  EXPECT_NE(o.err.find("single-path model (section 3.2)"), std::string::npos) << o.err;

  const Outcome u = kncsim("contention --set network.radix=8 --set traffic.pattern=uniform --applied 1 --json -");
  ASSERT_EQ(u.status, 0) << u.err;
  const auto k = nlohmann::json::parse(u.out);
  EXPECT_NEAR(k["summary"]["saturation"]["average_node"].get<double>() / (2 / 8.0), 1, 0.01);
  EXPECT_NEAR(k["theta_model"]["network_traffic"]["at_saturation"].get<double>() * 3, 1, 0.01);
  // Without --applied, no theta_model (the report is what it was).
  const Outcome plain = kncsim("contention --set network.radix=4 --set traffic.pattern=transpose --json -");
  EXPECT_FALSE(nlohmann::json::parse(plain.out).contains("theta_model"));
}

// network.overrides: the pairs a failure leaves dimension order no way for are reported at
// start-up and counted, the run goes on; what cannot route round failures is refused.
TEST(Cli, OverridesReportUnreachablePairsAtStartUpAndRefuseWhatCannotRouteRound) {
  const std::string file = write_temp("row.overrides", "# the middle of row 1\nlink (1,1) +x failed\nlink 0 +y delay 3\n");
  const std::string base = "run --set router.impl=systemc --set network.radix=4 --set run.convergence=fixed "
                           "--set run.cycles=3000 --set traffic.load=0.3 --json - --set network.overrides=" + file;
  const Outcome dor = kncsim(base);
  ASSERT_EQ(dor.status, 0) << dor.err;
  // Dimension order runs x first, in the source's row: sources in row 1 left of the wire to the
  // 8 nodes of the columns right of it (2 x 8), and back (2 x 8).
  EXPECT_NE(dor.err.find("warning: network.overrides '" + file + "' fails 1 link(s) and 0 node(s): 32 of 240 ordered "
                         "pairs have no way left for router.routing dor"),
            std::string::npos)
      << dor.err;
  const auto j = nlohmann::json::parse(dor.out);
  EXPECT_EQ(j["overrides"]["unreachable_pairs"], 32);
  EXPECT_EQ(j["overrides"]["links_overridden"], 2);
  EXPECT_GT(j["overrides"]["packets_unreachable"].get<long>(), 0);
  // What the file said, as read: the wire (1,1)-(2,1) both ways failed, 0 +y slow both ways.
  EXPECT_EQ(j["overrides"]["failed_link_list"], nlohmann::json::parse(R"([[5, "+x"]])"));
  ASSERT_EQ(j["overrides"]["links"].size(), 2u);
  EXPECT_EQ(j["overrides"]["links"][0]["node"], 0);
  EXPECT_EQ(j["overrides"]["links"][0]["port"], "+y");
  EXPECT_EQ(j["overrides"]["links"][0]["delay"], 3);
  EXPECT_EQ(j["overrides"]["links"][1]["node"], 4);
  EXPECT_EQ(j["overrides"]["links"][1]["port"], "-y");
  // Adaptive routing goes round it, except along row 1 itself: 2 x 2 pairs, both ways.
  const Outcome adaptive = kncsim(base + " --set router.routing=adaptive");
  ASSERT_EQ(adaptive.status, 0) << adaptive.err;
  EXPECT_EQ(nlohmann::json::parse(adaptive.out)["overrides"]["unreachable_pairs"], 8);
  for (const auto& [extra, message] : std::vector<std::pair<std::string, std::string>>{
           {" --set router.routing=deflection", "with router.routing deflection"},
           {" --set network.topology=torus --set router.vcs=3 --set router.routing=adaptive",
            "with router.routing adaptive on a torus"},
           {" --set router.routing=oblivious --set router.fifo_flits=8 --set router.flow_control=wormhole",
            "with router.routing oblivious and finite FIFOs"},
           {" --set router.impl=ref", "with router.impl ref"},
           {" --set classes.a.load=0.1", "with traffic classes"}}) {
    const Outcome bad = kncsim(base + extra);
    EXPECT_EQ(bad.status, 2) << extra;
    EXPECT_NE(bad.err.find("network.overrides '" + file + "'"), std::string::npos) << bad.err;
    EXPECT_NE(bad.err.find(message), std::string::npos) << bad.err;
  }
  const Outcome missing = kncsim(base + ".none");
  EXPECT_EQ(missing.status, 2);
  EXPECT_NE(missing.err.find("network.overrides: cannot read"), std::string::npos) << missing.err;
  const Outcome line = kncsim("run --set router.impl=systemc --set network.overrides=" +
                              write_temp("bad.overrides", "link 0 +x delay 2\nnode 99 failed\n"));
  EXPECT_EQ(line.status, 2);
  EXPECT_NE(line.err.find("bad.overrides:2: node 99 is outside the 64-node network; allowed: 0..63"), std::string::npos)
      << line.err;
}

TEST(Cli, GraphTrafficRunsOnTheMappedProcesses) {
  // A ring of 4 processes on a 4x4 mesh: only their 4 nodes inject, each to its two ring
  // neighbours, so every packet goes between mapped nodes.
  const std::string map = write_temp("ring4.map", "0 0\n1 5\n2 10\n3 15\n");
  const Outcome o = kncsim("run --set network.radix=4 --set traffic.pattern=graph --set traffic.graph=ring"
                           " --set traffic.graph_shape=[4] --set traffic.mapping=file --set traffic.mapping_file=" + map +
                           " --set run.convergence=fixed --set run.cycles=4000 --set traffic.load=0.2"
                           " --set router.impl=systemc --json -");
  ASSERT_EQ(o.status, 0) << o.err;
  const auto j = nlohmann::json::parse(o.out);
  ASSERT_GT(j["numsent"].get<long>(), 20);
  const auto& offered = j["per_node"]["offered"];
  const auto& accepted = j["per_node"]["accepted"];
  const auto& delivered = j["per_node"]["delivered"];  // a source's packets that arrived
  ASSERT_EQ(offered.size(), 16u);
  ASSERT_EQ(delivered.size(), 16u);
  for (int n = 0; n < 16; ++n) {
    const bool mapped = n == 0 || n == 5 || n == 10 || n == 15;
    EXPECT_EQ(offered[size_t(n)].get<double>() > 0, mapped) << "node " << n;
    EXPECT_EQ(accepted[size_t(n)].get<double>() > 0, mapped) << "node " << n;
    EXPECT_EQ(delivered[size_t(n)].get<double>() > 0, mapped) << "node " << n;
    EXPECT_LE(delivered[size_t(n)].get<double>(), offered[size_t(n)].get<double>()) << "node " << n;
  }
}

// A closed loop needs every edge both ways; a run cut short by run.max_cycles still reports the
// loops the nodes completed, marked incomplete.
TEST(Cli, ClosedLoopRefusesAOneWayGraphAndMarksAShortRun) {
  const std::string loop = " --set router.impl=systemc --set network.radix=4 --set traffic.workload=closed_loop"
                           " --set traffic.pattern=graph";
  const std::string one_way = write_temp("one_way.graph", "processes 3\n0 1\n1 -> 2\n");
  const Outcome bad = kncsim("run --set traffic.graph=file --set traffic.graph_file=" + one_way + loop);
  EXPECT_EQ(bad.status, 2);
  EXPECT_TRUE(bad.out.empty()) << bad.out;
  EXPECT_NE(bad.err.find("node 1 and node 2 are joined one way only"), std::string::npos) << bad.err;

  // Chittor's shell receives without a step, so a one-way edge is fine: process 2 only receives.
  const Outcome shell = kncsim("run --json - --quiet --set traffic.loop_classes=shell --set traffic.graph=file"
                               " --set traffic.graph_file=" + one_way + loop);
  ASSERT_EQ(shell.status, 0) << shell.err;
  const auto s = nlohmann::json::parse(shell.out);
  EXPECT_EQ(s["closed_loop"]["measured_nodes"].get<int>(), 2);
  for (const auto& x : s["closed_loop"]["nodes"]) EXPECT_LT(x["node"].get<int>(), 2) << x.dump();

  const Outcome shortened = kncsim("run --json - --quiet --set run.max_cycles=20000 --set traffic.warmup_loops=0 --set traffic.loops=1000" + loop);
  ASSERT_EQ(shortened.status, 0) << shortened.err;
  const auto j = nlohmann::json::parse(shortened.out);
  EXPECT_FALSE(j["converged"].get<bool>());
  EXPECT_EQ(j["stop_reason"], "max_cycles");
  EXPECT_EQ(j["closed_loop"]["measured_nodes"].get<int>(), 16);
  EXPECT_GT(j["closed_loop"]["worst_node"]["loops"].get<int>(), 0);
  EXPECT_LT(j["closed_loop"]["worst_node"]["loops"].get<int>(), 1000);
  const Outcome text = kncsim("run --quiet --set run.max_cycles=20000 --set traffic.warmup_loops=0 --set traffic.loops=1000" + loop);
  EXPECT_NE(text.out.find("NOT COMPLETE (max_cycles)"), std::string::npos) << text.out;
}

TEST(Cli, BadGraphAndMappingFilesNameTheFileAndLine) {
  const std::string graph = write_temp("bad.graph", "processes 4\n0 1\n1 7\n");
  const Outcome g = kncsim("contention --set traffic.pattern=graph --set traffic.graph=file --set traffic.graph_file=" + graph);
  EXPECT_EQ(g.status, 2);
  EXPECT_NE(g.err.find("bad.graph:3: process 7 does not exist"), std::string::npos) << g.err;
  const std::string ok = write_temp("ok.graph", "processes 3\n0 1\n1 2\n");
  const std::string map = write_temp("bad.map", "0 4\n1 4\n2 0\n");
  const Outcome m = kncsim("run --set traffic.pattern=graph --set traffic.graph=file --set traffic.graph_file=" + ok +
                           " --set traffic.mapping=file --set traffic.mapping_file=" + map);
  EXPECT_EQ(m.status, 2);
  EXPECT_TRUE(m.out.empty()) << m.out;
  EXPECT_NE(m.err.find("bad.map:2: node 4 holds a process from line 1 already"), std::string::npos) << m.err;
  const Outcome hot = kncsim("contention --set traffic.pattern=hotspot");
  EXPECT_EQ(hot.status, 2);
  EXPECT_NE(hot.err.find("has no process graph"), std::string::npos) << hot.err;
}

}  // namespace
