#include "output_file.hpp"

#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>

namespace kncsim {
namespace {

namespace fs = std::filesystem;

std::string directory_of(const std::string& path) {
  const fs::path dir = fs::path(path).parent_path();
  return dir.empty() ? "." : dir.string();
}

// A new, empty file next to `path`; its name is returned (the caller removes or renames it).
std::string make_temporary_beside(const std::string& path, const std::string& option) {
  std::string name = (fs::path(directory_of(path)) / ("." + fs::path(path).filename().string() + ".XXXXXX")).string();
  const int fd = mkstemp(name.data());
  if (fd < 0)
    throw OutputError(fmt::format("{} '{}': cannot create a file in directory '{}': {}", option, path,
                                  directory_of(path), std::strerror(errno)));
  close(fd);
  return name;
}

}  // namespace

void check_output_path(const std::string& path, const std::string& option) {
  if (path.empty() || path == "-") return;
  std::error_code ec;
  const std::string dir = directory_of(path);
  if (!fs::is_directory(dir, ec))
    throw OutputError(fmt::format("{} '{}': directory '{}' does not exist", option, path, dir));
  if (fs::is_directory(path, ec)) throw OutputError(fmt::format("{} '{}' is a directory; allowed: a file path", option, path));
  if (fs::exists(path, ec) && access(path.c_str(), W_OK) != 0)
    throw OutputError(fmt::format("{} '{}' exists and cannot be overwritten: {}", option, path, std::strerror(errno)));
  std::remove(make_temporary_beside(path, option).c_str());
}

void write_output_file(const std::string& path, const std::string& text, const std::string& option) {
  const std::string tmp = make_temporary_beside(path, option);
  std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
  out << text;
  out.close();
  const mode_t mask = umask(0);  // mkstemp made it 0600; give it the mode a plain open would
  umask(mask);
  chmod(tmp.c_str(), 0666 & ~mask);
  if (!out || std::rename(tmp.c_str(), path.c_str()) != 0) {
    const std::string why = std::strerror(errno);
    std::remove(tmp.c_str());
    throw OutputError(fmt::format("{} '{}': write failed: {}", option, path, why));
  }
}

}  // namespace kncsim
