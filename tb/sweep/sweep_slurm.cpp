// The Slurm backend: the unfinished tasks as one job array, each array task running sweep
// tasks with `kncsim sweep --task` on a node (the same code as a local worker), sbatch --wait
// waiting for the array to end. Array indices count from 0 over tasks.txt's lines, so a
// resumed sweep submits only what is missing; past Slurm's default MaxArraySize (1001) an
// array task runs several sweep tasks in turn.
#include <fmt/format.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <thread>

#include "output_file.hpp"
#include "sched/stop_request.hpp"
#include "sweep/child_process.hpp"
#include "sweep/sweep_progress.hpp"
#include "sweep/sweep_run.hpp"
#include "sweep/sweep_store.hpp"

namespace kncsim {
namespace {

namespace fs = std::filesystem;
constexpr size_t kMaxArrayTasks = 1000;

std::string find_on_path(const std::string& name) {
  const char* path = std::getenv("PATH");
  std::stringstream dirs(path ? path : "");
  for (std::string d; std::getline(dirs, d, ':');) {
    const fs::path p = fs::path(d.empty() ? "." : d) / name;
    if (access(p.c_str(), X_OK) == 0) return p.string();
  }
  return "";
}

std::string quoted(const std::string& s) {
  std::string q = "'";
  for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

std::string read_all(const fs::path& p) {
  std::ifstream in(p);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

}  // namespace

void check_slurm_available() {
  if (find_on_path("sbatch").empty())
    throw SweepError("--backend slurm: sbatch is not on PATH; allowed: a machine with Slurm's client commands "
                     "(scripts/slurm_local.sh starts a one-node cluster on this machine), or --backend local");
}

int run_sweep_slurm(const SweepSpec& s, const SweepOptions& o) {
  check_slurm_available();
  const auto t0 = std::chrono::steady_clock::now();
  const std::vector<int> tasks = unfinished_tasks(s);
  const int before = count_point_files(s);
  if (tasks.empty()) return finish_sweep(s, 0, 0);

  // tasks.txt: line a = the sweep tasks array task a runs.
  const fs::path dir = fs::absolute(fs::path(s.output_dir) / "slurm");
  fs::create_directories(dir);
  const size_t per = (tasks.size() + kMaxArrayTasks - 1) / kMaxArrayTasks;
  std::string lines;
  size_t array_tasks = 0;
  for (size_t i = 0; i < tasks.size(); i += per, ++array_tasks) {
    for (size_t j = i; j < std::min(tasks.size(), i + per); ++j) lines += (j > i ? " " : "") + std::to_string(tasks[j]);
    lines += "\n";
  }
  write_output_file((dir / "tasks.txt").string(), lines, "sweep");
  const std::string job = fmt::format(
      "#!/bin/sh\n"
      "# kncsim sweep {}: array task N runs the sweep tasks on line N + 1 of tasks.txt.\n"
      "set -e\n"
      "for t in $(sed -n \"$((SLURM_ARRAY_TASK_ID + 1))p\" {}); do\n"
      "  {} sweep {} --out {} --task \"$t\" --quiet\n"
      "done\n",
      s.path, quoted((dir / "tasks.txt").string()), quoted(o.self), quoted(fs::absolute(s.path).string()),
      quoted(fs::absolute(s.output_dir).string()));
  write_output_file((dir / "job.sh").string(), job, "sweep");
  fs::permissions(dir / "job.sh", fs::perms::owner_exec, fs::perm_options::add);

  const std::vector<std::string> argv{find_on_path("sbatch"),
                                      "--parsable",
                                      "--wait",
                                      fmt::format("--array=0-{}", array_tasks - 1),
                                      "--job-name=kncsim-sweep",
                                      "--cpus-per-task=1",
                                      "--output=" + (dir / "task_%a.log").string(),
                                      (dir / "job.sh").string()};
  std::cout << fmt::format("sweep: {} points in {} tasks; {} already done; submitting {} tasks as a Slurm job array of {}\n",
                           s.points.size(), s.tasks.size(), before, tasks.size(), array_tasks);
  std::cout.flush();
  install_stop_handlers();
  const pid_t pid = spawn_child(argv, (dir / "sbatch.out").string(), (dir / "sbatch.err").string());
  SweepProgress progress(int(s.points.size()), before, !o.quiet);
  int status = 0;
  while (waitpid(pid, &status, WNOHANG) == 0) {
    if (stop_requested()) {  // cancel the array, then stop waiting for it
      const std::string id = read_all(dir / "sbatch.out");
      if (!id.empty()) {
        const std::string scancel = find_on_path("scancel");
        if (!scancel.empty()) {
          int st = 0;
          waitpid(spawn_child({scancel, id.substr(0, id.find_first_of(";\n"))}, "/dev/null", "/dev/null"), &st, 0);
        }
      }
      kill(pid, SIGTERM);
      waitpid(pid, &status, 0);
      progress.finish();
      std::cerr << fmt::format("kncsim: sweep interrupted by signal {}: the job array was cancelled; {} of {} points have "
                               "results; run the same command again to run the rest\n",
                               stop_signal(), count_point_files(s), s.points.size());
      return 128 + stop_signal();
    }
    progress.update(count_point_files(s), -1);
    std::this_thread::sleep_for(std::chrono::milliseconds(500));
  }
  progress.finish();
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
    std::cerr << fmt::format("kncsim: sweep: sbatch ended with status {}: {}(array task logs: {}/task_N.log)\n",
                             WIFEXITED(status) ? WEXITSTATUS(status) : -1, read_all(dir / "sbatch.err"), dir.string());
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  const int rc = finish_sweep(s, count_point_files(s) - before, secs);
  return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? rc : 1;
}

}  // namespace kncsim
