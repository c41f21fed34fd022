#include "ni/network_interface.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

#include <fmt/format.h>

#include "energy/network_activity.hpp"
#include "model/scoreboard_error.hpp"

namespace kncsim {

bool NetworkInterface::inject(uint64_t id, uint32_t dest, int64_t generated, int flits, uint8_t cls) {
  if (source_.queue_packets > 0 && queued_ >= source_.queue_packets) return false;
  ++queued_;
  if (flits == 0) flits = source_.packet_flits;
  const int64_t tin = std::max(generated, tls_ + (last_flits_ < 0 ? flits : last_flits_));
  tls_ = tin;
  last_flits_ = flits;
  if (log_.flits_injected == log_.flits_delivered + log_.flits_stripped) log_.busy_since = generated;
  log_.flits_injected += flits;
  const WaitingPacket w{id, tin, dest, cls, uint32_t(flits)};  // the tag: its class
  if (queue_.empty())
    spool(w);
  else
    waiting_.push(queue_id_, w);
  router_.wake_at(tin);
  return true;
}

// The packet's flits enter the injection queue, each usable from tin + its position.
void NetworkInterface::spool(const WaitingPacket& w) {
  const int flits = int(w.flits);
  if (log_.activity) log_.activity->injected(node_, flits);  // into the router's local input
  PacketInfo info{w.id, node_, w.dest, w.time, 0, flits, 0, node_, w.time};
  info.cls = w.tag;
  const uint32_t k = packets_.allocate(info);
  spooled_.push_back(k);
  const int dims = headers_ ? headers_->dims() : 0;
  int i = 0;
  for (; i < flits && i < dims; ++i) {  // hop-count headers: one flit each
    Flit f;
    f.packet = k;
    f.seq = uint16_t(i);
    f.head = i == 0;
    f.tail = i == flits - 1;
    f.header = true;
    f.dim = uint8_t(i);
    f.hops = int16_t(headers_->offset(node_, w.dest, i));
    queue_.push(TimedFlit{w.time + i, f});
  }
  if (i == flits) return;
  Flit f;  // the rest, in one step
  f.packet = k;
  f.seq = uint16_t(i);
  f.head = i == 0;
  queue_.push_train(w.time + i, f, uint32_t(flits - i));
}

void NetworkInterface::refill() {
  if (waiting_.empty(queue_id_)) return;
  const WaitingPacket w = waiting_.front(queue_id_);
  waiting_.pop(queue_id_);
  spool(w);
}

void NetworkInterface::head_left(int64_t cycle) {
  --queued_;
  const uint32_t k = spooled_[spooled_front_++];
  if (spooled_front_ == spooled_.size()) {
    spooled_.clear();  // the vector keeps its room
    spooled_front_ = 0;
  } else if (spooled_front_ >= 64 && 2 * spooled_front_ >= spooled_.size()) {  // never emptied: drop what left
    spooled_.erase(spooled_.begin(), spooled_.begin() + std::ptrdiff_t(spooled_front_));
    spooled_front_ = 0;
  }
  if (log_.left_source.size() <= k) log_.left_source.resize(std::max<size_t>(64, 2 * size_t(k) + 1));
  log_.left_source[k] = cycle;
}

void NetworkInterface::eject(const Flit& f, int64_t arrival) {
  const int first = headers_ ? headers_->dims() : 0;  // hop-count headers were stripped on the way
  const bool in_order = f.head ? !receiving_ && f.seq == first && !f.header
                               : receiving_ && f.packet == receiving_packet_ && f.seq == next_seq_;
  if (!in_order || !packets_.live(f.packet) || packets_[f.packet].dest != node_) refuse(f, arrival);
  const PacketInfo& p = packets_[f.packet];
  ++log_.flits_delivered;
  receiving_ = !f.tail;
  receiving_packet_ = f.packet;
  next_seq_ = uint16_t(f.seq + 1);
  if (f.head) {
    DeliveryCounters& c = log_.counters;
    ++c.numrecd;
    c.totlat += arrival - p.tsent;
    c.tothops += p.hops;
    if (log_.sink)
      log_.sink->deliver(PacketRecord{p.id, p.src, p.dest, p.tsent, arrival, p.hops, log_.history ? p.cut_throughs : -1,
                                      log_.history ? p.blocked : -1, p.cls, log_.history ? p.source_wait : -1,
                                      f.packet < log_.left_source.size() ? log_.left_source[f.packet] : -1});
    if (log_.check_pair_order) {
      uint64_t& last = log_.last_id_of_pair[uint64_t(p.src) << 32 | p.dest];
      if (last > p.id)
        throw std::logic_error("dimension-order routing delivered packet " + std::to_string(p.id) + " from " +
                               std::to_string(p.src) + " to " + std::to_string(p.dest) + " after packet " +
                               std::to_string(last - 1) + " of the same pair");
      last = p.id + 1;
    }
  }
  if (f.tail) {
    if (log_.tails) log_.tails->tail_arrived(p.id, p.src, p.dest, arrival);
    packets_.release(f.packet);
  }
}

// The sink's scoreboard: what a network may not deliver, said in cycles and packets. The run
// stops (the network's run_until turns this into the ScoreboardError it is).
void NetworkInterface::refuse(const Flit& f, int64_t arrival) {
  std::string what;
  if (!packets_.live(f.packet))
    what = fmt::format("a flit (tag {}) of no packet in flight: a packet delivered already, or never sent", f.packet);
  else if (packets_[f.packet].dest != node_)
    what = fmt::format("packet {} (node {} to {}) delivered to node {}", packets_[f.packet].id, packets_[f.packet].src,
                       packets_[f.packet].dest, node_);
  else if (f.head && receiving_)
    what = fmt::format("the head of packet {} inside packet {} (its flit {} was next)", packets_[f.packet].id,
                       packets_[receiving_packet_].id, next_seq_);
  else if (f.head)
    what = fmt::format("packet {}'s head as flit {} (a hop-count header left in it)", packets_[f.packet].id, f.seq);
  else if (!receiving_)
    what = fmt::format("flit {} of packet {} with no packet arriving (its head lost, or it delivered twice)", f.seq,
                       packets_[f.packet].id);
  else if (f.packet != receiving_packet_)
    what = fmt::format("flit {} of packet {} inside packet {}", f.seq, packets_[f.packet].id, packets_[receiving_packet_].id);
  else
    what = fmt::format("flit {} of packet {} where flit {} was next (a flit lost or repeated)", f.seq,
                       packets_[f.packet].id, next_seq_);
  log_.failure = fmt::format("scoreboard: cycle {}, node {}: {}", arrival, node_, what);
  throw ScoreboardError(log_.failure);
}

}  // namespace kncsim
