// energy.rtl_toggles through the command line: RTL routers and ring nodes that count the bits of
// their state that flip, by module, priced beside their events; weights from one run pricing
// another; sampling against the exact count; an idle network; and a mixed network.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cmath>
#include <fstream>
#include <string>

#include "support/kncsim_process.hpp"

namespace {

using kncsim::test::kncsim;
using kncsim::test::Outcome;
using kncsim::test::write_temp;

const std::string kMesh = "--set router.impl=rtl --set network.radix=4 --set router.fifo_flits=4 "
                          "--set router.flow_control=wormhole --set traffic.packet_flits=8 --set run.convergence=fixed "
                          "--set run.cycles=3000 --set traffic.stream=counter --set energy.rtl_toggles=on ";

nlohmann::json run(const std::string& args) {
  const Outcome o = kncsim("run --quiet --json - --set energy.technology=45nm " + args);
  EXPECT_EQ(o.status, 0) << o.err;
  if (o.status != 0) return nlohmann::json();
  return nlohmann::json::parse(o.out);
}

int64_t module_toggles(const nlohmann::json& t, const std::string& m) {
  return t["modules"].contains(m) ? t["modules"][m]["toggles"].get<int64_t>() : -1;
}

// Calibrated on the run itself: every class's toggles priced at its events' energy, so the two
// estimates agree in all (and per node they differ as the nodes' activity does).
TEST(EnergyToggles, RoutersCountByModuleAndCalibrateOnTheRun) {
  const auto r = run(kMesh + "--set traffic.load=0.3 --set energy.toggle_sampling=1");
  ASSERT_FALSE(r.is_null());
  const auto& t = r["energy"]["rtl_toggles"];
  EXPECT_EQ(t["nodes"], 16);
  EXPECT_EQ(t["calibrated_on"], "this run");
  EXPECT_GT(module_toggles(t, "kncsim_prim_fifo"), 10000);
  EXPECT_GT(module_toggles(t, "kncsim_token_alloc"), 100);
  EXPECT_GT(module_toggles(t, "kncsim_route_compute"), 0);
  EXPECT_EQ(t["modules"]["kncsim_prim_fifo"]["class"], "storage");
  EXPECT_EQ(t["modules"]["kncsim_router"]["class"], "other");
  EXPECT_NEAR(t["ratio"].get<double>(), 1, 1e-9);
  EXPECT_NEAR(t["event_pj"].get<double>(), r["energy"]["parts_pj"]["router_dynamic"].get<double>(), 1e-6);
  ASSERT_EQ(t["per_node"]["node"].size(), 16u);
  double lo = 10, hi = 0;
  for (const auto& x : t["per_node"]["ratio"]) lo = std::min(lo, x.get<double>()), hi = std::max(hi, x.get<double>());
  EXPECT_GT(lo, 0.75);
  EXPECT_LT(hi, 1.25);
  EXPECT_GT(hi - lo, 1e-6) << "per node the estimates part";
  EXPECT_EQ(t["weights"]["crossbar"], 0.0) << "kncsim's router has no crossbar module: its energy goes with other";
}

// One run's weights price another's toggles (the result's weights are a weights file).
TEST(EnergyToggles, OneRunsWeightsPriceAnother) {
  const auto ref = run(kMesh + "--set traffic.load=0.2 --set energy.toggle_sampling=1");
  ASSERT_FALSE(ref.is_null());
  const std::string weights = write_temp("toggle_weights.json", ref["energy"]["rtl_toggles"]["weights"].dump());
  const auto other = run(kMesh + "--set traffic.load=0.5 --set energy.toggle_sampling=1 --set energy.toggle_weights=" + weights);
  ASSERT_FALSE(other.is_null());
  const auto& t = other["energy"]["rtl_toggles"];
  EXPECT_EQ(t["calibrated_on"], weights);
  EXPECT_EQ(t["weights"], ref["energy"]["rtl_toggles"]["weights"]);
  EXPECT_GT(t["ratio"].get<double>(), 0.75);
  EXPECT_LT(t["ratio"].get<double>(), 1.25);
  EXPECT_NE(t["ratio"].get<double>(), 1.0);
}

// Counting one cycle in 16 at random estimates the exact count (network totals within 5 %), and
// draws the same cycles in every run.
TEST(EnergyToggles, SamplingEstimatesTheExactCountAndRepeats) {
  const std::string net = kMesh + "--set traffic.load=0.3 --set run.cycles=6000 --set energy.toggle_sampling=";
  const auto exact = run(net + "1"), sampled = run(net + "16"), again = run(net + "16");
  ASSERT_FALSE(exact.is_null() || sampled.is_null() || again.is_null());
  for (const char* m : {"kncsim_prim_fifo", "kncsim_router", "kncsim_router_top"}) {
    const double e = double(module_toggles(exact["energy"]["rtl_toggles"], m));
    const double s = double(module_toggles(sampled["energy"]["rtl_toggles"], m));
    EXPECT_NEAR(s / e, 1, 0.05) << m << ": exact " << e << ", sampled " << s;
  }
  EXPECT_EQ(sampled["energy"], again["energy"]);
  EXPECT_EQ(exact["energy"]["events"], sampled["energy"]["events"]) << "counting moves no flit";
}

// Injection stops at cycle 600 and the network drains: idle routers are not evaluated and
// toggle nothing, so running on changes no count.
TEST(EnergyToggles, IdleCyclesToggleNothing) {
  const std::string net = kMesh + "--set traffic.load=0.3 --set traffic.phases=[600,1000000] --set energy.toggle_sampling=1 ";
  const auto a = run(net + "--set run.cycles=3000"), b = run(net + "--set run.cycles=9000");
  ASSERT_FALSE(a.is_null() || b.is_null());
  EXPECT_GT(module_toggles(a["energy"]["rtl_toggles"], "kncsim_prim_fifo"), 1000);
  EXPECT_EQ(a["energy"]["rtl_toggles"]["modules"], b["energy"]["rtl_toggles"]["modules"]);
  EXPECT_EQ(a["energy"]["events"], b["energy"]["events"]);
}

// Only the RTL nodes of a mixed network count, and the SCI ring node counts as the router does.
TEST(EnergyToggles, MixedNetworksAndRingNodes) {
  const auto mixed = run("--set router.impl=systemc --set router.rtl_nodes=[5,10] --set network.radix=4 "
                         "--set router.fifo_flits=4 --set router.flow_control=wormhole --set traffic.packet_flits=8 "
                         "--set run.convergence=fixed --set run.cycles=2000 --set traffic.load=0.3 "
                         "--set energy.rtl_toggles=on --set energy.toggle_sampling=1");
  ASSERT_FALSE(mixed.is_null());
  EXPECT_EQ(mixed["energy"]["rtl_toggles"]["per_node"]["node"], nlohmann::json::array({5, 10}));
  const auto ring = run("--set network.topology=rings --set router.model=sci --set router.impl=rtl --set network.radix=4 "
                        "--set router.active_buffer_packets=4 --set run.convergence=fixed --set run.cycles=3000 "
                        "--set traffic.load=0.3 --set energy.rtl_toggles=on --set energy.toggle_sampling=1");
  ASSERT_FALSE(ring.is_null());
  const auto& t = ring["energy"]["rtl_toggles"];
  EXPECT_EQ(t["nodes"], 16);
  EXPECT_GT(module_toggles(t, "kncsim_sci_active_buffer"), 0);
  EXPECT_GT(module_toggles(t, "kncsim_sci_switch"), 0);
  EXPECT_EQ(t["modules"]["kncsim_sci_switch"]["class"], "crossbar");
  EXPECT_NEAR(t["ratio"].get<double>(), 1, 1e-9);
}

TEST(EnergyToggles, ABadWeightsFileExits2NamingItsLine) {
  const std::string bad = write_temp("bad_weights.yaml", "storage: 1\nallocator: 1\nroute: 1\ncrossbar: -2\nother: 1\n");
  const Outcome o = kncsim("run --quiet --set energy.technology=45nm " + kMesh + "--set energy.toggle_weights=" + bad);
  EXPECT_EQ(o.status, 2);
  EXPECT_NE(o.err.find("energy.toggle_weights: " + bad + ":4: 'crossbar' is '-2'"), std::string::npos) << o.err;
}

}  // namespace
