#include "io/file_lock.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <fmt/format.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <iostream>
#include <stdexcept>
#include <thread>

namespace kncsim {

FileLock::FileLock(const std::string& path, const std::string& waiting, const std::function<bool()>& give_up)
    : fd_(open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0666)) {
  if (fd_ < 0) throw std::runtime_error(fmt::format("cannot open the lock file {}: {}", path, std::strerror(errno)));
  // Polling, not a blocking flock: a blocking one restarts after a signal's handler, and a
  // process asked to stop would wait for the other process all the same.
  for (;;) {
    if (flock(fd_, LOCK_EX | LOCK_NB) == 0) {
      held_ = true;
      return;
    }
    if (errno == ENOLCK || errno == EOPNOTSUPP || errno == ENOSYS || errno == EINVAL) {
      unsupported_ = true;
      return;
    }
    if (errno != EWOULDBLOCK && errno != EINTR) {
      const int e = errno;
      close(fd_);
      throw std::runtime_error(fmt::format("cannot lock {}: {}", path, std::strerror(e)));
    }
    if (!waited_ && !waiting.empty()) std::cerr << waiting << "\n";
    waited_ = true;
    if (give_up && give_up()) return;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
}

FileLock::~FileLock() { close(fd_); }

}  // namespace kncsim
