#include "ring/ring_window.hpp"

#include <fmt/format.h>

#include <cmath>
#include <stdexcept>

#include "model/scoreboard_error.hpp"

namespace kncsim {

void RingWindowResults::injected(uint64_t id, int64_t request_injected) {
  if (request_injected >= 0) reply_to_.emplace(id, request_injected);
}

void RingWindowResults::delivered(const SciDelivery& x) {
  const uint32_t src = uint32_t(x.id >> kSciIdNodeShift);
  const uint64_t nth = x.id & ((uint64_t{1} << kSciIdNodeShift) - 1);
  if (seen_.size() <= src) seen_.resize(size_t(src) + 1);
  std::vector<uint64_t>& bits = seen_[src];
  if (bits.size() <= nth / 64) bits.resize(size_t(nth / 64) + 1, 0);
  const uint64_t bit = uint64_t{1} << (nth % 64);
  if (bits[nth / 64] & bit) {
    failure_ = fmt::format("scoreboard: cycle {}, node {}: message {:#x} (node {}'s message {}) delivered twice",
                           x.delivered, x.dest, x.id, src, nth);
    throw ScoreboardError(failure_);
  }
  bits[nth / 64] |= bit;
  ++delivered_;

  const int k = x.kind == SciKind::data ? 1 : 0;
  if (x.delivered >= w_.begin && x.delivered < w_.end) window_bits_ += k ? w_.data_bits : w_.address_bits;
  if (x.injected >= w_.begin && x.injected < w_.end) {
    latency_[k] += double(x.delivered - x.injected);
    ++count_[k];
    retried_ += x.retries > 0;
  }
  if (const auto it = reply_to_.find(x.id); it != reply_to_.end()) {
    const int64_t request = it->second;
    reply_to_.erase(it);
    if (request >= w_.begin && request < w_.end) {
      round_trip_ += double(x.delivered - request);
      ++round_trips_;
    }
  }
}

void RingWindowResults::check_all_delivered(uint64_t handed_over) const {
  if (delivered_ != handed_over)
    throw ScoreboardError(fmt::format("scoreboard: {} messages handed over, {} delivered after the drain", handed_over,
                                      delivered_));
}

double RingWindowResults::latency(SciKind kind) const {
  const int k = kind == SciKind::data ? 1 : 0;
  return count_[k] ? latency_[k] / double(count_[k]) : std::nan("");
}


double RingWindowResults::round_trip() const { return round_trips_ ? round_trip_ / double(round_trips_) : std::nan(""); }

}  // namespace kncsim
