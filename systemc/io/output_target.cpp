#include "io/output_target.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <optional>

namespace kncsim {
namespace {

namespace fs = std::filesystem;

constexpr int kMaxLinks = 40;  // Linux's own limit (ELOOP)

std::string directory_of(const std::string& path) {
  const fs::path dir = fs::path(path).parent_path();
  return dir.empty() ? "." : dir.string();
}

bool starts_with(const std::string& s, const std::string& prefix) { return s.compare(0, prefix.size(), prefix) == 0; }

// /dev/stdout, /dev/fd/3, /proc/self/fd/3, ...: a descriptor this process holds. Writing to
// it (rather than opening the path again) keeps the caller's file position and mode, e.g.
// `kncsim ... --json /dev/stdout >> log` appends.
std::optional<int> descriptor_named(const std::string& path) {
  const std::string p = fs::absolute(path).lexically_normal().string();
  if (p == "/dev/stdout") return 1;
  if (p == "/dev/stderr") return 2;
  for (const std::string& prefix : {std::string("/dev/fd/"), std::string("/proc/self/fd/"),
                                    std::string("/proc/thread-self/fd/"), fmt::format("/proc/{}/fd/", getpid())}) {
    if (!starts_with(p, prefix) || p.size() == prefix.size() || p.size() > prefix.size() + 9) continue;
    const std::string n = p.substr(prefix.size());
    if (n.find_first_not_of("0123456789") == std::string::npos) return std::atoi(n.c_str());
  }
  return std::nullopt;
}

OutputTarget classify(const std::string& path, const struct stat& st) {
  OutputTarget t;
  t.path = path;
  if (S_ISREG(st.st_mode)) t.kind = OutputTarget::Kind::regular;
  else if (S_ISDIR(st.st_mode)) t.kind = OutputTarget::Kind::directory;
  else if (S_ISFIFO(st.st_mode)) t.kind = OutputTarget::Kind::fifo;
  else if (S_ISSOCK(st.st_mode)) t.kind = OutputTarget::Kind::socket;
  else t.kind = OutputTarget::Kind::device;  // character or block
  return t;
}

// "'results/latest.json'" or "'results/latest.json' (a link to 'runs/42.json')".
std::string named(const std::string& path, const OutputTarget& t) {
  if (t.kind == OutputTarget::Kind::descriptor || t.path == path) return fmt::format("'{}'", path);
  return fmt::format("'{}' (a link to '{}')", path, t.path);
}

// A file can be made in `dir`: the only sure test (read-only mounts, ACLs, root) is to make one.
void probe_directory(const std::string& path, const OutputTarget& t, const std::string& option) {
  const std::string dir = directory_of(t.path);
  std::error_code ec;
  if (!fs::is_directory(dir, ec))
    throw OutputError(fmt::format("{} {}: directory '{}' does not exist", option, named(path, t), dir));
  // Named as the temporary file will be (".NAME.XXXXXX"), so that a name too long for it fails here.
  std::string probe = (fs::path(dir) / ("." + fs::path(t.path).filename().string() + ".XXXXXX")).string();
  const int fd = mkstemp(probe.data());
  if (fd < 0)
    throw OutputError(fmt::format("{} {}: cannot create a file in directory '{}': {}", option, named(path, t), dir,
                                  std::strerror(errno)));
  close(fd);
  unlink(probe.c_str());
}

}  // namespace

std::string OutputTarget::what() const {
  switch (kind) {
    case Kind::standard_output: return "standard output";
    case Kind::descriptor: return fmt::format("descriptor {}", fd);
    case Kind::regular: return "a regular file";
    case Kind::absent: return "a new file";
    case Kind::directory: return "a directory";
    case Kind::device: return "a device";
    case Kind::fifo: return "a FIFO";
    case Kind::socket: return "a socket";
  }
  return "?";
}

OutputTarget resolve_output_target(const std::string& path, const std::string& option) {
  OutputTarget t;
  if (path == "-") {
    t.kind = OutputTarget::Kind::standard_output;
    t.fd = 1;
    return t;
  }
  std::string p = path;
  for (int hop = 0;; ++hop) {
    if (const auto fd = descriptor_named(p)) {
      const int flags = fcntl(*fd, F_GETFL);
      if (flags < 0 || (flags & O_ACCMODE) == O_RDONLY)
        throw OutputError(fmt::format("{} '{}': descriptor {} is not open for writing{}", option, path, *fd,
                                      p == path ? "" : fmt::format(" ('{}' is a link to '{}')", path, p)));
      t.kind = OutputTarget::Kind::descriptor;
      t.fd = *fd;
      t.path = p;
      return t;
    }
    struct stat st {};
    if (lstat(p.c_str(), &st) != 0) {
      if (errno != ENOENT && errno != ENOTDIR)
        throw OutputError(fmt::format("{} '{}': {}", option, path, std::strerror(errno)));
      t.kind = OutputTarget::Kind::absent;  // a missing directory is the check's to report
      t.path = p;
      return t;
    }
    if (!S_ISLNK(st.st_mode)) return classify(p, st);
    if (hop == kMaxLinks)
      throw OutputError(fmt::format("{} '{}': more than {} symbolic links (a loop?)", option, path, kMaxLinks));
    std::error_code ec;
    const fs::path link = fs::read_symlink(p, ec);
    if (ec) throw OutputError(fmt::format("{} '{}': cannot read the link '{}': {}", option, path, p, ec.message()));
    if (link.is_relative() && starts_with(fs::absolute(p).lexically_normal().string(), "/proc/")) {
      // One of /proc's descriptor links to a pipe or socket ("pipe:[1234]"): no path to
      // follow, but the link itself opens what it stands for.
      struct stat target {};
      if (stat(p.c_str(), &target) != 0) throw OutputError(fmt::format("{} '{}': {}", option, path, std::strerror(errno)));
      return classify(p, target);
    }
    p = link.is_absolute() ? link.string() : (fs::path(p).parent_path() / link).string();
  }
}

OutputTarget check_output_path(const std::string& path, const std::string& option) {
  if (path.empty()) return OutputTarget{OutputTarget::Kind::standard_output, "", 1};
  const OutputTarget t = resolve_output_target(path, option);
  switch (t.kind) {
    case OutputTarget::Kind::standard_output:
    case OutputTarget::Kind::descriptor:
      break;
    case OutputTarget::Kind::directory:
      throw OutputError(fmt::format("{} {} is a directory; allowed: a file path", option, named(path, t)));
    case OutputTarget::Kind::regular:
      if (access(t.path.c_str(), W_OK) != 0)
        throw OutputError(fmt::format("{} {} exists and cannot be overwritten: {}", option, named(path, t),
                                      std::strerror(errno)));
      probe_directory(path, t, option);
      break;
    case OutputTarget::Kind::absent:
      probe_directory(path, t, option);
      break;
    case OutputTarget::Kind::device:
    case OutputTarget::Kind::fifo:
    case OutputTarget::Kind::socket:
      // Not opened here: a FIFO's open would wait for its reader.
      if (access(t.path.c_str(), W_OK) != 0)
        throw OutputError(fmt::format("{} {} is {} that cannot be written: {}", option, named(path, t), t.what(),
                                      std::strerror(errno)));
      break;
  }
  return t;
}

void check_output_directory(const std::string& dir, const std::string& option) {
  std::error_code ec;
  const fs::file_status s = fs::status(dir, ec);
  if (fs::exists(s)) {
    if (!fs::is_directory(s)) {
      struct stat st {};
      const std::string what = stat(dir.c_str(), &st) == 0 ? classify(dir, st).what() : "not a directory";
      throw OutputError(fmt::format("{} '{}' is {}; allowed: a directory (made if missing)", option, dir, what));
    }
  } else {
    fs::create_directories(dir, ec);
    if (ec) throw OutputError(fmt::format("{} '{}': cannot create the directory: {}", option, dir, ec.message()));
  }
  if (access(dir.c_str(), W_OK | X_OK) != 0)
    throw OutputError(fmt::format("{} '{}': the directory cannot be written: {}", option, dir, std::strerror(errno)));
}

}  // namespace kncsim
