#pragma once
// Direct binding of the Verilated SCI ring node: the RTL Verilated as a plain C++ model. The
// adapter sets its input pins and calls eval() itself, so a cycle costs a few model
// evaluations and no SystemC signal traffic. Cycle for cycle identical to the signal binding
// (the equivalence tests run both); it has no waveform support, so traced nodes use signals.
// Its pins are sci_node_ports.def's, handed over by the model the cache loaded
// (rtl_model_abi.hpp).
#include <array>
#include <cstdint>
#include <string>
#include <systemc>
#include <vector>

#include "rtl_adapt/hot_lines.hpp"
#include "rtl_adapt/rtl_model_abi.hpp"
#include "rtl_adapt/rtl_toggles.hpp"
#include "rtl_adapt/rtl_sci_node.hpp"
#include "rtl_adapt/sci_wire.hpp"

namespace kncsim {

class SciDirectPins {
 public:
  static constexpr bool kNeedsDelta = false;

  // A new model from `api` (a direct-binding model of the cache); `name`: its hierarchical
  // name, which an RTL assertion's report starts with.
  SciDirectPins(const rtl_abi::ModelApi& api, const std::string& name)
      : api_(api), model_(api.create(name.c_str(), &p_)),
        ring_in_{p_.ring_in0_i, p_.ring_in1_i, p_.ring_in2_i, p_.ring_in3_i},
        ring_out_{p_.ring_out0_o, p_.ring_out1_o, p_.ring_out2_o, p_.ring_out3_o} {}
  ~SciDirectPins() { api_.destroy(model_); }
  SciDirectPins(const SciDirectPins&) = delete;
  SciDirectPins& operator=(const SciDirectPins&) = delete;

  void assert_reset(const SciStraps& s) {  // a falling rst_ni: the first eval only settles
    rtl_abi::write_pin(p_.dims_i, s.dims);
    rtl_abi::write_pin(p_.me_i, s.me);
    rtl_abi::write_pin(p_.address_flits_i, s.address_flits);
    rtl_abi::write_pin(p_.data_flits_i, s.data_flits);
    rtl_abi::write_pin(p_.echo_flits_i, s.echo_flits);
    rtl_abi::write_pin(p_.ring_buffer_flits_i, s.ring_buffer_flits);
    rtl_abi::write_pin(p_.input_queue_flits_i, s.input_queue_flits);
    rtl_abi::write_pin(p_.output_queue_flits_i, s.output_queue_flits);
    rtl_abi::write_pin(p_.active_packets_i, s.active_packets);
    rtl_abi::write_pin(p_.t_pass_i, s.t_pass);
    rtl_abi::write_pin(p_.t_switch_i, s.t_switch);
    rtl_abi::write_pin(p_.stomp_i, s.stomp);
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

  uint32_t ring_out_valid() const { return *p_.ring_out_valid_o; }
  rtl::sci::Words ring_out(int d) const { return words(ring_out_[size_t(d)]); }
  bool cpu_out_valid() const { return *p_.cpu_out_valid_o; }
  rtl::sci::Words cpu_out() const { return words(p_.cpu_out_o); }
  bool cpu_take() const { return *p_.cpu_take_o; }
  uint32_t echoes() const { return *p_.echo_o; }
  uint32_t nacks() const { return *p_.nack_o; }
  uint32_t corrupted() const { return *p_.corrupt_o; }
  uint32_t stomped() const { return *p_.stomp_o; }
  uint32_t retransmissions() const { return *p_.retransmit_o; }
  uint32_t sent() const { return *p_.sent_o; }
  uint32_t released() const { return *p_.released_o; }
  uint32_t made() const { return *p_.made_o; }
  uint32_t destroyed() const { return *p_.destroyed_o; }
  uint32_t active_max() const { return *p_.active_max_o; }
  uint32_t held() const { return *p_.held_o; }
  bool idle() const { return *p_.idle_o; }
  bool idle_after_edge() const { return *p_.idle_o; }  // the edge was evaluated

  void set_now(uint32_t now, uint32_t prio) {
    rtl_abi::write_pin(p_.now_i, now);
    rtl_abi::write_pin(p_.prio_i, prio);
  }
  void set_ring_in(int d, const rtl::sci::Words& w) { put(ring_in_[size_t(d)], w); }
  void set_ring_in_valid(uint32_t v) { rtl_abi::write_pin(p_.ring_in_valid_i, v); }
  void set_cpu_in(const rtl::sci::Words& w) { put(p_.cpu_in_i, w); }
  void set_cpu_in_valid(bool v) { rtl_abi::write_pin(p_.cpu_in_valid_i, v); }
  void settle() {
    eval();
    low_seen_ = true;
  }
  // The rising edge's evaluation takes care of a derived clock's low phase (clock_high).
  static constexpr bool needs_low_phase() { return false; }
  // What every evaluation reads first (the model, its state, its message queue), and the
  // lines of the pins the adapter reads and writes around it.
  void hot_lines(std::vector<const void*>& out) const {
    const void* lines[8];
    const int n = api_.hot_lines(model_, lines, 8);
    out.insert(out.end(), lines, lines + n);
    rtl_abi::add_lines(out, {p_.made_o, p_.destroyed_o, p_.held_o, p_.now_i, ring_in_[0], ring_in_[1], ring_in_[2],
                                 ring_in_[3], ring_out_[0], ring_out_[1], ring_out_[2], ring_out_[3], p_.cpu_in_i,
                                 p_.cpu_out_o});
  }
  // The falling edge changes nothing in the model (its outputs follow its registers): it is
  // evaluated with the next inputs (settle) only when an output is read before the rising
  // edge. Otherwise the rising edge's evaluation settles the inputs and then clocks, as
  // Verilator's evaluation does (input logic first, then edge triggers), once the model knows
  // its clock went low (mark_low). Should a Verilator keep that where the glue cannot reach it,
  // or the model derive a clock from clk_i (a clock gate's latch takes its enable in the low
  // phase), the low phase is evaluated instead, with this cycle's inputs (slower, the same
  // cycles).
  void clock_low() { *p_.clk_i = 0; }
  void clock_high() {
    if (!low_seen_ && !api_.mark_low(model_)) eval();
    *p_.clk_i = 1;
    eval();
    if (toggles_) api_.count_toggles(toggles_);  // the edge's changes
    low_seen_ = false;
  }

  void trace(sc_core::sc_trace_file*, const std::string&) const {}
  void trace_internals(const std::string&) {}
  void start_of_simulation() {}

  // The model's toggles by module (energy.rtl_toggles); empty if it counts none.
  NodeToggles module_toggles() const { return read_module_toggles(api_, toggles_); }
  void sample_toggles(uint32_t period, uint64_t seed) {
    if (toggles_) api_.set_toggle_sampling(toggles_, period, seed);
  }

 private:
  static rtl::sci::Words words(const uint32_t* v) {
    rtl::sci::Words w{};
    for (size_t i = 0; i < w.size(); ++i) w[i] = v[i];
    return w;
  }
  static void put(uint32_t* v, const rtl::sci::Words& w) {
    for (size_t i = 0; i < w.size(); ++i) v[i] = w[i];
  }
  void eval() { api_.eval(model_); }

  const rtl_abi::ModelApi& api_;
  rtl_abi::SciDirectPins p_;
  void* model_;
  void* toggles_ = api_.toggle_counter ? api_.toggle_counter(model_) : nullptr;  // energy.rtl_toggles
  std::array<uint32_t*, 4> ring_in_, ring_out_;
  // An evaluation saw the clock low, with this cycle's inputs, since the last rising edge.
  bool low_seen_ = false;
};

}  // namespace kncsim
