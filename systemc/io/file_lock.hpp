#pragma once
// An exclusive advisory lock (flock) on a file, held while the object lives: one process at a
// time builds an RTL model, or runs a sweep point. Taken at once if free; otherwise `waiting`
// (if not empty) is printed on stderr and the lock is waited for. The lock goes with the process,
// so a process that dies leaves none behind.
#include <string>

namespace kncsim {

class FileLock {
 public:
  FileLock(const std::string& path, const std::string& waiting);
  ~FileLock();
  FileLock(const FileLock&) = delete;
  FileLock& operator=(const FileLock&) = delete;
  // Whether the lock was held by another process when asked for (this one waited).
  bool waited() const { return waited_; }

 private:
  int fd_;
  bool waited_ = false;
};

}  // namespace kncsim
