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
    if (r.tleft >= 0) {
      injection_.add(r.tleft - r.tsent);
      network_.add(r.tarrive - r.tleft);
    }
    ++received_;
    received_time_sum_ += r.tarrive;
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
    ++generated_;
    generated_time_sum_ += cycle;
    if (next_) next_->generated(src, cycle);
  }

  const ValueDistribution& latency() const { return latency_; }
  // Pertel's T split where the model says when each head left its source: the cycles it waited
  // in the injection queue (tleft - tsent) and those it took through the network (tarrive - tleft).
  const ValueDistribution& injection_latency() const { return injection_; }
  const ValueDistribution& network_latency() const { return network_; }
  // The packets generated and not yet delivered (the listing's numsent - numrecd), summed over
  // the cycles before `now`: divided by now and the queue count, the time average of AQLEN that
  // the Critique (2.2) asks for in place of its value at termination.
  double packets_waiting_area(int64_t now) const {
    int64_t generated = generated_, generated_sum = generated_time_sum_;
    if (pending_cycle_ >= now) {  // drawn ahead of the clock: not generated yet
      generated -= int64_t(pending_.size());
      generated_sum -= int64_t(pending_.size()) * pending_cycle_;
    }
    return double(generated * now - generated_sum) - double(received_ * now - received_time_sum_);
  }
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
  ValueDistribution latency_, hops_, injection_, network_;
  int64_t generated_ = 0, generated_time_sum_ = 0, received_ = 0, received_time_sum_ = 0;
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
