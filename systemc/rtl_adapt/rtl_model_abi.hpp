#pragma once
// The contract between kncsim and a Verilated model it loads from the model cache
// (rtl_cache/): the shared object's glue (rtl/glue/kncsim_model_glue.cpp) exports
// kncsim_rtl_model(), a table of functions, and hands over the model's pins as the port
// tables list them (router_ports.def, sci_node_ports.def): a C++ model (direct binding) a
// pointer to each pin's word, a SystemC-mode model (signal binding) a pointer to each port.
// The glue takes each pin's address as the table's type, so a model whose pin differs does
// not compile. Everything else a model needs (Verilator's runtime, SystemC) it takes from the
// process. kAbiVersion is part of every cache key: change it with anything here.
#include <cstdint>
#include <systemc>
#include <type_traits>

namespace kncsim::rtl_abi {

constexpr uint32_t kAbiVersion = 1;

// Verilator's word for a pin of `Bits` bits (CData, SData, IData, QData).
template <int Bits>
using Word = std::conditional_t<(Bits <= 8), uint8_t,
                                std::conditional_t<(Bits <= 16), uint16_t, std::conditional_t<(Bits <= 32), uint32_t, uint64_t>>>;

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

struct ModelApi {
  uint32_t abi_version;
  const char* top;  // the top module, e.g. "kncsim_router_top"
  bool signals;     // Verilated in SystemC mode (--sc, traceable) rather than as a C++ model
  // A new model named `name`, its pins (direct) or ports (signals) written to *pins.
  void* (*create)(const char* name, void* pins);
  void (*eval)(void* model);     // direct binding only
  void (*destroy)(void* model);  // final(), then delete
  // Every signal inside a SystemC-mode model to `vcd` (a VerilatedVcdSc), `levels` deep.
  void (*trace)(void* model, void* vcd, int levels);
};

}  // namespace kncsim::rtl_abi

extern "C" {
// What every cached model's shared object exports.
using kncsim_rtl_model_fn = const kncsim::rtl_abi::ModelApi* (*)();
}
