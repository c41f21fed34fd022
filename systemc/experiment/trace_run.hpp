#pragma once
// Running traffic.workload trace on a mesh or torus, any model (ref, systemc, rtl): the trace is
// replayed until its last packet is delivered (or run.max_cycles), then again on a
// contention-free network (each packet's tail arriving its zero-load time after it enters) for
// the slowdown. Reported under "trace":
//   cycles         until the last packet's tail arrived (the headline: the program's time)
//   ideal_cycles   the same on the contention-free network
//   slowdown       cycles / ideal_cycles
//   latency        per packet, from entering its source's interface to its tail's arrival
//   held           per packet, from its own cycle to entering (the dependencies' wait)
#include <nlohmann/json.hpp>

#include <string>
#include <vector>

#include "model/network_model.hpp"
#include "spec/experiment_spec.hpp"
#include "traffic/injection.hpp"

namespace kncsim {

nlohmann::ordered_json run_trace(const ExperimentSpec& spec, const MeshExperiment& e, PacketSink* sink);
// Rings: by node id, each packet an address or a data packet (RingsExperiment::replay_address_flits).
nlohmann::ordered_json run_trace(const ExperimentSpec& spec, const RingsExperiment& e, PacketSink* sink);

// --trace-out: the first `packets` injections recorded (those the run generated: the stream draws
// ahead of it) as a text trace, one line 'cycle src dst flits' each (0 flits: `packet_flits`); what
// was written, for the result.
nlohmann::ordered_json write_trace_out(const std::string& path, const std::vector<RecordedInjection>& recorded,
                                       int64_t packets, int packet_flits);
std::string trace_summary(const nlohmann::ordered_json& result);

}  // namespace kncsim
