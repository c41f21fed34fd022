#include "ring/sci_ring_interface.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>

#include "ring/sci_corruption.hpp"

namespace kncsim {

namespace {
Flit flit_of(uint32_t slot, int seq, int flits, SciKind kind) {
  return Flit{slot, uint16_t(seq), 0, seq == 0, seq == flits - 1, false, 0, uint8_t(kind), false};
}
}  // namespace

// A head's packet is bound, in the cycle its decoding ends, to pass (not for this node, or an
// echo/nack for another), to be stripped (an echo/nack back at its sender), or to leave the
// ring: accepted with room for all of it in the input queue and a good CRC, else dropped.
void SciRingInterface::bind_fate(const SciPacket& pk, int64_t t) {
  if (!is_send(pk.kind)) {
    fate_ = pk.target == node_ ? Fate::strip : Fate::pass;
    return;
  }
  if (s_.geo.coord(node_, dim_) != s_.geo.coord(pk.dest, dim_)) {
    fate_ = Fate::pass;
    return;
  }
  // Whole packet: accepted only with room for all of it. Stomp: also with room for less, taken
  // in flit by flit but held in the input queue until the rest is sure to fit.
  const int room = s_.p.input_queue_flits - int(input_queue_.size()) - input_reserved_;
  const bool stomp = s_.p.accept == SciAccept::stomp;
  fate_ = !pk.corrupt && (room >= pk.flits || (stomp && room >= 1)) ? Fate::accept : Fate::drop;
  tentative_ = fate_ == Fate::accept && room < pk.flits;
  taken_ = 0;
  s_.counters.corrupted += pk.corrupt;
  if (fate_ == Fate::accept && !tentative_) input_reserved_ += pk.flits;
  SciPacket answer;
  answer.id = pk.id;
  answer.kind = fate_ == Fate::accept ? SciKind::echo : SciKind::nack;
  answer.src = node_;
  answer.dest = pk.target;
  answer.flits = s_.p.echo_flits;
  answer.injected = t;
  answer.target = pk.target;
  answer_ = s_.packets.allocate(answer);
  answer_kind_ = answer.kind;
  answer_sent_ = 0;
}

// Stomp: a flit of a packet taken in before there was room for all of it. False if the input
// queue is full: the flits taken so far go. Once the rest is sure to fit, the packet may leave.
bool SciRingInterface::take_tentative(const TimedFlit& tf) {
  if (int(input_queue_.size()) >= s_.p.input_queue_flits) {
    input_queue_.drop_back(size_t(taken_));
    s_.flits -= taken_;
    tentative_ = false;
    return false;
  }
  input_queue_.push(tf);
  ++taken_;
  const int rest = s_.packets[tf.flit.packet].flits - 1 - tf.flit.seq;
  if (s_.p.input_queue_flits - int(input_queue_.size()) >= rest) {
    tentative_ = false;
    input_reserved_ += rest;
  }
  return true;
}

void SciRingInterface::receive(int64_t t) {
  while (!in_.empty() && in_.front().arrival <= t) {
    const int64_t decoded = in_.front().arrival;
    const Flit f = in_.front().flit;
    in_.pop();
    if (f.head) {
      arriving_ = f.packet;
      arriving_flits_ = s_.packets[f.packet].flits;
      bind_fate(s_.packets[f.packet], t);
    }
    bool taken = false;
    if (fate_ == Fate::accept && tentative_) {
      taken = take_tentative(TimedFlit{decoded, f});
      if (!taken) {
        fate_ = Fate::drop;  // the input queue filled up: the echo is stomped into a nack
        s_.packets[answer_].kind = answer_kind_ = SciKind::nack;  // its last flit has not left yet
        s_.counters.stomped += answer_sent_ > 0;                  // its first ones have
      }
    }
    switch (fate_) {
      case Fate::pass:
        ring_buffer_.push(TimedFlit{decoded + s_.p.t_pass, f});
        // The buffer proper plus the flits in its decode and pass stages, one per cycle each.
        if (int64_t(ring_buffer_.size()) > int64_t{s_.p.ring_buffer_flits} + s_.p.decode_cycles + s_.p.t_pass)
          throw std::logic_error(fmt::format(
              "SCI ring buffer overflow at node {} dimension {}: the output queue rule was broken", node_, dim_));
        break;
      case Fate::accept:
        if (!taken) {
          input_queue_.push(TimedFlit{decoded, f});
          --input_reserved_;
        }
        break;
      case Fate::drop:
        --s_.flits;
        if (f.tail) s_.packets.release(f.packet);
        break;
      case Fate::strip:
        --s_.flits;
        if (f.tail) {
          answered(s_.packets[f.packet], decoded);
          s_.packets.release(f.packet);
        }
        break;
    }
    // The echo or nack goes on in the stripped packet's place, a flit per flit that came in.
    if (fate_ == Fate::accept || fate_ == Fate::drop) {
      // Whole packet: the answer goes on with the packet's first flits. Stomp: with its last ones,
      // ending with its tail, so that the answer's end is still here if the queue fills.
      const int more = f.tail ? s_.p.echo_flits - answer_sent_
                       : s_.p.accept == SciAccept::stomp ? (f.seq >= arriving_flits_ - s_.p.echo_flits ? 1 : 0)
                                                         : (answer_sent_ < s_.p.echo_flits ? 1 : 0);
      for (int i = 0; i < more; ++i) {
        ring_buffer_.push(TimedFlit{decoded + s_.p.t_pass + i, flit_of(answer_, answer_sent_, s_.p.echo_flits, answer_kind_)});
        ++answer_sent_;
        ++s_.flits;
      }
      // (Whole packet: the answer may be gone round the ring already, so its kind is kept here.)
      if (f.tail) ++(answer_kind_ == SciKind::echo ? s_.counters.echoes : s_.counters.nacks);
    }
  }
}

// An echo or nack is back where its packet entered the ring: the active buffer lets go of the
// packet, or (keeping it) sends it again.
void SciRingInterface::answered(const SciPacket& answer, int64_t t) {
  const auto it = std::find_if(active_.begin(), active_.end(),
                               [&](const SciPacket& p) { return p.id == answer.id && !p.resend; });
  if (it == active_.end())
    throw std::logic_error(fmt::format("SCI: node {} dimension {} got an echo for message {}, which its active "
                                       "buffer does not hold", node_, dim_, answer.id));
  if (answer.kind == SciKind::nack) {
    SciPacket again = *it;
    ++again.retries;
    ++s_.counters.retransmissions;
    const uint32_t slot = s_.packets.allocate(again);
    for (int i = 0; i < again.flits; ++i) retransmit_.push(TimedFlit{t, flit_of(slot, i, again.flits, again.kind)});
    s_.flits += again.flits;
    it->resend = true;
    return;
  }
  active_.erase(it);
  --s_.active;
}

void SciRingInterface::transmit(int64_t t) {
  if (sending_ == Sending::none) {
    // A nacked packet goes again before a new one. A full active buffer stalls the output queue
    // until an echo frees a slot. The ring buffer's room counts its pass-stage flits as taken.
    const int room = s_.p.ring_buffer_flits - int(ring_buffer_.size());
    const bool active_room = s_.p.active_buffer_packets == 0 || int(active_.size()) < s_.p.active_buffer_packets;
    if (!retransmit_.empty() && retransmit_.front().arrival <= t && room >= s_.packets[retransmit_.front().flit.packet].flits) {
      SciPacket& pk = s_.packets[retransmit_.front().flit.packet];
      pk.target = node_;
      pk.corrupt = false;
      const auto it = std::find_if(active_.begin(), active_.end(),
                                   [&](const SciPacket& a) { return a.resend && a.id == pk.id; });
      if (it == active_.end())
        throw std::logic_error(fmt::format("SCI: node {} dimension {} retransmits message {}, which its active "
                                           "buffer does not hold", node_, dim_, pk.id));
      *it = pk;  // sent again: waiting for its echo or nack
      sending_ = Sending::retransmit;
    } else if (active_room && !output_queue_.empty() && output_queue_.front().arrival <= t &&
               room >= s_.packets[output_queue_.front().flit.packet].flits) {
      SciPacket& pk = s_.packets[output_queue_.front().flit.packet];
      pk.target = node_;  // echoes come back here
      pk.corrupt = false;
      active_.push_back(pk);
      ++s_.active;
      s_.counters.active_max = std::max(s_.counters.active_max, int(active_.size()));
      sending_ = Sending::output;
    } else if (!ring_buffer_.empty() && ring_buffer_.front().arrival <= t) {
      sending_ = Sending::ring;
    } else {
      return;
    }
  }
  FlitFifo& q = sending_ == Sending::output ? output_queue_ : sending_ == Sending::retransmit ? retransmit_ : ring_buffer_;
  if (q.empty() || q.front().arrival > t) return;  // the packet's next flit is not here yet
  const Flit f = q.front().flit;
  q.pop();
  if (s_.activity) {
    const SciPacket& pk = s_.packets[f.packet];
    s_.activity->sent(node_, dim_, pk.id, f.seq, !is_send(SciKind(f.kind)), pk.src == node_,
                      sending_ == Sending::output       ? RingSource::output
                      : sending_ == Sending::retransmit ? RingSource::resent
                                                        : RingSource::passed);
  }
  if (f.tail) sending_ = Sending::none;
  send(f, t);
}

void SciRingInterface::send(Flit f, int64_t t) {
  if (f.head) {
    sending_crc_bad_ = false;
    if (s_.p.corrupt_rate > 0) {
      SciPacket& pk = s_.packets[f.packet];
      if (is_send(SciKind(f.kind)) && sci_link_corrupts(s_.p, node_, dim_, pk)) pk.corrupt = true;  // its CRC will fail
      sending_crc_bad_ = pk.corrupt;
    }
  }
  f.crc_bad = sending_crc_bad_;  // the transmission's CRC, as this link's receiver will find it
  out_->send(f, t, 0);  // ring links have no flow control: the packet's length is not needed
  if (pins_) {
    sent_ = true;
    last_sent_ = f;
  }
}

void SciRingInterface::update_pins() {
  RingPins& p = *pins_;
  p.valid = sent_;
  if (sent_) {
    const SciPacket& pk = s_.packets[last_sent_.packet];
    p.head = last_sent_.head;
    p.tail = last_sent_.tail;
    p.kind = last_sent_.kind;
    p.src = pk.src;
    p.dest = pk.dest;
    p.seq = last_sent_.seq;
    p.crc_good = !last_sent_.crc_bad;
    p.id = pk.id;
  }
  sent_ = false;
  p.ring_buffer = uint32_t(ring_buffer_.size());
  p.input_queue = uint32_t(input_queue_.size());
  p.output_queue = uint32_t(output_queue_.size());
  p.active = uint32_t(active_.size());
}

int64_t SciRingInterface::next_event(int64_t t) const {
  int64_t next = -1;
  for (const FlitFifo* q : {&in_, &ring_buffer_, &input_queue_, &output_queue_, &retransmit_})
    if (!q->empty()) {
      const int64_t at = std::max(t + 1, q->front().arrival);
      next = next < 0 ? at : std::min(next, at);
    }
  return next;
}

size_t SciRingInterface::flits_held() const {
  return in_.size() + ring_buffer_.size() + input_queue_.size() + output_queue_.size() + retransmit_.size();
}

}  // namespace kncsim
