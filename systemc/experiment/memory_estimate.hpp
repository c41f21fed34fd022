#pragma once
// A configuration's peak memory, estimated before anything is built, so a run that cannot
// fit is refused at once instead of failing (or swapping) hours later. Each model states its
// bytes per node and per packet it holds (measured: peak RSS of idle networks at several
// sizes, and of saturated ones at several lengths); a run past saturation adds the backlog
// its offered load piles up over the cycles it may run.
#include <cstdint>
#include <string>

#include "spec/run_sizing.hpp"

namespace kncsim {

struct MemoryEstimate {
  double nodes = 0;
  double bytes_per_node = 0;
  double bytes_per_packet = 0;     // a packet held in the network or waiting at its source
  double backlog_packets = 0;      // the most packets the run may hold at once
  double peak_bytes = 0;           // the estimate
  double limit_bytes = 0;          // run.memory_limit, or the machine's available memory (0: unknown)
  std::string limit_source;        // "run.memory_limit" or "MemAvailable"
};

MemoryEstimate estimate_memory(const RunSizing& s);
// Throws ConfigError when the estimate exceeds the limit, with a cheaper alternative.
void check_memory(const RunSizing& s, const MemoryEstimate& e);

}  // namespace kncsim
