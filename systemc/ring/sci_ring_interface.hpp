#pragma once
// One ring interface of an SCI node (Scott & Goodman, Figure 2), for dimension d. Flits come
// in over the ring link and, once decoded (T_decode stages, counted into the link's delay),
// either pass through the ring buffer (bypass, T_pass) or leave the ring into the input queue,
// where an echo goes on in the packet's place; with no room (or a failed CRC) the packet is
// dropped and a nack goes on instead. The output link sends one flit per cycle, a packet at a
// time: when the ring buffer has room for one as long, a packet the active buffer sends again
// or else the output queue's next; otherwise the ring buffer's. Each packet sent from the
// output queue waits in the active buffer until its echo comes back around the ring; a nack
// has the active buffer send it again.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "flit/flit_fifo.hpp"
#include "link/flit_link.hpp"
#include "sched/calendar_wake.hpp"
#include "ring/ring_pins.hpp"
#include "ring/sci_ring_node.hpp"
#include "ring/sci_shared.hpp"

namespace kncsim {

class SciRingInterface {
 public:
  SciRingInterface(uint32_t node, int dim, SciShared& s) : node_(node), dim_(dim), s_(s) {}

  // Wiring: the ring link in writes here (decoded flits, timed when decoding ends). The link
  // out to the successor's ring input is kept here, beside its sender.
  FlitFifo& link_input() { return in_; }
  void connect_output(const LinkParams& p, const RingInput& to) {
    Wakeable* wake = to.wake;
    if (!wake) wake = &to_wake_.emplace(s_.calendar, to.node);
    out_.emplace(p, CreditPolicy::none, *to.fifo, *wake, *wake);  // no credits come back
  }

  // Cycle t, first: the decoded flits go where their packet's fate sends them.
  void receive(int64_t t);
  // Cycle t, last: the output link sends a flit, if it has one.
  void transmit(int64_t t);

  // The switch's source (the input queue) and destination (the output queue,
  // whose T_switch pipeline stages hold a flit each on top of its capacity).
  FlitFifo& input_queue() { return input_queue_; }
  // Whether the input queue's front flit may enter the switch in cycle t (stomp: not while its
  // packet is still taken in without room sure for the rest).
  bool input_ready(int64_t t) const {
    return !input_queue_.empty() && input_queue_.front().arrival <= t &&
           !(tentative_ && input_queue_.front().flit.packet == arriving_);
  }
  bool output_has_room() const {
    return int64_t(output_queue_.size()) < int64_t{s_.p.output_queue_flits} + s_.p.t_switch;
  }
  void to_output(const Flit& f, int64_t at) { output_queue_.push(TimedFlit{at, f}); }

  // Trace the output link's pins and the queues (results unchanged); the node then evaluates
  // every cycle, and calls update_pins after transmit.
  void trace(sc_core::sc_trace_file* tf, const std::string& prefix) { pins_ = std::make_unique<RingPins>(tf, prefix); }
  void update_pins();

  // The earliest cycle after t at which this interface has work, or -1.
  int64_t next_event(int64_t t) const;
  size_t flits_held() const;
  std::array<int64_t, 4> flits_sent() const { return out_ ? out_->flits_sent() : std::array<int64_t, 4>{}; }
  void tap_output(FlitTap* tap, uint32_t link) { out_->set_tap(tap, link); }

 private:
  enum class Fate : uint8_t { pass, accept, drop, strip };
  enum class Sending : uint8_t { none, ring, output, retransmit };
  void bind_fate(const SciPacket& pk, int64_t t);
  bool take_tentative(const TimedFlit& tf);
  void answered(const SciPacket& answer, int64_t t);
  void send(Flit f, int64_t t);

  uint32_t node_;
  int dim_;
  SciShared& s_;
  std::optional<CalendarWake> to_wake_;
  std::optional<FlitLink> out_;
  FlitFifo in_;            // on the link and in the decode stages
  FlitFifo ring_buffer_;   // passing flits (and echoes/nacks made here), timed when they may leave
  FlitFifo input_queue_;   // leaving the ring here, to the switch
  FlitFifo output_queue_;  // from the switch
  FlitFifo retransmit_;    // nacked packets, from the active buffer back onto the ring
  std::vector<SciPacket> active_;  // the active buffer (a few packets: searched, not indexed)
  Fate fate_ = Fate::pass;        // of the packet whose flits are arriving
  int input_reserved_ = 0;        // flits of accepted packets still to arrive
  uint32_t arriving_ = 0;         // the packet whose flits are arriving
  int arriving_flits_ = 0;        // its length
  bool tentative_ = false;        // stomp: it is in the input queue but not yet sure to fit
  int taken_ = 0;                 // of its flits, in the input queue
  uint32_t answer_ = 0;           // the echo/nack for the packet arriving (accept, drop)
  SciKind answer_kind_ = SciKind::echo;
  int answer_sent_ = 0;           // of its flits, already in the ring buffer
  Sending sending_ = Sending::none;
  bool sending_crc_bad_ = false;  // of the packet the output link is sending
  std::unique_ptr<RingPins> pins_;  // only when traced
  bool sent_ = false;               // a flit went out this cycle (for the pins)
  Flit last_sent_;
};

}  // namespace kncsim
