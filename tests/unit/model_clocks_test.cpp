// The clocks the model cache reads off a Verilated root header (rtl_cache/model_clocks.hpp):
// which members keep a clock besides clk_i, whether they all come from kncsim_prim_clock_gate,
// and the header the glue gets.
#include "rtl_cache/model_clocks.hpp"

#include <gtest/gtest.h>

namespace kncsim {
namespace {

// The lines of a Verilator 5.006 root header that name triggers and a gate's latch (the SCI
// node's, two rings shown).
const char* kGatedHeader = R"(
    CData/*0:0*/ kncsim_sci_node_top__DOT__u_node__DOT__gen_ring__BRA__0__KET____DOT__u_clock_gate__DOT__edge_seen_q;
    CData/*0:0*/ __Vtrigrprev__TOP__clk_i;
    CData/*0:0*/ __Vtrigrprev__TOP__rst_ni;
    CData/*0:0*/ __Vtrigrprev__TOP__kncsim_sci_node_top__DOT__u_node__DOT____Vcellout__gen_ring__BRA__0__KET____DOT__u_clock_gate__clk_o;
    CData/*0:0*/ __Vtrigrprev__TOP__kncsim_sci_node_top__DOT__u_node__DOT____Vcellout__gen_ring__BRA__1__KET____DOT__u_clock_gate__clk_o;
)";

TEST(ModelClocks, GatedClocksAndTheirLatchAreFound) {
  const ModelClocks c = read_model_clocks(kGatedHeader, "kncsim_sci_node_top");
  ASSERT_EQ(c.derived.size(), 2u);
  EXPECT_EQ(c.derived[0],
            "__Vtrigrprev__TOP__kncsim_sci_node_top__DOT__u_node__DOT____Vcellout__gen_ring__BRA__0__KET____DOT__u_"
            "clock_gate__clk_o");
  ASSERT_EQ(c.latches.size(), 1u);
  EXPECT_EQ(c.latches[0], "kncsim_sci_node_top__DOT__u_node__DOT__gen_ring__BRA__0__KET____DOT__u_clock_gate__DOT__edge_seen_q");
  EXPECT_TRUE(c.gates_only());
}

TEST(ModelClocks, OnlyClkAndResetIsNoDerivedClock) {
  const ModelClocks c = read_model_clocks("CData __Vtrigrprev__TOP__clk_i;\nCData __Vtrigrprev__TOP__rst_ni;\n", "top");
  EXPECT_TRUE(c.derived.empty());
  EXPECT_TRUE(c.gates_only());
  const std::string h = clocks_header(c);
  EXPECT_NE(h.find("#define KNCSIM_DERIVED_CLOCKS 0"), std::string::npos) << h;
  EXPECT_NE(h.find("#define KNCSIM_GATES_ONLY 1"), std::string::npos) << h;
}

TEST(ModelClocks, ASystemcModelsClockIsItsPortsCopy) {
  // Verilated with --sc, the top's clock and reset are copies of its ports.
  const ModelClocks c = read_model_clocks(
      "CData __Vtrigrprev__TOP____Vcellinp__kncsim_router_top__clk_i;\n"
      "CData __Vtrigrprev__TOP____Vcellinp__kncsim_router_top__rst_ni;\n",
      "kncsim_router_top");
  EXPECT_TRUE(c.derived.empty());
  // Another module's port of that name is not the top's.
  EXPECT_EQ(read_model_clocks("CData __Vtrigrprev__TOP____Vcellinp__other__clk_i;\n", "kncsim_router_top").derived.size(),
            1u);
}

TEST(ModelClocks, AClockNotFromTheGateLeavesTheLowPhaseToTheAdapter) {
  // A divided clock does not fall with clk_i: the glue must not lower it.
  const ModelClocks divided =
      read_model_clocks(std::string(kGatedHeader) + "CData __Vtrigrprev__TOP__top__DOT__u_div__DOT__clk_half_q;\n", "top");
  EXPECT_EQ(divided.derived.size(), 3u);
  EXPECT_FALSE(divided.gates_only());
  // A gate of the design's own, without kncsim_prim_clock_gate's latch to open.
  const ModelClocks own = read_model_clocks(
      "CData __Vtrigrprev__TOP__clk_i;\nCData __Vtrigrprev__TOP__top__DOT____Vcellout__u_my_clock_gate__clk_o;\n", "top");
  EXPECT_FALSE(own.gates_only());
  const std::string h = clocks_header(own);
  EXPECT_NE(h.find("#define KNCSIM_DERIVED_CLOCKS 1"), std::string::npos) << h;
  EXPECT_NE(h.find("#define KNCSIM_GATES_ONLY 0"), std::string::npos) << h;
}

TEST(ModelClocks, TheHeaderListsEveryMemberToZero) {
  const std::string h = clocks_header(read_model_clocks(kGatedHeader, "kncsim_sci_node_top"));
  EXPECT_NE(h.find("#define KNCSIM_GATED_CLOCKS(X)"), std::string::npos) << h;
  EXPECT_NE(h.find("X(__Vtrigrprev__TOP__kncsim_sci_node_top__DOT__u_node__DOT____Vcellout__gen_ring__BRA__1__KET____DOT__"
                   "u_clock_gate__clk_o)"),
            std::string::npos)
      << h;
  EXPECT_NE(h.find("X(kncsim_sci_node_top__DOT__u_node__DOT__gen_ring__BRA__0__KET____DOT__u_clock_gate__DOT__edge_seen_q)"),
            std::string::npos)
      << h;
  EXPECT_EQ(h.find("__Vtrigrprev__TOP__clk_i"), std::string::npos) << h;  // the glue lowers clk_i itself
}

}  // namespace
}  // namespace kncsim
