#pragma once
// A link's wire as words: between two RTL routers of one flit format, what the sender drives on
// its output pins is what the receiver's input pins take, `delay` cycles later. The words pass
// as they are, with no packet looked up or flit rebuilt on the way. A word a cycle at most,
// each taken by the receiver the cycle before it lands; so `delay` + 1 words are on the wire
// at most.
#include <cstdint>
#include <stdexcept>
#include <vector>

namespace kncsim {

class WireWords {
 public:
  explicit WireWords(int delay) : ring_(size_t(delay) + 1) {}

  // The receiver's mask of inputs with words on their way, and this wire's bit in it.
  void set_occupancy_mask(uint64_t* mask, uint64_t bit) {
    mask_ = mask;
    bit_ = bit;
    if (count_) *mask_ |= bit_;
  }

  void push(int64_t at, uint64_t word) {
    if (count_ == ring_.size()) throw std::logic_error("WireWords: more than a word a cycle on a wire");
    size_t i = first_ + count_++;
    if (i >= ring_.size()) i -= ring_.size();
    ring_[i] = Word{at, word};
    if (mask_) *mask_ |= bit_;
  }
  bool empty() const { return count_ == 0; }
  size_t size() const { return count_; }
  // The oldest word on the wire, and the cycle it lands (from which the receiver holds it).
  int64_t front_at() const { return ring_[first_].at; }
  uint64_t front() const { return ring_[first_].word; }
  void pop() {
    if (++first_ == ring_.size()) first_ = 0;
    if (--count_ == 0 && mask_) *mask_ &= ~bit_;
  }

 private:
  struct Word {
    int64_t at;
    uint64_t word;
  };
  std::vector<Word> ring_;
  size_t first_ = 0, count_ = 0;
  uint64_t* mask_ = nullptr;
  uint64_t bit_ = 0;
};

}  // namespace kncsim
