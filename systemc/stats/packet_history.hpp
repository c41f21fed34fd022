#pragma once
// PP-MESS-SIM's history-list statistics (Rexford et al. 7.3, Table 4), from the per-packet
// records of the flit-level wormhole network: latency by hop count ("performance may vary with
// communication distance"), cut-through statistics (how many of the routers a packet passed it
// crossed without waiting), and the blocking part of the latency (the cycles its head waited at
// routers beyond their routing delay), split into the latency's parts: at the source, blocked in
// the network, and moving. run.statistics: history.
#include <cmath>
#include <cstdint>
#include <map>

#include "model/network_model.hpp"
#include "stats/value_distribution.hpp"

namespace kncsim {

class PacketHistory {
 public:
  struct Moments {
    int64_t count = 0;
    double sum = 0, sum_sq = 0;
    int64_t max = 0;
    void add(int64_t x) {
      ++count;
      sum += double(x);
      sum_sq += double(x) * double(x);
      max = std::max(max, x);
    }
    double mean() const { return count ? sum / double(count) : NAN; }
    double stddev() const {
      if (count < 2) return NAN;
      const double m = mean();
      return std::sqrt(std::max(0.0, (sum_sq - double(count) * m * m) / double(count - 1)));
    }
  };

  // A record without the flit-level fields (cut_throughs < 0) counts in the latency by hops only.
  void add(const PacketRecord& r) {
    by_hops_[r.hops].add(r.tarrive - r.tsent);
    if (r.cut_throughs < 0) return;
    routers_ += r.hops + 1;  // its source's, those on the way, its destination's
    cuts_ += r.cut_throughs;
    cuts_per_packet_.add(r.cut_throughs);
    never_waited_ += r.cut_throughs == r.hops + 1;
    blocked_.add(r.blocked);
    source_wait_.add(r.source_wait);
    latency_.add(r.tarrive - r.tsent);
  }

  const std::map<int32_t, Moments>& by_hops() const { return by_hops_; }
  bool flit_level() const { return routers_ > 0; }
  // The probability a packet crosses a router without waiting.
  double cut_through_probability() const { return routers_ ? double(cuts_) / double(routers_) : NAN; }
  double never_waited_fraction() const {
    return cuts_per_packet_.count() ? double(never_waited_) / double(cuts_per_packet_.count()) : NAN;
  }
  const ValueDistribution& cuts_per_packet() const { return cuts_per_packet_; }
  const Moments& blocked() const { return blocked_; }
  // The latency's parts: waiting at the source's router, waiting at routers after it (blocked -
  // source_wait), and the rest (wires, routing delays, the flit at the destination).
  const Moments& source_wait() const { return source_wait_; }
  const Moments& latency() const { return latency_; }

 private:
  std::map<int32_t, Moments> by_hops_;
  int64_t routers_ = 0, cuts_ = 0, never_waited_ = 0;
  ValueDistribution cuts_per_packet_;
  Moments blocked_, source_wait_, latency_;
};

}  // namespace kncsim
