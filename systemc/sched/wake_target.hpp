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
  explicit WakeTarget(Wakeable& w)
      : node_(&w), calendar_(w.calendar_entry().calendar),
        bit_(WakeCalendar::node_bit(w.calendar_entry().node)) {}
  void wake_at(int64_t cycle) const {
    if (calendar_)
      calendar_->wake(bit_, cycle);
    else
      node_->wake_at(cycle);
  }

 private:
  Wakeable* node_;
  WakeCalendar* calendar_;  // null: wake through node_->wake_at
  WakeCalendar::NodeBit bit_;
};

}  // namespace kncsim
