#pragma once
// A ring network under its traffic, as the convergence drivers see every network (CycleModel):
// whichever model runs the rings (the reference or the SciNode network), Scott & Goodman's
// workload drawn by RingTraffic, and the listings' cumulative counters (messages handed over
// and delivered, latency and ring hops summed) beside RingMeasures' window.
#include <cstdint>

#include "ring/sci_model.hpp"
#include "stats/counters.hpp"
#include "stats/ring_measures.hpp"
#include "topo/ring_geometry.hpp"
#include "traffic/ring_traffic.hpp"

namespace kncsim {

class RingRun final : public CycleModel {
 public:
  // Takes over the network's on_cycle and on_delivery. `sink` (optional) gets every delivered
  // message as a PacketRecord (generation = hand-over, arrival = tail at the CPU).
  RingRun(SciModel& net, const RingGeometry& g, const RingTrafficSpec& traffic, const RingWindow& window,
          PacketSink* sink = nullptr);

  // In stretches, so that a stop request (a signal) is seen at a cycle boundary soon.
  void run_until(int64_t end) override;
  int64_t now() const override;
  const DeliveryCounters& counters() const override;
  std::vector<ChannelLoad> channel_loads() const override { return net_.channel_loads(); }

  // Runs on (traffic.until should have passed) until the network is idle or `limit`; true if
  // it drained. A saturated network may not.
  bool drain(int64_t limit);

  double delivered_bits() const { return bits_; }
  const RingMeasures& window() const { return measures_; }
  SciModel& network() { return net_; }

 private:
  void delivered(const SciDelivery& x);
  int ring_hops(uint32_t src, uint32_t dest) const;

  SciModel& net_;
  RingGeometry g_;
  RingWindow w_;
  PacketSink* sink_;
  RingMeasures measures_;
  RingTraffic traffic_;
  mutable DeliveryCounters counters_;
  double bits_ = 0;
};

}  // namespace kncsim
