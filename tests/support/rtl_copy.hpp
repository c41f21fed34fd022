#pragma once
// A copy of kncsim's own RTL sources (rtl/, or its sci/ for the ring node: the .sv and .vlt
// files, with rtl/prim/ in the copy's prim/), to pass as router.rtl_sources, edited or not:
// in a directory of a test's, or in the tests' model cache where every run of the suite finds
// the same copy and so the same model.
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <utility>

#include "rtl_cache/model_cache.hpp"

namespace kncsim::test {

// Replaces `path`'s contents with `text` unless it holds them already, by a rename, so that a
// process reading the file (Verilator, in another run of the same test) sees it whole.
inline void write_if_changed(const std::string& path, const std::string& text) {
  {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream old;
    old << in.rdbuf();
    if (in && old.str() == text) return;
  }
  const std::string tmp = path + ".tmp" + std::to_string(getpid());
  {
    std::ofstream out(tmp, std::ios::binary);
    out << text;
    if (!out.flush()) throw std::runtime_error("cannot write " + tmp);
  }
  std::filesystem::rename(tmp, path);
}

// A file's new text from its name (within the copy, e.g. "kncsim_router.sv") and its text.
using SourceEdit = std::function<std::string(const std::string& file, std::string text)>;

// Copies rtl/<family_dir> (empty: the router's rtl/) into `dir`, made if need be, and the prims
// both families use (rtl/prim/) into its prim/, where the cache takes them from, each file as
// `edit` makes it; returns `dir`. Files are rewritten only when their contents differ, and a
// file the sources no longer have goes (the cache builds every .sv in the directory).
inline std::string copy_rtl_sources(const std::string& dir, const std::string& family_dir = "",
                                    const SourceEdit& edit = {}) {
  namespace fs = std::filesystem;
  const fs::path rtl = fs::path(KNCSIM_SOURCE_DIR) / "rtl";
  for (const auto& [from, to] : {std::pair{rtl / family_dir, fs::path(dir)}, std::pair{rtl / "prim", fs::path(dir) / "prim"}}) {
    fs::create_directories(to);
    for (const auto& e : fs::directory_iterator(from)) {
      if (e.path().extension() != ".sv" && e.path().extension() != ".vlt") continue;
      std::ifstream in(e.path(), std::ios::binary);
      std::ostringstream text;
      text << in.rdbuf();
      const std::string file = fs::relative(to / e.path().filename(), dir).string();
      write_if_changed((to / e.path().filename()).string(), edit ? edit(file, text.str()) : text.str());
    }
    for (const auto& e : fs::directory_iterator(to))
      if ((e.path().extension() == ".sv" || e.path().extension() == ".vlt") && !fs::exists(from / e.path().filename()))
        fs::remove(e.path());
  }
  return dir;
}

// The same copy at <the tests' model cache>/test-sources/<name>: the cache that
// rtl_models_build fills (KNCSIM_CACHE, else the user's), which the release and sanitized
// builds share. A model's key holds its sources' directory and their contents, so every run of
// the suite finds this copy's model built (the sanitized half, a rerun). `name` must be the
// test's own.
inline std::string shared_rtl_copy(const std::string& name, const std::string& family_dir = "",
                                   const SourceEdit& edit = {}) {
  return copy_rtl_sources((std::filesystem::path(default_cache_root()) / "test-sources" / name).string(), family_dir,
                          edit);
}

}  // namespace kncsim::test
