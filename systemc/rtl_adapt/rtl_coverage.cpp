#include "rtl_adapt/rtl_coverage.hpp"

#include <cstdio>
#include <cstdlib>

#include "io/output_file.hpp"
#include "verilated.h"
#if VM_COVERAGE
#include "verilated_cov.h"
#endif

namespace kncsim {

void write_coverage_at_exit() {
#if VM_COVERAGE
  static const bool registered = [] {
    // Points stay per instance: a cover property in a generate loop (a turn p -> o) is then a
    // point per index, not one for the loop.
    Verilated::threadContextp()->coveragep()->forcePerInstance(true);
    std::atexit([] {
      const char* path = std::getenv("KNCSIM_RTL_COVERAGE_FILE");
      if (!path) return;
      try {
        StagedOutput out(path, "KNCSIM_RTL_COVERAGE_FILE");
        Verilated::threadContextp()->coveragep()->write(out.writer_path());
      } catch (const OutputError& e) {
        std::fprintf(stderr, "kncsim: output error: %s\n", e.what());
      }
    });
    return true;
  }();
  (void)registered;
#endif
}

}  // namespace kncsim
