#include <fmt/format.h>
#include <sys/prctl.h>

#include <csignal>
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
  prctl(PR_SET_PDEATHSIG, SIGTERM);  // a worker whose sweep died stops too (at a cycle boundary)
  install_stop_handlers();
  bool stopped = false;  // a lower load of this series saturated (or failed)
  for (int i : s.tasks[size_t(t)]) {
    const SweepPoint& p = s.points[size_t(i)];
    if (const auto done = read_point(s, p)) {
      const std::string st = (*done)["status"];
      stopped = stopped || ((st == "saturated" || st == "error") && s.stop_at_saturation);
      continue;
    }
    if (stopped) {
      write_point(s, p, point_record(s, p, "skipped", nullptr));
      continue;
    }
    ojson result;
    try {
      result = run_experiment(p.config);
    } catch (const std::exception& e) {  // a deadlock, say: recorded, and the series ends here
      write_point(s, p, point_record(s, p, "error", e.what()));
      std::cout << fmt::format("point {}: error: {}\n", p.index, e.what());
      stopped = s.stop_at_saturation;
      continue;
    }
    if (result["stop_reason"] == "interrupted") return 128 + stop_signal();
    const bool converged = result["converged"].get<bool>();
    const bool over = s.latency_bound > 0 && (!result["T"].is_number() || result["T"].get<double>() > s.latency_bound);
    const bool saturated = s.stop_at_saturation && (!converged || over);
    std::cout << fmt::format("point {}: T = {}, U = {}, {}{}\n", p.index, result["T"].dump(), result["U"].dump(),
                             result["stop_reason"].get<std::string>(), saturated ? " (saturated: the series stops)" : "");
    write_point(s, p, point_record(s, p, saturated ? "saturated" : "done", std::move(result)));
    stopped = saturated;
  }
  return 0;
}

}  // namespace kncsim
