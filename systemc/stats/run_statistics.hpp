#pragma once
// Every delivered packet's statistics beyond the listings' means, for any model (a PacketSink
// between the model and the caller's sink, which still gets every record): the exact latency
// and hop-count distributions, a batch-means confidence interval of the mean latency, and per
// node the packets generated there (offered), delivered there (accepted) and the latency of
// the packets it sent. The latency is the listings' (tarrive - tsent), over every packet
// delivered since cycle 0, so its mean is T.
#include <cstdint>
#include <optional>
#include <vector>

#include "stats/batch_means.hpp"
#include "model/network_model.hpp"
#include "stats/packet_history.hpp"
#include "stats/value_distribution.hpp"

namespace kncsim {

class RunStatistics final : public PacketSink {
 public:
  // history: also PP-MESS-SIM's history-list statistics (run.statistics: history).
  RunStatistics(uint32_t nodes, PacketSink* next, bool history = false) : next_(next), nodes_(nodes) {
    if (history) history_.emplace();
  }

  void deliver(const PacketRecord& r) override {
    if (history_) history_->add(r);
    const int64_t lat = r.tarrive - r.tsent;
    latency_.add(lat);
    hops_.add(r.hops);
    batches_.add(double(lat), r.tarrive);
    Node& src = nodes_[r.src];
    src.latency_sum += lat;
    ++src.delivered_from;
    ++nodes_[r.dest].accepted;
    if (next_) next_->deliver(r);
  }
  void generated(uint32_t src, int64_t cycle) override {
    if (cycle != pending_cycle_) settle();
    pending_cycle_ = cycle;
    pending_.push_back(src);
    if (next_) next_->generated(src, cycle);
  }

  const ValueDistribution& latency() const { return latency_; }
  const PacketHistory* history() const { return history_ ? &*history_ : nullptr; }
  const ValueDistribution& hops() const { return hops_; }
  BatchMeans::Interval latency_interval95() const { return batches_.interval95(); }

  struct NodeCounts {
    int64_t offered;         // packets generated here that count in numsent at `now`
    int64_t accepted;        // packets delivered here
    int64_t delivered_from;  // packets from here delivered
    int64_t latency_sum;     // their latencies summed
  };
  // Per node, as of the model's clock `now` (generations of cycles < now count).
  std::vector<NodeCounts> nodes(int64_t now) const;

 private:
  struct Node {
    int64_t offered = 0, accepted = 0, delivered_from = 0, latency_sum = 0;
  };
  void settle() {
    for (uint32_t n : pending_) ++nodes_[n].offered;
    pending_.clear();
  }
  PacketSink* next_;
  std::optional<PacketHistory> history_;
  std::vector<Node> nodes_;
  ValueDistribution latency_, hops_;
  BatchMeans batches_;
  // A model may draw the next cycle's packets before its clock passes this one: the last
  // cycle's generations wait here until a later cycle's arrive or the caller's `now` passes.
  int64_t pending_cycle_ = -1;
  std::vector<uint32_t> pending_;
};

inline std::vector<RunStatistics::NodeCounts> RunStatistics::nodes(int64_t now) const {
  std::vector<NodeCounts> out;
  out.reserve(nodes_.size());
  for (const Node& n : nodes_) out.push_back(NodeCounts{n.offered, n.accepted, n.delivered_from, n.latency_sum});
  if (pending_cycle_ < now)
    for (uint32_t n : pending_) ++out[n].offered;
  return out;
}

}  // namespace kncsim
