// Compiled into every model the cache builds (systemc/rtl_cache/model_build.cpp), beside the
// Verilated C++: the table of rtl_adapt/rtl_model_abi.hpp for one Verilated model. The
// builder defines KNCSIM_MODEL (the Verilated class, e.g. Vmodel), KNCSIM_MODEL_HEADER,
// KNCSIM_MODEL_SYMS (its __Syms header), KNCSIM_TOP, KNCSIM_SIGNALS (1: SystemC mode) and
// KNCSIM_ROUTER (1: the router's port table; 0: the SCI node's); it writes kncsim_clocks.hpp
// (rtl_cache/model_clocks.hpp) beside the model's files.
#include KNCSIM_MODEL_HEADER
#include KNCSIM_MODEL_SYMS  // the model's internals: its clock's edge detector, its message queue

#include "kncsim_clocks.hpp"  // KNCSIM_DERIVED_CLOCKS

#include <type_traits>

#include "rtl_adapt/rtl_model_abi.hpp"
#if KNCSIM_SIGNALS
#include "verilated_vcd_sc.h"
#endif

namespace {

using Model = KNCSIM_MODEL;
namespace abi = kncsim::rtl_abi;

// A pin's address as the table has it: a port, a word, or a wide pin's first 32-bit word.
template <class T>
T* pin(T& p) {
  return &p;
}
template <std::size_t Words>
uint32_t* pin(VlWide<Words>& p) {
  return p.data();
}

void* create(const char* name, void* out) {
  auto* m = new Model(name);
#if KNCSIM_ROUTER && KNCSIM_SIGNALS
  auto& p = *static_cast<abi::RouterSignalPorts*>(out);
#elif KNCSIM_ROUTER
  auto& p = *static_cast<abi::RouterDirectPins*>(out);
#elif KNCSIM_SIGNALS
  auto& p = *static_cast<abi::SciSignalPorts*>(out);
#else
  auto& p = *static_cast<abi::SciDirectPins*>(out);
#endif
#if KNCSIM_ROUTER
#define KNCSIM_ROUTER_PIN(dir, name, type, bits) p.name = pin(m->name);
#include "rtl_adapt/router_ports.def"
#undef KNCSIM_ROUTER_PIN
#else
#define KNCSIM_SCI_FLIT
#define KNCSIM_SCI_PIN(dir, name, type, bits) p.name = pin(m->name);
#include "rtl_adapt/sci_node_ports.def"
#undef KNCSIM_SCI_PIN
#undef KNCSIM_SCI_FLIT
#endif
  return m;
}

void eval(void* m) {
#if !KNCSIM_SIGNALS
  static_cast<Model*>(m)->eval();
#else
  (void)m;
#endif
}

void destroy(void* m) {
  static_cast<Model*>(m)->final();
#if !VM_COVERAGE  // Verilator's coverage database points into the model until the exit-time write
  delete static_cast<Model*>(m);
#endif
}

void trace(void* m, void* vcd, int levels) {
#if KNCSIM_SIGNALS
  static_cast<Model*>(m)->trace(static_cast<VerilatedVcdSc*>(vcd), levels);
#else
  (void)m, (void)vcd, (void)levels;
#endif
}

// Verilator 5 finds a rising edge against the clock it saw at the last evaluation, kept in a
// member of the root (named __Vtrigrprev__TOP__clk_i in 5.006); where it has another name,
// false.
template <class Root>
auto clear_previous_clock(Root& root, int) -> decltype(void(root.__Vtrigrprev__TOP__clk_i = 0), true) {
  root.__Vtrigrprev__TOP__clk_i = 0;
  return true;
}
template <class Root>
bool clear_previous_clock(Root&, long) {
  return false;
}

bool mark_low(void* m) {
#if KNCSIM_SIGNALS || KNCSIM_DERIVED_CLOCKS  // (a derived clock goes low with clk_i only if evaluated)
  (void)m;
  return false;
#else
  return clear_previous_clock(*static_cast<Model*>(m)->rootp, 0);
#endif
}

int hot_lines(void* m, const void** out, int max) {
#if KNCSIM_SIGNALS
  (void)m, (void)out, (void)max;
  return 0;
#else
  auto* model = static_cast<Model*>(m);
  const void* lines[5];
  int n = 0;
  lines[n++] = model;
  // The design's state, one-bit pins and registers first.
  const auto state = reinterpret_cast<uintptr_t>(&model->clk_i);
  for (uintptr_t line = 0; line < 3; ++line) lines[n++] = reinterpret_cast<const void*>(state + 64 * line);
  // eval() ends by reading its message queue's depth: its own allocation, a miss each
  // evaluation otherwise (6 % of an RTL ring run at A = .1).
  lines[n++] = model->rootp->vlSymsp->__Vm_evalMsgQp;
  int i = 0;
  for (; i < n && i < max; ++i) out[i] = lines[i];
  return i;
#endif
}

const abi::ModelApi api{abi::kAbiVersion, KNCSIM_TOP, KNCSIM_SIGNALS != 0, KNCSIM_DERIVED_CLOCKS != 0, create, eval,
                        destroy, trace, mark_low, hot_lines};

}  // namespace

extern "C" __attribute__((visibility("default"))) const kncsim::rtl_abi::ModelApi* kncsim_rtl_model() { return &api; }
