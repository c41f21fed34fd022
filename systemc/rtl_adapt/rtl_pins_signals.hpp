#pragma once
// Signal binding of a Verilated router: the model is Verilated in SystemC mode (--sc), an
// sc_module whose ports are bound to sc_signals here, and it evaluates as its own SystemC
// process whenever a pin changes. This is the pin-level co-simulation: the signals can be
// traced next to the SystemC routers' pins, and every signal inside the model can go to its
// own VCD file (VerilatedVcdSc). Writes land one delta later, so the clock domain puts a
// delta cycle between its sample and edge phases.
#include <array>
#include <memory>
#include <string>
#include <systemc>

#include "rtl_adapt/flit_bits.hpp"
#include "rtl_adapt/rtl_internals_vcd.hpp"

namespace kncsim {

template <class VModel>
class RtlSignalPins {
 public:
  static constexpr bool kNeedsDelta = true;

  RtlSignalPins() : model_(std::make_unique<VModel>("rtl")) {
    model_->clk_i(clk_);
    model_->rst_ni(rst_n_);
    model_->coord_i(coord_);
    model_->in_valid_i(in_valid_);
    model_->in_pop_o(in_pop_);
    model_->out_valid_o(out_valid_);
    model_->idle_o(idle_);
#define KNCSIM_BIND_PORT(k)                 \
  model_->in_flit##k##_i(in_flit_[k]);       \
  model_->out_flit##k##_o(out_flit_[k]);     \
  model_->credit##k##_i(credit_in_[k]);      \
  model_->credit##k##_o(credit_out_[k]);
    KNCSIM_BIND_PORT(0) KNCSIM_BIND_PORT(1) KNCSIM_BIND_PORT(2) KNCSIM_BIND_PORT(3)
    KNCSIM_BIND_PORT(4) KNCSIM_BIND_PORT(5) KNCSIM_BIND_PORT(6)
#undef KNCSIM_BIND_PORT
  }

  void assert_reset(uint32_t coord) {
    coord_.write(coord);
    rst_n_.write(false);
  }
  void release_reset() { rst_n_.write(true); }

  uint32_t out_valid() const { return out_valid_.read(); }
  uint32_t in_pop() const { return in_pop_.read(); }
  uint64_t out_flit(int o) const { return out_flit_[size_t(o)].read(); }
  uint32_t credit_out(int p) const { return credit_out_[size_t(p)].read(); }
  bool idle() const { return idle_.read(); }

  // A signal write costs even when nothing changes: unchanged values are not written.
  void set_in_flit(int p, uint64_t f) { in_flit_[size_t(p)].write(f); }
  void set_credit_in(int p, uint32_t c) {
    if (c == credit_shadow_[size_t(p)]) return;
    credit_in_[size_t(p)].write(c);
    credit_shadow_[size_t(p)] = c;
  }
  void set_in_valid(uint32_t v) {
    if (v == valid_shadow_) return;
    in_valid_.write(v);
    valid_shadow_ = v;
  }
  void clock_low() {
    if (!clk_high_) return;
    clk_.write(false);
    clk_high_ = false;
  }
  void clock_high() {  // the model sees the edge, with the inputs written before, next delta
    clk_.write(true);
    clk_high_ = true;
  }

  void trace(sc_core::sc_trace_file* tf, const std::string& n, int ports) const {
    sc_core::sc_trace(tf, clk_, n + ".clk_i");
    sc_core::sc_trace(tf, in_valid_, n + ".in_valid_i", ports);
    sc_core::sc_trace(tf, in_pop_, n + ".in_pop_o", ports);
    sc_core::sc_trace(tf, out_valid_, n + ".out_valid_o", ports);
    sc_core::sc_trace(tf, idle_, n + ".idle_o");
    for (int p = 0; p < ports; ++p) {
      const std::string k = std::to_string(p);
      sc_core::sc_trace(tf, in_flit_[size_t(p)], n + ".in_flit" + k + "_i", 64);
      sc_core::sc_trace(tf, out_flit_[size_t(p)], n + ".out_flit" + k + "_o", 64);
      sc_core::sc_trace(tf, credit_in_[size_t(p)], n + ".credit" + k + "_i", rtl::kLenBits);
      sc_core::sc_trace(tf, credit_out_[size_t(p)], n + ".credit" + k + "_o", rtl::kLenBits);
    }
  }

  // Every signal inside the model, to its own VCD file (opened at start of simulation).
  void trace_internals(const std::string& path) { internals_.request(path); }
  void start_of_simulation() { internals_.open(*model_); }

 private:
  std::unique_ptr<VModel> model_;
  // Each pin has one writer by construction (the clock domain's phases run one at a time), so
  // SystemC's per-write writer check is skipped: it cost as much as the write itself.
  template <class T>
  using Pin = sc_core::sc_signal<T, sc_core::SC_UNCHECKED_WRITERS>;
  Pin<bool> rst_n_{"rst_n", true};
  Pin<bool> idle_{"idle"};
  Pin<uint32_t> coord_{"coord"};
  Pin<uint32_t> in_valid_{"in_valid"};
  Pin<bool> clk_{"clk", false};
  Pin<uint32_t> in_pop_{"in_pop"}, out_valid_{"out_valid"};
  std::array<Pin<uint64_t>, rtl::kMaxPorts> in_flit_, out_flit_;
  std::array<Pin<uint32_t>, rtl::kMaxPorts> credit_in_, credit_out_;
  std::array<uint32_t, rtl::kMaxPorts> credit_shadow_{};
  uint32_t valid_shadow_ = 0;
  bool clk_high_ = false;
  RtlInternalsVcd internals_;  // declared after the model: closed before it goes
#if VM_COVERAGE
  struct KeepForCoverage {  // Verilator's coverage database points into the model until exit
    std::unique_ptr<VModel>& m;
    ~KeepForCoverage() { (void)m.release(); }
  } keep_{model_};
#endif
};

}  // namespace kncsim
