#pragma once
// Packet latencies in delivery order, kept as the means of small groups for warm-up detection
// (MSER) and batch means. A group holds at least group_size() packets and closes only between
// cycles, so models that deliver the same packets in the same cycles get the same groups. When
// kMaxGroups are held, neighbours merge and the group size doubles: memory stays constant,
// and MSER-5 becomes MSER-m with m = the group size (White, Cobb & Spratt 2000 allow any m).
#include <cstddef>
#include <cstdint>
#include <vector>

#include "model/network_model.hpp"

namespace kncsim {

class LatencySeries final : public PacketSink {
 public:
  static constexpr int64_t kFirstGroupSize = 5;  // MSER-5
  static constexpr size_t kMaxGroups = size_t{1} << 15;

  // `scale` turns a record's latency into T's unit (a synchronous ring's switch cycles).
  explicit LatencySeries(PacketSink* next = nullptr, double scale = 1) : next_(next), scale_(scale) {}

  void deliver(const PacketRecord& r) override {
    add(double(r.tarrive - r.tsent) * scale_, r.tarrive);
    if (next_) next_->deliver(r);
  }
  void generated(uint32_t src, int64_t cycle) override {
    if (next_) next_->generated(src, cycle);
  }
  // One observation delivered in `cycle` (cycles nondecreasing).
  void add(double x, int64_t cycle) {
    if (cycle != open_.last_cycle && open_.count >= group_size_) close();
    open_.sum += x;
    ++open_.count;
    open_.last_cycle = cycle;
  }

  struct Group {
    double sum = 0;
    int64_t count = 0;
    int64_t last_cycle = -1;  // the cycle of its last packet
    double mean() const { return sum / double(count); }
  };
  const std::vector<Group>& groups() const { return groups_; }  // closed groups, oldest first
  int64_t group_size() const { return group_size_; }

 private:
  void close();
  PacketSink* next_;
  double scale_;
  std::vector<Group> groups_;
  Group open_;
  int64_t group_size_ = kFirstGroupSize;
};

}  // namespace kncsim
