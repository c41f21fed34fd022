#include "child_run.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <fstream>
#include <stdexcept>
#include <thread>

namespace kncsim::fuzz {
namespace {

// Resident size from /proc: the memory bound works under ASan too, where RLIMIT_AS cannot.
long resident_mb(pid_t pid) {
  std::ifstream statm("/proc/" + std::to_string(pid) + "/statm");
  long size = 0, resident = 0;
  statm >> size >> resident;
  return resident * (sysconf(_SC_PAGESIZE) / 1024) / 1024;
}

// In the child, between fork and exec: only async-signal-safe calls.
[[noreturn]] void exec_child(char* const* argv, const char* cwd, const char* out_path, const char* err_path) {
  setpgid(0, 0);
  const struct rlimit no_core = {0, 0};  // crashes are reported, not dumped
  setrlimit(RLIMIT_CORE, &no_core);
  const int in = open("/dev/null", O_RDONLY);
  const int out = open(out_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  const int err = open(err_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (in < 0 || out < 0 || err < 0 || dup2(in, 0) < 0 || dup2(out, 1) < 0 || dup2(err, 2) < 0 || chdir(cwd) != 0)
    _exit(127);
  execv(argv[0], argv);
  static const char kWhy[] = "config fuzz: execv failed: the kncsim binary is missing or being rebuilt\n";
  (void)!write(2, kWhy, sizeof kWhy - 1);
  _exit(127);
}

}  // namespace

ChildResult run_child(const std::vector<std::string>& argv, const std::string& cwd, const std::string& out_path,
                      const std::string& err_path, const ChildLimits& limits) {
  std::vector<char*> args;
  for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);

  using Clock = std::chrono::steady_clock;
  const auto start = Clock::now();
  const pid_t pid = fork();
  if (pid < 0) throw std::runtime_error("config fuzz: fork failed");
  if (pid == 0) exec_child(args.data(), cwd.c_str(), out_path.c_str(), err_path.c_str());
  setpgid(pid, pid);  // also here, so that the group exists before any kill

  ChildResult r;
  auto poll = std::chrono::microseconds(500);
  int status = 0;
  for (;;) {
    const pid_t done = waitpid(pid, &status, WNOHANG);
    if (done == pid) break;
    r.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    r.peak_resident_mb = std::max(r.peak_resident_mb, resident_mb(pid));
    r.timed_out = r.seconds > limits.seconds;
    r.over_memory = r.peak_resident_mb > limits.resident_mb;
    if (r.timed_out || r.over_memory) {
      kill(-pid, SIGKILL);
      waitpid(pid, &status, 0);
      return r;
    }
    std::this_thread::sleep_for(poll);
    poll = std::min(poll * 2, decltype(poll)(20000));  // short cases finish fast; long ones poll every 20 ms
  }
  r.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  if (WIFEXITED(status)) r.exit_code = WEXITSTATUS(status);
  if (WIFSIGNALED(status)) r.signal = WTERMSIG(status);
  return r;
}

}  // namespace kncsim::fuzz
