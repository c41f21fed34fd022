#pragma once
// Runs the kncsim command as a user would, for the CLI tests: to completion (output and exit
// status), or in the background so a test can signal it.
#include <gtest/gtest.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

extern char** environ;

namespace kncsim::test {

struct Outcome {
  int status;  // exit code, or -1 if killed by a signal
  std::string out, err;
  long max_rss_kb = 0;  // peak resident memory (Background runs)
};

inline std::string read_file(const std::string& path) {
  std::ifstream in(path);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

// A fresh file in the test's temp dir (ctest runs tests as parallel processes).
inline std::string temp_path(const std::string& stem) {
  std::string path = ::testing::TempDir() + stem + "_XXXXXX";
  const int fd = mkstemp(path.data());
  close(fd);
  return path;
}

inline std::string write_temp(const std::string& name, const std::string& text) {
  const std::string path = ::testing::TempDir() + std::to_string(getpid()) + "_" + name;
  std::ofstream(path) << text;
  return path;
}

// `kncsim ARGS` through the shell, to completion; `env` (e.g. "PATH=/x") set for it alone.
inline Outcome kncsim(const std::string& args, const std::string& env = "") {
  const std::string err_file = temp_path("kncsim_stderr");
  const std::string cmd = env + (env.empty() ? "" : " ") + std::string(KNCSIM_BIN) + " " + args + " 2>" + err_file;
  FILE* p = popen(cmd.c_str(), "r");
  Outcome o;
  std::array<char, 4096> buf;
  size_t n;
  while ((n = fread(buf.data(), 1, buf.size(), p)) > 0) o.out.append(buf.data(), n);
  const int raw = pclose(p);
  o.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  o.err = read_file(err_file);
  std::remove(err_file.c_str());
  return o;
}

// `kncsim ARGS...` in the background, its stdout and stderr going to files.
class Background {
 public:
  explicit Background(const std::vector<std::string>& args)
      : out_(temp_path("kncsim_out")), err_(temp_path("kncsim_err")) {
    std::vector<std::string> argv{KNCSIM_BIN};
    argv.insert(argv.end(), args.begin(), args.end());
    std::vector<char*> cargv;
    for (auto& a : argv) cargv.push_back(a.data());
    cargv.push_back(nullptr);
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&fa, 1, out_.c_str(), O_WRONLY | O_TRUNC, 0);
    posix_spawn_file_actions_addopen(&fa, 2, err_.c_str(), O_WRONLY | O_TRUNC, 0);
    if (posix_spawn(&pid_, KNCSIM_BIN, &fa, nullptr, cargv.data(), environ) != 0) pid_ = -1;
    posix_spawn_file_actions_destroy(&fa);
  }
  ~Background() {
    if (pid_ > 0) {
      kill(pid_, SIGKILL);
      waitpid(pid_, nullptr, 0);
    }
    std::remove(out_.c_str());
    std::remove(err_.c_str());
  }
  bool started() const { return pid_ > 0; }
  void signal(int sig) const { kill(pid_, sig); }
  Outcome wait() {
    int raw = 0;
    struct rusage usage {};
    wait4(pid_, &raw, 0, &usage);
    pid_ = -1;
    return Outcome{WIFEXITED(raw) ? WEXITSTATUS(raw) : -1, read_file(out_), read_file(err_), usage.ru_maxrss};
  }

 private:
  pid_t pid_ = -1;
  std::string out_, err_;
};

}  // namespace kncsim::test
