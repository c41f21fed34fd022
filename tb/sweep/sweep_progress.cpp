#include "sweep/sweep_progress.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <cstdio>

namespace kncsim {

std::string clock_text(double seconds) {
  const long s = long(seconds + .5);
  return s >= 3600 ? fmt::format("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60) : fmt::format("{}:{:02}", s / 60, s % 60);
}

SweepProgress::SweepProgress(int total, int done_before, bool enabled)
    : total_(total), before_(done_before), active_(enabled && isatty(STDERR_FILENO)) {}

void SweepProgress::update(int done, int running) {
  if (!active_) return;
  const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  constexpr int kWidth = 24;
  const int filled = total_ ? kWidth * done / total_ : kWidth;
  std::string eta = "ETA -";
  if (done > before_) eta = "ETA " + clock_text(elapsed / double(done - before_) * double(total_ - done));
  const std::string busy = running >= 0 ? fmt::format("  {} running", running) : "";
  std::fprintf(stderr, "\r\033[K[%s%s] %d/%d points%s  %s elapsed  %s", std::string(size_t(filled), '#').c_str(),
               std::string(size_t(kWidth - filled), '.').c_str(), done, total_, busy.c_str(), clock_text(elapsed).c_str(),
               eta.c_str());
  std::fflush(stderr);
  drawn_ = true;
}

void SweepProgress::finish() {
  if (!drawn_) return;
  std::fputs("\r\033[K", stderr);
  std::fflush(stderr);
  drawn_ = false;
}

}  // namespace kncsim
