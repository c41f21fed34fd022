#pragma once
// A fresh directory for one test (mkdtemp under the test's temp dir), removed after it, and a
// FIFO's reader.
#include <gtest/gtest.h>
#include <stdlib.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <future>
#include <iterator>
#include <string>
#include <vector>

namespace kncsim::test {

class TempDir {
 public:
  explicit TempDir(const std::string& stem = "kncsim_dir") {
    std::string p = ::testing::TempDir() + stem + "_XXXXXX";
    path_ = mkdtemp(p.data());
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  std::string operator/(const std::string& name) const { return (std::filesystem::path(path_) / name).string(); }
  const std::string& path() const { return path_; }
  // Everything in it, by name (for "no temporary file is left behind").
  std::vector<std::string> names() const {
    std::vector<std::string> out;
    for (const auto& e : std::filesystem::directory_iterator(path_)) out.push_back(e.path().filename().string());
    std::sort(out.begin(), out.end());
    return out;
  }

 private:
  std::string path_;
};

// Everything a reader of `fifo` gets until its writer closes it, read on another thread.
inline std::future<std::string> read_fifo(const std::string& fifo) {
  return std::async(std::launch::async, [fifo] {
    std::ifstream in(fifo, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
  });
}

}  // namespace kncsim::test
