#pragma once
// An input FIFO of timed flits: a ring that grows when unbounded. Flits still on the wire
// (arrival in the future) are stored too; the receiver only looks at arrived ones.
#include <cstdint>
#include <stdexcept>
#include <vector>

#include "flit/flit.hpp"

namespace kncsim {

// Keeps a FIFO fed: told each time the FIFO runs empty (the NI refills the injection queue
// with its next waiting packet, so that only one packet's flits exist at a time).
class FlitRefill {
 public:
  virtual ~FlitRefill() = default;
  virtual void refill() = 0;
};

class FlitFifo {
 public:
  static constexpr int64_t kUnbounded = -1;
  explicit FlitFifo(int64_t capacity = kUnbounded) : capacity_(capacity) {
    size_t n = 4;
    while (capacity > 0 && int64_t(n) < capacity) n *= 2;
    ring_.resize(n);
  }
  bool empty() const { return size_ == 0; }
  size_t size() const { return size_; }
  int64_t capacity() const { return capacity_; }
  const TimedFlit& front() const { return ring_[head_]; }
  TimedFlit& front() { return ring_[head_]; }
  void push(const TimedFlit& f) {
    if (capacity_ >= 0 && int64_t(size_) >= capacity_)
      throw std::logic_error("flow control violated: a flit arrived at a full FIFO");
    if (size_ == ring_.size()) grow();
    ring_[(head_ + size_) & (ring_.size() - 1)] = f;
    ++size_;
  }
  void pop() {
    head_ = (head_ + 1) & (ring_.size() - 1);
    --size_;
    if (size_ == 0 && refill_) refill_->refill();
  }
  void set_refill(FlitRefill* r) { refill_ = r; }
  // i-th flit from the front (for deadlock reports and traces).
  const TimedFlit& at(size_t i) const { return ring_[(head_ + i) & (ring_.size() - 1)]; }

 private:
  void grow() {
    std::vector<TimedFlit> bigger(ring_.size() * 2);
    for (size_t i = 0; i < size_; ++i) bigger[i] = at(i);
    ring_.swap(bigger);
    head_ = 0;
  }
  int64_t capacity_;
  std::vector<TimedFlit> ring_;
  size_t head_ = 0, size_ = 0;
  FlitRefill* refill_ = nullptr;
};

}  // namespace kncsim
