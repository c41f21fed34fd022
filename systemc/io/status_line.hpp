#pragma once
// One line on stderr redrawn in place (progress displays), only when stderr is a terminal:
// a log file or a pipe gets nothing.
#include <unistd.h>

#include <cstdio>
#include <string>

namespace kncsim {

class StatusLine {
 public:
  explicit StatusLine(bool enabled) : active_(enabled && isatty(STDERR_FILENO)) {}
  ~StatusLine() { clear(); }
  StatusLine(const StatusLine&) = delete;
  StatusLine& operator=(const StatusLine&) = delete;

  bool active() const { return active_; }
  void draw(const std::string& text) {
    if (!active_) return;
    std::fprintf(stderr, "\r\033[K%s", text.c_str());
    std::fflush(stderr);
    drawn_ = true;
  }
  void clear() {
    if (!drawn_) return;
    std::fputs("\r\033[K", stderr);
    std::fflush(stderr);
    drawn_ = false;
  }

 private:
  bool active_, drawn_ = false;
};

}  // namespace kncsim
