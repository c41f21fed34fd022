#pragma once
// Traffic for the SCI ring networks, whichever model runs them (SciModel): Scott & Goodman's
// open workload (each node hands its CPU's messages over at a rate, a fraction of them data
// packets, to uniform destinations) or request/response (address packets, each answered by a
// data packet from its destination when it is delivered). Drawn per (node, cycle) from a
// counter-based generator, so every model gets the same stimulus.
#include <cstdint>
#include <functional>

#include "ring/sci_model.hpp"

namespace kncsim {

struct RingTrafficSpec {
  double rate = 0;            // messages per cycle per node (requests, under request/response)
  double data_fraction = 0;   // open: the fraction of data packets
  bool request_response = false;
  uint64_t seed = 1;
  int64_t until = 0;          // no new messages from this cycle on (requests are still answered)
};

class RingTraffic {
 public:
  // Told of every message handed over (a reply also names its request's injection cycle, else
  // -1), and of every delivery before it is answered.
  using Injected = std::function<void(uint64_t id, uint32_t src, uint32_t dest, SciKind kind, int64_t cycle,
                                      int64_t request_injected)>;
  using Delivered = std::function<void(const SciDelivery&)>;

  // Takes over the network's on_cycle and on_delivery.
  RingTraffic(SciModel& net, const RingTrafficSpec& spec, Injected injected, Delivered delivered);

 private:
  void draw(int64_t t);
  void answer(const SciDelivery& x);

  SciModel& net_;
  RingTrafficSpec spec_;
  Injected injected_;
  Delivered delivered_;
};

}  // namespace kncsim
