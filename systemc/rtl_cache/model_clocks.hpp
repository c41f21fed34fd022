#pragma once
// The clocks of a Verilated model, read off its root class's header (Vmodel___024root.h).
// Verilator 5 keeps the value it last saw of every signal it triggers on, in a member named
// __Vtrigrprev__TOP__<signal>: clk_i and rst_ni, and any clock the design derives from them (a
// gated clock, a divided one). The glue (rtl/glue/kncsim_model_glue.cpp) gets the answer in a
// generated header, kncsim_clocks.hpp: a model with a derived clock has its low phase evaluated
// with each cycle's inputs (a clock gate's latch takes its enable then), where one with clk_i
// alone is evaluated once a cycle, with the clock high (mark_low).
#include <string>
#include <vector>

namespace kncsim {

struct ModelClocks {
  std::vector<std::string> derived;  // the members keeping a clock besides clk_i (and rst_ni)
};

// The clocks named in the root header's text, of a model whose top module is `top` (a
// SystemC-mode model names its clock after its port's copy, __Vcellinp__<top>__clk_i).
ModelClocks read_model_clocks(const std::string& root_header, const std::string& top);

// kncsim_clocks.hpp for the glue: KNCSIM_DERIVED_CLOCKS 0 or 1.
std::string clocks_header(const ModelClocks& clocks);

}  // namespace kncsim
