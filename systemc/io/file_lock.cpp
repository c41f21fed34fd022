#include "io/file_lock.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <fmt/format.h>

#include <cerrno>
#include <cstring>
#include <iostream>
#include <stdexcept>

namespace kncsim {

FileLock::FileLock(const std::string& path, const std::string& waiting)
    : fd_(open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0666)) {
  if (fd_ < 0) throw std::runtime_error(fmt::format("cannot open the lock file {}: {}", path, std::strerror(errno)));
  if (flock(fd_, LOCK_EX | LOCK_NB) == 0) return;
  waited_ = true;
  if (!waiting.empty()) std::cerr << waiting << "\n";
  while (flock(fd_, LOCK_EX) != 0)
    if (errno != EINTR) {
      const int e = errno;
      close(fd_);
      throw std::runtime_error(fmt::format("cannot lock {}: {}", path, std::strerror(e)));
    }
}

FileLock::~FileLock() { close(fd_); }

}  // namespace kncsim
