#include "rtl_adapt/rtl_coverage.hpp"

#include <cstdlib>

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
      if (const char* path = std::getenv("KNCSIM_RTL_COVERAGE_FILE"))
        Verilated::threadContextp()->coveragep()->write(path);
    });
    return true;
  }();
  (void)registered;
#endif
}

}  // namespace kncsim
