// Compiled into every model the cache builds (systemc/rtl_cache/model_build.cpp), beside the
// Verilated C++: the table of rtl_adapt/rtl_model_abi.hpp for one Verilated model. The
// builder defines KNCSIM_MODEL (the Verilated class, e.g. Vmodel), KNCSIM_MODEL_HEADER,
// KNCSIM_MODEL_SYMS (its __Syms header), KNCSIM_TOP, KNCSIM_SIGNALS (1: SystemC mode) and
// KNCSIM_ROUTER (1: the router's port table; 0: the SCI node's); it writes kncsim_clocks.hpp
// (rtl_cache/model_clocks.hpp) beside the model's files. KNCSIM_TOGGLES (1: the model counts
// its toggles) adds the count by module, from kncsim_toggle_table.hpp (rtl_cache/model_toggles.hpp).
#include KNCSIM_MODEL_HEADER
#include KNCSIM_MODEL_SYMS  // the model's internals: its clock's edge detector, its message queue

#include "kncsim_clocks.hpp"  // KNCSIM_DERIVED_CLOCKS
#if KNCSIM_TOGGLES
#include "kncsim_toggle_table.hpp"  // KNCSIM_TOGGLE_MODULES, KNCSIM_TOGGLE_MEMBERS
#endif

#include <emmintrin.h>

#include <array>
#include <cmath>
#include <cstring>
#include <map>
#include <stdexcept>
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
// The bits of the design's state that changed, by module (rtl_cache/model_toggles.hpp): once a
// cycle (count_toggles) the state is compared with a copy of it, a 64-bit word at a time, and a
// word that changed adds its changed bits to its modules (a segment each: the word's bytes that
// are one module's). Most words do not change in a cycle: those cost a compare.
const char* const kModules[] = {KNCSIM_TOGGLE_MODULES};
constexpr size_t kModuleCount = sizeof(kModules) / sizeof(kModules[0]);
static_assert(kModuleCount <= 256, "a byte names a module");

// Per 16-byte block of the root holding counted bytes: which bytes are counted (a mask), their
// contents when last counted, where the block is, and its two words' segments (seg[h] to
// seg[h + 1]): one record, so that a count reads one array front to back.
struct ToggleBlock {
  __m128i counted, last;
  uint32_t offset;
  uint16_t seg[3];
};
struct ToggleSegment {
  uint64_t mask;  // the bits of its word that are one module's
  uint32_t module;
};
struct ToggleState {
  const unsigned char* base = nullptr;  // the root
  std::vector<ToggleBlock> blocks;
  std::vector<ToggleSegment> segments;
  std::array<uint64_t, kModuleCount> toggles{};
  // Sampling (set_toggle_sampling): each evaluation is counted with probability 1 / period, its
  // toggles weighted by period; `countdown` evaluations until the one before the next counted
  // one, when the state is copied (armed: the next evaluation is counted).
  uint32_t period = 1;
  uint64_t random = 0;
  uint64_t countdown = 1;
  bool armed = true;
};
std::unordered_map<void*, ToggleState>& toggle_states() {
  static std::unordered_map<void*, ToggleState> t;
  return t;
}

ToggleState toggle_state(Model& m) {
  auto& root = *m.rootp;
  const auto* base = reinterpret_cast<const unsigned char*>(&root);
  std::vector<int16_t> owner((sizeof(root) + 15) / 16 * 16, -1);  // per byte of the root: its module, or -1
  const auto add = [&](const void* member, size_t size, int module) {
    const size_t at = size_t(static_cast<const unsigned char*>(member) - base);
    std::fill(owner.begin() + long(at), owner.begin() + long(at + size), int16_t(module));
  };
#define KNCSIM_TOGGLE_MEMBER(name, module) add(&root.name, sizeof(root.name), module);
  KNCSIM_TOGGLE_MEMBERS(KNCSIM_TOGGLE_MEMBER)
#undef KNCSIM_TOGGLE_MEMBER
  ToggleState t;
  t.base = base;
  std::vector<uint32_t> offsets;
  for (size_t at = 0; at < owner.size(); ++at)
    if (owner[at] >= 0 && (offsets.empty() || offsets.back() != at / 16 * 16)) offsets.push_back(uint32_t(at / 16 * 16));
  for (uint32_t block : offsets) {
    ToggleBlock b{};
    b.offset = block;
    unsigned char counted[16] = {};
    for (uint32_t h = 0; h < 2; ++h) {  // each word's segments
      b.seg[h] = uint16_t(t.segments.size());
      for (uint32_t i = 0; i < 8; ++i) {
        const int module = owner[block + 8 * h + i];
        if (module < 0) continue;
        counted[8 * h + i] = 0xff;
        size_t seg = b.seg[h];
        while (seg < t.segments.size() && t.segments[seg].module != uint32_t(module)) ++seg;
        if (seg == t.segments.size()) t.segments.push_back({0, uint32_t(module)});
        t.segments[seg].mask |= uint64_t{0xff} << (8 * i);  // (the root's words are little-endian, as x86's)
      }
    }
    b.seg[2] = uint16_t(t.segments.size());
    b.counted = _mm_loadu_si128(reinterpret_cast<const __m128i*>(counted));
    b.last = _mm_and_si128(_mm_loadu_si128(reinterpret_cast<const __m128i*>(base + block)), b.counted);
    t.blocks.push_back(b);
  }
  if (t.segments.size() > 65535) throw std::length_error("kncsim toggle counting: more than 65535 segments");
  return t;
}

inline uint64_t ones64(uint64_t v) {  // (no popcnt instruction in the baseline x86-64)
  v = v - ((v >> 1) & 0x5555555555555555ull);
  v = (v & 0x3333333333333333ull) + ((v >> 2) & 0x3333333333333333ull);
  return (((v + (v >> 4)) & 0x0f0f0f0f0f0f0f0full) * 0x0101010101010101ull) >> 56;
}

void* toggle_counter(void* m) { return &toggle_states().at(m); }

// The evaluations until the next counted one: 1 + a geometric draw of mean period - 1, so that
// each evaluation is counted with probability 1 / period, whatever the ones before (splitmix64).
uint64_t next_gap(ToggleState& t) {
  if (t.period <= 1) return 1;
  uint64_t z = (t.random += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  z ^= z >> 31;
  const double u = (double(z >> 11) + 0.5) * 0x1p-53;  // in (0, 1)
  return 1 + uint64_t(std::log(u) / std::log1p(-1.0 / t.period));
}

void copy_state(ToggleState& t);

void set_toggle_sampling(void* counter, uint32_t period, uint64_t seed) {
  ToggleState& t = *static_cast<ToggleState*>(counter);
  t.period = period ? period : 1;
  t.random = seed;
  copy_state(t);
  t.armed = t.period == 1;
  t.countdown = next_gap(t) - (t.period == 1 ? 0 : 1);  // (a gap of 1: copy at the first evaluation)
  if (t.countdown == 0) {
    t.countdown = next_gap(t);
    t.armed = true;
  }
}

// A block's counted bytes are compared 16 at a time (SSE2, in every x86-64); a block whose
// counted bits changed adds them to its segments' modules, times the sampling's weight. The
// comparison leaves the copy current.
void compare_state(ToggleState& t) {
  const unsigned char* base = t.base;
  for (ToggleBlock& b : t.blocks) {
    const __m128i v = _mm_and_si128(_mm_loadu_si128(reinterpret_cast<const __m128i*>(base + b.offset)), b.counted);
    if (_mm_movemask_epi8(_mm_cmpeq_epi8(v, b.last)) == 0xffff) continue;
    const __m128i x = _mm_xor_si128(v, b.last);
    b.last = v;
    uint64_t changed[2];
    _mm_storeu_si128(reinterpret_cast<__m128i*>(changed), x);
    for (int h = 0; h < 2; ++h)
      if (changed[h])
        for (uint32_t s = b.seg[h]; s < b.seg[h + 1]; ++s)
          t.toggles[t.segments[s].module] += t.period * ones64(changed[h] & t.segments[s].mask);
  }
}

void copy_state(ToggleState& t) {
  for (ToggleBlock& b : t.blocks)
    b.last = _mm_and_si128(_mm_loadu_si128(reinterpret_cast<const __m128i*>(t.base + b.offset)), b.counted);
}

// After an evaluation: counts it if armed, and copies the state if the next one is counted.
void count_toggles(void* counter) {
  ToggleState& t = *static_cast<ToggleState*>(counter);
  const bool counted = t.armed;
  if (counted) compare_state(t);
  t.armed = false;
  if (--t.countdown == 0) {
    if (!counted) copy_state(t);
    t.armed = true;
    t.countdown = next_gap(t);
  }
}
#endif

void* create(const char* name, void* out) {
  auto* m = new Model(name);
#if KNCSIM_TOGGLES
  toggle_states()[m] = toggle_state(*m);
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
  toggle_states().erase(m);
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
int module_toggles(void* counter, abi::ModuleToggleCount* out, int max) {
  ToggleState& t = *static_cast<ToggleState*>(counter);
  if (t.period == 1) compare_state(t);  // up to now (sampled: the evaluations drawn so far)
  for (size_t i = 0; i < kModuleCount && int(i) < max; ++i) out[i] = {kModules[i], t.toggles[i]};
  return int(kModuleCount);
}
#endif

const abi::ModelApi api{abi::kAbiVersion, KNCSIM_TOP, KNCSIM_SIGNALS != 0, KNCSIM_DERIVED_CLOCKS != 0, create, eval,
                        destroy, trace, mark_low, hot_lines,
#if KNCSIM_TOGGLES
                        toggle_counter, set_toggle_sampling, count_toggles, module_toggles
#else
                        nullptr, nullptr, nullptr, nullptr
#endif
};

}  // namespace


extern "C" __attribute__((visibility("default"))) const kncsim::rtl_abi::ModelApi* kncsim_rtl_model() { return &api; }
