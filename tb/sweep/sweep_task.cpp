#include <fmt/format.h>

#include <iostream>

#include "experiment.hpp"
#include "sched/stop_request.hpp"
#include "sweep/sweep_run.hpp"
#include "sweep/sweep_store.hpp"

namespace kncsim {

using ojson = nlohmann::ordered_json;

int run_sweep_task(const SweepSpec& s, int t) {
  if (t < 0 || t >= int(s.tasks.size()))
    throw SweepError(fmt::format("--task {}: the sweep has tasks 0 to {}", t, int(s.tasks.size()) - 1));
  install_stop_handlers();
  // Run the first point still to run, then look again: its result may end the series.
  for (;;) {
    const auto points = task_status(s, t);
    const PointStatus* next = nullptr;
    for (const auto& p : points) {
      if (p.status == "skipped") write_point_skipped(s, s.points[size_t(p.index)]);
      if (p.status == "missing" && !next) next = &p;
    }
    if (!next) return 0;
    const SweepPoint& p = s.points[size_t(next->index)];
    ojson result;
    try {
      result = run_experiment(p.config);
    } catch (const std::exception& e) {  // a deadlock, say: recorded, and the series ends here
      std::cout << fmt::format("point {}: error: {}\n", p.index, e.what());
      write_point_error(s, p, e.what());
      continue;
    }
    if (result["stop_reason"] == "interrupted") return 128 + stop_signal();  // nothing kept
    std::cout << fmt::format("point {}: T = {}, U = {}, {}{}\n", p.index, result["T"].dump(), result["U"].dump(),
                             result["stop_reason"].get<std::string>(),
                             saturates(s, result) ? " (saturated: the series stops)" : "");
    std::cout.flush();
    write_point_result(s, p, std::move(result));
  }
}

}  // namespace kncsim
