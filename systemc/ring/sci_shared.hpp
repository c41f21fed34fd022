#pragma once
// What the SciNode modules of one network share, owned by SciNetwork: the parameters, ring
// positions, the packet pool, the CPUs' waiting messages, the wake calendar, the counters and
// the testbench's delivery callback. Nodes only add to the tallies, so the order in which
// they evaluate within a cycle never shows.
#include <cstdint>
#include <functional>
#include <unordered_map>

#include "energy/ring_activity.hpp"

#include "flit/source_queues.hpp"
#include "ring/sci_model.hpp"
#include "ring/sci_params.hpp"
#include "sched/wake_calendar.hpp"
#include "ring/ring_geometry.hpp"

namespace kncsim {

struct ViolationTally;  // model/violation_tally.hpp

struct SciShared {
  SciShared(const SciParams& params, int64_t horizon, SciCounters& c, const std::function<void(const SciDelivery&)>& d)
      : p(params), geo(params.dims, params.radix), waiting(geo.nodes()), calendar(geo.nodes(), horizon),
        counters(c), deliver(d) {}

  const SciParams p;
  const RingGeometry geo;
  SciPackets packets;
  SourceQueues waiting;  // messages behind each CPU queue's front one
  WakeCalendar calendar;
  SciCounters& counters;
  const std::function<void(const SciDelivery&)>& deliver;
  int64_t flits = 0;        // flits anywhere: queues, wires, messages handed over
  int64_t unmade_flits = 0; // of those, the flits of messages waiting behind a CPU queue's front one
  int64_t active = 0;       // packets in all active buffers
  int64_t evaluating = -1;  // the node evaluating now, if any
  // The testbench's scoreboard for RTL nodes, whose flits carry no injection cycle: a send
  // packet's, by message id, from its first entry into an RTL node to its delivery (no copy
  // of a message leaves a node after its delivery: every hop's accepted copy precedes it).
  std::unordered_map<uint64_t, int64_t> injected_of;
  ViolationTally* violations = nullptr;  // verify.on_violation count: where the RTL nodes' monitors count
  RingActivity* activity = nullptr;       // energy accounting (SciParams::payload): SystemC nodes count into it
};

}  // namespace kncsim
