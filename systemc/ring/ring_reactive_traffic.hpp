#pragma once
// A reactive workload (a trace: model/network_model.hpp's ReactiveSource) on a ring network: at
// the start of every cycle its packets are handed to their CPUs, each as an SCI address packet if
// it is no longer than one (`address_flits`), else as a data packet; each delivery is told back
// as its tail reaches the CPU. The rings number their messages per node, so the source's ids
// (the order it handed them in) are kept beside the rings' own.
#include <cstdint>
#include <exception>
#include <functional>
#include <unordered_map>
#include <vector>

#include "model/network_model.hpp"
#include "ring/sci_model.hpp"

namespace kncsim {

class RingReactiveTraffic {
 public:
  // Told of every message handed over and of every delivery, by the source's ids.
  using Injected = std::function<void(uint64_t id, uint32_t src, int64_t cycle)>;
  using Delivered = std::function<void(const SciDelivery&)>;

  // Takes over the network's on_cycle and on_delivery.
  RingReactiveTraffic(SciModel& net, ReactiveSource& source, int address_flits, Injected injected, Delivered delivered);

  // What the source (or this adapter) threw inside the kernel (a bad trace record), to rethrow as
  // it is; or null.
  std::exception_ptr error() const { return error_; }

 private:
  void draw(int64_t t);
  void delivered(const SciDelivery& x);

  SciModel& net_;
  ReactiveSource& source_;
  int address_flits_;
  Injected injected_;
  Delivered delivered_;
  std::vector<MessagePacket> handed_;
  std::unordered_map<uint64_t, uint64_t> source_id_;  // the rings' id -> the source's, until delivered
  uint64_t next_id_ = 0;
  std::exception_ptr error_;
};

}  // namespace kncsim
