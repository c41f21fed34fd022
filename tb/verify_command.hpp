#pragma once
// kncsim verify: a constrained-random regression of a router design. Each case
// (regress/verify_case.hpp) is a kncsim run of the design with drawn traffic, shape, RTL nodes
// and load, judged by what every router must do, not by equality with kncsim's own: the
// protocol monitors on the RTL routers' pins, the sinks' scoreboard, the deadlock and
// starvation watchdogs, and a drain after which every packet is accounted for. The cases run
// as child processes, -j at once, on models built once through the cache. Their coverage is
// merged and gated; a failing case prints the command that reproduces it and is shrunk.
#include <cstdint>
#include <string>
#include <vector>

namespace kncsim {

struct VerifyOptions {
  std::string config_path;        // the design's configuration (empty: the built-in default)
  std::vector<std::string> sets;  // --set key=value, as given
  int seeds = 20;                 // cases
  uint64_t first_seed = 1;        // case i is drawn from first_seed + i - 1
  int jobs = 1;
  std::string junit;              // JUnit XML path, or empty
  double coverage_goal = 0;       // percent of the reachable points; below it, exit 1
  std::string out_dir = "kncsim-verify";
  bool shrink = true;             // shrink failing cases
  bool mixed = true;              // cases with the design on some nodes among kncsim's SystemC routers
  bool list_unreachable = false;  // print every unreachable coverage point and why
  bool quiet = false;
  std::string self;               // this program, for the child runs
};

// Exit status: 0 every case passed and the coverage goal is met, 1 otherwise, 2 bad input.
int run_verify(const VerifyOptions& o);

}  // namespace kncsim
