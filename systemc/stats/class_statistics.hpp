#pragma once
// Each traffic class's results apart (PP-MESS-SIM's per-task history lists), and its warm-up and
// collection counts (run.convergence packets, the paper's "drop" and "packets"): every class must
// deliver warmup_packets from each of its nodes before any class collects; then each collects
// until it has `packets` from each of its nodes, and the run ends when every class has. A class's
// statistics count only the packets delivered while collecting (from cycle 0 under any other
// rule).
#include <cstdint>
#include <string>
#include <vector>

#include "model/network_model.hpp"
#include "stats/packet_history.hpp"
#include "stats/value_distribution.hpp"

namespace kncsim {

class ClassStatistics final : public PacketSink {
 public:
  struct Counts {
    std::string name;
    std::vector<uint32_t> nodes;  // empty: every node
    int64_t warmup_packets = 0, packets = 1000;
  };
  struct Class {
    Counts counts;
    std::vector<bool> on;                   // its nodes
    std::vector<int64_t> delivered_from;    // per node: its packets delivered, from cycle 0
    std::vector<int64_t> collected_from;    // per node: those delivered while collecting
    ValueDistribution latency;              // while collecting
    PacketHistory history;                  // latency by hop count (and cut-throughs, blocking)
    int64_t nodes_short_of_warmup, nodes_short_of_packets;
  };

  // collect_from_start: statistics from cycle 0 (any run.convergence but packets).
  ClassStatistics(std::vector<Counts> classes, uint32_t network_nodes, bool collect_from_start, PacketSink* next);

  void deliver(const PacketRecord& r) override;
  void generated(uint32_t src, int64_t cycle) override {
    if (next_) next_->generated(src, cycle);
  }

  // run.convergence packets: every class's every node has delivered its warm-up packets.
  bool warm() const;
  void begin_collection(int64_t now);
  bool collecting() const { return collecting_; }
  int64_t collection_began() const { return began_; }
  // Every class's every node has delivered `packets` while collecting.
  bool collected() const;

  const std::vector<Class>& classes() const { return classes_; }

 private:
  PacketSink* next_;
  std::vector<Class> classes_;
  bool collecting_ = false;
  int64_t began_ = -1;
};

}  // namespace kncsim
