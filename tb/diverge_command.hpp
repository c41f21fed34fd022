#pragma once
// kncsim diverge: runs a configuration with RTL routers and again with SystemC routers only,
// each logging every flit its routers send (trace.flits), and reports the first divergence
// (cycle, node, port, the expected and actual flit, the flits before it on that output).
// Then it runs both again to just past that cycle, tracing that node, and cuts the VCD
// files (the SystemC router's pins, the RTL router's pins and everything inside it) to the
// cycles before the divergence.
#include <string>
#include <vector>

namespace kncsim {

struct DivergeOptions {
  std::string config_path;        // empty: the built-in default
  std::vector<std::string> sets;  // --set key=value, as given
  std::string out_dir = "kncsim-diverge";
  int window = 200;     // cycles of waveform before the divergence
  int history = 8;      // flits listed before it
  std::string self;     // this program, to run the runs as child processes
};

// Exit status: 0 the runs agree, 1 they diverge (or the RTL run failed), 2 bad input.
int run_diverge(const DivergeOptions& o);

}  // namespace kncsim
