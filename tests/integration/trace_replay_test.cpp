// traffic.workload trace (issue 55): a trace's packets replayed on the flit-level and reference
// meshes. What the network reports (each packet's entry, head and tail) is checked against the
// trace's own dependencies, read again from the file: no packet enters before the packets it waits
// for are delivered; a chain takes its packets' latencies plus the stated turnaround; Netrace's
// long sample finishes; a synthetic run's --trace-out replays it packet for packet; runs repeat.
#include <gtest/gtest.h>
#include <fmt/format.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <random>
#include <string>
#include <tuple>
#include <unordered_map>
#include <vector>

#include "experiment/experiment.hpp"
#include "experiment/model_factory.hpp"
#include "experiment/rtl_attach.hpp"
#include "experiment/run_outputs_check.hpp"
#include "spec/experiment_spec.hpp"
#include "net/wormhole_network.hpp"
#include "ring/ring_geometry.hpp"
#include "ring/sci_zero_load.hpp"
#include "support/kncsim_process.hpp"
#include "support/test_streams.hpp"
#include "traffic/injection_feed.hpp"
#include "traffic/netrace_reader.hpp"
#include "traffic/text_trace_reader.hpp"
#include "traffic/trace_workload.hpp"

namespace kncsim {
namespace {

using ojson = nlohmann::ordered_json;

std::string sample(const std::string& name) { return std::string(KNCSIM_SOURCE_DIR) + "/tests/data/netrace/" + name + ".tra.bz2"; }

Config config(const std::vector<std::string>& sets) {
  Config c;
  for (const auto& s : sets) c.apply_set(s);
  return c;
}

std::vector<std::string> text_trace(const std::string& path) {
  return {"traffic.workload=trace", "traffic.trace_format=text", "traffic.trace_file=" + path};
}

struct Replayed {
  ojson result;
  std::vector<PacketRecord> records;  // by id
};

Replayed run(const std::vector<std::string>& sets, const std::string& trace_out = "") {
  Replayed r;
  Recorder rec;
  ExperimentSpec spec = prepare_run(config(sets));
  request_trace_out(spec, trace_out);
  r.result = run_experiment(spec, &rec);
  r.records = std::move(rec.records);
  std::sort(r.records.begin(), r.records.end(), [](auto& a, auto& b) { return a.id < b.id; });
  return r;
}

// Forwards to the workload, and keeps every tail as the network tells it.
struct TailSpy final : ReactiveSource {
  explicit TailSpy(ReactiveSource& w) : inner(w) {}
  void packets_for(int64_t cycle, std::vector<MessagePacket>& out) override { inner.packets_for(cycle, out); }
  void tail_arrived(uint64_t id, uint32_t src, uint32_t dest, int64_t arrival) override {
    EXPECT_TRUE(tails.emplace(id, arrival).second) << "packet " << id << "'s tail told twice";
    inner.tail_arrived(id, src, dest, arrival);
  }
  ReactiveSource& inner;
  std::unordered_map<uint64_t, int64_t> tails;  // net id -> arrival
};

TEST(TraceReplay, AChainTakesItsPacketsLatenciesPlusTheTurnaround) {
  // Four packets across an 8x8 mesh, all due at cycle 100, each waiting for the one before.
  const std::string path = test::write_temp("chain.txt",
                                            "# cycle src dst flits id deps\n"
                                            "100 0 63 9 10\n"
                                            "100 63 7 4 11 10\n"
                                            "100 7 56 1 12 11\n"
                                            "100 56 0 20 13 12\n");
  const int flits[] = {9, 4, 1, 20};
  for (const char* delay : {"0", "2"}) {
    SCOPED_TRACE(std::string("router.routing_delay ") + delay);
    std::vector<std::string> sets = text_trace(path);
    sets.insert(sets.end(), {"router.impl=systemc", std::string("router.routing_delay=") + delay});
    const Replayed r = run(sets);
    ASSERT_EQ(r.records.size(), 4u);
    const ojson& t = r.result["trace"];
    int64_t sum = 0;
    for (size_t k = 0; k < 4; ++k) {
      const PacketRecord& p = r.records[k];
      const int64_t tail = p.tarrive + flits[k] - 1;  // alone in the network: its flits back to back
      sum += tail - p.tsent;
      if (k == 0) EXPECT_EQ(p.tsent, 100);
      if (k + 1 < 4) EXPECT_EQ(r.records[k + 1].tsent, tail + TraceWorkload::kTurnaround) << "packet " << k + 1;
    }
    EXPECT_EQ(t["latency"]["mean"].get<double>() * 4, double(sum));
    EXPECT_EQ(t["cycles"].get<int64_t>(), 100 + sum + 3 * TraceWorkload::kTurnaround + 1)
        << "the chain: its latencies, the turnaround between each two, from cycle 100";
    EXPECT_EQ(t["cycles"], t["ideal_cycles"]) << "nothing contends: the contention-free replay is exact";
    EXPECT_EQ(t["slowdown"].get<double>(), 1.0);
    EXPECT_EQ(t["held"]["packets"].get<int64_t>(), 3);
    // Without the dependencies the four leave together and the trace ends sooner.
    sets.push_back("traffic.trace_dependencies=off");
    const Replayed free = run(sets);
    EXPECT_LT(free.result["trace"]["cycles"].get<int64_t>(), t["cycles"].get<int64_t>());
    for (const PacketRecord& p : free.records) EXPECT_LE(p.tsent, 109) << "at cycle 100, behind its node's queue only";
  }
}

// Every packet's entry against the tails of the packets the trace says it waits for.
struct Checked {
  int64_t pairs = 0, violations = 0;
  ojson totals;
};

Checked check_prerequisites(const std::string& trace, bool dependencies) {
  ExperimentSpec spec = prepare_run(config({"network.radix=8", "router.impl=systemc", "traffic.workload=trace",
                                            "traffic.trace_file=" + trace,
                                            std::string("traffic.trace_dependencies=") + (dependencies ? "on" : "off")}));
  const MeshExperiment& e = std::get<MeshExperiment>(spec.topology);
  const MeshGeometry g = e.geometry();
  TraceWorkload w(*e.replay);
  w.keep_log();
  TailSpy spy(w);
  Recorder rec;
  InjectionFeed feed(make_counter_uniform_stream(1, g.nodes(), 0), g.nodes(), false);
  WormholeNetwork net(g, e.flit, feed);
  net.set_packet_sink(&rec);
  net.set_reactive_source(&spy);
  while (!w.done() && net.now() < 50'000'000) net.run_until(net.now() + 4096);
  EXPECT_TRUE(w.done());
  // What the network says: each packet's entry (its tsent) and its tail, by net id; the log pairs
  // net ids with trace ids (the handed order), the file the dependencies.
  // The network's record of each packet is the one the workload handed over with that id (the ids
  // are the handed order): same ends, entered no earlier. The entry checked is the hand-over.
  std::unordered_map<uint64_t, int64_t> entered;
  for (const PacketRecord& p : rec.records) {
    const TraceLogEntry& x = w.log().at(p.id);
    EXPECT_EQ(x.net_id, p.id);
    EXPECT_EQ(p.src, x.src) << "packet " << p.id;
    EXPECT_EQ(p.dest, x.dst) << "packet " << p.id;
    EXPECT_GE(p.tsent, x.entered) << "packet " << p.id;
    entered[p.id] = x.entered;
  }
  std::unordered_map<uint64_t, uint64_t> net_of;  // trace id -> net id
  for (const TraceLogEntry& x : w.log()) net_of[x.trace_id] = x.net_id;
  EXPECT_EQ(entered.size(), w.log().size());
  EXPECT_EQ(spy.tails.size(), w.log().size());
  Checked c;
  NetraceReader file(trace);
  for (TracePacket p; file.next(p);) {
    const uint64_t me = net_of.at(p.id);
    for (uint64_t d : p.waits_for) {
      const auto it = net_of.find(d);
      if (it == net_of.end()) continue;
      ++c.pairs;
      if (entered.at(me) <= spy.tails.at(it->second)) ++c.violations;
      if (dependencies) {
        EXPECT_GE(entered.at(me), spy.tails.at(it->second) + TraceWorkload::kTurnaround)
            << "packet " << p.id << " entered before packet " << d << " it waits for was delivered";
      }
    }
  }
  c.totals = ojson{{"cycles", w.totals().cycles()}, {"delivered", w.totals().delivered}};
  return c;
}

TEST(TraceReplay, NoPacketEntersBeforeThePacketsItWaitsForAreDelivered) {
  const Checked on = check_prerequisites(sample("multiregion"), true);
  EXPECT_GT(on.pairs, 10000) << "the sample's dependencies were checked";
  EXPECT_EQ(on.violations, 0);
  EXPECT_EQ(on.totals["delivered"].get<uint64_t>(), 22968u);
  // The check can fail: without the dependencies, packets do enter before what they wait for.
  const Checked off = check_prerequisites(sample("multiregion"), false);
  EXPECT_EQ(off.pairs, on.pairs);
  EXPECT_GT(off.violations, 0);
}

TEST(TraceReplay, NetraceLongSampleFinishesAndWaitingNeverShortensIt) {
  std::map<std::string, ojson> t;
  for (const char* dep : {"on", "off"}) {
    const Replayed r = run({"network.radix=8", "router.impl=systemc", "traffic.workload=trace",
                       "traffic.trace_file=" + sample("lngrex"), std::string("traffic.trace_dependencies=") + dep});
    EXPECT_TRUE(r.result["converged"].get<bool>()) << dep;
    EXPECT_EQ(r.result["stop_reason"], "trace_done");
    t[dep] = r.result["trace"];
    EXPECT_EQ(t[dep]["packets"].get<uint64_t>(), 81749u);
    EXPECT_EQ(t[dep]["delivered"].get<uint64_t>(), 81749u);
    EXPECT_EQ(r.records.size(), 81749u);
    EXPECT_EQ(t[dep]["benchmark"], "blackscholes-short-test");
    EXPECT_GE(t[dep]["slowdown"].get<double>(), 1.0);
  }
  EXPECT_GE(t["on"]["cycles"].get<int64_t>(), t["off"]["cycles"].get<int64_t>());
  EXPECT_GT(t["on"]["held"]["packets"].get<int64_t>(), 0);
  EXPECT_EQ(t["off"]["held"]["packets"].get<int64_t>(), 0);
}

TEST(TraceReplay, TwoRunsGiveIdenticalJson) {
  const std::vector<std::string> sets{"router.impl=systemc", "traffic.workload=trace",
                                      "traffic.trace_file=" + sample("shrtex"), "traffic.mapping=random",
                                      "network.radix=[16,8]", "traffic.mapping_seed=5"};
  const Replayed a = run(sets), b = run(sets);
  EXPECT_EQ(a.result.dump(), b.result.dump());
  EXPECT_EQ(a.result["trace"]["delivered"].get<uint64_t>(), 12u);
}

// A synthetic run's --trace-out, replayed with dependencies off: every packet the synthetic run
// delivered within its cycles, the replay delivers alike, field for field.
void expect_round_trip(const std::string& impl) {
  SCOPED_TRACE(impl);
  const std::string out = test::temp_path("roundtrip") + ".txt";
  const std::vector<std::string> base{"network.radix=6", "router.impl=" + impl, "run.convergence=fixed",
                                      "run.cycles=3000", "traffic.stream=counter", "traffic.load=0.5",
                                      "traffic.packet_flits=8", "traffic.pattern=transpose"};
  const Replayed synthetic = run(base, out);
  ASSERT_GT(synthetic.records.size(), 300u);
  EXPECT_EQ(synthetic.result["trace_out"]["packets"], synthetic.result["numsent"]);
  std::vector<std::string> replay = base;
  replay.insert(replay.end(), {"traffic.workload=trace", "traffic.trace_format=text", "traffic.trace_file=" + out,
                               "traffic.trace_dependencies=off"});
  const Replayed again = run(replay);
  EXPECT_EQ(again.result["trace"]["packets"], synthetic.result["numsent"]);
  std::vector<PacketRecord> within;
  for (const PacketRecord& p : again.records)
    if (p.tarrive < synthetic.result["curtime"].get<int64_t>()) within.push_back(p);
  ASSERT_EQ(within.size(), synthetic.records.size());
  for (size_t i = 0; i < within.size(); ++i) {
    const PacketRecord &x = synthetic.records[i], &y = within[i];
    ASSERT_TRUE(x.id == y.id && x.src == y.src && x.dest == y.dest && x.tsent == y.tsent && x.tarrive == y.tarrive &&
                x.hops == y.hops && x.tleft == y.tleft)
        << "packet " << x.id << ": " << x.src << "->" << x.dest << " sent " << x.tsent << " arrived " << x.tarrive
        << "; replayed " << y.id << ": " << y.src << "->" << y.dest << " sent " << y.tsent << " arrived " << y.tarrive;
  }
}

TEST(TraceReplay, ASyntheticRunsTraceOutReplaysItPacketForPacket) {
  expect_round_trip("systemc");
  expect_round_trip("ref");
}

// The rings: a fixed run drains, so every message is delivered in both; the rings number messages
// per node, the replay in the order it hands them over, so they are matched by everything else.
TEST(TraceReplay, ARingRunsTraceOutReplaysItMessageForMessage) {
  for (const char* impl : {"ref", "systemc"}) {
    SCOPED_TRACE(impl);
    const std::string out = test::temp_path("ring_roundtrip") + ".txt";
    const std::vector<std::string> base{"network.topology=rings", "router.model=sci", "network.dims=2",
                                        "network.radix=6", std::string("router.impl=") + impl, "run.convergence=fixed",
                                        "run.cycles=3000", "traffic.load=0.7"};
    const Replayed synthetic = run(base, out);
    std::vector<std::string> replay = base;
    replay.insert(replay.end(), {"traffic.workload=trace", "traffic.trace_format=text", "traffic.trace_file=" + out,
                                 "traffic.trace_dependencies=off"});
    const Replayed again = run(replay);
    using Key = std::tuple<int64_t, uint32_t, uint32_t, int64_t, int32_t>;
    auto keys = [](const std::vector<PacketRecord>& r) {
      std::vector<Key> k;
      for (const PacketRecord& p : r) k.emplace_back(p.tsent, p.src, p.dest, p.tarrive, p.hops);
      std::sort(k.begin(), k.end());
      return k;
    };
    ASSERT_GT(synthetic.records.size(), 1000u);
    EXPECT_EQ(synthetic.result["trace_out"]["packets"].get<size_t>(), synthetic.records.size());
    EXPECT_TRUE(keys(synthetic.records) == keys(again.records)) << "the replay's messages differ";
  }
}

TEST(TraceReplay, AMappingPlacesTheTraceNodes) {
  const std::string map = test::write_temp("map.txt", "0 35\n1 7\n2 60\n");
  const std::string path = test::write_temp("three.txt", "10 0 1 3\n10 1 2 3\n10 2 0 3\n");
  std::vector<std::string> sets = text_trace(path);
  sets.insert(sets.end(), {"network.radix=8", "router.impl=systemc", "traffic.mapping=file", "traffic.mapping_file=" + map});
  const Replayed r = run(sets);
  ASSERT_EQ(r.records.size(), 3u);
  std::map<uint32_t, uint32_t> to;  // a cycle's packets get their ids in node order: by source
  for (const PacketRecord& p : r.records) to[p.src] = p.dest;
  EXPECT_EQ(to, (std::map<uint32_t, uint32_t>{{35, 7}, {7, 60}, {60, 35}}));
  EXPECT_EQ(r.records[0].src, 7u) << "the lowest node's packet first";
  EXPECT_EQ(r.result["trace"]["mapping"], ojson({35, 7, 60}));
}

// traffic.trace_placement: the memory controllers of the Netrace sample on a row of their own;
// every other endpoint where its trace node is.
TEST(TraceReplay, NodeTypesCanBePlacedApart) {
  const std::string place = test::write_temp("place.txt", "# the controllers' row\nmc 2 64\nmc 5 65\nmc 16 66\nmc 23 67\n"
                                                          "mc 40 68\nmc 47 69\nmc 58 70\nmc 61 71\n");
  const std::map<uint32_t, uint32_t> mc{{2, 64}, {5, 65}, {16, 66}, {23, 67}, {40, 68}, {47, 69}, {58, 70}, {61, 71}};
  ExperimentSpec spec = prepare_run(config({"router.impl=systemc", "network.radix=[8,9]", "traffic.workload=trace",
                                            "traffic.trace_file=" + sample("example"),
                                            "traffic.trace_placement=" + place}));
  const MeshExperiment& e = std::get<MeshExperiment>(spec.topology);
  const MeshGeometry g = e.geometry();
  TraceWorkload w(*e.replay);
  w.keep_log();
  InjectionFeed feed(make_counter_uniform_stream(1, g.nodes(), 0), g.nodes(), false);
  WormholeNetwork net(g, e.flit, feed);
  Recorder rec;
  net.set_packet_sink(&rec);
  net.set_reactive_source(&w);
  while (!w.done()) net.run_until(net.now() + 4096);
  ASSERT_EQ(rec.records.size(), 175u);
  std::unordered_map<uint64_t, PacketRecord> record;  // what the network delivered, by id
  for (const PacketRecord& r : rec.records) record.emplace(r.id, r);
  std::unordered_map<uint64_t, TracePacket> by_id;
  NetraceReader file(sample("example"));
  for (TracePacket p; file.next(p);) by_id[p.id] = p;
  int placed = 0;
  for (const TraceLogEntry& x : w.log()) {
    const TracePacket& p = by_id.at(x.trace_id);
    const uint32_t src = p.src_type == 3 ? mc.at(p.src) : p.src, dst = p.dst_type == 3 ? mc.at(p.dst) : p.dst;
    EXPECT_EQ(record.at(x.net_id).src, src) << "packet " << p.id;
    EXPECT_EQ(record.at(x.net_id).dest, dst) << "packet " << p.id;
    placed += (p.src_type == 3) + (p.dst_type == 3);
  }
  EXPECT_EQ(w.log().size(), 175u);
  EXPECT_EQ(placed, 35) << "the sample's memory-controller endpoints (16 sources, 19 destinations)";
}

TEST(TraceReplay, ARegionOrAWindowReplaysItsPartOnly) {
  NetraceReader reader(sample("multiregion"));
  const NetraceHeader h = reader.header();
  ASSERT_GE(h.regions.size(), 2u);
  uint64_t after = 0;
  for (size_t k = 1; k < h.regions.size(); ++k) after += h.regions[k].packets;
  const Replayed region = run({"network.radix=8", "router.impl=systemc", "traffic.workload=trace",
                          "traffic.trace_file=" + sample("multiregion"), "traffic.trace_region=1"});
  EXPECT_EQ(region.result["trace"]["packets"].get<uint64_t>(), after);
  EXPECT_EQ(region.result["trace"]["delivered"].get<uint64_t>(), after);
  EXPECT_LT(region.records.front().tsent, 200) << "the region's first packet's cycle is cycle 0";
  // A window: the packets whose cycle is below it.
  uint64_t below = 0;
  for (TracePacket p; reader.next(p);) below += p.cycle < 20000;
  const Replayed window = run({"network.radix=8", "router.impl=systemc", "traffic.workload=trace",
                          "traffic.trace_file=" + sample("multiregion"), "traffic.trace_cycles=20000"});
  EXPECT_EQ(window.result["trace"]["packets"].get<uint64_t>(), below);
  EXPECT_GT(below, 0u);
}

// Rings take traces by node id: a lone message's time is sci_zero_load_cycles' (so the
// contention-free replay is exact), and a dependent packet enters after its prerequisite's tail.
TEST(TraceReplay, RingsReplayByNodeIdAtTheirZeroLoadTimes) {
  std::mt19937_64 rng(7);
  std::string text;
  for (int i = 0; i < 200; ++i)  // one packet every 150 cycles: each alone on the rings
    text += fmt::format("{} {} {} {}\n", 100 + 150 * i, rng() % 81, rng() % 81, std::vector<int>{1, 2, 4, 5, 20}[rng() % 5]);
  const std::string lone = test::write_temp("lone_rings.txt", text);
  for (const std::vector<std::string>& design :
       {std::vector<std::string>{"network.dims=4", "network.radix=3", "link.switch_to_wire_ratio=0.5"},
        std::vector<std::string>{"network.dims=2", "network.radix=9", "router.t_pass=2", "router.t_switch=5"}}) {
    SCOPED_TRACE(design.back());
    std::vector<std::string> sets = text_trace(lone);
    sets.insert(sets.end(), {"network.topology=rings", "router.model=sci", "router.impl=systemc"});
    sets.insert(sets.end(), design.begin(), design.end());
    const ExperimentSpec spec = prepare_run(config(sets));
    const RingsExperiment& e = std::get<RingsExperiment>(spec.topology);
    const RingGeometry g(e.params.dims, e.params.radix);
    const Replayed r = run(sets);
    ASSERT_EQ(r.records.size(), 200u);
    TextTraceReader file(lone);
    TracePacket p;
    for (const PacketRecord& x : r.records) {
      ASSERT_TRUE(file.next(p));
      EXPECT_EQ(x.src, p.src);
      EXPECT_EQ(x.dest, p.dst);
      const int flits = int(p.flits) <= e.replay_address_flits ? e.params.address_flits : e.params.data_flits;
      EXPECT_EQ(x.tarrive - x.tsent, sci_zero_load_cycles(e.params, g, p.src, p.dst, flits))
          << "packet " << x.id << " " << p.src << "->" << p.dst << ", " << flits << " flits";
    }
    EXPECT_EQ(r.result["trace"]["cycles"], r.result["trace"]["ideal_cycles"]);
    EXPECT_EQ(r.result["topology"], "rings");
  }
  // A chain on the rings: each link waits for the one before it to reach its CPU.
  const std::string chain = test::write_temp("chain_rings.txt", "10 0 5 2\n10 5 9 20 1 0\n10 9 0 2 2 1\n10 3 4 2 3 2\n");
  std::vector<std::string> sets = text_trace(chain);
  sets.insert(sets.end(), {"network.topology=rings", "router.model=sci", "network.dims=2", "network.radix=4"});
  const Replayed r = run(sets);
  ASSERT_EQ(r.records.size(), 4u);
  for (size_t k = 1; k < 4; ++k)
    EXPECT_EQ(r.records[k].tsent, r.records[k - 1].tarrive + TraceWorkload::kTurnaround) << "packet " << k;
}

}  // namespace
}  // namespace kncsim
