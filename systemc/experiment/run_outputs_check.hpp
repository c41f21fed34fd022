#pragma once
// Every file a run will write, checked before anything is built or simulated (and without
// opening any: a FIFO's reader may start after kncsim). Throws OutputError (or ConfigError for
// --csv without the statistics it writes) naming the option or key.
#include <string>

#include "spec/run_outputs.hpp"

namespace kncsim {

void check_run_outputs(const RunOutputs& out, const std::string& json_path, const std::string& csv_dir);

}  // namespace kncsim
