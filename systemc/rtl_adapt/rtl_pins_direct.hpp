#pragma once
// Direct binding of a Verilated router: the same RTL Verilated as a plain C++ model (--cc).
// The adapter sets its input pins and calls eval() itself at the clock edge, so a cycle of
// an RTL router costs one model evaluation and no SystemC signal traffic. Cycle for cycle
// identical to the signal binding (the equivalence tests run both); it has no waveform
// support, so traced nodes use the signal binding. Its pins are router_ports.def's, handed
// over by the model the cache loaded (rtl_model_abi.hpp).
#include <array>
#include <cstdint>
#include <string>
#include <systemc>

#include "rtl_adapt/flit_bits.hpp"
#include "rtl_adapt/rtl_model_abi.hpp"
#include "rtl_adapt/rtl_toggles.hpp"

namespace kncsim {

class RtlDirectPins {
 public:
  static constexpr bool kNeedsDelta = false;

  // A new model from `api` (a direct-binding model of the cache); `name`: its hierarchical
  // name, which an RTL assertion's report starts with.
  RtlDirectPins(const rtl_abi::ModelApi& api, const std::string& name)
      : api_(api), model_(api.create(name.c_str(), &p_)),
        in_flit_{p_.in_flit0_i, p_.in_flit1_i, p_.in_flit2_i, p_.in_flit3_i, p_.in_flit4_i, p_.in_flit5_i, p_.in_flit6_i},
        out_flit_{p_.out_flit0_o, p_.out_flit1_o, p_.out_flit2_o, p_.out_flit3_o, p_.out_flit4_o, p_.out_flit5_o,
                  p_.out_flit6_o},
        credit_in_{p_.credit0_i, p_.credit1_i, p_.credit2_i, p_.credit3_i, p_.credit4_i, p_.credit5_i, p_.credit6_i},
        credit_out_{p_.credit0_o, p_.credit1_o, p_.credit2_o, p_.credit3_o, p_.credit4_o, p_.credit5_o, p_.credit6_o},
        in_age_{p_.in_age0_i, p_.in_age1_i, p_.in_age2_i, p_.in_age3_i, p_.in_age4_i, p_.in_age5_i, p_.in_age6_i} {}
  ~RtlDirectPins() { api_.destroy(model_); }
  RtlDirectPins(const RtlDirectPins&) = delete;
  RtlDirectPins& operator=(const RtlDirectPins&) = delete;

  void assert_reset(uint32_t coord, uint32_t last) {  // a falling rst_ni: the first eval only settles
    // Every input pin driven, the unused ports' too (a model may start with random contents).
    for (int p = 0; p < rtl::kMaxPorts; ++p) {
      set_in_flit(p, 0);
      set_in_age(p, 0);
      set_credit_in(p, 0);
    }
    set_credit_vcs(0);
    set_in_valid(0);
    rtl_abi::write_pin(p_.coord_i, coord);
    rtl_abi::write_pin(p_.last_i, last);
    *p_.clk_i = 0;
    *p_.rst_ni = 1;
    eval();
    *p_.rst_ni = 0;
    eval();
  }
  void release_reset() {
    *p_.rst_ni = 1;
    eval();
  }

  uint32_t out_valid() const { return *p_.out_valid_o; }
  uint32_t in_pop() const { return *p_.in_pop_o; }
  uint64_t out_flit(int o) const { return *out_flit_[size_t(o)]; }
  uint32_t credit_out(int p) const { return *credit_out_[size_t(p)]; }
  int credit_out_vc(int p) const { return int(*p_.credit_vc_o >> (p * rtl::kVcBits)) & ((1 << rtl::kVcBits) - 1); }
  bool idle() const { return *p_.idle_o; }

  void set_in_flit(int p, uint64_t f) { rtl_abi::write_pin(in_flit_[size_t(p)], f); }
  void set_in_age(int p, uint64_t a) { rtl_abi::write_pin(in_age_[size_t(p)], a); }
  void set_credit_in(int p, uint32_t c) { rtl_abi::write_pin(credit_in_[size_t(p)], c); }
  void set_credit_vcs(uint32_t v) { rtl_abi::write_pin(p_.credit_vc_i, v); }
  void set_in_valid(uint32_t v) { rtl_abi::write_pin(p_.in_valid_i, v); }
  // The falling edge changes nothing in the model: its outputs follow its registers, so the
  // rising edge's evaluation settled them. The next rising edge's evaluation settles the new
  // inputs and then clocks (Verilator evaluates input logic first, then edge triggers), once
  // the model knows its clock went low (mark_low); should a Verilator keep that where the
  // glue cannot reach it, the low phase is evaluated instead (slower, the same cycles).
  // The rising edge's evaluation takes care of a derived clock's low phase (clock_high).
  static constexpr bool needs_low_phase() { return false; }
  void clock_low() { *p_.clk_i = 0; }
  void clock_high() {
    if (!api_.mark_low(model_)) eval();
    *p_.clk_i = 1;
    eval();
    if (toggles_) api_.count_toggles(toggles_);  // the edge's changes
  }

  void trace(sc_core::sc_trace_file*, const std::string&, int) const {}
  void trace_internals(const std::string&) {}
  void start_of_simulation() {}

  // The model's toggles by module (energy.rtl_toggles); empty if it counts none.
  NodeToggles module_toggles() const { return read_module_toggles(api_, toggles_); }
  void sample_toggles(uint32_t period, uint64_t seed) {
    if (toggles_) api_.set_toggle_sampling(toggles_, period, seed);
  }

 private:
  void eval() { api_.eval(model_); }

  const rtl_abi::ModelApi& api_;
  rtl_abi::RouterDirectPins p_;
  void* model_;
  void* toggles_ = api_.toggle_counter ? api_.toggle_counter(model_) : nullptr;  // energy.rtl_toggles
  template <int Bits>
  using Pins = std::array<rtl_abi::Word<Bits>*, rtl::kMaxPorts>;
  Pins<64> in_flit_, out_flit_;
  Pins<rtl::kLenBits> credit_in_, credit_out_;
  Pins<64> in_age_;
};

}  // namespace kncsim
