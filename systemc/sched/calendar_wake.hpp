#pragma once
// Waking a node through the WakeCalendar, as a small value a link can hold next to its sender
// (the node's own module may be far away in memory; its index is all a wake needs).
#include <cstdint>

#include "sched/wake_calendar.hpp"
#include "sched/wakeable.hpp"

namespace kncsim {

class CalendarWake final : public Wakeable {
 public:
  CalendarWake(WakeCalendar& calendar, uint32_t node) : calendar_(calendar), node_(node) {}
  void wake_at(int64_t cycle) override { calendar_.wake(node_, cycle, calendar_.now()); }
  CalendarEntry calendar_entry() override { return {&calendar_, node_}; }

 private:
  WakeCalendar& calendar_;
  uint32_t node_;
};

}  // namespace kncsim
