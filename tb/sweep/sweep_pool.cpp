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

int run_sweep_local(const SweepSpec& s, const SweepOptions& o) {
  const auto t0 = std::chrono::steady_clock::now();
  // The biggest tasks first (nodes summed over their points), so that no big one is left
  // running alone at the end; the order changes no result.
  std::vector<int> tasks = unfinished_tasks(s);
  std::vector<double> size(s.tasks.size(), 0);
  for (const auto& p : s.points) {
    double nodes = 1;
    for (int r : network_radices(p.config)) nodes *= r;
    size[size_t(p.task)] += nodes;
  }
  std::stable_sort(tasks.begin(), tasks.end(), [&](int a, int b) { return size[size_t(a)] > size[size_t(b)]; });
  const int before = count_point_files(s);
  if (!tasks.empty()) forget_gathered(s);
  std::cout << fmt::format("sweep: {} points in {} tasks; {} already done; {} tasks to run on {} workers\n", s.points.size(),
                           s.tasks.size(), before, tasks.size(), o.jobs);
  std::cout.flush();
  const fs::path logs = fs::path(s.output_dir) / "logs";
  fs::create_directories(logs);
  install_stop_handlers();
  SweepProgress progress(int(s.points.size()), before, !o.quiet);
  std::map<pid_t, int> running;
  std::vector<std::pair<int, int>> failed;  // task, wait status
  size_t next = 0;
  auto last_draw = std::chrono::steady_clock::now() - std::chrono::seconds(1);
  while (next < tasks.size() || !running.empty()) {
    if (stop_requested()) {  // stop the workers (each at a cycle boundary; its point is not kept)
      for (const auto& [pid, t] : running) kill(pid, SIGTERM);
      for (const auto& [pid, t] : running) waitpid(pid, nullptr, 0);
      progress.finish();
      std::cerr << fmt::format("kncsim: sweep interrupted by signal {}: {} of {} points have results; run the same "
                               "command again to run the rest\n",
                               stop_signal(), count_point_files(s), s.points.size());
      return 128 + stop_signal();
    }
    while (running.size() < size_t(o.jobs) && next < tasks.size()) {
      const int t = tasks[next++];
      const std::vector<std::string> argv{o.self, "sweep", s.path, "--out", s.output_dir, "--task", std::to_string(t), "--quiet"};
      const std::string log = (logs / fmt::format("task_{}.log", t)).string();
      running[spawn_child(argv, log, log)] = t;
    }
    int status = 0;
    const pid_t pid = waitpid(-1, &status, WNOHANG);
    if (pid > 0 && running.count(pid)) {
      if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) failed.push_back({running[pid], status});
      running.erase(pid);
      continue;
    }
    if (std::chrono::steady_clock::now() - last_draw > std::chrono::milliseconds(500)) {
      progress.update(count_point_files(s), int(running.size()));
      last_draw = std::chrono::steady_clock::now();
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  progress.finish();
  for (const auto& [t, st] : failed)
    std::cerr << fmt::format("kncsim: sweep: task {} {}; see {}\n", t,
                             WIFSIGNALED(st) ? fmt::format("was killed by signal {}", WTERMSIG(st))
                                             : fmt::format("failed with status {}", WEXITSTATUS(st)),
                             (logs / fmt::format("task_{}.log", t)).string());
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  const int rc = finish_sweep(s, count_point_files(s) - before, secs);
  return failed.empty() ? rc : 1;
}

}  // namespace kncsim
