// The clocks the model cache reads off a Verilated root header (rtl_cache/model_clocks.hpp):
// which members keep a clock besides the top's clk_i, and the header the glue gets.
#include "rtl_cache/model_clocks.hpp"

#include <gtest/gtest.h>

namespace kncsim {
namespace {

TEST(ModelClocks, ClkAndResetAloneAreNoDerivedClock) {
  const ModelClocks c = read_model_clocks(
      "    CData/*0:0*/ __Vtrigrprev__TOP__clk_i;\n    CData/*0:0*/ __Vtrigrprev__TOP__rst_ni;\n", "top");
  EXPECT_TRUE(c.derived.empty());
  EXPECT_NE(clocks_header(c).find("#define KNCSIM_DERIVED_CLOCKS 0\n"), std::string::npos) << clocks_header(c);
}

TEST(ModelClocks, AGatedClockIsFoundOnce) {
  // As Verilator 5.006 declares a gate's output it triggers on (and names it in a comment).
  const std::string gated = "__Vtrigrprev__TOP__top__DOT__u_node__DOT____Vcellout__gen_ring__BRA__0__KET____DOT__u_gate__clk_o";
  const ModelClocks c = read_model_clocks(
      "    CData/*0:0*/ __Vtrigrprev__TOP__clk_i;\n    CData/*0:0*/ " + gated + ";\n    // " + gated + " again\n", "top");
  ASSERT_EQ(c.derived.size(), 1u);
  EXPECT_EQ(c.derived[0], gated);
  const std::string h = clocks_header(c);
  EXPECT_NE(h.find("#define KNCSIM_DERIVED_CLOCKS 1\n"), std::string::npos) << h;
  EXPECT_NE(h.find(gated), std::string::npos) << h;  // named, for whoever reads the model's files
}

TEST(ModelClocks, ASystemcModelsClockIsItsPortsCopy) {
  // Verilated with --sc, the top's clock and reset are copies of its ports.
  const ModelClocks c = read_model_clocks(
      "CData __Vtrigrprev__TOP____Vcellinp__kncsim_router_top__clk_i;\n"
      "CData __Vtrigrprev__TOP____Vcellinp__kncsim_router_top__rst_ni;\n",
      "kncsim_router_top");
  EXPECT_TRUE(c.derived.empty());
  // Another module's port of that name is not the top's: a clock derived inside.
  EXPECT_EQ(read_model_clocks("CData __Vtrigrprev__TOP____Vcellinp__other__clk_i;\n", "kncsim_router_top").derived.size(),
            1u);
}

TEST(ModelClocks, ADividedClockCounts) {
  const ModelClocks c = read_model_clocks(
      "CData __Vtrigrprev__TOP__clk_i;\nCData __Vtrigrprev__TOP__top__DOT__u_div__DOT__clk_half_q;\n", "top");
  EXPECT_EQ(c.derived, std::vector<std::string>{"__Vtrigrprev__TOP__top__DOT__u_div__DOT__clk_half_q"});
}

}  // namespace
}  // namespace kncsim
