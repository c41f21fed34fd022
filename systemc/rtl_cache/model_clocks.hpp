#pragma once
// The clocks of a Verilated model, read off its root class's header (Vmodel___024root.h).
// Verilator 5 keeps the value it last saw of every signal it triggers on, in a member named
// __Vtrigrprev__TOP__<signal>: clk_i and rst_ni, and any clock the design derives from them.
// The glue (rtl/glue/kncsim_model_glue.cpp) gets them in a generated header, kncsim_clocks.hpp,
// so that the direct binding can still evaluate a cycle once, with the clock high (mark_low).
#include <string>
#include <vector>

namespace kncsim {

struct ModelClocks {
  std::vector<std::string> derived;  // the members keeping a clock besides clk_i (and rst_ni)
  std::vector<std::string> latches;  // kncsim_prim_clock_gate's edge_seen_q members
  // Every derived clock is a kncsim_prim_clock_gate's output (Verilator names it after the
  // gate's clk_o), so that the glue can lower it with clk_i and open the gates' latches.
  bool gates_only() const;
};

// The clocks named in the root header's text, of a model whose top module is `top` (a
// SystemC-mode model names its clock after its port's copy, __Vcellinp__<top>__clk_i).
ModelClocks read_model_clocks(const std::string& root_header, const std::string& top);

// kncsim_clocks.hpp for the glue: KNCSIM_DERIVED_CLOCKS, KNCSIM_GATES_ONLY and the members to
// zero, as lists KNCSIM_GATED_CLOCKS(X) and KNCSIM_GATE_LATCHES(X).
std::string clocks_header(const ModelClocks& clocks);

}  // namespace kncsim
