#pragma once
// Starting a program (a sweep worker, sbatch, Verilator, the compiler) with its output going
// to files: posix_spawn, so that a large simulator process forks nothing it does not need.
#include <sys/types.h>

#include <string>
#include <vector>

namespace kncsim {

// Starts argv[0] (a path) with `argv`; stdout to `out`, stderr to `err` (the same file if equal).
// Throws std::runtime_error naming the program if it cannot be started.
// `cwd`: the directory it starts in (empty: ours); `out` and `err` are opened there.
pid_t spawn_child(const std::vector<std::string>& argv, const std::string& out, const std::string& err,
                  const std::string& cwd = "");

}  // namespace kncsim
