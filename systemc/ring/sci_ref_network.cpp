#include "ring/sci_ref_network.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "sc/cycle_time.hpp"
#include "ring/sci_corruption.hpp"

namespace kncsim {

SciRefNetwork::SciRefNetwork(sc_core::sc_module_name name, const SciParams& p)
    : sc_module(name), RingModel(p.dims, p.radix), p_(p), geo_(p.dims, p.radix), waiting_(geo_.nodes()), calendar_(geo_.nodes(), 1) {
  const uint32_t n_nodes = geo_.nodes();
  if (const std::string why = sci_params_refusal(p_); !why.empty()) throw std::invalid_argument("SciParams: " + why);
  nodes_.resize(n_nodes);
  for (SciRefNode& node : nodes_) {
    node.rings.resize(size_t(p_.dims));
    node.source_to.assign(size_t(p_.dims + 1), -1);
    node.destination_from.assign(size_t(p_.dims + 1), -1);
  }
  if (p_.payload) activity_ = std::make_unique<RingActivity>(n_nodes, p_.dims, *p_.payload);
  SC_METHOD(step);
}

std::vector<ChannelLoad> SciRefNetwork::channel_loads() const {
  std::vector<ChannelLoad> out;
  for (uint32_t u = 0; u < nodes(); ++u)
    for (int d = 0; d < p_.dims; ++d) out.push_back(ChannelLoad{u, d, 1, nodes_[u].rings[size_t(d)].sent});
  return out;
}

int64_t SciRefNetwork::flits_held() const {
  int64_t held = unmade_flits_;
  for (const SciRefNode& node : nodes_) {
    held += int64_t(node.cpu.size() + node.to_cpu.size());
    for (const SciRefRing& r : node.rings)
      held += int64_t(r.wire.size() + r.ring_buffer.size() + r.output_queue.size() + r.input_queue.size() +
                      r.retransmit.size());
  }
  return held;
}

void SciRefNetwork::hold(uint32_t u, int64_t n) {
  nodes_[u].flits += n;
  flits_ += n;
}

uint64_t SciRefNetwork::inject(uint32_t src, uint32_t dest, SciKind kind, bool droppable) {
  if (evaluating_ >= 0 && int64_t(src) != evaluating_)
    throw std::logic_error("SCI: a delivery may hand over a message only at the delivering node");
  SciRefNode& node = nodes_[src];
  if (droppable && p_.source_queue_packets > 0 && node.cpu_queued >= p_.source_queue_packets) {
    ++counters_.dropped;
    return kDropped;
  }
  ++node.cpu_queued;
  const WaitingPacket w{sci_message_id(src, node.messages++), current_cycle(), dest, uint8_t(kind)};
  if (node.cpu.empty()) {
    spool(src, w);
  } else {
    waiting_.push(src, w);  // its flits are made when it reaches the front
    unmade_flits_ += kind == SciKind::data ? p_.data_flits : p_.address_flits;
  }
  hold(src, kind == SciKind::data ? p_.data_flits : p_.address_flits);
  if (evaluating_ < 0) calendar_.wake(src, w.time, calendar_.now());  // before the cycle begins
  ++counters_.injected;
  return w.id;
}

// The CPU queue's front message: its record and flits.
void SciRefNetwork::spool(uint32_t u, const WaitingPacket& w) {
  SciPacket p;
  p.id = w.id;
  p.kind = SciKind(w.tag);
  p.src = u;
  p.dest = w.dest;
  p.flits = p.kind == SciKind::data ? p_.data_flits : p_.address_flits;
  p.injected = w.time;
  const uint32_t slot = packets_.allocate(p);
  for (int i = 0; i < p.flits; ++i) nodes_[u].cpu.push_back(SciFlit{slot, uint16_t(i), p.injected});
}

std::deque<SciFlit>& SciRefNetwork::source_queue(uint32_t u, int s) {
  SciRefNode& node = nodes_[u];
  return s == 0 ? node.cpu : node.rings[size_t(s - 1)].input_queue;
}

void SciRefNetwork::step() {
  const int64_t t = current_cycle();
  if (cycle_) cycle_(t);
  calendar_.begin_cycle(t);
  for (int64_t u; (u = calendar_.next_node()) >= 0;) step_node(uint32_t(u), t);
  next_trigger(cycles(1));
}

void SciRefNetwork::step_node(uint32_t u, int64_t t) {
  evaluating_ = u;
  for (int d = 0; d < p_.dims; ++d) arrivals(u, d, t);
  cpu_port(u, t);
  switch_flits(u, t);
  for (int d = 0; d < p_.dims; ++d) output_link(u, d, t);
  evaluating_ = -1;
  if (nodes_[u].flits > 0) calendar_.wake(u, t + 1, t);
}

// Flits whose decoding ends now: a head's packet passes (ring buffer), leaves the ring here
// (input queue, and an echo goes on), is refused (dropped, and a nack goes on), or is an
// echo/nack back at its sender (stripped).
void SciRefNetwork::arrivals(uint32_t u, int d, int64_t t) {
  SciRefRing& r = nodes_[u].rings[size_t(d)];
  while (!r.wire.empty() && r.wire.front().time <= t) {
    const SciFlit f = r.wire.front();
    r.wire.pop_front();
    // Not copied per flit: only the head's decision allocates (an answer), after its last use of pk.
    const SciPacket& pk = packets_[f.packet];
    const int64_t decoded = f.time;
    const bool tail = f.seq == pk.flits - 1;
    if (f.seq == 0) {
      r.wire_packet = f.packet;
      r.wire_flits = pk.flits;
      if (!is_send(pk.kind)) {
        r.fate = pk.target == u ? SciRefRing::Fate::strip : SciRefRing::Fate::pass;
      } else if (geo_.coord(u, d) != geo_.coord(pk.dest, d)) {
        r.fate = SciRefRing::Fate::pass;
      } else {
        // Whole packet: accepted only with room for all of it. Stomp: also with room for less,
        // taken in flit by flit but held in the input queue until the rest is sure to fit.
        const int room = p_.input_queue_flits - int(r.input_queue.size()) - r.input_reserved;
        const bool stomp = p_.accept == SciAccept::stomp;
        r.fate = !pk.corrupt && (room >= pk.flits || (stomp && room >= 1)) ? SciRefRing::Fate::accept
                                                                           : SciRefRing::Fate::drop;
        r.tentative = r.fate == SciRefRing::Fate::accept && room < pk.flits;
        r.taken = 0;
        counters_.corrupted += pk.corrupt;
        if (r.fate == SciRefRing::Fate::accept && !r.tentative) r.input_reserved += pk.flits;
        SciPacket answer;
        answer.id = pk.id;
        answer.kind = r.fate == SciRefRing::Fate::accept ? SciKind::echo : SciKind::nack;
        answer.src = u;
        answer.dest = pk.target;
        answer.flits = p_.echo_flits;
        answer.injected = t;
        answer.target = pk.target;
        r.answer = packets_.allocate(answer);
        r.answer_kind = answer.kind;
        r.answer_sent = 0;
      }
    }
    bool taken = false;
    if (r.fate == SciRefRing::Fate::accept && r.tentative) {
      taken = take_tentative(u, d, f);
      if (!taken) {
        r.fate = SciRefRing::Fate::drop;  // the input queue filled up: the echo is stomped into a nack
        packets_[r.answer].kind = r.answer_kind = SciKind::nack;  // its last flit has not left yet
        counters_.stomped += r.answer_sent > 0;                   // its first ones have
      }
    }
    switch (r.fate) {
      case SciRefRing::Fate::pass:
        r.ring_buffer.push_back(SciFlit{f.packet, f.seq, decoded + p_.t_pass, f.kind});
        // The buffer proper plus the flits in its decode and pass stages, one per cycle each.
        if (int64_t(r.ring_buffer.size()) > int64_t{p_.ring_buffer_flits} + p_.decode_cycles + p_.t_pass)
          throw std::logic_error("SCI ring buffer overflow at node " + std::to_string(u) + " dimension " +
                                 std::to_string(d) + ": the output queue rule was broken");
        break;
      case SciRefRing::Fate::accept:
        if (!taken) {
          r.input_queue.push_back(SciFlit{f.packet, f.seq, decoded});
          --r.input_reserved;
        }
        break;
      case SciRefRing::Fate::drop:
        hold(u, -1);
        if (tail) packets_.release(f.packet);
        break;
      case SciRefRing::Fate::strip:
        hold(u, -1);
        if (tail) {
          strip_done(u, d, pk, decoded);
          packets_.release(f.packet);
        }
        break;
    }
    // The echo or nack goes on in the stripped packet's place, a flit per flit that came in.
    const bool answering = r.fate == SciRefRing::Fate::accept || r.fate == SciRefRing::Fate::drop;
    if (answering) {
      // Whole packet: the answer goes on with the packet's first flits. Stomp: with its last ones,
      // ending with its tail, so that the answer's end is still here if the queue fills.
      const int more = tail ? p_.echo_flits - r.answer_sent
                       : p_.accept == SciAccept::stomp ? (f.seq >= r.wire_flits - p_.echo_flits ? 1 : 0)
                                                       : (r.answer_sent < p_.echo_flits ? 1 : 0);
      for (int i = 0; i < more; ++i) {
        r.ring_buffer.push_back(SciFlit{r.answer, uint16_t(r.answer_sent), decoded + p_.t_pass + i, uint8_t(r.answer_kind)});
        ++r.answer_sent;
        hold(u, 1);
      }
      // (Whole packet: the answer may be gone round the ring already, so its kind is kept here.)
      if (tail) ++(r.answer_kind == SciKind::echo ? counters_.echoes : counters_.nacks);
    }
  }
}

// Stomp: flit f of a packet taken in before there was room for all of it. False if the input
// queue is full: the flits taken so far are thrown away. Once the rest is sure to fit, the
// packet is no longer tentative and may leave the input queue.
bool SciRefNetwork::take_tentative(uint32_t u, int d, const SciFlit& f) {
  SciRefRing& r = nodes_[u].rings[size_t(d)];
  if (int(r.input_queue.size()) >= p_.input_queue_flits) {
    r.input_queue.erase(r.input_queue.end() - r.taken, r.input_queue.end());
    hold(u, -r.taken);
    r.tentative = false;
    return false;
  }
  r.input_queue.push_back(SciFlit{f.packet, f.seq, f.time});
  ++r.taken;
  const int rest = packets_[f.packet].flits - 1 - f.seq;
  if (p_.input_queue_flits - int(r.input_queue.size()) >= rest) {
    r.tentative = false;
    r.input_reserved += rest;
  }
  return true;
}

// An echo or nack is back where its packet entered the ring: the active buffer lets go of the
// packet, or sends it again.
void SciRefNetwork::strip_done(uint32_t u, int d, const SciPacket& answer, int64_t t) {
  SciRefRing& r = nodes_[u].rings[size_t(d)];
  const auto it = std::find_if(r.active.begin(), r.active.end(),
                               [&](const SciPacket& p) { return p.id == answer.id && !p.resend; });
  if (it == r.active.end()) throw std::logic_error("SCI: an echo for a packet no active buffer holds");
  if (answer.kind == SciKind::nack) {  // it keeps its place in the active buffer, which sends it again
    SciPacket again = *it;
    ++again.retries;
    ++counters_.retransmissions;
    const uint32_t slot = packets_.allocate(again);
    for (int i = 0; i < again.flits; ++i) r.retransmit.push_back(SciFlit{slot, uint16_t(i), t});
    hold(u, again.flits);
    it->resend = true;
    return;
  }
  r.active.erase(it);
  --active_;
}

// The CPU takes the flits the switch brought it, T_switch after they crossed it; a message is
// delivered with its tail.
void SciRefNetwork::cpu_port(uint32_t u, int64_t t) {
  SciRefNode& node = nodes_[u];
  while (!node.to_cpu.empty() && node.to_cpu.front().time <= t) {
    const SciFlit f = node.to_cpu.front();
    node.to_cpu.pop_front();
    hold(u, -1);
    const SciPacket& pk = packets_[f.packet];
    if (f.seq != node.cpu_next_seq)
      throw std::logic_error("SCI: flit " + std::to_string(f.seq) + " of message " + std::to_string(pk.id) +
                             " reached the CPU out of order");
    const bool tail = f.seq == pk.flits - 1;
    node.cpu_next_seq = tail ? 0 : f.seq + 1;
    if (!tail) continue;
    ++counters_.delivered;
    const SciDelivery x{pk.id, pk.kind, pk.src, pk.dest, pk.injected, t, pk.retries};
    packets_.release(f.packet);
    if (deliver_) deliver_(x);
  }
}

// The switch: each source (CPU, input queues) sends a flit per cycle to the output queue (or
// CPU) its packet is bound to; it arrives there T_switch later.
void SciRefNetwork::switch_flits(uint32_t u, int64_t t) {
  SciRefNode& node = nodes_[u];
  const int sources = p_.dims + 1;
  // A destination takes one flit per cycle: one its packet's tail let go of this cycle is
  // bound again only from the next (dims <= 24, so n + 1 destinations fit in 32 bits).
  uint32_t sent_to = 0;
  for (int k = 0; k < sources; ++k) {
    const int s = int((t + k) % sources);  // rotating priority
    std::deque<SciFlit>& q = source_queue(u, s);
    if (q.empty() || q.front().time > t) continue;
    if (s >= 1 && s <= p_.dims && node.rings[size_t(s - 1)].tentative &&
        q.front().packet == node.rings[size_t(s - 1)].wire_packet)
      continue;  // stomp: not yet sure to fit
    const SciFlit f = q.front();
    const SciPacket& pk = packets_[f.packet];
    if (node.source_to[size_t(s)] < 0) {
      const int to = geo_.next_ring(u, pk.dest, s - 1);
      if (node.destination_from[size_t(to)] >= 0 || (sent_to >> to & 1u)) continue;
      node.source_to[size_t(s)] = to;
      node.destination_from[size_t(to)] = s;
    }
    const int to = node.source_to[size_t(s)];
    const bool tail = f.seq == pk.flits - 1;
    if (to < p_.dims) {
      SciRefRing& out = node.rings[size_t(to)];
      // The queue's capacity plus the switch's T_switch pipeline stages, which hold a flit each.
      if (int64_t(out.output_queue.size()) >= int64_t{p_.output_queue_flits} + p_.t_switch) continue;  // backs up
      out.output_queue.push_back(SciFlit{f.packet, f.seq, t + p_.t_switch});
    } else {
      node.to_cpu.push_back(SciFlit{f.packet, f.seq, t + p_.t_switch});
    }
    q.pop_front();
    if (activity_) activity_->switched(u, s == 0, to >= p_.dims);
    sent_to |= 1u << to;
    if (s == 0 && f.seq == 0) --node.cpu_queued;
    if (s == 0 && q.empty() && !waiting_.empty(u)) {  // the next message comes to the front
      const WaitingPacket w = waiting_.front(u);
      waiting_.pop(u);
      spool(u, w);
      unmade_flits_ -= SciKind(w.tag) == SciKind::data ? p_.data_flits : p_.address_flits;
    }
    if (tail) {
      node.destination_from[size_t(to)] = -1;
      node.source_to[size_t(s)] = -1;
    }
  }
}

// The output link: a flit per cycle, a packet at a time. Between packets, if the ring buffer
// has room for a packet as long: a nacked packet the active buffer sends again, else the output
// queue's next packet; otherwise the ring buffer.
void SciRefNetwork::output_link(uint32_t u, int d, int64_t t) {
  SciRefRing& r = nodes_[u].rings[size_t(d)];
  if (r.sending == SciRefRing::Sending::none) {
    // A full active buffer stalls the output queue until an echo frees a slot. The ring
    // buffer's room counts flits still in its decode/pass stages as taken (cautious: the
    // overflow check in arrivals() allows them on top of the buffer proper).
    const int room = p_.ring_buffer_flits - int(r.ring_buffer.size());
    const bool active_room = p_.active_buffer_packets == 0 || int(r.active.size()) < p_.active_buffer_packets;
    if (!r.retransmit.empty() && r.retransmit.front().time <= t && room >= packets_[r.retransmit.front().packet].flits) {
      SciPacket& pk = packets_[r.retransmit.front().packet];
      pk.target = u;
      pk.corrupt = false;
      const auto it = std::find_if(r.active.begin(), r.active.end(),
                                   [&](const SciPacket& a) { return a.resend && a.id == pk.id; });
      if (it == r.active.end()) throw std::logic_error("SCI: a retransmission the active buffer does not hold");
      *it = pk;  // sent again: waiting for its echo or nack
      r.sending = SciRefRing::Sending::retransmit;
    } else if (active_room && !r.output_queue.empty() && r.output_queue.front().time <= t &&
        p_.ring_buffer_flits - int(r.ring_buffer.size()) >= packets_[r.output_queue.front().packet].flits) {
      SciPacket& pk = packets_[r.output_queue.front().packet];
      pk.target = u;  // echoes come back here
      pk.corrupt = false;
      r.active.push_back(pk);
      ++active_;
      counters_.active_max = std::max(counters_.active_max, int(r.active.size()));
      r.sending = SciRefRing::Sending::output;
    } else if (!r.ring_buffer.empty() && r.ring_buffer.front().time <= t) {
      r.sending = SciRefRing::Sending::ring;
    } else {
      return;
    }
  }
  std::deque<SciFlit>& q = r.sending == SciRefRing::Sending::output       ? r.output_queue
                          : r.sending == SciRefRing::Sending::retransmit ? r.retransmit
                                                                         : r.ring_buffer;
  if (q.empty() || q.front().time > t) return;  // the packet's next flit is not here yet
  const SciFlit f = q.front();
  q.pop_front();
  if (activity_) {
    const SciPacket& pk = packets_[f.packet];
    activity_->sent(u, d, pk.id, f.seq, !is_send(pk.kind), pk.src == u,
                    r.sending == SciRefRing::Sending::output       ? RingSource::output
                    : r.sending == SciRefRing::Sending::retransmit ? RingSource::resent
                                                                   : RingSource::passed);
  }
  if (f.seq == packets_[f.packet].flits - 1) r.sending = SciRefRing::Sending::none;
  send(u, d, f, t);
}

void SciRefNetwork::send(uint32_t u, int d, SciFlit f, int64_t t) {
  const uint32_t v = geo_.downstream(u, d);
  SciPacket& pk = packets_[f.packet];
  if (f.seq == 0 && is_send(pk.kind) && sci_link_corrupts(p_, u, d, pk)) pk.corrupt = true;  // its CRC will fail
  f.time = t + p_.wire_cycles[size_t(d)] + p_.decode_cycles;
  ++nodes_[u].rings[size_t(d)].sent[f.kind != SciFlit::kPacketKind ? size_t(f.kind) : size_t(pk.kind)];
  nodes_[v].rings[size_t(d)].wire.push_back(f);
  hold(u, -1);
  hold(v, 1);
  calendar_.wake(v, t + 1, t);
}

}  // namespace kncsim
