#include "ring/sci_switch.hpp"

namespace kncsim {

SciSwitch::SciSwitch(uint32_t node, SciShared& s, SciCpuPort& cpu, std::vector<SciRingInterface>& rings)
    : node_(node), s_(s), cpu_(cpu), rings_(rings), source_to_(size_t(s.p.dims + 1), -1),
      destination_from_(size_t(s.p.dims + 1), -1) {}

FlitFifo& SciSwitch::source(int k) { return k == 0 ? cpu_.queue() : rings_[size_t(k - 1)].input_queue(); }

// From the CPU or input queue d: the next ring in dimension order (or the CPU).
int SciSwitch::destination_of(int k, const Flit& head) const {
  return s_.geo.next_ring(node_, s_.packets[head.packet].dest, k - 1);
}

void SciSwitch::step(int64_t t) {
  const int n = s_.p.dims, sources = n + 1;
  uint32_t taken = 0;  // destinations that took a flit this cycle (n + 1 <= 25 bits)
  for (int i = 0; i < sources; ++i) {
    const int k = int((t + i) % sources);
    FlitFifo& q = source(k);
    if (k >= 1 ? !rings_[size_t(k - 1)].input_ready(t) : q.empty() || q.front().arrival > t) continue;
    const Flit f = q.front().flit;
    if (source_to_[size_t(k)] < 0) {
      const int to = destination_of(k, f);
      if (destination_from_[size_t(to)] >= 0 || (taken >> to & 1u)) continue;
      source_to_[size_t(k)] = to;
      destination_from_[size_t(to)] = k;
    }
    const int to = source_to_[size_t(k)];
    if (to < n) {
      SciRingInterface& out = rings_[size_t(to)];
      if (!out.output_has_room()) continue;  // backs up
      out.to_output(f, t + s_.p.t_switch);
    } else {
      cpu_.take(f, t + s_.p.t_switch);
    }
    if (k == 0 && f.head) cpu_.head_left();
    q.pop();  // the CPU's queue refills itself with its next message
    if (s_.activity) s_.activity->switched(node_, k == 0, to >= n);
    taken |= 1u << to;
    if (f.tail) {
      destination_from_[size_t(to)] = -1;
      source_to_[size_t(k)] = -1;
    }
  }
}

}  // namespace kncsim
