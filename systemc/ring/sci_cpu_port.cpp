#include "ring/sci_cpu_port.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>

namespace kncsim {

uint64_t SciCpuPort::hand_over(uint32_t dest, SciKind kind, bool droppable, int64_t t) {
  if (droppable && s_.p.source_queue_packets > 0 && queued_ >= s_.p.source_queue_packets) {
    ++s_.counters.dropped;
    return SciModel::kDropped;
  }
  ++queued_;
  const WaitingPacket w{sci_message_id(node_, messages_++), t, dest, uint8_t(kind)};
  const int flits = kind == SciKind::data ? s_.p.data_flits : s_.p.address_flits;
  if (queue_.empty()) {
    spool(w);
  } else {
    s_.waiting.push(node_, w);  // its flits are made when it reaches the front
    s_.unmade_flits += flits;
  }
  s_.flits += flits;
  ++s_.counters.injected;
  return w.id;
}

void SciCpuPort::spool(const WaitingPacket& w) {
  SciPacket p;
  p.id = w.id;
  p.kind = SciKind(w.tag);
  p.src = node_;
  p.dest = w.dest;
  p.flits = p.kind == SciKind::data ? s_.p.data_flits : s_.p.address_flits;
  p.injected = w.time;
  const uint32_t slot = s_.packets.allocate(p);
  for (int i = 0; i < p.flits; ++i)
    queue_.push(TimedFlit{w.time, Flit{slot, uint16_t(i), 0, i == 0, i == p.flits - 1, false, 0, w.tag, false}});
}

void SciCpuPort::refill() {
  if (s_.waiting.empty(node_)) return;
  const WaitingPacket w = s_.waiting.front(node_);
  s_.waiting.pop(node_);
  spool(w);
  s_.unmade_flits -= SciKind(w.tag) == SciKind::data ? s_.p.data_flits : s_.p.address_flits;
}

void SciCpuPort::deliver(int64_t t) {
  while (!to_cpu_.empty() && to_cpu_.front().arrival <= t) {
    const Flit f = to_cpu_.front().flit;
    to_cpu_.pop();
    --s_.flits;
    const SciPacket& pk = s_.packets[f.packet];
    if (f.seq != next_seq_)
      throw std::logic_error(fmt::format("SCI: flit {} of message {} reached the CPU of node {} out of order", f.seq,
                                         pk.id, node_));
    next_seq_ = f.tail ? 0 : f.seq + 1;
    if (!f.tail) continue;
    ++s_.counters.delivered;
    const SciDelivery x{pk.id, pk.kind, pk.src, pk.dest, pk.injected, t, pk.retries};
    if (!s_.injected_of.empty()) s_.injected_of.erase(pk.id);
    s_.packets.release(f.packet);
    if (s_.deliver) s_.deliver(x);
  }
}

int64_t SciCpuPort::next_event(int64_t t) const {
  int64_t next = -1;
  for (const FlitFifo* q : {&queue_, &to_cpu_})
    if (!q->empty()) {
      const int64_t at = std::max(t + 1, q->front().arrival);
      next = next < 0 ? at : std::min(next, at);
    }
  return next;
}

}  // namespace kncsim
