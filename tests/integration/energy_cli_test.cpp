// Energy as a user runs it (kncsim run with energy.technology or energy.table): the three mesh
// models count alike, the wires cost what their lengths and the payload say, pipelined wires pay
// their registers, the tables reach --csv, and bad tables exit 2 naming the file and line.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cmath>
#include <fstream>
#include <map>
#include <string>

#include "support/kncsim_process.hpp"
#include "support/temp_dir.hpp"

namespace {

using kncsim::test::kncsim;
using kncsim::test::Outcome;
using kncsim::test::write_temp;

nlohmann::json energy(const std::string& args) {
  const Outcome o = kncsim("run --quiet --json - --set energy.technology=45nm " + args);
  EXPECT_EQ(o.status, 0) << o.err;
  if (o.status != 0) return nlohmann::json();
  const auto r = nlohmann::json::parse(o.out);
  EXPECT_TRUE(r.contains("energy"));
  return r["energy"];
}

// Where ref, SystemC and RTL are equal packet for packet (cut-through FIFOs of whole packets,
// the registered full-FIFO check), a run that stops injecting and drains gives every router's
// events and every link's flits and flipped wires alike in all three.
TEST(EnergyCli, ReferenceSystemCAndRtlCountEveryEventAlike) {
  const std::string net =
      "--set network.radix=4 --set traffic.packet_flits=8 --set router.fifo_packets=2 --set router.fifo_check=registered "
      "--set traffic.load=0.5 --set traffic.phases=[600,1000000] --set run.convergence=fixed --set run.cycles=3000 "
      "--set router.impl=";
  const auto ref = energy(net + "ref"), sc = energy(net + "systemc"), rtl = energy(net + "rtl");
  ASSERT_FALSE(ref.is_null() || sc.is_null() || rtl.is_null());
  EXPECT_GT(ref["events"]["crossbar"].get<int64_t>(), 10000);
  EXPECT_GT(ref["toggles"].get<int64_t>(), 100000);
  for (const char* k : {"events", "toggles", "link_flits", "per_router", "per_link", "total_pj"}) {
    EXPECT_EQ(sc[k], ref[k]) << k;
    EXPECT_EQ(rtl[k], ref[k]) << k;
  }
}

// Twice every wire's length: the links' dynamic energy and leakage exactly twice, the routers'
// unchanged (the wires' cycles come from the embedding's units, not from millimetres).
TEST(EnergyCli, TwiceTheWireTwiceTheLinksEnergy) {
  const std::string run = "--set traffic.load=0.3 --set run.convergence=fixed --set run.cycles=2000 ";
  const auto one = energy(run + "--set energy.mm_per_unit=1.25"), two = energy(run + "--set energy.mm_per_unit=2.5");
  ASSERT_FALSE(one.is_null() || two.is_null());
  EXPECT_GT(one["parts_pj"]["wire_dynamic"].get<double>(), 0);
  EXPECT_EQ(two["parts_pj"]["wire_dynamic"].get<double>(), 2 * one["parts_pj"]["wire_dynamic"].get<double>());
  EXPECT_EQ(two["parts_pj"]["wire_leakage"].get<double>(), 2 * one["parts_pj"]["wire_leakage"].get<double>());
  EXPECT_EQ(two["routers_pj"], one["routers_pj"]);
  EXPECT_EQ(two["toggles"], one["toggles"]);
}

// traffic.payload: zeros flips no wire; checkerboard flips every wire between a packet's flits;
// random about half of them.
TEST(EnergyCli, PayloadSetsTheToggles) {
  const std::string run = "--set traffic.load=0.3 --set run.convergence=fixed --set run.cycles=2000 --set traffic.payload=";
  const auto zeros = energy(run + "zeros"), board = energy(run + "checkerboard"), random = energy(run + "random");
  ASSERT_FALSE(zeros.is_null() || board.is_null() || random.is_null());
  EXPECT_EQ(zeros["toggles"], 0);
  EXPECT_EQ(zeros["parts_pj"]["wire_dynamic"], 0.0);
  EXPECT_GT(board["toggle_rate"].get<double>(), 0.95);
  EXPECT_NEAR(random["toggle_rate"].get<double>(), 0.5, 0.01);
  EXPECT_EQ(zeros["events"], random["events"]) << "the payload moves no flit";
}

// Pipelined wires longer than a cycle pay a register per extra cycle and bit; synchronous ones
// none, but every cycle stretches to the longest wire (eq 14), and leakage runs that much longer.
TEST(EnergyCli, PipelinedWiresPayRegistersSynchronousOnesStretchTheCycle) {
  const std::string net = "--set network.dims=4 --set network.radix=4 --set link.embedding=planar "
                          "--set link.switch_to_wire_ratio=1 --set traffic.load=0.2 --set run.convergence=fixed "
                          "--set run.cycles=1500 --set router.impl=systemc --set link.mode=";
  const auto pipe = energy(net + "pipelined"), sync = energy(net + "synchronous");
  ASSERT_FALSE(pipe.is_null() || sync.is_null());
  EXPECT_GT(pipe["parts_pj"]["wire_registers"].get<double>(), 0);
  EXPECT_EQ(sync["parts_pj"]["wire_registers"], 0.0);
  EXPECT_EQ(pipe["cycle_stretch"], 1.0);
  EXPECT_GT(sync["cycle_stretch"].get<double>(), 1.0);
  EXPECT_DOUBLE_EQ(sync["time_ns"].get<double>(), 1500 * sync["cycle_stretch"].get<double>());
  // Registers: every flit on a wire of d cycles crosses d - 1 of them, each taking its 64 bits.
  double registers = 0;
  const auto& links = pipe["per_link"];
  for (size_t i = 0; i < links["flits"].size(); ++i)
    registers += links["flits"][i].get<double>() * links["registers"][i].get<double>() * 64;
  EXPECT_NEAR(pipe["parts_pj"]["wire_registers"].get<double>(), registers * 5.994 * 1e-3, 1e-6 * registers);
}

// Handshake wires (Symult) hold no pipeline registers, whatever their delay; leakage runs for the
// run's time, and a synchronous cycle's stretch lengthens it.
TEST(EnergyCli, HandshakeWiresHaveNoRegistersAndLeakageRunsForTheRunsTime) {
  const auto hand = energy("--set router.impl=systemc --set network.radix=4 --set link.kind=handshake "
                           "--set link.delay=3 --set run.convergence=fixed --set run.cycles=1500");
  ASSERT_FALSE(hand.is_null());
  EXPECT_EQ(hand["parts_pj"]["wire_registers"], 0.0);
  EXPECT_GT(hand["parts_pj"]["wire_dynamic"].get<double>(), 0);
  const auto sync = energy("--set network.dims=4 --set network.radix=4 --set link.embedding=planar --set link.mode=synchronous "
                           "--set link.switch_to_wire_ratio=1 --set router.impl=systemc --set run.convergence=fixed "
                           "--set run.cycles=1000");
  ASSERT_FALSE(sync.is_null());
  EXPECT_NEAR(sync["parts_pj"]["router_leakage"].get<double>(),
              256 * sync["router_leakage_mw"].get<double>() * 1000 * sync["cycle_stretch"].get<double>(), 1e-6);
}

// A run's energy is its measured span's: a verify drain afterwards adds nothing to it.
TEST(EnergyCli, TheVerifyDrainIsNotCounted) {
  const Outcome o = kncsim("run --quiet --json - --set energy.technology=45nm --set router.impl=systemc "
                           "--set network.radix=4 --set run.convergence=fixed --set run.cycles=2000 "
                           "--set verify.drain_cycles=5000 --set traffic.load=0.3");
  ASSERT_EQ(o.status, 0) << o.err;
  const auto r = nlohmann::json::parse(o.out);
  EXPECT_DOUBLE_EQ(r["energy"]["time_ns"].get<double>(), r["curtime"].get<double>());
  EXPECT_EQ(r["energy"]["delivered_packets"], r["numrecd"]);
}

// Misrouting (the reference model): a packet sent to a node's local output that is not its own
// crosses that crossbar, but is not delivered there.
TEST(EnergyCli, MisroutedPacketsAreNotDelivered) {
  const Outcome o = kncsim("run --quiet --json - --set energy.technology=45nm --set router.impl=ref "
                           "--set network.radix=8 --set router.fifo_packets=1 --set router.misroute_on_full=on "
                           "--set router.routing=adaptive --set traffic.load=0.6 --set traffic.packet_flits=4 "
                           "--set run.convergence=fixed --set run.cycles=5000");
  ASSERT_EQ(o.status, 0) << o.err;
  const auto r = nlohmann::json::parse(o.out);
  ASSERT_GT(r["misrouting"]["dejected"].get<int64_t>(), 100);
  EXPECT_EQ(r["energy"]["delivered_packets"], r["numrecd"]);
  EXPECT_EQ(r["energy"]["delivered_flits"].get<int64_t>(), 4 * r["numrecd"].get<int64_t>());
  EXPECT_GT(r["energy"]["events"]["route_computations"].get<int64_t>(), r["numrecd"].get<int64_t>());
}

// Scott & Goodman's rings: the reference and the module network count alike; the ring node's
// events are in ring_events; a longer wire costs more a toggle, as its length says (the cube
// embedding lays a 3-ary 4-cube's first three dimensions 3^(1/3) neighbour wires long, the
// fourth one).
TEST(EnergyCli, RingsCountAlikeInBothModelsAndLongerRingsCostMore) {
  const std::string net = "--set network.topology=rings --set router.model=sci --set network.dims=4 --set network.radix=3 "
                          "--set traffic.load=0.5 --set run.convergence=fixed --set run.cycles=3000 --set router.impl=";
  const auto ref = energy(net + "ref"), sc = energy(net + "systemc");
  ASSERT_FALSE(ref.is_null() || sc.is_null());
  for (const char* k : {"ring_events", "events", "toggles", "per_router", "per_link", "total_pj", "delivered_packets"})
    EXPECT_EQ(sc[k], ref[k]) << k;
  EXPECT_GT(ref["ring_events"]["answer_flits_made"].get<int64_t>(), 0);
  EXPECT_GT(ref["ring_events"]["switch_flits"].get<int64_t>(), 0);
  // Per ring: wire energy over toggles is the ring's fJ a toggle and mm times its length.
  const auto& links = ref["per_link"];
  std::map<std::string, double> per_toggle, mm;
  for (size_t i = 0; i < links["node"].size(); ++i) {
    const std::string ring = links["port"][i].get<std::string>();
    mm[ring] = links["mm"][i].get<double>();
    if (links["toggles"][i].get<int64_t>() > 0)
      per_toggle[ring] = links["wire_pj"][i].get<double>() / links["toggles"][i].get<double>();
  }
  ASSERT_EQ(mm.size(), 4u);
  EXPECT_NEAR(mm["ring 0"] / mm["ring 3"], std::cbrt(3.0), 1e-12);
  EXPECT_NEAR(per_toggle["ring 0"] / per_toggle["ring 3"], std::cbrt(3.0), 1e-9);
}

TEST(EnergyCli, CsvHasARowPerRouterAndPerLink) {
  kncsim::test::TempDir dir("energy_csv");
  const Outcome o = kncsim("run --quiet --set network.radix=3 --set run.convergence=fixed --set run.cycles=500 "
                           "--set energy.technology=22nm --csv " + dir.path());
  ASSERT_EQ(o.status, 0) << o.err;
  const auto lines = [](const std::string& path) {
    std::ifstream in(path);
    std::string line;
    int n = 0;
    while (std::getline(in, line)) ++n;
    return n;
  };
  EXPECT_EQ(lines(dir / "energy_routers.csv"), 1 + 9);
  EXPECT_EQ(lines(dir / "energy_links.csv"), 1 + 24);
  std::ifstream in(dir / "energy_links.csv");
  std::string head;
  std::getline(in, head);
  EXPECT_EQ(head, "node,port,flits,toggles,mm,registers,wire_pj,register_pj,leakage_pj,total_pj");
}

// A table file: every field, or exit 2 naming the file, its line and the field.
TEST(EnergyCli, ATableFileIsUsedOrRefusedNamingFileLineAndField) {
  std::string table = R"(technology: test
reference_router: {flit_bits: 64, ports: 5, vcs: 1, buffer_flits: 4, clock_ghz: 1}
router_pj:
  buffer_write: 1
  buffer_read: 1
  crossbar: 1
  switch_arbitration: 1
  vc_allocation: 0
  route_computation: 1
  clock_per_cycle: 0
router_leakage_mw: {buffers: 0, pipeline: 0, crossbar: 0, switch_allocator: 0, clock: 0}
wire: {fj_per_toggle_mm: 0, leakage_uw_per_mm: 0}
latch_fj_per_bit: 0
)";
  const std::string good = write_temp("good_table.yaml", table);
  const std::string run = "run --quiet --json - --set network.radix=4 --set run.convergence=fixed --set run.cycles=800 ";
  const Outcome o = kncsim(run + "--set energy.table=" + good);
  ASSERT_EQ(o.status, 0) << o.err;
  const auto e = nlohmann::json::parse(o.out)["energy"];
  EXPECT_EQ(e["technology"], "test");
  // Five events of 1 pJ a flit and hop (writes, reads, crossbar, arbitration, and a route per head).
  const auto& ev = e["events"];
  EXPECT_DOUBLE_EQ(e["total_pj"].get<double>(),
                   double(ev["buffer_writes"].get<int64_t>() + ev["buffer_reads"].get<int64_t>() +
                          ev["crossbar"].get<int64_t>() + ev["switch_arbitration"].get<int64_t>() +
                          ev["route_computations"].get<int64_t>()));
  const std::string negative = write_temp("negative_table.yaml", table.replace(table.find("crossbar: 1"), 11, "crossbar: -2"));
  const Outcome bad = kncsim(run + "--set energy.table=" + negative);
  EXPECT_EQ(bad.status, 2);
  EXPECT_TRUE(bad.out.empty());
  EXPECT_NE(bad.err.find(negative + ":6: 'router_pj.crossbar' is -2"), std::string::npos) << bad.err;
  const Outcome missing = kncsim(run + "--set energy.table=" + write_temp("missing_table.yaml", "technology: x\n"));
  EXPECT_EQ(missing.status, 2);
  EXPECT_NE(missing.err.find("is missing"), std::string::npos) << missing.err;
  const Outcome none = kncsim(run + "--set energy.table=/no/such/table.yaml");
  EXPECT_EQ(none.status, 2);
  EXPECT_NE(none.err.find("/no/such/table.yaml: cannot be read (energy.table)"), std::string::npos) << none.err;
}

}  // namespace
