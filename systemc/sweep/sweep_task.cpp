#include <fmt/format.h>

#include <iostream>

#include "experiment/experiment.hpp"
#include "experiment/rtl_attach.hpp"
#include "sched/stop_request.hpp"
#include "sweep/sweep_run.hpp"
#include "sweep/sweep_store.hpp"

namespace kncsim {

using ojson = nlohmann::ordered_json;

namespace {

// Runs one point and writes its file, holding the point's lock: a point that another sweep into
// the same folder ran meanwhile is not run again. Returns false if a signal interrupted it
// (nothing kept).
bool run_point(const SweepSpec& s, const SweepPoint& p) {
  const auto lock = lock_point(s, p);
  if (!lock->held() && !lock->unsupported()) return false;  // a stop signal ended the wait
  if (point_ran(s, p)) {
    std::cout << fmt::format("point {}: run by another sweep into {}\n", p.index, s.output_dir);
    return true;
  }
  ojson result;
  try {
    result = run_experiment(prepare_run(p.config));
  } catch (const std::exception& e) {  // a deadlock, say: recorded, and the series ends here
    std::cout << fmt::format("point {}: error: {}\n", p.index, e.what());
    write_point_error(s, p, e.what());
    return true;
  }
  if (result["stop_reason"] == "interrupted") return false;
  if (result.contains("trace"))  // a trace's figures: its cycles to the last delivery and its slowdown
    std::cout << fmt::format("point {}: trace cycles = {}, slowdown = {}, {} after {} cycles\n", p.index,
                             result["trace"]["cycles"].dump(), result["trace"]["slowdown"].dump(),
                             result["stop_reason"].get<std::string>(), result["curtime"].dump());
  else
    std::cout << fmt::format("point {}: T = {}, U = {}, {} after {} cycles{}\n", p.index, result["T"].dump(),
                             result["U"].dump(), result["stop_reason"].get<std::string>(), result["curtime"].dump(),
                             saturates(s, result) ? " (saturated: the series stops)" : "");
  std::cout.flush();
  write_point_result(s, p, std::move(result));
  return true;
}

void check_task(const SweepSpec& s, int t) {
  if (t < 0 || t >= int(s.tasks.size()))
    throw SweepError(fmt::format("--task {}: the sweep has tasks 0 to {}", t, int(s.tasks.size()) - 1));
}

}  // namespace

int run_sweep_task(const SweepSpec& s, int t) {
  check_task(s, t);
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
    if (!run_point(s, s.points[size_t(next->index)])) return 128 + stop_signal();
  }
}

int run_sweep_point(const SweepSpec& s, int index) {
  if (index < 0 || index >= int(s.points.size()))
    throw SweepError(fmt::format("--point {}: the sweep has points 0 to {}", index, int(s.points.size()) - 1));
  install_stop_handlers();
  const SweepPoint& p = s.points[size_t(index)];
  for (const auto& st : task_status(s, p.task))
    if (st.index == index) {
      if (st.status == "skipped") write_point_skipped(s, p);
      if (st.status != "missing") return 0;
    }
  return run_point(s, p) ? 0 : 128 + stop_signal();
}

}  // namespace kncsim
