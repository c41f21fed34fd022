#pragma once
// Runs a command as a child process with a time and memory bound.
#include <string>
#include <vector>

namespace kncsim::fuzz {

struct ChildLimits {
  double seconds = 60;      // wall time, then SIGKILL
  long resident_mb = 4096;  // resident memory, polled, then SIGKILL
};

struct ChildResult {
  int exit_code = -1;  // when it exited
  int signal = 0;      // when a signal ended it (and not our kill)
  bool timed_out = false;
  bool over_memory = false;
  double seconds = 0;
  long peak_resident_mb = 0;  // the largest resident size seen by the polls
};

// Runs argv[0] with `argv` in directory `cwd`, stdin from /dev/null, stdout and stderr into the
// named files. Its process group is killed at either limit.
ChildResult run_child(const std::vector<std::string>& argv, const std::string& cwd, const std::string& out_path,
                      const std::string& err_path, const ChildLimits& limits);

}  // namespace kncsim::fuzz
