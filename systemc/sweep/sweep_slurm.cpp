// The Slurm backend: the unfinished tasks as one job array, each array task running sweep
// tasks with `kncsim sweep --task` on a node (the same code as a local worker); this process
// watches the queue until the array has ended (or cancels it on a signal). Array indices count from 0 over tasks.txt's lines, so a
// resumed sweep submits only what is missing; past Slurm's default MaxArraySize (1001) an
// array task runs several sweep tasks in turn.
#include <fmt/format.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <regex>
#include <sstream>
#include <thread>

#include "io/output_file.hpp"
#include "sched/stop_request.hpp"
#include "io/child_process.hpp"
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

namespace {

// Runs a Slurm command to completion; its exit status, stdout in `out`.
int run_command(const std::vector<std::string>& argv, const fs::path& out, const fs::path& err) {
  int status = 0;
  waitpid(spawn_child(argv, out.string(), err.string()), &status, 0);
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + (WIFSIGNALED(status) ? WTERMSIG(status) : 0);
}

}  // namespace

int run_sweep_slurm(const SweepSpec& s, const SweepOptions& o) {
  check_slurm_available();
  const auto t0 = std::chrono::steady_clock::now();
  const std::vector<int> tasks = unfinished_tasks(s);
  const int before = count_point_files(s);
  if (tasks.empty()) return finish_sweep(s, 0, 0);
  forget_gathered(s);

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
  std::string name = fs::path(s.path).filename().string();
  std::replace_if(name.begin(), name.end(), [](char c) { return c == '\n' || c == '\r'; }, ' ');
  const std::string job = fmt::format(
      "#!/bin/sh\n"
      "# kncsim sweep {}: array task N runs the sweep tasks on line N + 1 of tasks.txt, each\n"
      "# even if one before it failed; the array task fails if any did.\n"
      "rc=0\n"
      "for t in $(sed -n \"$((SLURM_ARRAY_TASK_ID + 1))p\" {}); do\n"
      "  {} sweep {} --out {} --task \"$t\" --quiet || rc=1\n"
      "done\n"
      "exit $rc\n",
      name, quoted((dir / "tasks.txt").string()), quoted(o.self), quoted(fs::absolute(s.path).string()),
      quoted(fs::absolute(s.output_dir).string()));
  write_output_file((dir / "job.sh").string(), job, "sweep", 0777);

  // Submit (sbatch returns at once with the job id), then watch the array until it has left
  // the queue, so that a signal here can cancel it.
  // --output expands %-patterns: a literal % in the directory is written %%.
  const std::string log_pattern = std::regex_replace((dir / "task_").string(), std::regex("%"), "%%") + "%a.log";
  const std::vector<std::string> submit{find_on_path("sbatch"),
                                        "--parsable",
                                        fmt::format("--array=0-{}", array_tasks - 1),
                                        "--job-name=kncsim-sweep",
                                        "--cpus-per-task=1",
                                        "--output=" + log_pattern,
                                        (dir / "job.sh").string()};
  std::cout << fmt::format("sweep: {} points in {} tasks; {} already done; submitting {} tasks as a Slurm job array of {}\n",
                           s.points.size(), s.tasks.size(), before, tasks.size(), array_tasks);
  std::cout.flush();
  if (run_command(submit, dir / "sbatch.out", dir / "sbatch.err") != 0)
    throw SweepError(fmt::format("--backend slurm: sbatch refused the job array: {}", read_all(dir / "sbatch.err")));
  const std::string out = read_all(dir / "sbatch.out");
  const std::string id = out.substr(0, out.find_first_of(";\n"));
  install_stop_handlers();
  SweepProgress progress(int(s.points.size()), before, !o.quiet);
  const std::string squeue = find_on_path("squeue"), scancel = find_on_path("scancel");
  for (;;) {
    if (stop_requested()) {
      if (!scancel.empty()) run_command({scancel, id}, "/dev/null", dir / "scancel.err");
      progress.finish();
      std::cerr << fmt::format("kncsim: sweep interrupted by signal {}: job array {} cancelled; {} of {} points have "
                               "results; run the same command again to run the rest\n",
                               stop_signal(), id, count_point_files(s), s.points.size());
      return 128 + stop_signal();
    }
    // Gone from the queue: squeue lists nothing, or no longer knows the job.
    if (squeue.empty() || run_command({squeue, "-h", "-j", id, "-o", "%i"}, dir / "squeue.out", dir / "squeue.err") != 0 ||
        read_all(dir / "squeue.out").find_first_not_of(" \n") == std::string::npos)
      break;
    progress.update(count_point_files(s), -1);
    std::this_thread::sleep_for(std::chrono::milliseconds(500));
  }
  progress.finish();
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  const int rc = finish_sweep(s, count_point_files(s) - before, secs);
  if (rc != 0) std::cerr << fmt::format("kncsim: sweep: array task logs: {}/task_N.log\n", dir.string());
  return rc;
}

}  // namespace kncsim
