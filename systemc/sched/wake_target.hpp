#pragma once
// The node at one end of a link, as the link wakes it: straight into the WakeCalendar when
// that is all its wake_at does (routers, ring nodes), else through wake_at (RTL adapters).
// Links wake a node for every flit and every credit they carry.
#include <cstdint>

#include "sched/wake_calendar.hpp"
#include "sched/wakeable.hpp"

namespace kncsim {

class WakeTarget {
 public:
  explicit WakeTarget(Wakeable& w) : node_(&w), entry_(w.calendar_entry()) {}
  void wake_at(int64_t cycle) const {
    if (entry_.calendar)
      entry_.calendar->wake(entry_.node, cycle);
    else
      node_->wake_at(cycle);
  }

 private:
  Wakeable* node_;
  Wakeable::CalendarEntry entry_;
};

}  // namespace kncsim
