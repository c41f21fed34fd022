#pragma once
// A node's CPU port: the queue of messages the CPU hands over (the front one as flits, the
// rest compactly in SciShared::waiting) and the flits the switch brings it, which it takes
// T_switch after they crossed. A message is delivered, and recorded, with its tail.
#include <cstdint>

#include "flit/flit_fifo.hpp"
#include "ring/sci_shared.hpp"

namespace kncsim {

class SciCpuPort final : public FlitRefill {
 public:
  SciCpuPort(uint32_t node, SciShared& s) : node_(node), s_(s) { queue_.set_refill(this); }

  // Hand over a message in cycle t: its id, or SciModel::kDropped at a full CPU queue.
  uint64_t hand_over(uint32_t dest, SciKind kind, bool droppable, int64_t t);
  // The switch's source: the front message's flits, usable from the cycle handed over.
  FlitFifo& queue() { return queue_; }
  void head_left() { --queued_; }
  // The switch's destination: a flit the CPU has from cycle `at`.
  void take(const Flit& f, int64_t at) { to_cpu_.push(TimedFlit{at, f}); }
  // Cycle t: the flits due reach the CPU.
  void deliver(int64_t t);
  // The earliest cycle after t at which this port has work, or -1.
  int64_t next_event(int64_t t) const;
  size_t flits_held() const { return queue_.size() + to_cpu_.size(); }

  void refill() override;  // the front message left: the next one's flits are made

 private:
  void spool(const WaitingPacket& w);

  uint32_t node_;
  SciShared& s_;
  FlitFifo queue_;
  FlitFifo to_cpu_;
  uint32_t queued_ = 0;    // messages handed over whose head has not entered the switch
  uint64_t messages_ = 0;  // handed over so far (their ids' order)
  int next_seq_ = 0;       // the next flit the CPU must get (in order within a message)
};

}  // namespace kncsim
