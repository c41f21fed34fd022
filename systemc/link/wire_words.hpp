#pragma once
// A link's wire as words: between two RTL nodes of one flit format, what the sender drives on
// its output pins is what the receiver's input pins take, `delay` cycles later. The words pass
// as they are, with no packet looked up or flit rebuilt on the way. A word a cycle at most,
// each taken by the receiver the cycle before it lands; so `delay` + 1 words are on the wire
// at most. A short wire's words sit in the link itself: the sender writes into memory it has
// at hand, not into its neighbour's (thousands of nodes do not fit in cache).
#include <array>
#include <cstdint>
#include <stdexcept>
#include <vector>

namespace kncsim {

// Up to 128 bits, least significant first: the widest flit of kncsim's RTL (the SCI node's).
using WireWord = std::array<uint64_t, 2>;

class WireWords {
 public:
  // Room for the words of a wire `delay` cycles long.
  void set_delay(int delay) {
    cap_ = size_t(delay) + 1;
    if (cap_ > kInline) long_.resize(cap_);
  }
  bool wired() const { return cap_ != 0; }

  void push(int64_t at, const WireWord& word) {
    if (count_ == cap_) throw std::logic_error("WireWords: more than a word a cycle on a wire");
    size_t i = first_ + count_++;
    if (i >= cap_) i -= cap_;
    data()[i] = Word{at, word};
  }
  bool empty() const { return count_ == 0; }
  size_t size() const { return count_; }
  // The oldest word on the wire, and the cycle it lands (from which the receiver holds it).
  int64_t front_at() const { return data()[first_].at; }
  const WireWord& front() const { return data()[first_].word; }
  void pop() {
    if (++first_ == cap_) first_ = 0;
    --count_;
  }

 private:
  struct Word {
    int64_t at;
    WireWord word;
  };
  static constexpr size_t kInline = 3;  // wires of up to 2 cycles
  Word* data() { return cap_ > kInline ? long_.data() : short_.data(); }
  const Word* data() const { return cap_ > kInline ? long_.data() : short_.data(); }
  size_t first_ = 0, count_ = 0, cap_ = 0;
  std::array<Word, kInline> short_{};
  std::vector<Word> long_;
};

}  // namespace kncsim
