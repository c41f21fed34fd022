#pragma once
// Sweep files for the sweep tests, each written to a fresh file with its own output directory.
#include <filesystem>
#include <fstream>
#include <string>

#include "support/kncsim_process.hpp"

namespace kncsim::test {

// Critique Table 3's R = 4 and 8 series on the reference model, stopping where T passes 150.
inline constexpr const char* kSeriesSweep =
    "set:\n  router.impl: ref\ngrid:\n  network.radix: [4, 8]\n  traffic.load: [.1, .3, .7, .9]\n"
    "stop_at_saturation: {latency_bound: 150}\n";
// Six independent points of a quarter second each (the SystemC network on 12x12).
inline constexpr const char* kSlowSweep =
    "set:\n  router.impl: systemc\n  network.radix: 12\n  run.convergence: fixed\n  run.cycles: 20000\n"
    "  traffic.stream: counter\ngrid:\n  traffic.load: [.1, .2, .3, .4, .5, .6]\n";

struct SweepDir {
  std::string file, dir;  // the sweep file, and its default output directory (file without .yaml)
  SweepDir(const std::string& stem, const std::string& text) {
    dir = temp_path(stem);
    std::filesystem::remove(dir);
    file = dir + ".yaml";
    std::ofstream(file) << text;
  }
  ~SweepDir() {
    std::error_code ec;
    std::filesystem::remove_all(dir, ec);
    std::filesystem::remove(file, ec);
  }
};

inline int count_files(const std::string& dir) {
  std::error_code ec;
  int n = 0;
  for (auto it = std::filesystem::directory_iterator(dir, ec); !ec && it != std::filesystem::directory_iterator(); ++it) ++n;
  return n;
}

}  // namespace kncsim::test
