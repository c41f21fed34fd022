#pragma once
// A copy of kncsim's own RTL sources (rtl/, or its sci/ for the ring node: the .sv and .vlt
// files) in a directory of a test's, to pass as router.rtl_sources, edited or not.
#include <filesystem>
#include <string>

namespace kncsim::test {

// Copies rtl/<family_dir> (empty: the router's rtl/) into `dir`, made if need be; returns `dir`.
inline std::string copy_rtl_sources(const std::string& dir, const std::string& family_dir = "") {
  namespace fs = std::filesystem;
  fs::create_directories(dir);
  for (const auto& e : fs::directory_iterator(fs::path(KNCSIM_SOURCE_DIR) / "rtl" / family_dir))
    if (e.path().extension() == ".sv" || e.path().extension() == ".vlt")
      fs::copy_file(e.path(), fs::path(dir) / e.path().filename(), fs::copy_options::overwrite_existing);
  return dir;
}

}  // namespace kncsim::test
