#include "stats/packet_ages.hpp"

namespace kncsim {

PacketAges::Mean PacketAges::mean(int64_t now, int64_t min_packets) const {
  Mean m;
  const bool open_counts = open_cycle_ < now;
  double latency = 0;
  int64_t packets = 0;
  for (size_t n = 0; n < nodes_.size(); ++n) {
    const Source& s = nodes_[n];
    const int64_t generated = s.generated + (open_counts ? s.open : 0);
    const double generated_sum = s.generated_sum + (open_counts ? double(s.open) * double(open_cycle_) : 0);
    const int64_t waiting = generated - s.delivered;
    const double ages = double(waiting) * double(now) - (generated_sum - s.delivered_tsent);
    m.waiting += waiting;
    m.waiting_age_sum += ages;
    latency += s.latency_sum + ages;
    packets += s.delivered + waiting;
    if (s.delivered + waiting >= min_packets && s.delivered + waiting > 0) {
      const double mine = (s.latency_sum + ages) / double(s.delivered + waiting);
      if (mine > m.worst) m.worst = mine, m.worst_node = int64_t(n);
    }
  }
  m.all = packets ? latency / double(packets) : 0;
  return m;
}

}  // namespace kncsim
