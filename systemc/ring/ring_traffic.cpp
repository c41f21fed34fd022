#include "ring/ring_traffic.hpp"

#include "sc/cycle_time.hpp"
#include "rand/counter_rng.hpp"

namespace kncsim {

RingTraffic::RingTraffic(SciModel& net, const RingTrafficSpec& spec, Injected injected, Delivered delivered)
    : net_(net), spec_(spec), injected_(std::move(injected)), delivered_(std::move(delivered)) {
  net_.on_cycle([this](int64_t t) { draw(t); });
  net_.on_delivery([this](const SciDelivery& x) { answer(x); });
}

void RingTraffic::draw(int64_t t) {
  if (t >= spec_.until) return;
  const uint32_t n = net_.nodes();
  for (uint32_t s = 0; s < n; ++s) {
    if (double(counter_bits53(spec_.seed, s, uint64_t(t), 0)) * 0x1p-53 >= spec_.rate) continue;
    const uint32_t to = uint32_t(counter_bits53(spec_.seed, s, uint64_t(t), 1) % n);
    const bool data = !spec_.request_response &&
                      double(counter_bits53(spec_.seed, s, uint64_t(t), 2)) * 0x1p-53 < spec_.data_fraction;
    const SciKind kind = data ? SciKind::data : SciKind::address;
    const uint64_t id = net_.inject(s, to, kind);
    if (id != SciModel::kDropped && injected_) injected_(id, s, to, kind, t, -1);
  }
}

void RingTraffic::answer(const SciDelivery& x) {
  if (delivered_) delivered_(x);
  if (!spec_.request_response || x.kind != SciKind::address) return;
  // The reply is never dropped: its request is in.
  const uint64_t id = net_.inject(x.dest, x.src, SciKind::data, false);
  if (injected_) injected_(id, x.dest, x.src, SciKind::data, x.delivered, x.injected);
}

}  // namespace kncsim
