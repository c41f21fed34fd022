#pragma once
// An input FIFO of timed flits: a ring of runs that grows as needed. Flits still on the wire
// (arrival in the future) are stored too; the receiver only looks at arrived ones.
#include <algorithm>
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
  explicit FlitFifo(int64_t capacity = kUnbounded) : capacity_(capacity), runs_(4) {}
  bool empty() const { return size_ == 0; }
  size_t size() const { return size_; }
  int64_t capacity() const { return capacity_; }
  // The front flit; a router may mark it as its packet's head (hop-count format).
  const TimedFlit& front() const { return runs_[head_].first; }
  TimedFlit& front() { return runs_[head_].first; }
  void push(const TimedFlit& f) { push(f.arrival, f.flit); }
  // The same for `flit`, usable from `arrival` (a link's: no TimedFlit is built on the way).
  void push(int64_t arrival, const Flit& flit) {
    if (capacity_ >= 0 && int64_t(size_) >= capacity_) overflow();
    if (size_ == 0 && mask_) *mask_ |= mask_bit_;
    ++size_;
    // A bounded FIFO is small: a flit per entry costs less than finding runs.
    if (capacity_ < 0 && nruns_ > 0 && extends(back(), arrival, flit)) {
      extend_back(1, flit.tail);
      return;
    }
    if (nruns_ == runs_.size()) {
      const Flit copy = flit;  // `flit` might lie in the ring that grow() moves
      grow();
      append(arrival, copy);
      return;
    }
    append(arrival, flit);
  }
  // A packet's flits from `first` on, `count` of them (none a header): each one further in
  // seq and one cycle later than the one before, the last one the packet's tail. The same FIFO
  // as pushing them one by one; in an unbounded FIFO (the NI's injection queue) they form one
  // run, taken in a single step.
  void push_train(int64_t arrival, Flit first, uint32_t count) {
    first.tail = count == 1;
    push(arrival, first);
    if (count == 1) return;
    if (capacity_ >= 0 || first.header) {
      Flit f = first;
      f.head = false;
      for (uint32_t i = 1; i < count; ++i) {
        f.seq = uint16_t(first.seq + i);
        f.tail = i == count - 1;
        push(arrival + i, f);
      }
      return;
    }
    // `first` opened the back run or extended it; the others would each extend it (extends()).
    extend_back(count - 1, true);
    size_ += count - 1;
  }
  void pop() {
    Run& r = runs_[head_];
    if (r.count == 1) {
      head_ = (head_ + 1) & (runs_.size() - 1);
      --nruns_;
    } else {  // the run's next flit comes to the front
      --r.count;
      ++r.first.arrival;
      ++r.first.flit.seq;
      r.first.flit.head = false;
      r.first.flit.tail = r.count == 1 && r.last_tail;
    }
    --size_;
    if (size_ == 0 && refill_) refill_->refill();
  }
  // Takes the last n flits back out (an SCI input queue refusing a packet it was taking in).
  void drop_back(size_t n) {
    while (n > 0) {
      Run& b = back();
      const size_t k = std::min<size_t>(n, b.count);
      b.count -= uint32_t(k);
      size_ -= k;
      n -= k;
      if (b.count == 0) {
        --nruns_;
      } else {
        b.last_tail = false;  // its last flit now is not the tail
        if (b.count == 1) b.first.flit.tail = false;
      }
    }
  }
  void set_refill(FlitRefill* r) { refill_ = r; }
  // The owner's mask of FIFOs that hold flits: a push into this FIFO while empty sets `bit` in
  // it (the owner clears it when it empties the FIFO), so a router knows its busy inputs
  // without looking at each.
  void set_occupancy_mask(uint64_t* mask, uint64_t bit) {
    mask_ = mask;
    mask_bit_ = bit;
    if (size_ > 0) *mask_ |= bit;
  }
  // The arrival cycle of the i-th flit from the front (on the wire or in), or -1 if fewer are here.
  int64_t arrival_of(size_t i) const {
    if (i >= size_) return -1;
    for (size_t r = 0;; ++r) {
      const Run& run = runs_[(head_ + r) & (runs_.size() - 1)];
      if (i < run.count) return run.first.arrival + int64_t(i);
      i -= run.count;
    }
  }
  // `n` more flit slots (a hybrid router buffering a blocked packet), or fewer for negative n.
  void extend_capacity(int64_t n) {
    if (capacity_ >= 0) capacity_ += n;
  }
  // Flits that have arrived by cycle t (for traces).
  size_t arrived_by(int64_t t) const {
    size_t n = 0;
    for (size_t i = 0; i < nruns_; ++i) {
      const Run& r = runs_[(head_ + i) & (runs_.size() - 1)];
      if (r.first.arrival > t) break;
      n += size_t(std::min<int64_t>(r.count, t - r.first.arrival + 1));
    }
    return n;
  }

 private:
  // Consecutive flits of a packet arriving in consecutive cycles, kept as one entry in an
  // unbounded FIFO: past saturation it holds whole packets at 32 bytes each instead of 24 per
  // flit.
  // `first` is the run's front flit exactly as a flit-per-entry FIFO would hold it.
  struct Run {
    TimedFlit first;
    uint32_t count;
    bool last_tail;  // the run's last flit closes its packet
  };
  Run& back() { return runs_[(head_ + nruns_ - 1) & (runs_.size() - 1)]; }
  // Header flits (hop-count format) carry their own fields and always stand alone.
  static bool extends(const Run& b, int64_t arrival, const Flit& f) {
    return !f.head && !f.header && !b.first.flit.header && !b.last_tail && f.kind == b.first.flit.kind &&
           f.crc_bad == b.first.flit.crc_bad && f.vc == b.first.flit.vc && f.packet == b.first.flit.packet &&
           f.seq == uint32_t(b.first.flit.seq) + b.count && arrival == b.first.arrival + int64_t(b.count);
  }
  void append(int64_t arrival, const Flit& flit) {
    Run& r = runs_[(head_ + nruns_) & (runs_.size() - 1)];
    r.first.arrival = arrival;
    r.first.flit = flit;
    r.count = 1;
    r.last_tail = flit.tail;
    ++nruns_;
  }
  // Off the hot path: a link's push is inlined into the router's crossbar.
  [[noreturn]] __attribute__((noinline, cold)) static void overflow() {
    throw std::logic_error("flow control violated: a flit arrived at a full FIFO");
  }
  // The back run takes `n` more flits, the last of them ending a packet if `tail`.
  __attribute__((noinline)) void extend_back(uint32_t n, bool tail) {
    Run& b = back();
    b.count += n;
    b.last_tail = tail;
    b.first.flit.tail = false;
  }
  __attribute__((noinline)) void grow() {
    std::vector<Run> bigger(runs_.size() * 2);
    for (size_t i = 0; i < nruns_; ++i) bigger[i] = runs_[(head_ + i) & (runs_.size() - 1)];
    runs_.swap(bigger);
    head_ = 0;
  }
  int64_t capacity_;
  std::vector<Run> runs_;  // a ring, grown as needed (never beyond the capacity in flits)
  size_t head_ = 0, nruns_ = 0;
  size_t size_ = 0;  // flits
  FlitRefill* refill_ = nullptr;
  uint64_t* mask_ = nullptr;
  uint64_t mask_bit_ = 0;
};

}  // namespace kncsim
