#pragma once
#include <memory>
// The reference SCI ring network (router.impl: ref for rings): N = k^n nodes on n
// unidirectional rings each, evaluated cycle by cycle in one SystemC method; only nodes holding
// flits are evaluated (in index order, from the shared WakeCalendar). The SciNode modules (and RTL) are held to it packet for packet. Timing
// per Scott & Goodman §2.1: a head is decoded T_decode cycles after it arrives; then (in the
// cycle decoding ends) its packet is bound to pass on the ring after T_pass, or to leave it
// into the input queue and the switch, which puts it on the next ring (or to the CPU)
// T_switch later. Output queues start a packet only when the ring buffer has room for one of
// equal length; a packet leaving a ring is accepted only with room for all of it in the input
// queue. Nothing a node does in a cycle is seen by another node before the next cycle
// (decoding takes at least one), so the node order never matters.
#include <cstdint>
#include <systemc>
#include <vector>

#include "flit/source_queues.hpp"
#include "ring/sci_ref_node.hpp"
#include "ring/ring_model.hpp"
#include "ring/sci_params.hpp"
#include "sched/wake_calendar.hpp"
#include "ring/ring_geometry.hpp"

namespace kncsim {

class SciRefNetwork final : public sc_core::sc_module, public RingModel {
 public:
  SC_HAS_PROCESS(SciRefNetwork);
  SciRefNetwork(sc_core::sc_module_name name, const SciParams& p);

  uint64_t inject(uint32_t src, uint32_t dest, SciKind kind, bool droppable = true) override;
  int64_t messages_waiting() const override { return waiting_.total(); }
  bool idle() const override { return flits_ == 0 && active_ == 0; }
  uint32_t nodes() const override { return uint32_t(nodes_.size()); }
  int64_t flits_held() const override;
  std::vector<ChannelLoad> channel_loads() const override;
  int64_t flits_tallied() const override { return flits_; }
  const RingActivity* ring_activity() const override { return activity_.get(); }

 private:
  void step();
  void step_node(uint32_t u, int64_t t);
  void arrivals(uint32_t u, int d, int64_t t);
  void cpu_port(uint32_t u, int64_t t);
  void switch_flits(uint32_t u, int64_t t);
  void output_link(uint32_t u, int d, int64_t t);
  void send(uint32_t u, int d, SciFlit f, int64_t t);
  bool take_tentative(uint32_t u, int d, const SciFlit& f);
  void strip_done(uint32_t u, int d, const SciPacket& answer, int64_t t);
  void hold(uint32_t u, int64_t n);
  std::deque<SciFlit>& source_queue(uint32_t u, int s);
  void spool(uint32_t u, const WaitingPacket& w);

  SciParams p_;
  RingGeometry geo_;
  std::vector<SciRefNode> nodes_;
  SciPackets packets_;
  SourceQueues waiting_;                  // messages behind each CPU queue's front one
  WakeCalendar calendar_;                 // every node holding flits is due every cycle
  int64_t flits_ = 0;                     // made less consumed, counted as it happens
  int64_t unmade_flits_ = 0;              // of those, of messages waiting behind a CPU queue's front one
  int64_t active_ = 0;                    // packets in all active buffers
  int64_t evaluating_ = -1;               // the node being evaluated, if any
  std::unique_ptr<RingActivity> activity_;  // p_.payload: energy accounting
};

}  // namespace kncsim
