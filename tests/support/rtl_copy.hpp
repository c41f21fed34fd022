#pragma once
// A copy of kncsim's own RTL sources (rtl/, or its sci/ for the ring node: the .sv and .vlt
// files, with rtl/prim/ in the copy's prim/) in a directory of a test's, to pass as
// router.rtl_sources, edited or not.
#include <filesystem>
#include <string>
#include <utility>

namespace kncsim::test {

// Copies rtl/<family_dir> (empty: the router's rtl/) into `dir`, made if need be, and the prims
// both families use (rtl/prim/) into its prim/, where the cache takes them from; returns `dir`.
inline std::string copy_rtl_sources(const std::string& dir, const std::string& family_dir = "") {
  namespace fs = std::filesystem;
  const fs::path rtl = fs::path(KNCSIM_SOURCE_DIR) / "rtl";
  for (const auto& [from, to] : {std::pair{rtl / family_dir, fs::path(dir)}, std::pair{rtl / "prim", fs::path(dir) / "prim"}}) {
    fs::create_directories(to);
    for (const auto& e : fs::directory_iterator(from))
      if (e.path().extension() == ".sv" || e.path().extension() == ".vlt")
        fs::copy_file(e.path(), to / e.path().filename(), fs::copy_options::overwrite_existing);
  }
  return dir;
}

}  // namespace kncsim::test
