#pragma once
// A sweep's one-line progress display on stderr (points done, running, elapsed, ETA), shown
// only when stderr is a terminal; otherwise silent (the closing line says what ran).
#include <chrono>
#include <string>

#include "io/status_line.hpp"

namespace kncsim {

class SweepProgress {
 public:
  SweepProgress(int total, int done_before, bool enabled);
  void update(int done, int running);  // running < 0: not known (a Slurm array)
  void finish() { line_.clear(); }

 private:
  int total_, before_;
  StatusLine line_;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

std::string clock_text(double seconds);  // 83 -> "1:23", 4000 -> "1:06:40"

}  // namespace kncsim
