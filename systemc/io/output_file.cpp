#include "io/output_file.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <vector>

namespace kncsim {
namespace {

namespace fs = std::filesystem;

std::string directory_of(const std::string& path) {
  const fs::path dir = fs::path(path).parent_path();
  return dir.empty() ? "." : dir.string();
}

std::string error_text() { return std::strerror(errno); }

// A reader that goes away (a closed pipe) is an error to report, not a signal that kills the
// run before it can say where its result is.
class NoSigpipe {
 public:
  NoSigpipe() { old_ = std::signal(SIGPIPE, SIG_IGN); }
  ~NoSigpipe() { std::signal(SIGPIPE, old_); }

 private:
  void (*old_)(int);
};

// Returns false with errno set on a failed write.
bool write_all(int fd, const char* data, size_t size) {
  while (size > 0) {
    const ssize_t n = ::write(fd, data, size);
    if (n < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    data += n, size -= size_t(n);
  }
  return true;
}

class Fd {
 public:
  explicit Fd(int fd) : fd_(fd) {}
  ~Fd() {
    if (fd_ >= 0) close(fd_);
  }
  Fd(const Fd&) = delete;
  Fd& operator=(const Fd&) = delete;
  int get() const { return fd_; }
  bool close_now() {  // close's own error (NFS reports a failed write here)
    const int fd = fd_;
    fd_ = -1;
    return close(fd) == 0;
  }

 private:
  int fd_;
};

mode_t current_umask() {
  const mode_t mask = umask(0);
  umask(mask);
  return mask;
}

// The temporary file's mode and owner: the replaced file's, or a new file's.
void set_mode(int fd, const OutputTarget& t, mode_t new_mode) {
  struct stat st {};
  if (t.kind == OutputTarget::Kind::regular && stat(t.path.c_str(), &st) == 0) {
    if (geteuid() == 0 && (st.st_uid != geteuid() || st.st_gid != getegid()))
      (void)!fchown(fd, st.st_uid, st.st_gid);  // best effort, as cp -p
    fchmod(fd, st.st_mode & 07777);
  } else {
    fchmod(fd, new_mode & ~current_umask());
  }
}

void fsync_directory(const std::string& dir) {
  const int fd = open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return;
  fsync(fd);  // some file systems refuse a directory's fsync; the rename is done either way
  close(fd);
}

// ".name.XXXXXX<suffix>" beside `path`, created; its name is returned, and its descriptor in
// `fd` if asked for (else it is closed).
std::string temporary_beside(const std::string& path, const std::string& suffix, const std::string& what,
                             int* fd = nullptr) {
  std::string name =
      (fs::path(directory_of(path)) / ("." + fs::path(path).filename().string() + ".XXXXXX" + suffix)).string();
  const int made = mkostemps(name.data(), int(suffix.size()), O_CLOEXEC);
  if (made < 0)
    throw OutputError(fmt::format("{}: cannot create a file in directory '{}': {}", what, directory_of(path), error_text()));
  if (fd) *fd = made;
  else close(made);
  return name;
}

// The temporary file made, written and synced; now in place, and its directory synced.
void put_in_place(const std::string& tmp, const OutputTarget& t, const std::string& what) {
  if (std::rename(tmp.c_str(), t.path.c_str()) != 0)
    throw OutputError(fmt::format("{}: cannot rename '{}' to '{}': {}", what, tmp, t.path, error_text()));
  fsync_directory(directory_of(t.path));
}

int connect_socket(const std::string& path) {
  sockaddr_un a{};
  a.sun_family = AF_UNIX;
  if (path.size() >= sizeof a.sun_path) {
    errno = ENAMETOOLONG;
    return -1;
  }
  std::memcpy(a.sun_path, path.c_str(), path.size() + 1);
  for (int type : {SOCK_STREAM, SOCK_SEQPACKET}) {
    const int s = socket(AF_UNIX, type | SOCK_CLOEXEC, 0);
    if (s < 0) return -1;
    if (connect(s, reinterpret_cast<const sockaddr*>(&a), sizeof a) == 0) return s;
    const int e = errno;
    close(s);
    errno = e;
    if (e != EPROTOTYPE) return -1;
  }
  return -1;
}

// Opens what is written through (not replaced): a device, FIFO, socket or descriptor. The
// descriptor returned is ours to close, except a held descriptor's (owned = false).
// At a stop that skips destructors (`at_stop`), a FIFO is opened without waiting for a reader.
int open_through(const OutputTarget& t, bool& owned, bool at_stop = false) {
  owned = true;
  switch (t.kind) {
    case OutputTarget::Kind::standard_output:
    case OutputTarget::Kind::descriptor:
      std::cout.flush();
      std::cerr.flush();
      std::fflush(nullptr);
      owned = false;
      return t.fd;
    case OutputTarget::Kind::socket:
      return connect_socket(t.path);
    default:
      return open(t.path.c_str(), O_WRONLY | O_NOCTTY | O_CLOEXEC | (at_stop ? O_NONBLOCK : 0));
  }
}

// Writes `size` bytes through to a target that is not replaced.
void write_through(const OutputTarget& t, const char* data, size_t size, const std::string& what) {
  NoSigpipe guard;
  bool owned = false;
  const int fd = open_through(t, owned);
  if (fd < 0) throw OutputError(fmt::format("{}: cannot open {}: {}", what, t.what(), error_text()));
  const bool ok = write_all(fd, data, size);
  const int e = errno;
  if (owned && close(fd) != 0 && ok) throw OutputError(fmt::format("{}: write failed: {}", what, error_text()));
  errno = e;
  if (!ok) throw OutputError(fmt::format("{}: write failed: {}", what, error_text()));
}

std::vector<StagedOutput*>& unfinished() {
  static auto& all = *new std::vector<StagedOutput*>;  // never destroyed: atexit writers use it
  return all;
}

}  // namespace

void write_output_file(const std::string& path, const std::string& text, const std::string& option, mode_t new_mode) {
  const OutputTarget t = resolve_output_target(path, option);
  const std::string what = fmt::format("{} '{}'", option, path);
  if (t.kind == OutputTarget::Kind::directory)
    throw OutputError(fmt::format("{} is a directory; allowed: a file path", what));
  if (!t.replaced()) return write_through(t, text.data(), text.size(), what);

  int made = -1;
  const std::string tmp = temporary_beside(t.path, "", what, &made);
  try {
    Fd fd(made);
    if (!write_all(fd.get(), text.data(), text.size()))
      throw OutputError(fmt::format("{}: write failed: {}", what, error_text()));
    set_mode(fd.get(), t, new_mode);
    if (fsync(fd.get()) != 0 || !fd.close_now())
      throw OutputError(fmt::format("{}: write failed: {}", what, error_text()));
    put_in_place(tmp, t, what);
  } catch (...) {
    std::remove(tmp.c_str());
    throw;
  }
}

StagedOutput::StagedOutput(const std::string& path, const std::string& option, const std::string& suffix)
    : path_(path), option_(option), target_(resolve_output_target(path, option)) {
  const std::string what = fmt::format("{} '{}'", option, path);
  if (target_.kind == OutputTarget::Kind::directory)
    throw OutputError(fmt::format("{} is a directory; allowed: a file path", what));
  const bool named_as_written = target_.path.size() >= suffix.size() &&
                                target_.path.compare(target_.path.size() - suffix.size(), suffix.size(), suffix) == 0;
  if (target_.replaced()) {
    mode_ = Mode::replace;
    writer_path_ = temporary_beside(target_.path, suffix, what);
  } else if ((target_.kind == OutputTarget::Kind::device || target_.kind == OutputTarget::Kind::fifo) &&
             named_as_written) {
    mode_ = Mode::live;
    writer_path_ = target_.path;
  } else if (target_.kind == OutputTarget::Kind::device || target_.kind == OutputTarget::Kind::fifo) {
    // The writer adds `suffix`: it gets a name that has it, a link in a private directory to
    // the device or FIFO, and writes through that live.
    std::string dir = (fs::temp_directory_path() / "kncsim.XXXXXX").string();
    if (!mkdtemp(dir.data()))
      throw OutputError(fmt::format("{}: cannot create a directory in '{}': {}", what,
                                    fs::temp_directory_path().string(), error_text()));
    mode_ = Mode::linked;
    writer_path_ = (fs::path(dir) / ("output" + suffix)).string();
    if (symlink(fs::absolute(target_.path).c_str(), writer_path_.c_str()) != 0)
      throw OutputError(fmt::format("{}: cannot link '{}': {}", what, writer_path_, error_text()));
  } else {
    mode_ = Mode::copy;
    writer_path_ = temporary_beside((fs::temp_directory_path() / "kncsim").string(), suffix, what);
  }
  unfinished().push_back(this);
}

StagedOutput::~StagedOutput() {
  try {
    finish();
  } catch (const std::exception& e) {
    std::cerr << "kncsim: output error: " << e.what() << "\n";
  }
}

void StagedOutput::finish() {
  if (finished_) return;
  finished_ = true;
  auto& all = unfinished();
  all.erase(std::remove(all.begin(), all.end(), this), all.end());
  const std::string what = fmt::format("{} '{}'", option_, path_);
  const std::string kept = fmt::format("; what was written is kept in '{}'", writer_path_);
  if (mode_ == Mode::live) return;
  if (mode_ == Mode::linked) {  // the writer wrote through the link; only the link goes
    unlink(writer_path_.c_str());
    rmdir(fs::path(writer_path_).parent_path().c_str());
    return;
  }
  struct stat st {};
  if (stat(writer_path_.c_str(), &st) == 0 && st.st_size == 0) {
    // The writer never wrote (a run that failed before its first cycle): the path keeps
    // what it had.
    unlink(writer_path_.c_str());
    return;
  }
  if (mode_ == Mode::replace) {
    Fd fd(open(writer_path_.c_str(), O_RDONLY | O_CLOEXEC));
    if (fd.get() < 0) throw OutputError(fmt::format("{}: cannot reopen '{}': {}", what, writer_path_, error_text()));
    set_mode(fd.get(), target_, 0666);
    if (fsync(fd.get()) != 0) throw OutputError(fmt::format("{}: fsync failed: {}{}", what, error_text(), kept));
    try {
      put_in_place(writer_path_, target_, what);
    } catch (const OutputError& e) {
      throw OutputError(e.what() + kept);
    }
    return;
  }
  // Mode::copy: through to the target, then the staging file goes.
  Fd in(open(writer_path_.c_str(), O_RDONLY | O_CLOEXEC));
  if (in.get() < 0) throw OutputError(fmt::format("{}: cannot reopen '{}': {}", what, writer_path_, error_text()));
  NoSigpipe guard;
  bool owned = false;
  const int out = open_through(target_, owned, at_stop_);
  if (out < 0) throw OutputError(fmt::format("{}: cannot open {}: {}{}", what, target_.what(), error_text(), kept));
  std::vector<char> buffer(1 << 16);
  bool ok = true;
  for (;;) {
    const ssize_t n = read(in.get(), buffer.data(), buffer.size());
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      ok = n == 0;
      break;
    }
    if (!write_all(out, buffer.data(), size_t(n))) {
      ok = false;
      break;
    }
  }
  const int e = errno;
  if (owned) close(out);
  errno = e;
  if (!ok) throw OutputError(fmt::format("{}: write failed: {}{}", what, error_text(), kept));
  unlink(writer_path_.c_str());
}

void StagedOutput::abandon() noexcept {
  if (finished_) return;
  finished_ = true;
  auto& all = unfinished();
  all.erase(std::remove(all.begin(), all.end(), this), all.end());
  if (mode_ != Mode::live) unlink(writer_path_.c_str());
  if (mode_ == Mode::linked) rmdir(fs::path(writer_path_).parent_path().c_str());
}

void StagedOutput::finish_all() noexcept {
  while (!unfinished().empty()) {
    StagedOutput* s = unfinished().back();
    s->at_stop_ = true;
    try {
      s->finish();
    } catch (const std::exception& e) {
      std::fprintf(stderr, "kncsim: output error: %s\n", e.what());
    }
  }
}

}  // namespace kncsim
