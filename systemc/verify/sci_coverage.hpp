#pragma once
// Functional coverage of an SCI ring node design, marked by the monitors on the RTL ring nodes'
// pins (sci_pin_monitor.hpp), per ring dimension d:
//   ring<d>/pass                   a packet passed through (the ring buffer)
//   ring<d>/echo, ring<d>/nack     an echo, a nack came back for one of the node's packets
//   ring<d>/retransmission         a nacked packet went again from the active buffer
//   ring<d>/active_full            the active buffer held router.active_buffer_packets packets
//   ring<d>/pass_with_active_full  a packet passed with the active buffer full (bypass goes on)
//   ring<d>/stomped_echo           an echo stomped into a nack on its way (router.sci_accept stomp)
// The points a configuration cannot reach say why (an unbounded active buffer is never full;
// without stomp acceptance no echo is stomped).
#include <cstdint>
#include <string>
#include <vector>

#include "verify/network_coverage.hpp"

namespace kncsim {

enum class SciPoint { pass, echo, nack, retransmission, active_full, pass_with_active_full, stomped_echo, count };

class SciCoverage {
 public:
  SciCoverage(int dims, int radix, bool bounded_active, bool stomp);
  void hit(int d, SciPoint p) { hit_[size_t(d * int(SciPoint::count) + int(p))] = 1; }
  const std::vector<CoveragePoint>& points() const { return points_; }
  std::vector<std::string> hit_names() const;

 private:
  std::vector<CoveragePoint> points_;
  std::vector<uint8_t> hit_;
};

}  // namespace kncsim
