#pragma once
// A link's wire as words: between two RTL nodes of one flit format, what the sender drives on
// its output pins is what the receiver's input pins take, `delay` cycles later. The words pass
// as they are, with no packet looked up or flit rebuilt on the way. A word a cycle at most,
// each taken by the receiver the cycle before it lands; so `delay` + 1 words are on the wire
// at most. The wire is an object of its own, apart from its link: what a word's sender and
// receiver touch (the words, the tally, the receiver's wake, whether a flit log watches) is in
// its first two lines, which both can prefetch, and a network of SystemC nodes pays nothing
// for it. The sender is always an RTL node, stepped by the receiver's clock domain, so the
// receiver is woken through its domain's set and the calendar (sched/edge_wake.hpp), not
// through its own object.
#include <array>
#include <cstdint>
#include <stdexcept>
#include <vector>

#include "sched/edge_wake.hpp"

namespace kncsim {

// Up to 128 bits, least significant first: the widest flit of kncsim's RTL (the SCI node's).
using WireWord = std::array<uint64_t, 2>;

class alignas(64) WireWords {
 public:
  WireWords(int delay, EdgeWake receiver) : cap_(uint32_t(delay) + 1), receiver_(receiver) {
    if (cap_ > kInline) long_.resize(cap_);
  }
  WireWords(const WireWords&) = delete;
  WireWords& operator=(const WireWords&) = delete;

  // Sender side, cycle t: the word lands at t + delay. `kind`: the flit's (SCI: address,
  // data, echo, nack; wormhole: 0).
  void send(const WireWord& word, int kind, int64_t t) {
    if (count_ == cap_) throw std::logic_error("WireWords: more than a word a cycle on a wire");
    uint32_t i = first_ + count_++;
    if (i >= cap_) i -= cap_;
    const int64_t at = t + int64_t(cap_) - 1;  // the wire's delay
    data()[i] = Word{at, word};
    ++sent_[kind & 3];
    receiver_.wake_at(at);
  }
  // Words sent so far, by the flit's kind.
  const std::array<int64_t, 4>& sent() const { return sent_; }
  // A flit log watches the link (FlitLink::set_tap): the sender shows it each word's flit.
  bool tapped() const { return tapped_; }
  void set_tapped(bool t) { tapped_ = t; }

  // The lines a send or a take touches (for a prefetch).
  std::array<const void*, 2> lines() const {
    return {this, reinterpret_cast<const char*>(this) + 64};
  }

  // Receiver side: the oldest word on the wire, and the cycle it lands (from which the
  // receiver holds it; it takes it at the edge before).
  bool empty() const { return count_ == 0; }
  size_t size() const { return count_; }
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
  // A take touches the first line (the third word too, on a wire of two cycles); a send the
  // first two, and a third with the tally of kinds 2 and 3 (the ring's echoes and nacks), and
  // the storage of a wire longer than two cycles. lines(): the two the clock domain requests.
  uint32_t first_ = 0, count_ = 0, cap_;  // cap_: the delay + 1
  bool tapped_ = false;
  std::array<Word, kInline> short_{};
  EdgeWake receiver_;
  std::array<int64_t, 4> sent_{};
  std::vector<Word> long_;
};

}  // namespace kncsim
