#pragma once
// A model build's progress as one line on stderr, rewritten in place ("kncsim rtl: router
// dims 2 ... (direct binding): compiling 3 of 9"), on a terminal only; nothing otherwise.
#include <unistd.h>

#include <cstdio>
#include <string>

#include "rtl_cache/model_cache.hpp"

namespace kncsim {

class BuildProgressLine final : public BuildProgress {
 public:
  BuildProgressLine() : shown_(isatty(STDERR_FILENO) != 0) {}
  ~BuildProgressLine() override { clear(); }
  void clear() {
    if (drawn_) std::fprintf(stderr, "\r\033[K");
    drawn_ = false;
  }
  void step(const ModelSpec& spec, const std::string& what) override {
    if (!shown_) return;
    std::fprintf(stderr, "\r\033[Kkncsim rtl: %s: %s", spec.label.c_str(), what.c_str());
    std::fflush(stderr);
    drawn_ = true;
  }

 private:
  bool shown_, drawn_ = false;
};

}  // namespace kncsim
