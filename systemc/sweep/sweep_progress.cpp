#include "sweep/sweep_progress.hpp"

#include <fmt/format.h>

namespace kncsim {

std::string clock_text(double seconds) {
  const long s = long(seconds + .5);
  return s >= 3600 ? fmt::format("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60) : fmt::format("{}:{:02}", s / 60, s % 60);
}

SweepProgress::SweepProgress(int total, int done_before, bool enabled)
    : total_(total), before_(done_before), line_(enabled) {}

void SweepProgress::update(int done, int running) {
  if (!line_.active()) return;
  const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  constexpr int kWidth = 24;
  const int filled = total_ ? kWidth * done / total_ : kWidth;
  std::string eta = "ETA -";
  if (done > before_) eta = "ETA " + clock_text(elapsed / double(done - before_) * double(total_ - done));
  const std::string busy = running >= 0 ? fmt::format("  {} running", running) : "";
  line_.draw(fmt::format("[{}{}] {}/{} points{}  {} elapsed  {}", std::string(size_t(filled), '#'),
                         std::string(size_t(kWidth - filled), '.'), done, total_, busy, clock_text(elapsed), eta));
}

}  // namespace kncsim
