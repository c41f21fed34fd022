#pragma once
// The packet pool every network shares: records of the packets in flight, indexed by the slot
// their flits carry (as a wire carries a tag). Freed slots are reused, newest first, through a
// list threaded in the records themselves (`Info::next_free`), so the pool is one vector.
#include <cstdint>
#include <vector>

namespace kncsim {

template <class Info>
class SlotPool {
 public:
  uint32_t allocate(const Info& p) {
    uint32_t k;
    if (free_ != kNone) {
      k = free_;
      free_ = slots_[k].next_free;
    } else {
      k = uint32_t(slots_.size());
      slots_.emplace_back();
    }
    slots_[k] = p;
    slots_[k].next_free = kLive;
    ++live_;
    return k;
  }
  void release(uint32_t k) {
    slots_[k].next_free = free_;
    free_ = k;
    --live_;
  }
  Info& operator[](uint32_t k) { return slots_[k]; }
  const Info& operator[](uint32_t k) const { return slots_[k]; }
  // Packets allocated and not yet released (for leak checks at the end of a run).
  int64_t live() const { return live_; }
  // Whether slot k exists (a tag past every slot names no packet: a monitor's check).
  bool holds(uint32_t k) const { return k < slots_.size(); }
  // Whether slot k holds a packet in flight (allocated and not yet released): a tag naming a
  // released slot is a packet already delivered, or never sent.
  bool live(uint32_t k) const { return k < slots_.size() && slots_[k].next_free == kLive; }
  // Calls f(slot, info) for every packet in flight (the scoreboard's accounting at the end).
  template <class F>
  void for_each_live(F&& f) const {
    for (uint32_t k = 0; k < slots_.size(); ++k)
      if (slots_[k].next_free == kLive) f(k, slots_[k]);
  }

 private:
  static constexpr uint32_t kNone = 0xffffffffu;
  static constexpr uint32_t kLive = 0xfffffffeu;  // next_free of a slot in use
  std::vector<Info> slots_;
  uint32_t free_ = kNone;
  int64_t live_ = 0;
};

}  // namespace kncsim
