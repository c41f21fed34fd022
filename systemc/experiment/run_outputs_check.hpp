#pragma once
// Every file a run will write, checked before anything is built or simulated (and without
// opening any: a FIFO's reader may start after kncsim). Throws OutputError (or ConfigError for
// --csv without the statistics it writes) naming the option or key.
#include <string>

#include "spec/experiment_spec.hpp"
#include "spec/run_outputs.hpp"

namespace kncsim {

void check_run_outputs(const RunOutputs& out, const std::string& json_path, const std::string& csv_dir);

// --trace-out PATH: the run records its generated packets and writes them as a text trace
// (traffic.trace_format text) that replays them exactly. ConfigError where it could not: a
// workload other than open, rings, traffic classes, packets dropped at a full source queue or
// unreachable past failures; OutputError for a path that cannot be written. The injection stream
// is then drawn on the simulating thread.
void request_trace_out(ExperimentSpec& spec, const std::string& path);

}  // namespace kncsim
