#pragma once
// Direct binding of a Verilated router: the same RTL Verilated as a plain C++ model (--cc).
// The adapter sets its input pins and calls eval() itself at the clock edge, so a cycle of
// an RTL router costs one model evaluation and no SystemC signal traffic. Cycle for cycle
// identical to the signal binding (the equivalence tests run both); it has no waveform
// support, so traced nodes use the signal binding. Its pins are router_ports.def's.
#include <array>
#include <memory>
#include <cstdint>
#include <string>
#include <type_traits>
#include <utility>
#include <systemc>

#include "rtl_adapt/flit_bits.hpp"

namespace kncsim {

template <class VModel>
class RtlDirectPins {
  template <class Ref>
  using Word = std::remove_reference_t<Ref>;  // Verilator's CData/SData/IData/QData

 public:
  static constexpr bool kNeedsDelta = false;

  // The Verilated model has every pin of the port table, at least as wide (the SystemVerilog
  // top is held to the table by scripts/check_rtl_ports.py).
#define KNCSIM_ROUTER_PIN(dir, name, type, bits)                                              \
  static_assert(sizeof(std::declval<VModel&>().name) * 8 >= (bits) || (bits) == 1,          \
                "router_ports.def: " #name " is narrower in the Verilated model than the table says");
#include "rtl_adapt/router_ports.def"
#undef KNCSIM_ROUTER_PIN

  // `name`: the model's hierarchical name, which an RTL assertion's report starts with.
  explicit RtlDirectPins(const std::string& name)
      : model_(std::make_unique<VModel>(name.c_str())),
        in_flit_{&model_->in_flit0_i, &model_->in_flit1_i, &model_->in_flit2_i, &model_->in_flit3_i,
                 &model_->in_flit4_i, &model_->in_flit5_i, &model_->in_flit6_i},
        out_flit_{&model_->out_flit0_o, &model_->out_flit1_o, &model_->out_flit2_o, &model_->out_flit3_o,
                  &model_->out_flit4_o, &model_->out_flit5_o, &model_->out_flit6_o},
        credit_in_{&model_->credit0_i, &model_->credit1_i, &model_->credit2_i, &model_->credit3_i,
                   &model_->credit4_i, &model_->credit5_i, &model_->credit6_i},
        credit_out_{&model_->credit0_o, &model_->credit1_o, &model_->credit2_o, &model_->credit3_o,
                    &model_->credit4_o, &model_->credit5_o, &model_->credit6_o},
        in_age_{&model_->in_age0_i, &model_->in_age1_i, &model_->in_age2_i, &model_->in_age3_i,
                &model_->in_age4_i, &model_->in_age5_i, &model_->in_age6_i} {}
  ~RtlDirectPins() {
    model_->final();
#if VM_COVERAGE
    (void)model_.release();  // Verilator's coverage database points into it until the exit-time write
#endif
  }

  void assert_reset(uint32_t coord, uint32_t last) {  // a falling rst_ni: the first eval only settles
    // Every input pin driven, the unused ports' too (a model may start with random contents).
    for (int p = 0; p < rtl::kMaxPorts; ++p) {
      set_in_flit(p, 0);
      set_in_age(p, 0);
      set_credit_in(p, 0);
    }
    set_credit_vcs(0);
    set_in_valid(0);
    model_->coord_i = coord;
    model_->last_i = last;
    model_->clk_i = 0;
    model_->rst_ni = 1;
    model_->eval();
    model_->rst_ni = 0;
    model_->eval();
  }
  void release_reset() {
    model_->rst_ni = 1;
    model_->eval();
  }

  uint32_t out_valid() const { return model_->out_valid_o; }
  uint32_t in_pop() const { return model_->in_pop_o; }
  uint64_t out_flit(int o) const { return *out_flit_[size_t(o)]; }
  uint32_t credit_out(int p) const { return *credit_out_[size_t(p)]; }
  int credit_out_vc(int p) const { return int(model_->credit_vc_o >> (p * rtl::kVcBits)) & ((1 << rtl::kVcBits) - 1); }
  bool idle() const { return model_->idle_o; }

  void set_in_flit(int p, uint64_t f) { *in_flit_[size_t(p)] = f; }
  void set_in_age(int p, uint64_t a) { *in_age_[size_t(p)] = a; }
  void set_credit_in(int p, uint32_t c) { *credit_in_[size_t(p)] = Word<decltype(std::declval<VModel&>().credit0_i)>(c); }
  void set_credit_vcs(uint32_t v) { model_->credit_vc_i = Word<decltype(std::declval<VModel&>().credit_vc_i)>(v); }
  void set_in_valid(uint32_t v) { model_->in_valid_i = Word<decltype(std::declval<VModel&>().in_valid_i)>(v); }
  void clock_low() {
    if (!model_->clk_i) return;
    model_->clk_i = 0;
    model_->eval();
  }
  void clock_high() {
    model_->clk_i = 1;
    model_->eval();
  }

  void trace(sc_core::sc_trace_file*, const std::string&, int) const {}
  void trace_internals(const std::string&) {}
  void start_of_simulation() {}

 private:
  std::unique_ptr<VModel> model_;
  template <class Ref>
  using PinPtr = std::add_pointer_t<Word<Ref>>;
  std::array<PinPtr<decltype(std::declval<VModel&>().in_flit0_i)>, rtl::kMaxPorts> in_flit_;
  std::array<PinPtr<decltype(std::declval<VModel&>().out_flit0_o)>, rtl::kMaxPorts> out_flit_;
  std::array<PinPtr<decltype(std::declval<VModel&>().credit0_i)>, rtl::kMaxPorts> credit_in_;
  std::array<PinPtr<decltype(std::declval<VModel&>().credit0_o)>, rtl::kMaxPorts> credit_out_;
  std::array<PinPtr<decltype(std::declval<VModel&>().in_age0_i)>, rtl::kMaxPorts> in_age_;
};

}  // namespace kncsim
