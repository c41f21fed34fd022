#pragma once
// The contract between kncsim and a Verilated model it loads from the model cache
// (rtl_cache/): the shared object's glue (rtl/glue/kncsim_model_glue.cpp) exports
// kncsim_rtl_model(), a table of functions, and hands over the model's pins as the port
// tables list them (router_ports.def, sci_node_ports.def): a C++ model (direct binding) a
// pointer to each pin's word, a SystemC-mode model (signal binding) a pointer to each port.
// The family is the top's: kncsim_router_top hands over RouterDirectPins or RouterSignalPorts,
// kncsim_sci_node_top SciDirectPins or SciSignalPorts.
// The glue takes each pin's address as the table's type, so a model whose pin differs does
// not compile. Everything else a model needs (Verilator's runtime, SystemC) it takes from the
// process. kAbiVersion is part of every cache key: change it with anything here.
#include <cstdint>
#include <type_traits>

// The port types, declared only: a C++ model's files (direct binding) are compiled without
// SystemC, and the signal binding's ports are only pointed to here.
namespace sc_core {
template <class T>
class sc_in;
template <class T>
class sc_out;
}  // namespace sc_core
namespace sc_dt {
template <int W>
class sc_bv;
}  // namespace sc_dt

namespace kncsim::rtl_abi {

constexpr uint32_t kAbiVersion = 4;

// Verilator's word for a pin of `Bits` bits (CData, SData, IData, QData); a pin wider than 64
// bits is a VlWide, whose first 32-bit word (EData) stands for it.
template <int Bits>
using Word = std::conditional_t<
    (Bits <= 8), uint8_t,
    std::conditional_t<(Bits <= 16), uint16_t,
                       std::conditional_t<(Bits <= 32), uint32_t, std::conditional_t<(Bits <= 64), uint64_t, uint32_t>>>>;

// Writes a direct-binding pin: the value cut to the pin's word.
template <class W>
inline void write_pin(W* pin, uint64_t v) {
  *pin = W(v);
}

struct RouterDirectPins {
#define KNCSIM_ROUTER_PIN(dir, name, type, bits) Word<bits>* name = nullptr;
#include "rtl_adapt/router_ports.def"
#undef KNCSIM_ROUTER_PIN
};

struct RouterSignalPorts {
#define KNCSIM_ROUTER_PIN(dir, name, type, bits) sc_core::sc_##dir<type>* name = nullptr;
#include "rtl_adapt/router_ports.def"
#undef KNCSIM_ROUTER_PIN
};

struct SciDirectPins {
#define KNCSIM_SCI_FLIT void
#define KNCSIM_SCI_PIN(dir, name, type, bits) Word<bits>* name = nullptr;
#include "rtl_adapt/sci_node_ports.def"
#undef KNCSIM_SCI_PIN
#undef KNCSIM_SCI_FLIT
};

// A SystemC-mode model's port type for a table entry: the flit words are an sc_bv of the pin's width.
struct SciFlit;
template <class Type, int Bits>
using PortType = std::conditional_t<std::is_same_v<Type, SciFlit>, sc_dt::sc_bv<Bits>, Type>;

struct SciSignalPorts {
#define KNCSIM_SCI_FLIT SciFlit
#define KNCSIM_SCI_PIN(dir, name, type, bits) sc_core::sc_##dir<PortType<type, bits>>* name = nullptr;
#include "rtl_adapt/sci_node_ports.def"
#undef KNCSIM_SCI_PIN
#undef KNCSIM_SCI_FLIT
};

// The bits that flipped inside one module of a model since it was made (every instance of the
// module summed), named as Verilator names the module, without its parameters' suffix.
struct ModuleToggleCount {
  const char* module;
  uint64_t toggles;
};

struct ModelApi {
  uint32_t abi_version;
  const char* top;  // the top module, e.g. "kncsim_router_top"
  bool signals;     // Verilated in SystemC mode (--sc, traceable) rather than as a C++ model
  // The model derives clocks from clk_i (a clock gate, a divider): its low phase must be
  // evaluated with the cycle's inputs, so that a gate's latch takes its enable.
  bool derived_clocks;
  // A new model named `name`, its pins (direct) or ports (signals) written to *pins.
  void* (*create)(const char* name, void* pins);
  void (*eval)(void* model);     // direct binding only
  void (*destroy)(void* model);  // final(), then delete
  // Every signal inside a SystemC-mode model to `vcd` (a VerilatedVcdSc), `levels` deep.
  void (*trace)(void* model, void* vcd, int levels);
  // Direct binding: makes the model take its clock as low at its last evaluation, so that the
  // next evaluation with the clock high is a rising edge, without evaluating the low phase.
  // False if this Verilator keeps that elsewhere, or the model derives a clock from clk_i: the
  // adapter then evaluates the low phase.
  bool (*mark_low)(void* model);
  // Direct binding: up to `max` addresses every evaluation reads first (the model, its state's
  // first lines, its message queue), for the clock domain to prefetch; returns how many.
  int (*hot_lines)(void* model, const void** out, int max);
  // A model built with its toggles counted (ModelSpec::toggles; null in models built without):
  // the model's counter; counting the bits of its state that changed in an evaluation (called
  // once a cycle, after the clock edge); and the counts up to now, up to `max` modules' to `out`
  // (returns how many modules the model has).
  void* (*toggle_counter)(void* model);
  // Counts each evaluation with probability 1 / period (weighting its toggles by period), drawn
  // from `seed`; period 1 (as made): every evaluation.
  void (*set_toggle_sampling)(void* counter, uint32_t period, uint64_t seed);
  void (*count_toggles)(void* counter);
  int (*module_toggles)(void* counter, ModuleToggleCount* out, int max);
};

}  // namespace kncsim::rtl_abi

extern "C" {
// What every cached model's shared object exports.
using kncsim_rtl_model_fn = const kncsim::rtl_abi::ModelApi* (*)();
}
