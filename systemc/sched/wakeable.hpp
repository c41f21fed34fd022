#pragma once
#include <cstdint>

namespace kncsim {

class WakeCalendar;

// Anything that evaluates when woken: a router, an RTL adapter, a ring node.
class Wakeable {
 public:
  virtual ~Wakeable() = default;
  // Evaluate again no later than `cycle` (> the current cycle).
  virtual void wake_at(int64_t cycle) = 0;

  // Where a node's wake goes when it is nothing but its bit in a WakeCalendar: a link then
  // sets that bit itself (sched/wake_target.hpp), without a virtual call per flit and credit.
  // A null calendar: waking does more (an RTL adapter's edge), wake_at must be called.
  struct CalendarEntry {
    WakeCalendar* calendar = nullptr;
    uint32_t node = 0;
  };
  virtual CalendarEntry calendar_entry() { return {}; }
};

}  // namespace kncsim
