#pragma once
// Waking an RTL node for what lands on its input at `cycle`: its clock edge in the cycle
// before registers it, so the node is due at cycle - 1, and a wake for the current cycle goes
// into its clock domain's set of nodes to edge. A sender inside that domain's sample pass (a
// word wire's sender is an RTL node) needs nothing more: the pass's edge phase, still to come,
// drains the set. Anyone else has the domain scheduled for this cycle (RtlDomain::wake). A
// small value next to the wire: the receiver's own object, rarely in cache in a network of
// thousands of nodes, is not touched.
#include <cstdint>

#include "sched/node_bitmap.hpp"
#include "sched/wake_calendar.hpp"

namespace kncsim {

struct EdgeWake {
  WakeCalendar* calendar = nullptr;
  NodeBitmap* edge_now = nullptr;  // the domain's nodes to edge this cycle
  uint32_t node = 0;

  // True if the node went into this cycle's edge set.
  bool wake_at(int64_t cycle) const {
    const int64_t now = calendar->now();
    if (cycle - 1 > now) {
      calendar->wake(node, cycle - 1, now);
      return false;
    }
    edge_now->set(node);
    return true;
  }
};

}  // namespace kncsim
