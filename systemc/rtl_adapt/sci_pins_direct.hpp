#pragma once
// Direct binding of the Verilated SCI ring node: the RTL Verilated as a plain C++ model. The
// adapter sets its input pins and calls eval() itself, so a cycle costs a few model
// evaluations and no SystemC signal traffic. Cycle for cycle identical to the signal binding
// (the equivalence tests run both); it has no waveform support, so traced nodes use signals.
#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <systemc>
#include <vector>

#include "rtl_adapt/rtl_sci_node.hpp"
#include "rtl_adapt/sci_wire.hpp"

namespace kncsim {

template <class VModel>
class SciDirectPins {
 public:
  static constexpr bool kNeedsDelta = false;

  // `name`: the model's hierarchical name, which an RTL assertion's report starts with.
  explicit SciDirectPins(const std::string& name)
      : m_(std::make_unique<VModel>(name.c_str())),
        ring_in_{&m_->ring_in0_i, &m_->ring_in1_i, &m_->ring_in2_i, &m_->ring_in3_i},
        ring_out_{&m_->ring_out0_o, &m_->ring_out1_o, &m_->ring_out2_o, &m_->ring_out3_o} {}
  ~SciDirectPins() {
    m_->final();
#if VM_COVERAGE
    (void)m_.release();  // Verilator's coverage database points into it until the exit-time write
#endif
  }

  void assert_reset(const SciStraps& s) {  // a falling rst_ni: the first eval only settles
    m_->dims_i = s.dims;
    m_->me_i = s.me;
    m_->address_flits_i = s.address_flits;
    m_->data_flits_i = s.data_flits;
    m_->echo_flits_i = s.echo_flits;
    m_->ring_buffer_flits_i = s.ring_buffer_flits;
    m_->input_queue_flits_i = s.input_queue_flits;
    m_->output_queue_flits_i = s.output_queue_flits;
    m_->active_packets_i = s.active_packets;
    m_->t_pass_i = s.t_pass;
    m_->t_switch_i = s.t_switch;
    m_->stomp_i = s.stomp;
    m_->clk_i = 0;
    m_->rst_ni = 1;
    m_->eval();
    m_->rst_ni = 0;
    m_->eval();
  }
  void release_reset() {
    m_->rst_ni = 1;
    m_->eval();
  }

  uint32_t ring_out_valid() const { return m_->ring_out_valid_o; }
  rtl::sci::Words ring_out(int d) const { return words(*ring_out_[size_t(d)]); }
  bool cpu_out_valid() const { return m_->cpu_out_valid_o; }
  rtl::sci::Words cpu_out() const { return words(m_->cpu_out_o); }
  bool cpu_take() const { return m_->cpu_take_o; }
  uint32_t echoes() const { return m_->echo_o; }
  uint32_t nacks() const { return m_->nack_o; }
  uint32_t corrupted() const { return m_->corrupt_o; }
  uint32_t stomped() const { return m_->stomp_o; }
  uint32_t retransmissions() const { return m_->retransmit_o; }
  uint32_t sent() const { return m_->sent_o; }
  uint32_t released() const { return m_->released_o; }
  uint32_t made() const { return m_->made_o; }
  uint32_t destroyed() const { return m_->destroyed_o; }
  uint32_t active_max() const { return m_->active_max_o; }
  uint32_t held() const { return m_->held_o; }
  bool idle() const { return m_->idle_o; }
  bool idle_after_edge() const { return m_->idle_o; }  // the edge was evaluated

  void set_now(uint32_t now, uint32_t prio) {
    m_->now_i = now;
    m_->prio_i = uint8_t(prio);
  }
  void set_ring_in(int d, const rtl::sci::Words& w) { put(*ring_in_[size_t(d)], w); }
  void set_ring_in_valid(uint32_t v) { m_->ring_in_valid_i = uint8_t(v); }
  void set_cpu_in(const rtl::sci::Words& w) { put(m_->cpu_in_i, w); }
  void set_cpu_in_valid(bool v) { m_->cpu_in_valid_i = v; }
  void settle() {
    m_->eval();
    low_seen_ = true;
  }
  // What every evaluation reads first: the model object, and the design's state (one-bit pins
  // and registers first).
  void hot_lines(std::vector<const void*>& out) const {
    out.push_back(m_.get());
    const uintptr_t m = reinterpret_cast<uintptr_t>(&m_->clk_i);
    for (uintptr_t line = 0; line < 3; ++line) out.push_back(reinterpret_cast<const void*>(m + 64 * line));
    // eval() ends by reading the model's message queue depth: its own allocation, a miss each
    // evaluation otherwise (6% of an RTL ring run at A = .1).
    out.push_back(m_->rootp->vlSymsp->__Vm_evalMsgQp);
  }
  // The falling edge changes nothing in the model (its outputs follow its registers): it is
  // evaluated with the next inputs (settle) only when an output is read before the rising
  // edge. Otherwise the rising edge's evaluation settles the inputs and then clocks, as
  // Verilator's evaluation does (input logic first, then edge triggers), once the model knows
  // its clock went low: Verilator detects an edge against the clock it saw at its last
  // evaluation, and keeps that in a member that mark_low sets. Should a Verilator name it
  // otherwise, mark_low evaluates the low phase instead (slower, the same cycles).
  void clock_low() { m_->clk_i = 0; }
  void clock_high() {
    if (!low_seen_) mark_low(*m_->rootp, 0);
    m_->clk_i = 1;
    m_->eval();
    low_seen_ = false;
  }

  void trace(sc_core::sc_trace_file*, const std::string&) const {}
  void trace_internals(const std::string&) {}
  void start_of_simulation() {}

 private:
  using Wide = std::remove_reference_t<decltype(std::declval<VModel&>().cpu_in_i)>;
  static rtl::sci::Words words(const Wide& v) {
    rtl::sci::Words w{};
    for (size_t i = 0; i < w.size(); ++i) w[i] = v[i];
    return w;
  }
  static void put(Wide& v, const rtl::sci::Words& w) {
    for (size_t i = 0; i < w.size(); ++i) v[i] = w[i];
  }

  template <class Root>
  auto mark_low(Root& root, int) -> decltype(void(root.__Vtrigrprev__TOP__clk_i = 0)) {
    root.__Vtrigrprev__TOP__clk_i = 0;
  }
  template <class Root>
  void mark_low(Root&, long) {
    m_->eval();
  }

  std::unique_ptr<VModel> m_;
  std::array<Wide*, 4> ring_in_, ring_out_;
  bool low_seen_ = true;  // an evaluation saw the clock low since the last rising edge
};

}  // namespace kncsim
