#include "ring/ring_reactive_traffic.hpp"

#include <stdexcept>
#include <string>

namespace kncsim {

RingReactiveTraffic::RingReactiveTraffic(SciModel& net, ReactiveSource& source, int address_flits, Injected injected,
                                         Delivered delivered)
    : net_(net), source_(source), address_flits_(address_flits), injected_(std::move(injected)),
      delivered_(std::move(delivered)) {
  net_.on_cycle([this](int64_t t) { draw(t); });
  net_.on_delivery([this](const SciDelivery& x) { this->delivered(x); });
}

void RingReactiveTraffic::draw(int64_t t) {
  handed_.clear();
  try {
    source_.packets_for(t, handed_);
  } catch (...) {
    error_ = std::current_exception();
    throw;
  }
  for (const MessagePacket& m : handed_) {
    const SciKind kind = m.flits <= address_flits_ ? SciKind::address : SciKind::data;
    const uint64_t id = net_.inject(m.node, m.dest, kind, false);  // a trace's packets are never dropped
    source_id_.emplace(id, next_id_);
    if (injected_) injected_(next_id_, m.node, t);
    ++next_id_;
  }
}

void RingReactiveTraffic::delivered(const SciDelivery& x) {
  try {
    const auto it = source_id_.find(x.id);
    if (it == source_id_.end())
      throw std::logic_error("ring trace replay: message " + std::to_string(x.id) + " delivered, never handed over");
    SciDelivery y = x;
    y.id = it->second;
    source_id_.erase(it);
    if (delivered_) delivered_(y);
    source_.tail_arrived(y.id, y.src, y.dest, y.delivered);
  } catch (...) {
    error_ = std::current_exception();
    throw;
  }
}

}  // namespace kncsim
