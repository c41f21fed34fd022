#pragma once
// A node of the SCI ring network as SciNetwork sees it, whatever implements it: the SystemC
// SciNode, or a Verilated RTL node behind its adapter. Each ring link writes into its
// receiver's ring input (a FIFO of timed flits) and wakes the receiver; the network wires
// each node's ring d output to its successor's ring d input.
#include <cstdint>
#include <string>
#include <utility>
#include <vector>
#include <systemc>

#include <array>

#include "energy/module_toggles.hpp"
#include "flit/flit_fifo.hpp"
#include "link/flit_tap.hpp"
#include "link/link_params.hpp"
#include "ring/sci_packet.hpp"
#include "sched/edge_wake.hpp"
#include "sched/wakeable.hpp"

namespace kncsim {

class WireWords;

// Where a ring link delivers: the receiver's FIFO, and whom it wakes (null: the receiver is
// woken through the network's calendar at its index, for a flit usable from its arrival).
struct RingInput {
  FlitFifo* fifo = nullptr;
  uint32_t node = 0;
  Wakeable* wake = nullptr;
  // An RTL node's: an RTL sender whose pins' words the link carries puts the wire here, and
  // wakes the node so.
  WireWords** words_from = nullptr;
  EdgeWake edge_wake{};
};

class SciRingNode : public Wakeable {
 public:
  ~SciRingNode() override = default;
  virtual RingInput ring_input(int d) = 0;
  // Wiring, before simulation starts: ring d's link out, delivering to `next`.
  virtual void connect_ring(int d, const LinkParams& link, const RingInput& next) = 0;
  // The CPU hands over a message in cycle t, the current one (see SciModel::inject).
  virtual uint64_t hand_over(uint32_t dest, SciKind kind, bool droppable, int64_t t) = 0;
  // The network's clock process: this node is due this cycle.
  virtual void notify_due() = 0;
  virtual size_t flits_held() const = 0;
  // From a node with a protocol monitor: what it still owes (answers, retransmissions) or holds
  // (passing packets), each with the cycle it has been owed since, for the drain's report.
  virtual void stall_items(std::vector<std::pair<int64_t, std::string>>&) const {}
  // Flits sent so far on ring d's link out, by SCI packet kind.
  virtual std::array<int64_t, 4> ring_flits_sent(int d) const = 0;
  // After wiring: every flit ring d's link out sends is shown to `tap` as link `link` (a flit log).
  virtual void tap_ring(int d, FlitTap* tap, uint32_t link) = 0;
  // Trace the node's ring-link pins (results unchanged); an RTL node also writes every signal
  // inside it to a VCD file of its own.
  virtual void trace(sc_core::sc_trace_file* tf) = 0;
  virtual void trace_internals(const std::string&) {}
  // An RTL node built with its toggles counted (energy.rtl_toggles): them, by module.
  virtual NodeToggles module_toggles() const { return {}; }
  // Counts them in one cycle in `period`, drawn from `seed` (energy.toggle_sampling).
  virtual void sample_toggles(uint32_t period, uint64_t seed) { (void)period, (void)seed; }
};

}  // namespace kncsim
