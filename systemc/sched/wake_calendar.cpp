#include "sched/wake_calendar.hpp"

namespace kncsim {

namespace {
constexpr size_t kMaxRingBytes = size_t{1} << 27;  // wakes past the ring go to the heap: still exact
}

WakeCalendar::WakeCalendar(uint32_t nodes, int64_t horizon) : words_((nodes + 63) / 64) {
  slots_ = 2;
  while (slots_ < horizon + 2 && size_t(slots_) * 2 * words_ * 8 <= kMaxRingBytes) slots_ <<= 1;
  mask_ = slots_ - 1;
  bits_.assign(size_t(slots_) * words_, 0);
}

void WakeCalendar::begin_cycle(int64_t now) {
  now_ = now;
  current_ = &bits_[size_t(now & mask_) * words_];
  word_ = 0;
  while (!far_.empty() && far_.top().first <= now) {
    const uint32_t n = far_.top().second;
    node_bits::set(current_, n);
    far_.pop();
  }
}

}  // namespace kncsim
