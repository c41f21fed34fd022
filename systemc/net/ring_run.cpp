#include "net/ring_run.hpp"

#include <algorithm>

#include "sc/cycle_time.hpp"
#include "sched/stop_request.hpp"

namespace kncsim {

RingRun::RingRun(SciModel& net, const RingGeometry& g, const RingTrafficSpec& traffic, const RingWindow& window,
                 PacketSink* sink)
    : net_(net),
      g_(g),
      w_(window),
      sink_(sink),
      measures_(window),
      traffic_(
          net, traffic,
          [this](uint64_t id, uint32_t src, uint32_t, SciKind, int64_t t, int64_t request) {
            measures_.injected(id, request);
            if (sink_) sink_->generated(src, t);
          },
          [this](const SciDelivery& x) { delivered(x); }) {}

void RingRun::delivered(const SciDelivery& x) {
  measures_.delivered(x);
  const int hops = ring_hops(x.src, x.dest);
  ++counters_.numrecd;
  counters_.totlat += x.delivered - x.injected;
  counters_.tothops += hops;
  bits_ += x.kind == SciKind::data ? w_.data_bits : w_.address_bits;
  if (sink_) sink_->deliver(PacketRecord{x.id, x.src, x.dest, x.injected, x.delivered, hops});
}

// Rings are unidirectional: (dest - src) mod k links in every dimension.
int RingRun::ring_hops(uint32_t src, uint32_t dest) const {
  int hops = 0;
  for (int d = 0; d < g_.dims(); ++d) hops += (g_.coord(dest, d) - g_.coord(src, d) + g_.radix()) % g_.radix();
  return hops;
}

void RingRun::run_until(int64_t end) {
  const int64_t poll = std::max<int64_t>(16, (int64_t{1} << 20) / int64_t(net_.nodes()));
  while (current_cycle() < end && !stop_requested())
    sc_core::sc_start(cycles(std::min(poll, end - current_cycle())));
}

int64_t RingRun::now() const { return current_cycle(); }

const DeliveryCounters& RingRun::counters() const {
  counters_.numsent = int64_t(net_.counters().injected);
  counters_.dropped = int64_t(net_.counters().dropped);
  return counters_;
}

bool RingRun::drain(int64_t limit) {
  while (!net_.idle() && current_cycle() < limit && !stop_requested()) sc_core::sc_start(cycles(256));
  return net_.idle();
}

}  // namespace kncsim
