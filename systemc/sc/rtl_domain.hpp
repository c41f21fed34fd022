#pragma once
// The clock of a network's RTL routers. Every RTL router that has work in a cycle t is
// stepped by one shared SystemC process, in node order, in two passes:
//   t + 0.25  sample: each router hands its outputs to the links, the network interface and
//             its upstream neighbours (everything it sends lands in cycle t+1 or later)
//   then      present and edge: each router sets its inputs (a node whose logic reads an input
//             pin in the same cycle, an SCI node's CPU port, lets them settle), takes what
//             lands at t+1, and gets its clock edge
// Every sample runs before any edge, so an RTL neighbour's flit or credit sent at t is seen
// at the edge ending t, exactly as a SystemC router would see it. Direct models do a node's
// present and edge in one visit (an edge touches only its own node); signal-bound models (see
// rtl_pins_signals.hpp) need delta cycles between the phases to pass their pins, so there
// every node is presented before any edge. One process activation per cycle, not two per
// router.
#include <cstdint>
#include <systemc>
#include <vector>

#include "sched/edge_wake.hpp"
#include "sched/node_bitmap.hpp"

namespace kncsim {

class RtlNode {
 public:
  virtual ~RtlNode() = default;
  virtual void assert_reset() = 0;
  virtual void release_reset() = 0;
  virtual void sample(int64_t t) = 0;
  // Before the edge: set the inputs of cycle t; true if an output must be read after they
  // settled (a signal-bound model then gets a delta cycle).
  virtual bool present(int64_t) { return false; }
  virtual void edge(int64_t t) = 0;
  // Where the phases touch this node's memory first (itself, its model's pins, its input
  // wires), at most kHotLines addresses: the domain requests them a few nodes ahead of its
  // visits, so that those loads overlap instead of stalling one node at a time.
  static constexpr size_t kHotLines = 32;
  virtual void hot_lines(std::vector<const void*>& out) const { out.push_back(this); }
};

class RtlDomain : public sc_core::sc_module {
 public:
  SC_HAS_PROCESS(RtlDomain);
  RtlDomain(sc_core::sc_module_name name, uint32_t nodes);

  void add(uint32_t node, RtlNode* r, bool needs_delta);
  // The node's edge last cycle changed its outputs: sample it, then edge it, this cycle.
  void sample_now(uint32_t node, int64_t cycle);
  // How a node is woken for what lands on its inputs (sched/edge_wake.hpp): a value a word
  // wire holds, whose sender runs in this domain's sample pass.
  EdgeWake edge_wake(WakeCalendar& calendar, uint32_t node) { return EdgeWake{&calendar, &to_edge_, node}; }
  // The same from anywhere (an RTL node's wake_at): the domain runs this cycle if the edge
  // falls in it.
  void wake(const EdgeWake& w, int64_t cycle) {
    if (w.wake_at(cycle)) schedule(w.calendar->now());  // a no-op while this cycle's phases run
  }

 private:
  enum class Phase { reset, released, idle, sampled, settling, presented };
  void run();
  void schedule(int64_t cycle);
  template <class F>
  void visit(NodeBitmap& set, F&& f);

  std::vector<RtlNode*> nodes_;
  NodeBitmap to_sample_, to_edge_;
  std::vector<uint32_t> order_;  // the nodes of the phase being visited
  std::vector<const void*> hot_;  // RtlNode::kHotLines addresses per node (null: none)
  Phase phase_ = Phase::reset;
  int64_t scheduled_ = -1;  // the cycle whose phases are pending
  bool needs_delta_ = false;
  sc_core::sc_event step_;
};

}  // namespace kncsim
