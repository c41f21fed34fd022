#include "progress_line.hpp"

#include <fmt/format.h>

#include <cmath>

namespace kncsim {

std::string progress_text(const RunProgress& p) {
  auto g = [](double x) { return std::isfinite(x) ? fmt::format("{:.4g}", x) : std::string("-"); };
  std::string phase;
  std::string test;
  switch (p.mode) {
    case ConvergenceMode::sns4:
      phase = p.phase == 1 ? "sns4 phase 1 (throughput)" : "sns4 phase 2 (latency)";
      test = fmt::format("{} {} (tol {})", p.phase == 1 ? "|U-A|/A" : "|dT/T|", g(p.last_change), g(p.tolerance));
      break;
    case ConvergenceMode::sns:
      phase = "sns";
      test = fmt::format("|dT/T| {} (tol {})", g(p.last_change), g(p.tolerance));
      break;
    case ConvergenceMode::fixed:
      phase = "fixed";
      break;
    case ConvergenceMode::packets:
      phase = "packets (every class's warm-up, then its collection)";
      break;
    case ConvergenceMode::ci:
      phase = "ci";
      test = fmt::format("95% half-width/T {} (target {})", g(p.last_change), g(p.tolerance));
      break;
  }
  const double pct = p.interval_end > 0 ? 100. * double(p.cycle) / double(p.interval_end) : 100.;
  std::string s = fmt::format("{}, interval {}: cycle {}/{} ({:.0f}%)  U {}  T {}", phase, p.interval, p.cycle,
                              p.interval_end, pct, g(p.now.U), g(p.now.T));
  if (!test.empty()) s += "  " + test;
  return s;
}

ProgressFn ProgressLine::callback() {
  if (!line_.active()) return {};
  return [this](const RunProgress& p) { line_.draw(progress_text(p)); };
}

}  // namespace kncsim
