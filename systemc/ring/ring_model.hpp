#pragma once
// A ring network as every network model is driven (NetworkModel), whichever model runs the
// rings: the reference (SciRefNetwork) or the network of SciNode modules, some or all of them
// Verilated RTL (SciNetwork). start() puts Scott & Goodman's workload on it (RingTraffic); it
// then keeps the listings' cumulative counters (messages handed over and delivered, latency and
// ring hops summed) beside the measurement window's results (RingWindowResults).
#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "model/network_model.hpp"
#include "ring/ring_window.hpp"
#include "ring/ring_traffic.hpp"
#include "ring/ring_reactive_traffic.hpp"
#include "ring/sci_model.hpp"
#include "ring/ring_geometry.hpp"

namespace kncsim {

struct ViolationTally;

class RingModel : public SciModel, public NetworkModel {
 public:
  // Starts the workload: it takes over on_cycle and on_delivery. `sink` (optional) gets every
  // delivered message as a PacketRecord (generation = hand-over, arrival = tail at the CPU).
  void start(const RingTrafficSpec& traffic, const RingWindow& window, PacketSink* sink = nullptr);
  // Told of every message the workload hands over (--trace-out); set before start().
  using InjectionObserver = std::function<void(uint32_t src, uint32_t dest, SciKind kind, int64_t cycle)>;
  void observe_injections(InjectionObserver f) { observer_ = std::move(f); }
  // Or a reactive workload (a trace; ring/ring_reactive_traffic.hpp): a packet of at most
  // `address_flits` flits goes as an address packet, a longer one as a data packet.
  void start(ReactiveSource& source, int address_flits, const RingWindow& window, PacketSink* sink = nullptr);

  // In stretches, so that a stop request (a signal) is seen at a cycle boundary soon.
  void run_until(int64_t end) override;
  int64_t now() const override;
  const DeliveryCounters& counters() const override;

  // Runs on (traffic.until should have passed) until the network is idle or `limit`; true if
  // it drained. A saturated network may not.
  bool drain(int64_t limit);

  double delivered_bits() const { return bits_; }
  // What the nodes' protocol monitors see still owed or held (a drain's report), or "".
  virtual std::string held_report() const { return ""; }
  // The broken rules the RTL nodes' monitors counted (verify.on_violation count), or none.
  virtual const ViolationTally* violations() const { return nullptr; }
  // The window's results; start() must have been called.
  const RingWindowResults& window() const { return *measures_; }

 protected:
  RingModel(int dims, int radix) : g_(dims, radix) {}

 private:
  void step(int64_t cycles);
  void delivered(const SciDelivery& x);
  int ring_hops(uint32_t src, uint32_t dest) const;

  RingGeometry g_;
  RingWindow w_;
  PacketSink* sink_ = nullptr;
  std::optional<RingWindowResults> measures_;
  std::optional<RingTraffic> traffic_;
  std::optional<RingReactiveTraffic> reactive_;
  InjectionObserver observer_;
  mutable DeliveryCounters delivery_;
  double bits_ = 0;
};

}  // namespace kncsim
