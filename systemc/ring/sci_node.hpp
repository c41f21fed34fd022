#pragma once
// One node of the SCI ring network as a SystemC module (router.impl: systemc for rings): the
// CPU port, the switch and one ring interface per dimension, with data flowing CPU -> switch
// -> output queue -> ring link -> ring buffer / input queue -> switch -> CPU. State is in
// plain members; one SC_METHOD evaluates the node, only in cycles where it has work: woken
// through the network's WakeCalendar by a flit arriving on a ring link, a message handed
// over, or its own queues. An idle node costs nothing.
#include <systemc>
#include <vector>

#include "link/flit_link.hpp"
#include "ring/sci_cpu_port.hpp"
#include "ring/sci_ring_interface.hpp"
#include "ring/sci_shared.hpp"
#include "ring/sci_switch.hpp"
#include "ring/sci_ring_node.hpp"

namespace kncsim {

class SciNode final : public sc_core::sc_module, public SciRingNode {
 public:
  SC_HAS_PROCESS(SciNode);
  SciNode(sc_core::sc_module_name name, uint32_t node, SciShared& s);

  std::array<int64_t, 4> ring_flits_sent(int d) const override { return rings_[size_t(d)].flits_sent(); }
  RingInput ring_input(int d) override { return RingInput{&rings_[size_t(d)].link_input(), node_, nullptr}; }
  void connect_ring(int d, const LinkParams& link, const RingInput& next) override {
    rings_[size_t(d)].connect_output(link, next);
  }
  void tap_ring(int d, FlitTap* tap, uint32_t link) override { rings_[size_t(d)].tap_output(tap, link); }
  uint64_t hand_over(uint32_t dest, SciKind kind, bool droppable, int64_t t) override;
  void notify_due() override { due_.notify(sc_core::SC_ZERO_TIME); }
  void wake_at(int64_t cycle) override { s_.calendar.wake(node_, cycle, s_.calendar.now()); }
  size_t flits_held() const override;
  // Trace every ring interface's output pins and queues; the node then evaluates every cycle.
  void trace(sc_core::sc_trace_file* tf) override;

 private:
  void evaluate();

  uint32_t node_;
  SciShared& s_;
  SciCpuPort cpu_;
  std::vector<SciRingInterface> rings_;
  SciSwitch switch_;
  sc_core::sc_event due_;
  bool traced_ = false;
};

}  // namespace kncsim
