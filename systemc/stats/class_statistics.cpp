#include "stats/class_statistics.hpp"

namespace kncsim {

ClassStatistics::ClassStatistics(std::vector<Counts> classes, uint32_t network_nodes, bool collect_from_start,
                                 PacketSink* next)
    : next_(next) {
  for (Counts& c : classes) {
    Class k;
    k.on.assign(network_nodes, c.nodes.empty());
    for (uint32_t n : c.nodes) k.on[n] = true;
    k.delivered_from.assign(network_nodes, 0);
    k.collected_from.assign(network_nodes, 0);
    int64_t mine = 0;
    for (bool b : k.on) mine += b;
    k.nodes_short_of_warmup = c.warmup_packets > 0 ? mine : 0;
    k.nodes_short_of_packets = mine;
    k.counts = std::move(c);
    classes_.push_back(std::move(k));
  }
  if (collect_from_start) begin_collection(0);
}

void ClassStatistics::deliver(const PacketRecord& r) {
  Class& k = classes_[size_t(r.cls)];
  if (++k.delivered_from[r.src] == k.counts.warmup_packets && k.on[r.src]) --k.nodes_short_of_warmup;
  if (collecting_) {
    k.latency.add(r.tarrive - r.tsent);
    k.history.add(r);
    if (++k.collected_from[r.src] == k.counts.packets && k.on[r.src]) --k.nodes_short_of_packets;
  }
  if (next_) next_->deliver(r);
}

bool ClassStatistics::warm() const {
  for (const Class& k : classes_)
    if (k.nodes_short_of_warmup > 0) return false;
  return true;
}

void ClassStatistics::begin_collection(int64_t now) {
  collecting_ = true;
  began_ = now;
}

bool ClassStatistics::collected() const {
  if (!collecting_) return false;
  for (const Class& k : classes_)
    if (k.nodes_short_of_packets > 0) return false;
  return true;
}

}  // namespace kncsim
