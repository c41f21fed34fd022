#include "ring/ring_model.hpp"

#include <algorithm>

#include "model/scoreboard_error.hpp"
#include "sc/cycle_time.hpp"
#include "sched/stop_request.hpp"

namespace kncsim {

void RingModel::start(const RingTrafficSpec& traffic, const RingWindow& window, PacketSink* sink) {
  w_ = window;
  sink_ = sink;
  measures_.emplace(window);
  traffic_.emplace(
      *this, traffic,
      [this](uint64_t id, uint32_t src, uint32_t dest, SciKind kind, int64_t t, int64_t request) {
        measures_->injected(id, request);
        if (sink_) sink_->generated(src, t);
        if (observer_) observer_(src, dest, kind, t);
      },
      [this](const SciDelivery& x) { delivered(x); });
}

void RingModel::start(ReactiveSource& source, int address_flits, const RingWindow& window, PacketSink* sink) {
  w_ = window;
  sink_ = sink;
  measures_.emplace(window);
  reactive_.emplace(
      *this, source, address_flits,
      [this](uint64_t id, uint32_t src, int64_t t) {
        measures_->injected(id, -1);
        if (sink_) sink_->generated(src, t);
      },
      [this](const SciDelivery& x) { delivered(x); });
}

void RingModel::delivered(const SciDelivery& x) {
  measures_->delivered(x);
  const int hops = ring_hops(x.src, x.dest);
  ++delivery_.numrecd;
  delivery_.totlat += x.delivered - x.injected;
  delivery_.tothops += hops;
  bits_ += x.kind == SciKind::data ? w_.data_bits : w_.address_bits;
  if (sink_) sink_->deliver(PacketRecord{x.id, x.src, x.dest, x.injected, x.delivered, hops});
}

// Rings are unidirectional: (dest - src) mod k links in every dimension.
int RingModel::ring_hops(uint32_t src, uint32_t dest) const {
  int hops = 0;
  for (int d = 0; d < g_.dims(); ++d) hops += (g_.coord(dest, d) - g_.coord(src, d) + g_.radix()) % g_.radix();
  return hops;
}

void RingModel::run_until(int64_t end) {
  const int64_t poll = std::max<int64_t>(16, (int64_t{1} << 20) / int64_t(nodes()));
  while (current_cycle() < end && !stop_requested()) step(std::min(poll, end - current_cycle()));
}

// A stretch of cycles; a scoreboard's verdict inside the kernel comes out in its own words.
void RingModel::step(int64_t n) {
  try {
    sc_core::sc_start(cycles(n));
  } catch (const std::exception&) {
    if (measures_ && !measures_->failure().empty()) throw ScoreboardError(measures_->failure());
    if (reactive_ && reactive_->error()) std::rethrow_exception(reactive_->error());  // e.g. a bad trace record
    throw;
  }
}

int64_t RingModel::now() const { return current_cycle(); }

const DeliveryCounters& RingModel::counters() const {
  delivery_.numsent = int64_t(sci_counters().injected);
  delivery_.dropped = int64_t(sci_counters().dropped);
  return delivery_;
}

bool RingModel::drain(int64_t limit) {
  while (!idle() && current_cycle() < limit && !stop_requested()) step(256);
  return idle();
}

}  // namespace kncsim
