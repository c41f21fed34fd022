// Compiled into every model the cache builds (systemc/rtl_cache/model_build.cpp), beside the
// Verilated C++: the table of rtl_adapt/rtl_model_abi.hpp for one Verilated model. The
// builder defines KNCSIM_MODEL (the Verilated class, e.g. Vmodel), KNCSIM_MODEL_HEADER,
// KNCSIM_MODEL_SYMS (its __Syms header), KNCSIM_TOP, KNCSIM_SIGNALS (1: SystemC mode) and
// KNCSIM_ROUTER (1: the router's port table; 0: the SCI node's); it writes kncsim_clocks.hpp
// (rtl_cache/model_clocks.hpp) beside the model's files. KNCSIM_TOGGLES (1: the model counts
// its toggles, kncsim_toggle_points.hpp) adds the sums by module.
#include KNCSIM_MODEL_HEADER
#include KNCSIM_MODEL_SYMS  // the model's internals: its clock's edge detector, its message queue

#include "kncsim_clocks.hpp"  // KNCSIM_DERIVED_CLOCKS

#include <algorithm>
#include <map>
#include <string>
#include <type_traits>
#include <unordered_map>
#include <utility>
#include <vector>

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

#if KNCSIM_TOGGLES
// A model's toggle counters by module. A signal bound through a port is one counter that every
// module on its path registers; it counts once, for the deepest (the module that holds it). The
// top's clock and reset are left out: the clock's energy is the clock tree's, priced per cycle.
struct ToggleTable {
  std::vector<std::string> modules;
  std::vector<std::pair<size_t, const uint32_t*>> counters;  // (module, counter)
};
struct PointOwner {
  std::string module;
  size_t depth = 0;
  bool left_out = false;
};
std::map<const uint32_t*, PointOwner>* registering = nullptr;  // the points of the model being made
std::unordered_map<void*, ToggleTable>& toggle_tables() {
  static std::unordered_map<void*, ToggleTable> t;
  return t;
}

// "v_toggle/kncsim_prim_fifo__pi3": the module's name without Verilator's parameter suffix
// (a user's own "__" is escaped as ___05F, so the first "__" is Verilator's).
std::string module_of(const std::string& page) {
  std::string m = page.substr(page.find('/') == std::string::npos ? 0 : page.find('/') + 1);
  return m.substr(0, m.find("__"));
}

ToggleTable toggle_table(const std::map<const uint32_t*, PointOwner>& points) {
  ToggleTable t;
  std::map<std::string, size_t> index;
  for (const auto& [counter, owner] : points) {
    if (owner.left_out) continue;
    auto [it, fresh] = index.emplace(owner.module, t.modules.size());
    if (fresh) t.modules.push_back(owner.module);
    t.counters.emplace_back(it->second, counter);
  }
  return t;
}
#endif

void* create(const char* name, void* out) {
#if KNCSIM_TOGGLES
  std::map<const uint32_t*, PointOwner> points;
  registering = &points;
  auto* m = new Model(name);
  registering = nullptr;
  toggle_tables()[m] = toggle_table(points);
#else
  auto* m = new Model(name);
#endif
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
#if KNCSIM_TOGGLES
  toggle_tables().erase(m);
#endif
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

#if KNCSIM_TOGGLES
int module_toggles(void* m, abi::ModuleToggleCount* out, int max) {
  const ToggleTable& t = toggle_tables().at(m);
  std::vector<uint64_t> sums(t.modules.size(), 0);
  for (const auto& [module, counter] : t.counters) sums[module] += *counter;
  int n = 0;
  for (; n < int(t.modules.size()) && n < max; ++n) out[n] = {t.modules[size_t(n)].c_str(), sums[size_t(n)]};
  return int(t.modules.size());
}
#endif

const abi::ModelApi api{abi::kAbiVersion, KNCSIM_TOP, KNCSIM_SIGNALS != 0, KNCSIM_DERIVED_CLOCKS != 0, create, eval,
                        destroy, trace, mark_low, hot_lines,
#if KNCSIM_TOGGLES
                        module_toggles
#else
                        nullptr
#endif
};

}  // namespace

#if KNCSIM_TOGGLES
void kncsim_toggle_point(uint32_t* counter, const KncsimTogglePointText& text) {
  if (!registering) return;
  PointOwner& o = (*registering)[counter];
  const size_t depth = size_t(std::count(text.hier.begin(), text.hier.end(), '.'));
  const std::string module = module_of(text.page);
  const bool top_pin = module == KNCSIM_TOP && (text.signal == "clk_i" || text.signal == "rst_ni");
  if (o.module.empty() || depth > o.depth) o.module = module, o.depth = depth;
  o.left_out = o.left_out || top_pin;
}
#endif

extern "C" __attribute__((visibility("default"))) const kncsim::rtl_abi::ModelApi* kncsim_rtl_model() { return &api; }
