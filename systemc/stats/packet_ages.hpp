#pragma once
// The packets not yet delivered and their ages, in all and per source, for a latency bound
// that counts them as BookSim's latency_thres does (a starving packet raises the mean before it
// arrives), and for the worst source's mean (a network that starves one source of its load is
// saturated, though it carries nearly all of the rest: Dally & Towles measure throughput as the
// least any flow gets). A sink between the model and the next. Σ over waiting packets of
// (now − generation) = waiting · now − (Σ generation cycles − Σ tsent of the delivered); tsent
// is the generation cycle except in Pertel's model, where a packet queued behind another at
// its source gets max(cycle, tls + L): there the ages come out slightly high.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "model/network_model.hpp"

namespace kncsim {

class PacketAges final : public PacketSink {
 public:
  PacketAges(uint32_t nodes, PacketSink* next = nullptr) : next_(next), nodes_(nodes) {}

  void deliver(const PacketRecord& r) override {
    Source& s = nodes_[r.src];
    ++s.delivered;
    s.delivered_tsent += double(r.tsent);
    s.latency_sum += double(r.tarrive - r.tsent);
    if (next_) next_->deliver(r);
  }
  // Models tell a cycle's generations ahead of it; they count from the cycle after.
  void generated(uint32_t src, int64_t cycle) override {
    if (cycle != open_cycle_) settle();
    open_cycle_ = cycle;
    Source& s = nodes_[src];
    if (!s.open) touched_.push_back(src);
    ++s.open;
    if (next_) next_->generated(src, cycle);
  }

  struct Mean {
    double all = 0;             // (latencies + waiting ages) / (delivered + waiting), every source
    double worst = 0;           // the same for the source where it is largest
    int64_t worst_node = -1;
    int64_t waiting = 0;        // packets generated before `now` and not delivered
    double waiting_age_sum = 0;
  };
  // At the start of cycle `now`, in cycles. Sources with fewer than `min_packets` packets
  // (delivered and waiting) are left out of the worst.
  Mean mean(int64_t now, int64_t min_packets) const;

 private:
  struct Source {
    int64_t generated = 0, open = 0, delivered = 0;
    double generated_sum = 0, delivered_tsent = 0, latency_sum = 0;
  };
  void settle() {
    for (uint32_t n : touched_) {
      Source& s = nodes_[n];
      s.generated += s.open;
      s.generated_sum += double(s.open) * double(open_cycle_);
      s.open = 0;
    }
    touched_.clear();
  }
  PacketSink* next_;
  std::vector<Source> nodes_;
  std::vector<uint32_t> touched_;  // sources with generations in the open cycle
  int64_t open_cycle_ = -1;
};

}  // namespace kncsim
