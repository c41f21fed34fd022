#pragma once
// What the network interfaces and routers count and check: the shared statistics, flit
// conservation, per-pair order under dimension-order routing, and the last cycle any flit
// moved (for the deadlock watchdog).
#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "model/network_model.hpp"

namespace kncsim {

class NetworkActivity;  // energy/network_activity.hpp
class NetworkCoverage;  // verify/network_coverage.hpp
struct ViolationTally;  // model/violation_tally.hpp

struct DeliveryLog {
  DeliveryCounters counters;
  PacketSink* sink = nullptr;
  TailSink* tails = nullptr;  // a reactive workload (closed loop, trace)
  int64_t flits_injected = 0;   // written into injection queues (future flits included)
  int64_t flits_delivered = 0;  // consumed by the sinks
  int64_t flits_stripped = 0;   // hop-count headers the routers consumed
  int64_t packets_buffered = 0;  // hybrid switching: blocked packets taken into a packet buffer
  int64_t last_move = -1;       // last cycle a flit crossed a crossbar or was stripped
  int64_t busy_since = 0;       // cycle the network last went from empty to holding flits
  bool check_pair_order = false;
  bool history = false;  // the routers keep each packet's cut-throughs and blocking (run.statistics history)
  std::unordered_map<uint64_t, uint64_t> last_id_of_pair;  // (src << 32 | dest) -> packet id
  std::string failure;  // the scoreboard's verdict, once a sink has refused a flit (the run stops)
  std::vector<int64_t> left_source;  // by packet slot: the cycle its head left the injection queue
  NetworkCoverage* coverage = nullptr;
  NetworkActivity* activity = nullptr;  // energy accounting: what the NIs hand in, what the routers strip
  ViolationTally* violations = nullptr;  // verify.on_violation count: where the monitors count, else they stop  // verify.coverage: the points the RTL routers' monitors mark
};

}  // namespace kncsim
