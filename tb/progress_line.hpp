#pragma once
// kncsim run's one-line progress display on stderr: where the convergence loop stands (sns4:
// the phase, interval, cycles, the current U and T, and how far the tested change still is
// from its tolerance). Redrawn in place; shown only when stderr is a terminal.
#include <string>

#include "io/status_line.hpp"
#include "stats/convergence.hpp"

namespace kncsim {

// The line for one report (no terminal control characters).
std::string progress_text(const RunProgress& p);

class ProgressLine {
 public:
  // Active only if `enabled` and stderr is a terminal.
  explicit ProgressLine(bool enabled) : line_(enabled) {}

  // The callback for run_experiment: empty when inactive (the run then goes in one stretch).
  ProgressFn callback();
  void clear() { line_.clear(); }

 private:
  StatusLine line_;
};

}  // namespace kncsim
