#pragma once
// The ring network's results as Scott & Goodman define them, over a measurement window:
// latency per packet kind (handed over to tail delivered) and the round trip (address + data
// latency, or under request/response a request's injection to its reply's delivery) for
// messages injected in the window, and carried bits for messages delivered in it. Also
// checks exactly-once delivery: no message arrives twice, and after a drain every message
// handed over has arrived.
#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "ring/sci_model.hpp"

namespace kncsim {

struct RingWindow {
  int64_t begin = 0, end = 0;  // cycles [begin, end)
  int address_bits = 128, data_bits = 640;
};

class RingWindowResults {
 public:
  explicit RingWindowResults(const RingWindow& w) : w_(w) {}

  void injected(uint64_t id, int64_t request_injected);
  // Throws std::logic_error if the message was delivered before.
  void delivered(const SciDelivery& x);
  // After a drain: every one of `handed_over` messages was delivered (std::logic_error if not).
  void check_all_delivered(uint64_t handed_over) const;

  double latency(SciKind kind) const;  // mean, in simulated cycles; NaN if none
  double round_trip() const;           // request/response: mean; NaN if none
  double window_bits() const { return window_bits_; }
  // The scoreboard's verdict once a message arrived twice (the run stops with it), else "".
  const std::string& failure() const { return failure_; }
  uint64_t measured() const { return count_[0] + count_[1]; }
  uint64_t measured_retried() const { return retried_; }

 private:
  RingWindow w_;
  double latency_[2] = {0, 0};
  uint64_t count_[2] = {0, 0};
  double round_trip_ = 0;
  uint64_t round_trips_ = 0, retried_ = 0, delivered_ = 0;
  double window_bits_ = 0;
  std::unordered_map<uint64_t, int64_t> reply_to_;  // reply id -> its request's injection, until delivered
  std::vector<std::vector<uint64_t>> seen_;         // per source: bit n = its n-th message delivered
  std::string failure_;
};

}  // namespace kncsim
