#pragma once
// traffic.workload trace: its keys checked against the network and the trace itself (a Netrace
// header read, a text trace read whole: a bad line is named before anything runs), and decoded
// into the replay's spec.
#include <string>
#include <vector>

#include "config/config.hpp"
#include "topo/mesh_geometry.hpp"
#include "traffic/trace_workload.hpp"

namespace kncsim {

// Every traffic.trace_* key left at its default unless traffic.workload is trace (ConfigError).
void refuse_trace_keys_without_trace(const Config& c);

// ConfigError naming the key (and the trace's file and line or record) for a trace this network
// cannot replay. `header_flits`: hop-count headers a Netrace packet gets on top of its bytes.
TraceReplaySpec trace_replay_spec(const Config& c, const MeshGeometry& g, int header_flits);

// A one-line description for reports: "netrace blackscholes, 64 nodes" or "text FILE".
std::string trace_name(const TraceReplaySpec& s);

}  // namespace kncsim
