// The run statistics (run.statistics: full) hold to what they claim: the per-channel counts
// are exactly the delivered packets' routes, the bisection carries U, the confidence interval
// covers, the percentiles and per-node rates match the packet records, the listings' figures
// do not move, and two models that are equal packet for packet count the same flits per link.
#include <gtest/gtest.h>
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>

#include "spec/experiment_spec.hpp"
#include "experiment/experiment.hpp"
#include "experiment/rtl_attach.hpp"
#include "net/wormhole_network.hpp"
#include "ref/ref_network.hpp"
#include "support/kncsim_process.hpp"
#include "support/test_streams.hpp"
#include "traffic/injection.hpp"

namespace kncsim {
namespace {

using ojson = nlohmann::ordered_json;

Config config(const std::vector<std::string>& sets) {
  Config c;
  for (const auto& s : sets) c.apply_set(s);
  decode(c);
  return c;
}

// Flits each link must have carried once every packet is delivered: L per packet per link of
// its dimension-order route (the shorter way round on a torus).
std::map<std::pair<uint32_t, int>, int64_t> route_flits(const MeshGeometry& g, const std::vector<PacketRecord>& recs,
                                                        int L) {
  std::map<std::pair<uint32_t, int>, int64_t> m;
  for (const auto& r : recs) {
    uint32_t at = r.src;
    for (int k = 0; k < g.dims(); ++k)
      for (int off = g.offset(r.src, r.dest, k); off != 0; off -= off > 0 ? 1 : -1) {
        const int port = off > 0 ? MeshGeometry::succ(k) : MeshGeometry::pred(k);
        m[std::make_pair(at, port)] += L;
        at = g.neighbour(at, port);
      }
  }
  return m;
}

void expect_loads_are_routes(const MeshGeometry& g, const std::vector<ChannelLoad>& loads,
                             const std::vector<PacketRecord>& recs, int L) {
  auto expected = route_flits(g, recs, L);
  size_t links = 0;
  for (const ChannelLoad& l : loads) {
    const int port = l.dir > 0 ? MeshGeometry::succ(l.dim) : MeshGeometry::pred(l.dim);
    ASSERT_TRUE(g.connected(l.node, port));
    const int64_t want = expected[std::make_pair(l.node, port)];
    EXPECT_EQ(l.total(), want) << "node " << l.node << " port " << port;
    ++links;
  }
  size_t connected = 0;
  for (uint32_t n = 0; n < g.nodes(); ++n)
    for (int o = 1; o < g.ports(); ++o) connected += g.connected(n, o);
  EXPECT_EQ(links, connected) << "one entry per link";
}

TEST(ChannelLoads, ReferenceModelCountsExactlyTheDeliveredRoutes) {
  const MeshGeometry g(2, 5);
  const int L = 4;
  InjectionFeed feed(std::make_unique<StoppingStream>(make_counter_uniform_stream(3, g.nodes(), .02), 5000), g.nodes(),
                     false);
  RefNetwork net(g, RefParams{L}, feed);
  Recorder rec;
  net.set_packet_sink(&rec);
  net.run_until(20000);
  ASSERT_EQ(net.counters().numsent, net.counters().numrecd) << "drained";
  ASSERT_GT(rec.records.size(), 1000u);
  expect_loads_are_routes(g, net.channel_loads(), rec.records, L);
}

TEST(ChannelLoads, SystemCMeshAndTorusCountExactlyTheDeliveredRoutes) {
  for (const bool torus : {false, true}) {
    const MeshGeometry g({5, 4}, torus);
    WormholeNetworkParams p;
    p.packet_flits = 6;
    p.router.fifo_flits = 6;
    p.router.credits = CreditPolicy::per_flit;
    p.router.vcs = torus ? 2 : 1;
    InjectionFeed feed(std::make_unique<StoppingStream>(make_counter_uniform_stream(5, g.nodes(), .02), 5000),
                       g.nodes(), false);
    WormholeNetwork net(g, p, feed);
    Recorder rec;
    net.set_packet_sink(&rec);
    net.run_until(20000);
    ASSERT_EQ(net.counters().numsent, net.counters().numrecd) << "drained";
    ASSERT_GT(rec.records.size(), 500u);
    expect_loads_are_routes(g, net.channel_loads(), rec.records, p.packet_flits);
  }
}

// Uniform traffic: half the packets cross dimension 0's middle cut (and a torus's wraparound),
// each once, so the cut's links carry U in the mean. The gap is the sampling of destinations
// and the flits still on their way, well under 2% in these runs.
TEST(Bisection, UtilisationEqualsUOnMeshTorusAndRings) {
  const std::vector<std::vector<std::string>> cases = {
      {"router.impl=ref", "network.radix=8", "traffic.load=.3"},
      {"router.impl=systemc", "network.radix=8", "traffic.load=.5", "traffic.packet_flits=8"},
      {"router.impl=ref", "network.radix=[4,8]", "traffic.load=.4"},  // the cut is across the larger radix
      {"router.impl=systemc", "network.topology=torus", "network.radix=6", "router.vcs=2", "traffic.load=.4"},
      {"network.topology=rings", "router.model=sci", "network.radix=4", "router.impl=systemc", "traffic.load=.2"},
      {"network.topology=rings", "router.model=sci", "network.radix=5", "network.dims=2", "router.impl=ref",
       "traffic.load=.3"},
  };
  for (const auto& sets : cases) {
    auto s = sets;
    s.push_back("run.convergence=fixed");
    s.push_back("run.cycles=60000");
    const ojson r = run_experiment(prepare_run(config(s)));
    const double u = r["U"].get<double>(), b = r["bisection"]["utilisation"].get<double>();
    EXPECT_NEAR(b / u, 1, .02) << fmt::format("{}", fmt::join(sets, " ")) << ": bisection " << b << ", U " << u;
    EXPECT_GT(r["bisection"]["links"].get<int>(), 0);
  }
}

// Batch means at Critique Table 3's 8x8, A = .3 point: over 20 seeds, the run's 95% interval
// contains the 20-seed grand mean in at least 17.
TEST(ConfidenceInterval, CoversTheGrandMeanOverTwentySeeds) {
  std::vector<ojson> runs;
  double grand = 0;
  for (int seed = 1; seed <= 20; ++seed) {
    runs.push_back(run_experiment(prepare_run(config({"network.radix=8", "traffic.load=.3", fmt::format("traffic.seed={}", seed)}))));
    grand += runs.back()["T"].get<double>() / 20;
  }
  int covered = 0;
  for (const auto& r : runs) {
    const ojson& ci = r["latency"]["ci95"];
    EXPECT_GE(ci["batches"].get<int>(), 32);
    EXPECT_NEAR((ci["low"].get<double>() + ci["high"].get<double>()) / 2, r["T"].get<double>(), 1e-9) << "centred on T";
    covered += ci["low"].get<double>() <= grand && grand <= ci["high"].get<double>();
  }
  EXPECT_GE(covered, 17) << "grand mean " << grand;
}

TEST(RunStatistics, MatchThePacketRecords) {
  for (const char* impl : {"ref", "systemc"}) {
    Recorder rec;
    const ojson r = run_experiment(prepare_run(
        config({fmt::format("router.impl={}", impl), "network.radix=6", "traffic.load=.6", "traffic.packet_flits=8"})),
        &rec);
    const auto n = int64_t(rec.records.size());
    ASSERT_EQ(n, r["numrecd"].get<int64_t>()) << "the caller's sink still gets every record";
    const ojson& l = r["latency"];
    EXPECT_EQ(l["count"].get<int64_t>(), n);
    EXPECT_EQ(l["mean"].get<double>(), r["T"].get<double>()) << "the same sum over the same packets";
    EXPECT_DOUBLE_EQ(r["hops"]["mean"].get<double>(), r["D"].get<double>());
    std::vector<int64_t> lat;
    for (const auto& x : rec.records) lat.push_back(x.tarrive - x.tsent);
    std::sort(lat.begin(), lat.end());
    for (const auto& [key, p] : {std::pair{"p50", 50.}, {"p90", 90.}, {"p99", 99.}, {"p999", 99.9}})
      EXPECT_EQ(l[key].get<int64_t>(), lat[size_t(std::ceil(p / 100 * double(n) - 1e-9)) - 1]) << impl << " " << key;
    EXPECT_EQ(l["min"].get<int64_t>(), lat.front());
    EXPECT_EQ(l["max"].get<int64_t>(), lat.back());
    const auto& counts = l["histogram"]["counts"];
    EXPECT_EQ(std::accumulate(counts.begin(), counts.end(), int64_t{0},
                              [](int64_t a, const ojson& c) { return a + c.get<int64_t>(); }),
              n);

    // Per node: the rates add up to numsent and numrecd; the worst node has the highest mean.
    const ojson& pn = r["per_node"];
    const double scale = r["curtime"].get<double>() / 8;  // flits per node-cycle -> packets
    double offered = 0, accepted = 0, worst = 0;
    for (const auto& x : pn["offered"]) offered += x.get<double>() * scale;
    for (const auto& x : pn["accepted"]) accepted += x.get<double>() * scale;
    for (const auto& x : pn["mean_latency"]) worst = std::max(worst, x.get<double>());
    EXPECT_NEAR(offered, r["numsent"].get<double>(), 1e-6) << impl;
    EXPECT_NEAR(accepted, r["numrecd"].get<double>(), 1e-6) << impl;
    EXPECT_EQ(pn["worst"]["mean_latency"].get<double>(), worst);
    EXPECT_EQ(pn["offered"].size(), 36u);
    EXPECT_EQ(r["channels"]["utilisation"].size(), 2u * 2 * 6 * 5);
  }
}

// Collecting the statistics changes nothing the listings compute.
TEST(RunStatistics, FullAndBasicGiveTheSameListingFigures) {
  for (const char* impl : {"ref", "systemc"}) {
    const std::vector<std::string> base = {fmt::format("router.impl={}", impl), "network.radix=8", "traffic.load=.5"};
    auto basic = base;
    basic.push_back("run.statistics=basic");
    ojson full = run_experiment(prepare_run(config(base))), lean = run_experiment(prepare_run(config(basic)));
    EXPECT_FALSE(lean.contains("latency"));
    for (const char* k : {"T", "U", "D", "AQLEN", "numsent", "numrecd", "curtime", "intervals"})
      EXPECT_EQ(full[k], lean[k]) << impl << " " << k;
  }
}

// Models equal packet for packet send the same flits on every link.
TEST(ChannelLoads, RingModelsAndRtlMeshAgreeLinkForLink) {
  const std::vector<std::string> rings = {"network.topology=rings", "router.model=sci", "network.radix=4",
                                          "network.dims=2", "traffic.load=.5", "run.convergence=fixed",
                                          "run.cycles=8000"};
  auto ref = rings, sc = rings;
  ref.push_back("router.impl=ref");
  sc.push_back("router.impl=systemc");
  const ojson a = run_experiment(prepare_run(config(ref))), b = run_experiment(prepare_run(config(sc)));
  for (const char* k : {"address", "data", "echo", "nack", "utilisation"}) EXPECT_EQ(a["channels"][k], b["channels"][k]) << k;
  EXPECT_GT(std::accumulate(a["channels"]["echo"].begin(), a["channels"]["echo"].end(), int64_t{0},
                            [](int64_t s, const ojson& x) { return s + x.get<int64_t>(); }),
            0);

  const std::vector<std::string> mesh = {"network.radix=4", "traffic.load=.5", "traffic.packet_flits=8",
                                         "router.fifo_flits=8", "run.convergence=fixed", "run.cycles=4000"};
  auto rtl = mesh, sysc = mesh;
  rtl.push_back("router.impl=rtl");
  sysc.push_back("router.impl=systemc");
  const ojson c = run_experiment(prepare_run(config(rtl))), d = run_experiment(prepare_run(config(sysc)));
  EXPECT_EQ(c["channels"]["flits"], d["channels"]["flits"]);
  EXPECT_EQ(c["latency"], d["latency"]) << "batches close between cycles: the interval is the same too";
}

TEST(Cli, CsvTablesAndCheckGate) {
  using test::kncsim;
  const std::string dir = test::temp_path("csv") + "_dir";
  const std::string json = test::temp_path("result.json");
  const auto o = kncsim(fmt::format("run --set network.radix=4 --set traffic.load=.5 --json {} --csv {}", json, dir));
  ASSERT_EQ(o.status, 0) << o.err;
  EXPECT_NE(o.out.find("latency (cycles): mean"), std::string::npos) << o.out;
  const std::string channels = test::read_file(dir + "/channels.csv"), nodes = test::read_file(dir + "/nodes.csv");
  EXPECT_EQ(channels.substr(0, channels.find('\n')), "node,x0,x1,dim,dir,flits,utilisation");
  EXPECT_EQ(std::count(channels.begin(), channels.end(), '\n'), 1 + 2 * 2 * 4 * 3);
  EXPECT_EQ(nodes.substr(0, nodes.find('\n')), "node,x0,x1,offered,accepted,delivered,mean_latency");
  EXPECT_EQ(std::count(nodes.begin(), nodes.end(), '\n'), 1 + 16);
  EXPECT_NE(nodes.find("\n5,1,1,"), std::string::npos) << "node 5 sits at (1, 1)";

  auto pass = kncsim(fmt::format("check {} --expect 'T<60' --expect 'p99>1'", json));
  EXPECT_EQ(pass.status, 0) << pass.out << pass.err;
  auto fail = kncsim(fmt::format("check {} --expect 'T<60' --expect 'p99<1'", json));
  EXPECT_EQ(fail.status, 1);
  EXPECT_NE(fail.out.find("FAIL p99 < 1"), std::string::npos) << fail.out;
  EXPECT_EQ(kncsim("check / --expect 'T<60'").status, 2) << "a directory is not a result";
  for (const char* bad : {"'T 60'", "'nosuch<1'", "'T<sixty'", "'T<nan'", "'T=<3'"}) {
    auto e = kncsim(fmt::format("check {} --expect {}", json, bad));
    EXPECT_EQ(e.status, 2) << bad;
    EXPECT_NE(e.err.find("--expect"), std::string::npos) << e.err;
  }
  auto basic = kncsim(fmt::format("run --set run.statistics=basic --csv {}", dir));
  EXPECT_EQ(basic.status, 2);
  EXPECT_NE(basic.err.find("run.statistics"), std::string::npos) << basic.err;
  // Not a terminal: no progress line on stderr.
  EXPECT_EQ(o.err.find("interval"), std::string::npos) << o.err;
}

}  // namespace
}  // namespace kncsim
