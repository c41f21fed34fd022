// The RTL toggle estimate's parts: the rule that puts a module in a class, the calibration that
// prices each class by its events' energy (a part with no module of its own priced with other),
// the weights file and its refusals, and the table of the state a counting model compares
// (from Verilator's root header and XML view).
#include <gtest/gtest.h>

#include <fstream>
#include <string>

#include "energy/toggle_estimate.hpp"
#include "rtl_cache/model_toggles.hpp"
#include "support/kncsim_process.hpp"

namespace kncsim {
namespace {

TEST(ToggleClass, ModulesFallInTheClassTheirNamesSay) {
  EXPECT_EQ(toggle_class("kncsim_prim_fifo"), ToggleClass::storage);
  EXPECT_EQ(toggle_class("input_buffers"), ToggleClass::storage);
  EXPECT_EQ(toggle_class("kncsim_sci_active_buffer"), ToggleClass::storage);
  EXPECT_EQ(toggle_class("kncsim_token_alloc"), ToggleClass::allocator);
  EXPECT_EQ(toggle_class("kncsim_switch_alloc"), ToggleClass::allocator);  // allocator before crossbar
  EXPECT_EQ(toggle_class("RoundRobinArbiter"), ToggleClass::allocator);
  EXPECT_EQ(toggle_class("kncsim_route_compute"), ToggleClass::route);
  EXPECT_EQ(toggle_class("kncsim_sci_switch"), ToggleClass::crossbar);
  EXPECT_EQ(toggle_class("my_xbar5"), ToggleClass::crossbar);
  EXPECT_EQ(toggle_class("kncsim_router"), ToggleClass::other);  // "router" is not "route"
  EXPECT_EQ(toggle_class("kncsim_router_regs"), ToggleClass::other);
  EXPECT_EQ(toggle_class("kncsim_sci_ring_if"), ToggleClass::other);
}

TEST(ToggleCalibration, EachClassIsPricedByItsEventsAndPartsWithoutAModuleGoToOther) {
  // Two nodes; the crossbar has no module of its own (no toggles anywhere).
  const std::vector<NodeToggles> toggles = {
      {{"kncsim_prim_fifo", 100}, {"kncsim_token_alloc", 10}, {"kncsim_router", 50}},
      {{"kncsim_prim_fifo", 300}, {"kncsim_token_alloc", 30}, {"kncsim_router", 150}},
      {}};  // not an RTL node
  std::vector<ClassEnergy> events(3);
  events[0] = {40, 2, 0, 5, 0};
  events[1] = {120, 6, 0, 15, 0};
  events[2] = {999, 999, 999, 999, 999};
  const ToggleEstimate e = estimate_toggles(toggles, events, nullptr);
  ASSERT_EQ(e.nodes.size(), 2u);
  EXPECT_EQ(e.weights.source, "this run");
  EXPECT_DOUBLE_EQ(e.weights.pj_per_toggle[size_t(ToggleClass::storage)], 160.0 / 400);
  EXPECT_DOUBLE_EQ(e.weights.pj_per_toggle[size_t(ToggleClass::allocator)], 8.0 / 40);
  EXPECT_DOUBLE_EQ(e.weights.pj_per_toggle[size_t(ToggleClass::crossbar)], 0);
  EXPECT_DOUBLE_EQ(e.weights.pj_per_toggle[size_t(ToggleClass::other)], 20.0 / 200);  // the crossbar's energy
  EXPECT_DOUBLE_EQ(e.event_pj_by_class[size_t(ToggleClass::other)], 20);
  EXPECT_DOUBLE_EQ(e.event_pj, 188);
  EXPECT_DOUBLE_EQ(e.toggle_pj, 188);  // calibrated on itself: equal in all
  EXPECT_DOUBLE_EQ(e.nodes[0].toggle_pj, 40 + 2 + 5);
  EXPECT_EQ(e.nodes[1].node, 1u);
  ASSERT_EQ(e.modules.size(), 3u);
  EXPECT_EQ(e.modules[0].toggles, 400u);
  // Given weights price the toggles; the events are as they are.
  ToggleWeights w;
  w.pj_per_toggle = {1, 0, 0, 0, 0};
  w.source = "w.yaml";
  const ToggleEstimate g = estimate_toggles(toggles, events, &w);
  EXPECT_DOUBLE_EQ(g.toggle_pj, 400);
  EXPECT_DOUBLE_EQ(g.event_pj, 188);
  EXPECT_EQ(g.weights.source, "w.yaml");
}

TEST(ToggleWeightsFile, EveryClassOnceOrRefusedNamingFileLineAndClass) {
  const std::string good = test::write_temp("weights.yaml", "storage: 0.5\nallocator: 0.25\nroute: 0\ncrossbar: 1e-1\nother: 0.01\n");
  const ToggleWeights w = read_toggle_weights(good);
  EXPECT_DOUBLE_EQ(w.pj_per_toggle[0], 0.5);
  EXPECT_DOUBLE_EQ(w.pj_per_toggle[3], 0.1);
  EXPECT_EQ(w.source, good);
  const auto refused = [](const std::string& name, const std::string& text, const std::string& says) {
    const std::string path = test::write_temp(name, text);
    try {
      read_toggle_weights(path);
      ADD_FAILURE() << name << " was read";
    } catch (const ToggleWeightsError& e) {
      EXPECT_NE(std::string(e.what()).find(says), std::string::npos) << e.what();
      EXPECT_NE(std::string(e.what()).find(path), std::string::npos) << e.what();
    }
  };
  refused("w1.yaml", "storage: 1\nallocator: 1\nroute: 1\ncrossbar: 1\nother: 1\nclock: 2\n",
          ":6: unknown class 'clock'; allowed: storage, allocator, route, crossbar, other");
  refused("w2.yaml", "storage: -1\nallocator: 1\nroute: 1\ncrossbar: 1\nother: 1\n", ":1: 'storage' is '-1'");
  refused("w3.yaml", "storage: 1\nallocator: 1\nroute: 1\ncrossbar: 1\n", "the class 'other' is missing");
  refused("w4.yaml", "storage: 1\nstorage: 2\n", ":2: 'storage' appears twice");
  refused("w5.yaml", "[1, 2]\n", "a YAML map of class to pJ per toggle");
  refused("w6.yaml", "storage: lots\nallocator: 1\nroute: 1\ncrossbar: 1\nother: 1\n", ":1: 'storage' is 'lots'");
}

// The members a counting model compares, each under the module of the deepest instance its path
// names (generate blocks are not instances); Verilator's temporaries, the clock and the reset
// are left out.
TEST(ToggleTable, MembersAreTheDesignsStateByTheModuleThatHoldsIt) {
  const std::string header = R"(class Vmodel___024root final : public VerilatedModule {
  public:
    struct {
        VL_IN8(clk_i,0,0);
        VL_IN8(rst_ni,0,0);
        VL_OUT64(flit_o,39,0);
        CData/*2:0*/ top__DOT__u_core__DOT__g_in__BRA__1__KET____DOT__u_fifo__DOT__count_q;
        CData/*0:0*/ top__DOT__u_core__DOT____Vcellinp__u_route__en_i;
        CData/*4:0*/ __Vdly__top__DOT__u_core__DOT__busy_q;
        VlWide<3>/*95:0*/ top__DOT__u_core__DOT__wide_q;
        VlUnpacked<QData/*39:0*/, 4> top__DOT__u_core__DOT__g_in__BRA__1__KET____DOT__u_fifo__DOT__mem_q;
        IData/*31:0*/ top__DOT__u_core__DOT__u_route__DOT__port_d;
        VlUnpacked<VlUnpacked<CData/*7:0*/, 4>, 2> top__DOT__u_core__DOT__grid_q;
        VlUnpacked<std::string, 2> top__DOT__u_core__DOT__names;
        VlUnpacked<VlClassRef<Vmodel_pkg__03a__03aitem>, 3> top__DOT__u_core__DOT__items;
        Vmodel__Syms* vlSymsp;
    };
)";
  const std::string xml = R"(<cells>
<cell loc="a" name="top" submodname="top" hier="top">
<cell loc="b" name="u_core" submodname="my_core__pi1" hier="top.u_core">
<cell loc="c" name="u_fifo" submodname="kncsim_prim_fifo__D4_W40" hier="top.u_core.u_fifo"/>
<cell loc="d" name="u_route" submodname="route_unit" hier="top.u_core.u_route"/>
</cells>)";
  const ToggleTableSpec t = read_toggle_table(header, xml, "top");
  ASSERT_EQ(t.members.size(), 5u);  // not the ports, temporaries, strings, class references, pointers
  const auto module_of = [&](const std::string& member) {
    for (const auto& m : t.members)
      if (m.name == member) return t.modules.at(m.module);
    return std::string("(not counted)");
  };
  EXPECT_EQ(module_of("flit_o"), "(not counted)") << "a port: what the links carry";
  EXPECT_EQ(module_of("top__DOT__u_core__DOT__grid_q"), "my_core");
  EXPECT_EQ(module_of("top__DOT__u_core__DOT__names"), "(not counted)");
  EXPECT_EQ(module_of("top__DOT__u_core__DOT__items"), "(not counted)");
  EXPECT_EQ(module_of("top__DOT__u_core__DOT__g_in__BRA__1__KET____DOT__u_fifo__DOT__count_q"), "kncsim_prim_fifo");
  EXPECT_EQ(module_of("top__DOT__u_core__DOT__g_in__BRA__1__KET____DOT__u_fifo__DOT__mem_q"), "kncsim_prim_fifo");
  EXPECT_EQ(module_of("top__DOT__u_core__DOT__wide_q"), "my_core");
  EXPECT_EQ(module_of("top__DOT__u_core__DOT__u_route__DOT__port_d"), "route_unit");
  EXPECT_EQ(module_of("clk_i"), "(not counted)");
  EXPECT_EQ(module_of("__Vdly__top__DOT__u_core__DOT__busy_q"), "(not counted)");
  const std::string h = toggle_table_header(t);
  EXPECT_NE(h.find("X(top__DOT__u_core__DOT__wide_q, "), std::string::npos) << h;
  EXPECT_NE(h.find("#define KNCSIM_TOGGLE_MODULES \"kncsim_prim_fifo\""), std::string::npos) << h;
}

}  // namespace
}  // namespace kncsim
