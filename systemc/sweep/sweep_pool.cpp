// The local backend: worker processes (this executable, --task T), at most `jobs` at a time.
#include <fmt/format.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <map>
#include <set>
#include <thread>

#include "sched/stop_request.hpp"
#include "io/child_process.hpp"
#include "sweep/sweep_progress.hpp"
#include "sweep/sweep_run.hpp"
#include "sweep/sweep_store.hpp"

namespace kncsim {
namespace {
namespace fs = std::filesystem;
}  // namespace

int finish_sweep(const SweepSpec& s, int ran_points, double seconds) {
  SweepTally t;
  try {
    t = gather(s);
  } catch (const SweepError& e) {
    std::cerr << "kncsim: sweep: " << e.what() << "\n";
    return 1;
  }
  std::cout << fmt::format("sweep: {} points ({} done, {} saturated, {} skipped, {} errors); {} run now in {} -> {}/results.jsonl, "
                           "{}/summary.csv\n",
                           s.points.size(), t.done, t.saturated, t.skipped, t.errors, ran_points, clock_text(seconds),
                           s.output_dir, s.output_dir);
  return t.errors ? 1 : 0;
}

namespace {

// Which points of the unfinished tasks to run, and in what order: the biggest tasks first
// (nodes summed over their points), so that no big one is left running alone at the end, and
// a load series' points in load order. Which of a series' points still run is decided as
// results come in. The order changes no result.
class PointQueue {
 public:
  explicit PointQueue(const SweepSpec& s) : s_(s) {
    tasks_ = unfinished_tasks(s);
    std::vector<double> size(s.tasks.size(), 0);
    for (const auto& p : s.points) size[size_t(p.task)] += p.nodes;
    std::stable_sort(tasks_.begin(), tasks_.end(), [&](int a, int b) { return size[size_t(a)] > size[size_t(b)]; });
    for (int t : tasks_) refresh(t);
  }
  size_t tasks() const { return tasks_.size(); }

  // The next point to start, or -1. Without saturation detection a series runs one point at
  // a time: a point past saturation would then run to run.max_cycles, which the point below
  // it may spare.
  int next() {
    for (int t : tasks_) {
      if (!s_.detect_saturation && running_[t]) continue;
      for (const auto& p : status_[t]) {
        if (p.status != "missing" || !started_.insert(p.index).second) continue;
        ++running_[t];
        return p.index;
      }
    }
    return -1;
  }
  void ended(int point) { --running_[s_.points[size_t(point)].task]; }
  // Reads task t's results again; returns its points now past its saturated (or failed) one.
  std::vector<int> refresh(int t) {
    status_[t] = task_status(s_, t);
    std::vector<int> stopped;
    for (const auto& p : status_[t])
      if (p.status == "skipped") stopped.push_back(p.index);
    return stopped;
  }

 private:
  const SweepSpec& s_;
  std::vector<int> tasks_;
  std::map<int, std::vector<PointStatus>> status_;
  std::set<int> started_;
  std::map<int, int> running_;  // per task
};

}  // namespace

int run_sweep_local(const SweepSpec& s, const SweepOptions& o) {
  const auto t0 = std::chrono::steady_clock::now();
  PointQueue queue(s);
  const int before = count_point_files(s);
  if (queue.tasks()) forget_gathered(s);
  std::cout << fmt::format("sweep: {} points in {} tasks; {} already done; {} tasks to run on {} workers\n", s.points.size(),
                           s.tasks.size(), before, queue.tasks(), o.jobs);
  std::cout.flush();
  const fs::path logs = fs::path(s.output_dir) / "logs";
  fs::create_directories(logs);
  install_stop_handlers();
  SweepProgress progress(int(s.points.size()), before, !o.quiet);
  std::map<pid_t, int> running;  // worker -> point
  std::set<pid_t> stopped;       // workers stopped because their series saturated below them
  std::vector<std::pair<int, int>> failed;  // point, wait status
  auto log_of = [&](int point) { return (logs / fmt::format("point_{}.log", point)).string(); };
  auto last_draw = std::chrono::steady_clock::now() - std::chrono::seconds(1);
  for (;;) {
    if (stop_requested()) {  // stop the workers (each at a cycle boundary; its point is not kept)
      for (const auto& [pid, p] : running) kill(pid, SIGTERM);
      for (const auto& [pid, p] : running) waitpid(pid, nullptr, 0);
      progress.finish();
      std::cerr << fmt::format("kncsim: sweep interrupted by signal {}: {} of {} points have results; run the same "
                               "command again to run the rest\n",
                               stop_signal(), count_point_files(s), s.points.size());
      return 128 + stop_signal();
    }
    while (running.size() < size_t(o.jobs)) {
      const int p = queue.next();
      if (p < 0) break;
      const std::vector<std::string> argv{o.self, "sweep", s.path, "--out", s.output_dir, "--point", std::to_string(p), "--quiet"};
      running[spawn_child(argv, log_of(p), log_of(p))] = p;
    }
    if (running.empty()) break;
    int status = 0;
    const pid_t pid = waitpid(-1, &status, WNOHANG);
    if (pid > 0 && running.count(pid)) {
      const int point = running[pid];
      running.erase(pid);
      queue.ended(point);
      if (!stopped.erase(pid) && (!WIFEXITED(status) || WEXITSTATUS(status) != 0)) failed.push_back({point, status});
      // A saturated point ends its series: the points above it that are running stop now.
      const int task = s.points[size_t(point)].task;
      for (int above : queue.refresh(task))
        for (const auto& [other, q] : running)
          if (q == above && !stopped.count(other)) {
            kill(other, SIGTERM);
            stopped.insert(other);
          }
      continue;
    }
    if (std::chrono::steady_clock::now() - last_draw > std::chrono::milliseconds(500)) {
      progress.update(count_point_files(s), int(running.size()));
      last_draw = std::chrono::steady_clock::now();
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  progress.finish();
  for (size_t t = 0; t < s.tasks.size(); ++t)  // the points a saturated one skipped, marked so
    for (const auto& p : task_status(s, int(t)))
      if (p.status == "skipped") write_point_skipped(s, s.points[size_t(p.index)]);
  for (const auto& [p, st] : failed)
    std::cerr << fmt::format("kncsim: sweep: point {} {}; see {}\n", p,
                             WIFSIGNALED(st) ? fmt::format("was killed by signal {}", WTERMSIG(st))
                                             : fmt::format("failed with status {}", WEXITSTATUS(st)),
                             log_of(p));
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  const int rc = finish_sweep(s, count_point_files(s) - before, secs);
  return failed.empty() ? rc : 1;
}

}  // namespace kncsim
