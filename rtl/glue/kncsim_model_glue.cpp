// Compiled into every model the cache builds (systemc/rtl_cache/model_build.cpp), beside the
// Verilated C++: the table of rtl_adapt/rtl_model_abi.hpp for one Verilated model. The
// builder defines KNCSIM_MODEL (the Verilated class, e.g. Vmodel), KNCSIM_MODEL_HEADER,
// KNCSIM_TOP, KNCSIM_SIGNALS (1: SystemC mode) and KNCSIM_ROUTER (1: the router's port
// table; 0: the SCI node's).
#include KNCSIM_MODEL_HEADER

#include "rtl_adapt/rtl_model_abi.hpp"
#if KNCSIM_SIGNALS
#include "verilated_vcd_sc.h"
#endif

namespace {

using Model = KNCSIM_MODEL;
namespace abi = kncsim::rtl_abi;

void* create(const char* name, void* out) {
  auto* m = new Model(name);
#if KNCSIM_ROUTER && KNCSIM_SIGNALS
  auto& p = *static_cast<abi::RouterSignalPorts*>(out);
#elif KNCSIM_ROUTER
  auto& p = *static_cast<abi::RouterDirectPins*>(out);
#endif
#define KNCSIM_ROUTER_PIN(dir, name, type, bits) p.name = &m->name;
#include "rtl_adapt/router_ports.def"
#undef KNCSIM_ROUTER_PIN
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

const abi::ModelApi api{abi::kAbiVersion, KNCSIM_TOP, KNCSIM_SIGNALS != 0, create, eval, destroy, trace};

}  // namespace

extern "C" __attribute__((visibility("default"))) const kncsim::rtl_abi::ModelApi* kncsim_rtl_model() { return &api; }
