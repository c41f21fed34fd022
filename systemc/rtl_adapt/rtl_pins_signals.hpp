#pragma once
// Signal binding of a Verilated router: the model is Verilated in SystemC mode (--sc), an
// sc_module whose ports are bound to sc_signals here, and it evaluates as its own SystemC
// process whenever a pin changes. This is the pin-level co-simulation: the signals can be
// traced next to the SystemC routers' pins, and every signal inside the model can go to its
// own VCD file (VerilatedVcdSc). Writes land one delta later, so the clock domain puts a
// delta cycle between its sample and edge phases. One signal per entry of router_ports.def.
#include <array>
#include <memory>
#include <cstdint>
#include <string>
#include <systemc>

#include "rtl_adapt/flit_bits.hpp"
#include "rtl_adapt/port_table.hpp"
#include "rtl_adapt/rtl_model_abi.hpp"
#include "rtl_adapt/rtl_toggles.hpp"
#include "rtl_adapt/rtl_internals_vcd.hpp"

namespace kncsim {

class RtlSignalPins {
 public:
  static constexpr bool kNeedsDelta = true;

  // A new model from `api` (a SystemC-mode model of the cache), a SystemC child "rtl" of the
  // adapter: its name is the hierarchy's.
  RtlSignalPins(const rtl_abi::ModelApi& api, const std::string&) : api_(api), model_(api.create("rtl", &ports_)) {
#define KNCSIM_ROUTER_PIN(dir, name, type, bits) (*ports_.name)(name##_);
#include "rtl_adapt/router_ports.def"
#undef KNCSIM_ROUTER_PIN
  }
  ~RtlSignalPins() {
    internals_.close();
    api_.destroy(model_);
  }
  RtlSignalPins(const RtlSignalPins&) = delete;
  RtlSignalPins& operator=(const RtlSignalPins&) = delete;

  void assert_reset(uint32_t coord, uint32_t last) {
    coord_i_.write(coord);
    last_i_.write(last);
    rst_ni_.write(false);
  }
  void release_reset() { rst_ni_.write(true); }

  uint32_t out_valid() const { return out_valid_o_.read(); }
  uint32_t in_pop() const { return in_pop_o_.read(); }
  uint64_t out_flit(int o) const { return out_flit_[size_t(o)]->read(); }
  uint32_t credit_out(int p) const { return credit_out_[size_t(p)]->read(); }
  int credit_out_vc(int p) const { return int(credit_vc_o_.read() >> (p * rtl::kVcBits)) & ((1 << rtl::kVcBits) - 1); }
  bool idle() const { return idle_o_.read(); }

  // A signal write costs even when nothing changes: unchanged values are not written.
  void set_in_flit(int p, uint64_t f) { in_flit_[size_t(p)]->write(f); }
  void set_in_age(int p, uint64_t a) { in_age_[size_t(p)]->write(a); }
  void set_credit_in(int p, uint32_t c) {
    if (c == credit_shadow_[size_t(p)]) return;
    credit_in_[size_t(p)]->write(c);
    credit_shadow_[size_t(p)] = c;
  }
  void set_credit_vcs(uint32_t v) {
    if (v == credit_vcs_shadow_) return;
    credit_vc_i_.write(v);
    credit_vcs_shadow_ = v;
  }
  void set_in_valid(uint32_t v) {
    if (v == valid_shadow_) return;
    in_valid_i_.write(v);
    valid_shadow_ = v;
  }
  // A model with derived clocks sees its inputs with the clock low, a delta cycle before the
  // edge: a clock gate's latch takes its enable then (otherwise inputs and edge share a delta).
  bool needs_low_phase() const { return api_.derived_clocks; }
  void clock_low() {
    if (!clk_high_) return;
    clk_i_.write(false);
    clk_high_ = false;
  }
  void clock_high() {  // the model sees the edge, with the inputs written before, next delta
    if (toggles_) api_.count_toggles(toggles_);  // the changes since the last count: one edge's
    clk_i_.write(true);
    clk_high_ = true;
  }

  // The pins of the ports in use (2 d + 1), under their port-table names.
  void trace(sc_core::sc_trace_file* tf, const std::string& n, int ports) const {
    sc_core::sc_trace(tf, clk_i_, n + ".clk_i");
    sc_core::sc_trace(tf, in_valid_i_, n + ".in_valid_i", ports);
    sc_core::sc_trace(tf, in_pop_o_, n + ".in_pop_o", ports);
    sc_core::sc_trace(tf, out_valid_o_, n + ".out_valid_o", ports);
    sc_core::sc_trace(tf, idle_o_, n + ".idle_o");
    for (int p = 0; p < ports; ++p) {
      const std::string k = std::to_string(p);
      sc_core::sc_trace(tf, *in_flit_[size_t(p)], n + ".in_flit" + k + "_i", 64);
      sc_core::sc_trace(tf, *out_flit_[size_t(p)], n + ".out_flit" + k + "_o", 64);
      sc_core::sc_trace(tf, *credit_in_[size_t(p)], n + ".credit" + k + "_i", rtl::kLenBits);
      sc_core::sc_trace(tf, *credit_out_[size_t(p)], n + ".credit" + k + "_o", rtl::kLenBits);
    }
  }

  // Every signal inside the model, to its own VCD file (opened at start of simulation).
  void trace_internals(const std::string& path) { internals_.request(path); }
  void start_of_simulation() {
    internals_.open([this](void* vcd, int levels) { api_.trace(model_, vcd, levels); });
  }

  // The model's toggles by module (energy.rtl_toggles); empty if it counts none.
  NodeToggles module_toggles() const { return read_module_toggles(api_, toggles_); }
  void sample_toggles(uint32_t period, uint64_t seed) {
    if (toggles_) api_.set_toggle_sampling(toggles_, period, seed);
  }

 private:
  const rtl_abi::ModelApi& api_;
  rtl_abi::RouterSignalPorts ports_;
  void* model_;
  void* toggles_ = api_.toggle_counter ? api_.toggle_counter(model_) : nullptr;  // energy.rtl_toggles
  // Each pin has one writer by construction (the clock domain's phases run one at a time), so
  // SystemC's per-write writer check is skipped: it cost as much as the write itself.
  template <class T>
  using Pin = sc_core::sc_signal<T, sc_core::SC_UNCHECKED_WRITERS>;
  // One signal per pin of the table, named after it; the reset and clock start inactive.
#define KNCSIM_ROUTER_PIN(dir, name, type, bits) Pin<type> name##_{#name, type(pin_high_at_start(#name))};
#include "rtl_adapt/router_ports.def"
#undef KNCSIM_ROUTER_PIN
  template <class T>
  using PortPins = std::array<Pin<T>*, rtl::kMaxPorts>;
  const PortPins<uint64_t> in_flit_{&in_flit0_i_, &in_flit1_i_, &in_flit2_i_, &in_flit3_i_,
                                    &in_flit4_i_, &in_flit5_i_, &in_flit6_i_};
  const PortPins<uint64_t> out_flit_{&out_flit0_o_, &out_flit1_o_, &out_flit2_o_, &out_flit3_o_,
                                     &out_flit4_o_, &out_flit5_o_, &out_flit6_o_};
  const PortPins<uint64_t> in_age_{&in_age0_i_, &in_age1_i_, &in_age2_i_, &in_age3_i_,
                                   &in_age4_i_, &in_age5_i_, &in_age6_i_};
  const PortPins<uint32_t> credit_in_{&credit0_i_, &credit1_i_, &credit2_i_, &credit3_i_,
                                      &credit4_i_, &credit5_i_, &credit6_i_};
  const PortPins<uint32_t> credit_out_{&credit0_o_, &credit1_o_, &credit2_o_, &credit3_o_,
                                       &credit4_o_, &credit5_o_, &credit6_o_};
  std::array<uint32_t, rtl::kMaxPorts> credit_shadow_{};
  uint32_t valid_shadow_ = 0, credit_vcs_shadow_ = 0;
  bool clk_high_ = false;
  RtlInternalsVcd internals_;  // closed before the model goes
};

}  // namespace kncsim
