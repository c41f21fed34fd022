#pragma once
// traffic.workload trace: its keys checked against the network and the trace itself (a Netrace
// header read, a text trace read whole: a bad line is named before anything runs), and decoded
// into the replay's spec.
#include <string>
#include <vector>

#include "config/config.hpp"
#include "traffic/trace_workload.hpp"

namespace kncsim {

// Every traffic.trace_* key left at its default unless traffic.workload is trace (ConfigError).
void refuse_trace_keys_without_trace(const Config& c);

// The network a trace is replayed on, as its checks see it.
struct TraceNetwork {
  uint32_t nodes = 0;
  int flit_bits = 64;     // a flit's bits: a Netrace packet of B bytes is ceil(8 B / flit_bits) flits
  int header_flits = 0;   // hop-count headers a Netrace packet gets on top of its bytes
  bool rings = false;     // Scott & Goodman's rings: no mesh router's limits
  int64_t longest = 0;    // rings: the longest packet (a data packet's flits)
};

// ConfigError naming the key (and the trace's file and line or record) for a trace this network
// cannot replay.
TraceReplaySpec trace_replay_spec(const Config& c, const TraceNetwork& net);

}  // namespace kncsim
