#pragma once
// A copy of kncsim's own RTL sources (rtl/wormhole/, or rtl/sci/ for the ring node: the .sv,
// .svh and .vlt files, with rtl/prim/ in the copy's prim/), to pass as router.rtl_sources, edited or not:
// in a directory of a test's, or in the tests' model cache where every run of the suite finds
// the same copy and so the same model.
#include <filesystem>
#include <functional>
#include <string>
#include <utility>

#include "io/output_file.hpp"
#include "io/text_file.hpp"
#include "rtl_cache/model_cache.hpp"

namespace kncsim::test {

// What the cache reads of a sources directory: modules and packages, headers, Verilator files.
inline bool rtl_source(const std::filesystem::path& p) {
  return p.extension() == ".sv" || p.extension() == ".svh" || p.extension() == ".vlt";
}

// A file's new text from its name (within the copy, e.g. "kncsim_router.sv") and its text.
using SourceEdit = std::function<std::string(const std::string& file, std::string text)>;

// Copies rtl/<family_dir> (the router's wormhole/ or the ring node's sci/) into `dir`, made if
// need be, and the prims both families use (rtl/prim/) into its prim/, where the cache takes
// them from, each file as `edit` makes it; returns `dir`. Files are rewritten only when their contents differ, and a
// file the sources no longer have goes (the cache builds every .sv in the directory).
inline std::string copy_rtl_sources(const std::string& dir, const std::string& family_dir = "wormhole",
                                    const SourceEdit& edit = {}) {
  namespace fs = std::filesystem;
  const fs::path rtl = fs::path(KNCSIM_SOURCE_DIR) / "rtl";
  for (const auto& [from, to] : {std::pair{rtl / family_dir, fs::path(dir)}, std::pair{rtl / "prim", fs::path(dir) / "prim"}}) {
    fs::create_directories(to);
    for (const auto& e : fs::directory_iterator(from)) {
      if (!rtl_source(e.path())) continue;
      const fs::path copy = to / e.path().filename();
      const std::string text = read_text_file(e.path().string());
      const std::string want = edit ? edit(fs::relative(copy, dir).string(), text) : text;
      // Rewritten only when it differs, whole (by rename): a run of the same test elsewhere
      // may be Verilating it.
      if (!fs::exists(copy) || read_text_file(copy.string()) != want) write_output_file(copy.string(), want, "test copy");
    }
    for (const auto& e : fs::directory_iterator(to))
      if (rtl_source(e.path()) && !fs::exists(from / e.path().filename()))
        fs::remove(e.path());
  }
  return dir;
}

// The same copy at <the tests' model cache>/test-sources/<name>: the cache that
// rtl_models_build fills (KNCSIM_CACHE, else the user's), which the release and sanitized
// builds share. A model's key holds its sources' directory and their contents, so every run of
// the suite finds this copy's model built (the sanitized half, a rerun). `name` must be the
// test's own.
inline std::string shared_rtl_copy(const std::string& name, const std::string& family_dir = "wormhole",
                                   const SourceEdit& edit = {}) {
  return copy_rtl_sources((std::filesystem::path(default_cache_root()) / "test-sources" / name).string(), family_dir,
                          edit);
}

}  // namespace kncsim::test
