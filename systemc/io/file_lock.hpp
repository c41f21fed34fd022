#pragma once
// An exclusive advisory lock (flock) on a file, held while the object lives: one process at a
// time builds an RTL model, or runs a sweep point. Taken at once if free; otherwise `waiting`
// (if not empty) is printed on stderr and the lock is waited for, polling, until it is free or
// `give_up` (if set) says to stop waiting (a stop signal): then no lock is held. A filesystem
// without flock (some network filesystems) gives no lock either, and says so (unsupported()).
// The lock goes with the process, so a process that dies leaves none behind.
#include <functional>
#include <string>

namespace kncsim {

class FileLock {
 public:
  FileLock(const std::string& path, const std::string& waiting, const std::function<bool()>& give_up = {});
  ~FileLock();
  FileLock(const FileLock&) = delete;
  FileLock& operator=(const FileLock&) = delete;
  bool held() const { return held_; }
  // Whether the lock was held by another process when asked for (this one waited).
  bool waited() const { return waited_; }
  // The filesystem has no flock: nothing is held, and nothing was waited for.
  bool unsupported() const { return unsupported_; }

 private:
  int fd_;
  bool held_ = false, waited_ = false, unsupported_ = false;
};

}  // namespace kncsim
