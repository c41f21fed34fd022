#pragma once
// Signal binding of the Verilated SCI ring node: the model Verilated in SystemC mode, its
// ports bound to sc_signals (one per entry of sci_node_ports.def), evaluating as its own
// process whenever a pin changes. The pins can be traced next to the SystemC nodes', and every
// signal inside the model can go to its own VCD (VerilatedVcdSc). Writes land one delta
// later: the clock domain puts a delta cycle between its phases.
#include <cstdint>
#include <string>
#include <systemc>

#include "rtl_adapt/port_table.hpp"
#include "rtl_adapt/rtl_model_abi.hpp"
#include "rtl_adapt/rtl_toggles.hpp"
#include "rtl_adapt/rtl_sci_node.hpp"
#include "rtl_adapt/rtl_internals_vcd.hpp"
#include "rtl_adapt/sci_wire.hpp"

namespace kncsim {

class SciSignalPins {
  using FlitBits = sc_dt::sc_bv<rtl::sci::kFlitBits>;
  template <class T>
  using Pin = sc_core::sc_signal<T, sc_core::SC_UNCHECKED_WRITERS>;  // one writer by construction

 public:
  static constexpr bool kNeedsDelta = true;

  // A new model from `api` (a SystemC-mode model of the cache), a SystemC child "rtl" of the
  // adapter: its name is the hierarchy's.
  SciSignalPins(const rtl_abi::ModelApi& api, const std::string&) : api_(api), model_(api.create("rtl", &ports_)) {
#define KNCSIM_SCI_FLIT FlitBits
#define KNCSIM_SCI_PIN(dir, name, type, bits) (*ports_.name)(name##_);
#include "rtl_adapt/sci_node_ports.def"
#undef KNCSIM_SCI_PIN
#undef KNCSIM_SCI_FLIT
  }
  ~SciSignalPins() {
    internals_.close();
    api_.destroy(model_);
  }
  SciSignalPins(const SciSignalPins&) = delete;
  SciSignalPins& operator=(const SciSignalPins&) = delete;

  void assert_reset(const SciStraps& s) {
    dims_i_.write(s.dims);
    me_i_.write(s.me);
    address_flits_i_.write(s.address_flits);
    data_flits_i_.write(s.data_flits);
    echo_flits_i_.write(s.echo_flits);
    ring_buffer_flits_i_.write(s.ring_buffer_flits);
    input_queue_flits_i_.write(s.input_queue_flits);
    output_queue_flits_i_.write(s.output_queue_flits);
    active_packets_i_.write(s.active_packets);
    t_pass_i_.write(s.t_pass);
    t_switch_i_.write(s.t_switch);
    stomp_i_.write(s.stomp);
    rst_ni_.write(false);
  }
  void release_reset() { rst_ni_.write(true); }

  uint32_t ring_out_valid() const { return ring_out_valid_o_.read(); }
  rtl::sci::Words ring_out(int d) const {
    const Pin<FlitBits>* o[] = {&ring_out0_o_, &ring_out1_o_, &ring_out2_o_, &ring_out3_o_};
    return words(o[d]->read());
  }
  bool cpu_out_valid() const { return cpu_out_valid_o_.read(); }
  rtl::sci::Words cpu_out() const { return words(cpu_out_o_.read()); }
  bool cpu_take() const { return cpu_take_o_.read(); }
  uint32_t echoes() const { return echo_o_.read(); }
  uint32_t nacks() const { return nack_o_.read(); }
  uint32_t corrupted() const { return corrupt_o_.read(); }
  uint32_t stomped() const { return stomp_o_.read(); }
  uint32_t retransmissions() const { return retransmit_o_.read(); }
  uint32_t sent() const { return sent_o_.read(); }
  uint32_t released() const { return released_o_.read(); }
  uint32_t made() const { return made_o_.read(); }
  uint32_t destroyed() const { return destroyed_o_.read(); }
  uint32_t active_max() const { return active_max_o_.read(); }
  uint32_t held() const { return held_o_.read(); }
  bool idle() const { return idle_o_.read(); }
  bool idle_after_edge() const { return false; }  // the edge is evaluated a delta later: unknown

  void set_now(uint32_t now, uint32_t prio) {
    now_i_.write(now);
    prio_i_.write(prio);
  }
  void set_ring_in(int d, const rtl::sci::Words& w) {
    Pin<FlitBits>* in[] = {&ring_in0_i_, &ring_in1_i_, &ring_in2_i_, &ring_in3_i_};
    in[d]->write(bits(w));
  }
  void set_ring_in_valid(uint32_t v) { ring_in_valid_i_.write(v); }
  void set_cpu_in(const rtl::sci::Words& w) { cpu_in_i_.write(bits(w)); }
  void set_cpu_in_valid(bool v) { cpu_in_valid_i_.write(v); }
  void hot_lines(std::vector<const void*>&) const {}
  void settle() {}  // the clock domain gives the model a delta cycle
  // A model with derived clocks sees its inputs with the clock low, a delta cycle before the
  // edge: a clock gate's latch takes its enable then (otherwise inputs and edge share a delta).
  bool needs_low_phase() const { return api_.derived_clocks; }
  void clock_low() {
    if (clk_i_.read()) clk_i_.write(false);
  }
  void clock_high() {  // seen with the inputs written before, next delta
    if (toggles_) api_.count_toggles(toggles_);  // the changes since the last count: one edge's
    clk_i_.write(true);
  }

  void trace(sc_core::sc_trace_file* tf, const std::string& n) const {
#define KNCSIM_SCI_FLIT FlitBits
#define KNCSIM_SCI_PIN(dir, name, type, bits) sc_core::sc_trace(tf, name##_, n + "." #name);
#include "rtl_adapt/sci_node_ports.def"
#undef KNCSIM_SCI_PIN
#undef KNCSIM_SCI_FLIT
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
  // rst_ni starts high, so that asserting it is a falling edge.
  static rtl::sci::Words words(const FlitBits& b) {
    rtl::sci::Words w{};
    for (size_t i = 0; i < w.size(); ++i) w[i] = uint32_t(b.get_word(int(i)));
    return w;
  }
  static FlitBits bits(const rtl::sci::Words& w) {
    FlitBits b;
    for (size_t i = 0; i < w.size(); ++i) b.set_word(int(i), w[i]);
    return b;
  }

  const rtl_abi::ModelApi& api_;
  rtl_abi::SciSignalPorts ports_;
  void* model_;
  void* toggles_ = api_.toggle_counter ? api_.toggle_counter(model_) : nullptr;  // energy.rtl_toggles
#define KNCSIM_SCI_FLIT FlitBits
#define KNCSIM_SCI_PIN(dir, name, type, bits) Pin<type> name##_{#name, type(pin_high_at_start(#name))};
#include "rtl_adapt/sci_node_ports.def"
#undef KNCSIM_SCI_PIN
#undef KNCSIM_SCI_FLIT
  RtlInternalsVcd internals_;  // closed before the model goes
};

}  // namespace kncsim
