#include "ring/sci_single_node.hpp"

#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

#include "rand/counter_rng.hpp"
#include "ring/sci_packet.hpp"

namespace kncsim {

void SingleNodeStats::merge(const SingleNodeStats& o) {
  if (rings.size() < o.rings.size()) rings.resize(o.rings.size());
  for (size_t d = 0; d < o.rings.size(); ++d)
    for (int k = 0; k < 2; ++k) {
      Ring& r = rings[d];
      const Ring& s = o.rings[d];
      r.exits[k] += s.exits[k], r.drops[k] += s.drops[k];
      r.alpha[k].merge(s.alpha[k]), r.beta[k].merge(s.beta[k]);
      r.gamma[k].merge(s.gamma[k]), r.delta[k].merge(s.delta[k]);
    }
  for (int k = 0; k < 2; ++k) beta0[k].merge(o.beta0[k]), handed[k] += o.handed[k];
  cycles += o.cycles;
}

SciSingleNode::SciSingleNode(const SciParams& p, uint64_t seed)
    : p_(p), key_(stream_seed(seed, 0x5161e)), rings_(size_t(p.dims)),
      source_to_(size_t(p.dims + 1), -1), destination_from_(size_t(p.dims + 1), -1),
      exit_probability_(std::min(1.0, 2.0 / p.radix)) {
  if (const std::string why = sci_params_refusal(p_); !why.empty()) throw std::invalid_argument("SciParams: " + why);
  if (p_.accept != SciAccept::whole_packet || p_.active_buffer_packets != 0 || p_.corrupt_rate != 0 ||
      p_.source_queue_packets != 0)
    throw std::invalid_argument("the single-node model keeps whole-packet acceptance, unbounded active buffers and "
                                "CPU queues, and no corruption");
  stats_.rings.resize(size_t(p.dims));
  set_rates(SingleNodeRates{std::vector<SingleNodeRates::Link>(size_t(p.dims)), 0, 0});
}

double SciSingleNode::uniform() { return unit_interval(mix64(key_ + 0x9E3779B97F4A7C15ull * ++draws_) >> 11); }

double SciSingleNode::exponential(double rate) {
  if (rate <= 0) return std::numeric_limits<double>::infinity();
  return -std::log1p(-uniform()) / rate;
}

void SciSingleNode::set_rates(const SingleNodeRates& r) {
  if (r.links.size() != size_t(p_.dims)) throw std::invalid_argument("SingleNodeRates: one link per dimension");
  rates_ = r;
  total_rate_.assign(size_t(p_.dims), 0);
  for (int d = 0; d < p_.dims; ++d) {
    const SingleNodeRates::Link& l = r.links[size_t(d)];
    for (int k = 0; k < 2; ++k) total_rate_[size_t(d)] += l.sends[k] + l.echoes[k] + l.nacks[k];
    rings_[size_t(d)].next_arrival = double(t_) + exponential(total_rate_[size_t(d)]);  // memoryless: redrawn
  }
}

void SciSingleNode::clear_stats() {
  stats_ = SingleNodeStats{};
  stats_.rings.resize(size_t(p_.dims));
}

int64_t SciSingleNode::link_backlog() const {
  int64_t n = 0;
  for (const Ring& r : rings_) n += r.waiting;
  return n;
}

// The next ring of a packet leaving ring `from` (-1: the CPU's), or dims for the CPU: uniform
// destinations differ from here in each later coordinate with probability (k-1)/k.
int SciSingleNode::route(int from) {
  const double differs = double(p_.radix - 1) / p_.radix;
  for (int j = from + 1; j < p_.dims; ++j)
    if (uniform() < differs) return j;
  return p_.dims;
}

uint32_t SciSingleNode::allocate(const Packet& p) {
  if (free_.empty()) {
    packets_.push_back(p);
    return uint32_t(packets_.size() - 1);
  }
  const uint32_t s = free_.back();
  free_.pop_back();
  packets_[s] = p;
  return s;
}

void SciSingleNode::run(int64_t cycles) {
  for (const int64_t end = t_ + cycles; t_ < end; ++t_) {
    cpu_draw();
    for (int d = 0; d < p_.dims; ++d) arrive(d);
    switch_flits();
    for (int d = 0; d < p_.dims; ++d) output_link(d);
  }
  stats_.cycles += cycles;
}

// The CPU hands a message over with probability `cpu` each cycle (as RingTraffic draws).
void SciSingleNode::cpu_draw() {
  if (rates_.cpu <= 0 || uniform() >= rates_.cpu) return;
  Packet m;
  m.of = uniform() < rates_.data_fraction ? 1 : 0;
  m.kind = uint8_t(m.of ? SciKind::data : SciKind::address);
  m.role = Role::queued;
  m.from = -1;
  m.flits = int16_t(m.of ? p_.data_flits : p_.address_flits);
  m.to = int16_t(route(-1));
  m.t0 = t_;
  cpu_.push_back(allocate(m));
}

// The input link of ring d: a flit whose decoding ends now, as SciRefNetwork::arrivals.
void SciSingleNode::arrive(int d) {
  Ring& r = rings_[size_t(d)];
  const double rate = total_rate_[size_t(d)];
  while (r.next_arrival < double(t_ + 1)) {
    ++r.waiting;
    r.next_arrival += exponential(rate);
  }
  if (r.in_seq == r.in_flits) {  // between packets: the next one drawn, if any
    if (r.waiting == 0) return;
    --r.waiting;
    const SingleNodeRates::Link& l = rates_.links[size_t(d)];
    double x = uniform() * rate;
    Packet pk;
    pk.kind = uint8_t(SciKind::address);  // (if rounding leaves x past the last rate)
    for (int k = 0; k < 2; ++k) {
      const SciKind kinds[3] = {k ? SciKind::data : SciKind::address, SciKind::echo, SciKind::nack};
      const double rs[3] = {l.sends[k], l.echoes[k], l.nacks[k]};
      bool drawn = false;
      for (int i = 0; i < 3 && !drawn; ++i)
        if ((x -= rs[i]) < 0) pk.kind = uint8_t(kinds[i]), pk.of = uint8_t(k), drawn = true;
      if (drawn) break;
    }
    const bool send = is_send(SciKind(pk.kind));
    pk.flits = int16_t(send ? (pk.of ? p_.data_flits : p_.address_flits) : p_.echo_flits);
    pk.t0 = t_;
    r.in_flits = pk.flits;
    r.in_seq = 0;
    r.head_time = t_;
    if (send && uniform() < exit_probability_) {
      const int room = p_.input_queue_flits - int(r.input_queue.size()) - r.input_reserved;
      const bool accept = room >= pk.flits;
      ++stats_.rings[size_t(d)].exits[pk.of];
      stats_.rings[size_t(d)].drops[pk.of] += !accept;
      r.fate = accept ? Fate::accept : Fate::drop;
      if (accept) {
        r.input_reserved += pk.flits;
        pk.role = Role::queued;
        pk.from = int8_t(d);
        pk.to = int16_t(route(d));
      }
      Packet answer;
      answer.kind = uint8_t(accept ? SciKind::echo : SciKind::nack);
      answer.of = pk.of;
      answer.role = Role::answer;
      answer.flits = int16_t(p_.echo_flits);
      answer.t0 = t_;
      r.answer = allocate(answer);
      r.answer_sent = 0;
    } else if (!send && uniform() < exit_probability_) {
      r.fate = Fate::strip;
    } else {
      r.fate = Fate::pass;
      pk.role = Role::pass;
    }
    r.in = allocate(pk);
  }
  const uint16_t seq = uint16_t(r.in_seq++);
  const bool tail = r.in_seq == r.in_flits;
  switch (r.fate) {
    case Fate::pass:
      r.ring_buffer.push_back(Flit{r.in, seq, t_ + p_.t_pass});
      if (int64_t(r.ring_buffer.size()) > int64_t{p_.ring_buffer_flits} + p_.decode_cycles + p_.t_pass)
        throw std::logic_error("single node: ring buffer overflow in dimension " + std::to_string(d) +
                               ": the output queue rule was broken");
      break;
    case Fate::accept:
      r.input_queue.push_back(Flit{r.in, seq, t_});
      --r.input_reserved;
      break;
    case Fate::drop:
      if (tail) release(r.in);
      break;
    case Fate::strip:
      if (tail) {
        const Packet nack = packets_[r.in];
        release(r.in);
        if (nack.kind == uint8_t(SciKind::nack)) {  // this node's packet, sent again from its active buffer
          Packet again;
          again.of = nack.of;
          again.kind = uint8_t(nack.of ? SciKind::data : SciKind::address);
          again.role = Role::retransmit;
          again.flits = int16_t(nack.of ? p_.data_flits : p_.address_flits);
          again.t0 = r.head_time;
          const uint32_t s = allocate(again);
          for (int i = 0; i < again.flits; ++i) r.retransmit.push_back(Flit{s, uint16_t(i), t_});
        }
      }
      break;
  }
  if (r.fate == Fate::accept || r.fate == Fate::drop) {  // the answer goes on with the packet's first flits
    const int more = tail ? p_.echo_flits - r.answer_sent : (r.answer_sent < p_.echo_flits ? 1 : 0);
    for (int i = 0; i < more; ++i) {
      r.ring_buffer.push_back(Flit{r.answer, uint16_t(r.answer_sent), t_ + p_.t_pass + i});
      ++r.answer_sent;
    }
  }
}

// The switch, as SciRefNetwork::switch_flits: rotating priority over the CPU and the input
// queues, a flit a cycle per destination, bound for a whole packet.
void SciSingleNode::switch_flits() {
  const int sources = p_.dims + 1;
  uint32_t sent_to = 0;
  for (int k = 0; k < sources; ++k) {
    const int s = int((t_ + k) % sources);
    Flit f;
    if (s == 0) {
      if (cpu_.empty()) continue;
      f = Flit{cpu_.front(), uint16_t(cpu_seq_), packets_[cpu_.front()].t0};
    } else {
      std::deque<Flit>& q = rings_[size_t(s - 1)].input_queue;
      if (q.empty() || q.front().time > t_) continue;
      f = q.front();
    }
    Packet& pk = packets_[f.packet];
    if (source_to_[size_t(s)] < 0) {
      const int to = pk.to;
      if (destination_from_[size_t(to)] >= 0 || (sent_to >> to & 1u)) continue;
      source_to_[size_t(s)] = to;
      destination_from_[size_t(to)] = s;
    }
    const int to = source_to_[size_t(s)];
    const bool tail = f.seq == pk.flits - 1;
    if (to < p_.dims) {
      std::deque<Flit>& out = rings_[size_t(to)].output_queue;
      if (int64_t(out.size()) >= int64_t{p_.output_queue_flits} + p_.t_switch) continue;  // backs up
      out.push_back(Flit{f.packet, f.seq, t_ + p_.t_switch});
    } else if (f.seq == 0) {  // to the CPU: there T_switch later
      (pk.from < 0 ? stats_.beta0[pk.of] : stats_.rings[size_t(pk.from)].beta[pk.of]).add(double(t_ + p_.t_switch - pk.t0));
    }
    if (s == 0) {
      if (f.seq == 0) ++stats_.handed[pk.of];
      if (tail) cpu_.pop_front(), cpu_seq_ = 0;
      else ++cpu_seq_;
    } else {
      rings_[size_t(s - 1)].input_queue.pop_front();
    }
    sent_to |= 1u << to;
    if (tail) {
      destination_from_[size_t(to)] = -1;
      source_to_[size_t(s)] = -1;
      if (to == p_.dims) release(f.packet);
    }
  }
}

void SciSingleNode::measure_leaving(const Packet& pk, int d) {
  const double w = double(t_ - pk.t0);
  SingleNodeStats::Ring& r = stats_.rings[size_t(d)];
  switch (pk.role) {
    case Role::pass:
      if (is_send(SciKind(pk.kind))) r.alpha[pk.of].add(w);
      break;
    case Role::answer: r.gamma[pk.of].add(w); break;
    case Role::queued: (pk.from < 0 ? stats_.beta0[pk.of] : stats_.rings[size_t(pk.from)].beta[pk.of]).add(w); break;
    case Role::retransmit: r.delta[pk.of].add(w); break;
  }
}

// The output link, as SciRefNetwork::output_link: between packets, a retransmission or the
// output queue's next packet if the ring buffer has room for one as long, else the ring buffer.
void SciSingleNode::output_link(int d) {
  Ring& r = rings_[size_t(d)];
  if (r.sending == 0) {
    const int room = p_.ring_buffer_flits - int(r.ring_buffer.size());
    if (!r.retransmit.empty() && r.retransmit.front().time <= t_ && room >= packets_[r.retransmit.front().packet].flits)
      r.sending = 3;
    else if (!r.output_queue.empty() && r.output_queue.front().time <= t_ &&
             room >= packets_[r.output_queue.front().packet].flits)
      r.sending = 2;
    else if (!r.ring_buffer.empty() && r.ring_buffer.front().time <= t_)
      r.sending = 1;
    else
      return;
  }
  std::deque<Flit>& q = r.sending == 2 ? r.output_queue : r.sending == 3 ? r.retransmit : r.ring_buffer;
  if (q.empty() || q.front().time > t_) return;
  const Flit f = q.front();
  q.pop_front();
  const Packet& pk = packets_[f.packet];
  if (f.seq == 0) measure_leaving(pk, d);
  if (f.seq == pk.flits - 1) {
    r.sending = 0;
    release(f.packet);
  }
}

}  // namespace kncsim
