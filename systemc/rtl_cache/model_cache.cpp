#include "rtl_cache/model_cache.hpp"

#include <dlfcn.h>
#include <fcntl.h>
#include <fmt/format.h>
#include <openssl/evp.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <map>
#include <memory>
#include <mutex>
#include <sstream>
#include <thread>
#include <cerrno>
#include <cstring>

#include "io/file_lock.hpp"
#include "io/text_file.hpp"
#include "io/output_file.hpp"
#include "rtl/model_toolchain.hpp"
#include "rtl_cache/model_build.hpp"

namespace kncsim {
namespace {

namespace fs = std::filesystem;

class Sha256 {
 public:
  Sha256() : ctx_(EVP_MD_CTX_new(), EVP_MD_CTX_free) { EVP_DigestInit_ex(ctx_.get(), EVP_sha256(), nullptr); }
  Sha256& add(const std::string& s) {
    EVP_DigestUpdate(ctx_.get(), s.data(), s.size());
    return *this;
  }
  std::string hex() {
    std::array<unsigned char, EVP_MAX_MD_SIZE> d{};
    unsigned n = 0;
    EVP_DigestFinal_ex(ctx_.get(), d.data(), &n);
    std::string out;
    for (unsigned i = 0; i < n; ++i) out += fmt::format("{:02x}", d[i]);
    return out;
  }

 private:
  std::unique_ptr<EVP_MD_CTX, void (*)(EVP_MD_CTX*)> ctx_;
};

std::string sha256_of_file(const std::string& path) { return Sha256().add(read_text_file(path)).hex(); }

// What a program prints for --version (first line), asked once per process.
std::string version_of(const std::string& program) {
  static std::map<std::string, std::string> seen;
  static std::mutex m;
  std::lock_guard<std::mutex> lock(m);
  auto it = seen.find(program);
  if (it != seen.end()) return it->second;
  std::string line;
  if (FILE* p = popen(("'" + program + "' --version 2>&1").c_str(), "r")) {
    char buf[512];
    if (fgets(buf, sizeof buf, p)) line = buf;
    pclose(p);
  }
  while (!line.empty() && (line.back() == '\n' || line.back() == '\r')) line.pop_back();
  return seen[program] = line;
}

// Everything that changes a built model, as text (kept in the entry as key.txt).
std::string key_material(const ModelSpec& spec) {
  std::string k = fmt::format("kncsim RTL model\nfamily {}\nbinding {}\ntop {}\n", spec.family_name(),
                              spec.binding_name(), spec.top());
  for (const auto& a : verilator_arguments(spec, "OBJ")) k += "verilator " + a + "\n";
  if (spec.toggles) k += "toggles counted by the glue\n";
  for (const auto& f : model_link_flags()) k += "link " + f + "\n";
  for (bool fast : {true, false})
    for (const auto& f : model_compile_flags(spec, "OBJ", fast)) k += fmt::format("cxx{} {}\n", fast ? "_fast" : "_slow", f);
  k += fmt::format("verilator_version {}\ncompiler {} {}\n", version_of(rtl_build::kVerilator), rtl_build::kCompiler,
                   version_of(rtl_build::kCompiler));
  // The glue and the ABI it implements (its version is in rtl_model_abi.hpp), and what decides the
  // header the glue gets with the model (model_clocks.cpp).
  const std::string root = rtl_build::kSourceRoot;
  for (const std::string& f : {root + "/rtl/glue/kncsim_model_glue.cpp", root + "/systemc/rtl_adapt/rtl_model_abi.hpp",
                               root + "/systemc/rtl_cache/model_clocks.cpp", root + "/systemc/rtl_cache/model_toggles.cpp",
                               root + "/systemc/rtl_adapt/router_ports.def", root + "/systemc/rtl_adapt/sci_node_ports.def",
                               root + "/systemc/rtl_adapt/verilator_to_stderr.hpp"})
    k += fmt::format("glue {} {}\n", fs::path(f).filename().string(), sha256_of_file(f));
  // The directory too: Verilator writes the sources' paths into the model (assertion reports).
  k += "sources " + fs::weakly_canonical(model_sources_dir(spec)).string() + "\n";
  for (const auto& f : model_sources(spec)) k += fmt::format("source {} {}\n", fs::path(f).filename().string(), sha256_of_file(f));
  for (const auto& f : model_headers(spec)) k += fmt::format("header {} {}\n", fs::path(f).filename().string(), sha256_of_file(f));
  return k;
}

std::string entry_name(const ModelSpec& spec, const std::string& key) {
  return fmt::format("{}-{}", spec.entry_kind(), key.substr(0, 24));
}

// A whole entry: model.so of the size and hash its manifest says.
bool entry_whole(const fs::path& entry, std::string& why) {
  std::error_code ec;
  if (!fs::exists(entry / "model.so", ec) || !fs::exists(entry / "manifest.txt", ec)) {
    why = "model.so or its manifest is missing";
    return false;
  }
  std::istringstream m(read_text_file((entry / "manifest.txt").string()));
  uint64_t size = 0;
  std::string hash;
  m >> size >> hash;
  const uint64_t actual = fs::file_size(entry / "model.so", ec);
  if (ec || actual != size) {
    why = fmt::format("model.so has {} bytes, its manifest says {}", actual, size);
    return false;
  }
  if (sha256_of_file((entry / "model.so").string()) != hash) {
    why = "model.so does not have its manifest's SHA-256";
    return false;
  }
  return true;
}

uint64_t bytes_under(const fs::path& p) {
  uint64_t n = 0;
  std::error_code ec;
  for (auto it = fs::recursive_directory_iterator(p, ec); !ec && it != fs::recursive_directory_iterator(); ++it)
    if (it->is_regular_file(ec)) n += it->file_size(ec);
  return n;
}

// kncsim's own RTL tree: rtl/ (wormhole/, sci/, prim/), or another laid out as rtl/
// (KNCSIM_RTL_DIR: the mutation script's mutants, on which every test then runs).
std::string own_rtl_root() {
  const char* env = std::getenv("KNCSIM_RTL_DIR");
  return env && *env ? std::string(env) : std::string(rtl_build::kSourceRoot) + "/rtl";
}

}  // namespace

std::string model_sources_dir(const ModelSpec& spec) {
  if (!spec.sources_dir.empty()) return spec.sources_dir;
  return own_rtl_root() + (spec.family == RtlFamily::router ? "/wormhole" : "/sci");
}

std::string model_prim_dir(const ModelSpec& spec) {
  if (!spec.sources_dir.empty()) {
    std::error_code ec;
    const fs::path own = fs::path(spec.sources_dir) / "prim";
    if (fs::is_directory(own, ec)) return own.string();
  }
  return own_rtl_root() + "/prim";
}

namespace {

// The family's directory and the prims', each once (an architect's directory may be the prims').
std::vector<std::string> source_dirs(const ModelSpec& spec) {
  std::vector<std::string> dirs{model_sources_dir(spec)};
  if (const std::string prim = model_prim_dir(spec); prim != dirs.front()) dirs.push_back(prim);
  return dirs;
}

// The files of `dir` with extension `ext`, by path.
std::vector<std::string> files_in(const std::string& dir, const std::string& ext) {
  std::vector<std::string> out;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(dir, ec))
    if (e.is_regular_file() && e.path().extension() == ext) out.push_back(e.path().string());
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace

std::vector<std::string> model_sources(const ModelSpec& spec) {
  std::vector<std::string> vlt, pkg, sv;
  const std::string family_dir = model_sources_dir(spec);
  for (const std::string& dir : source_dirs(spec)) {
    std::error_code ec;
    bool modules = false;
    for (const auto& e : fs::directory_iterator(dir, ec)) {
      if (!e.is_regular_file()) continue;
      const std::string name = e.path().filename().string(), path = e.path().string();
      if (e.path().extension() == ".vlt") vlt.push_back(path);
      else if (e.path().extension() == ".sv" && name.size() > 7 && name.compare(name.size() - 7, 7, "_pkg.sv") == 0) pkg.push_back(path);
      else if (e.path().extension() == ".sv") sv.push_back(path), modules = true;
    }
    if (ec) throw RtlSourceError(fmt::format("RTL sources '{}': {}", dir, ec.message()));
    if (!modules && dir == family_dir)
      throw RtlSourceError(fmt::format("RTL sources '{}': no .sv files there", dir));
  }
  for (auto* v : {&vlt, &pkg, &sv}) std::sort(v->begin(), v->end());
  vlt.insert(vlt.end(), pkg.begin(), pkg.end());
  vlt.insert(vlt.end(), sv.begin(), sv.end());
  return vlt;
}

std::vector<std::string> model_headers(const ModelSpec& spec) {
  std::vector<std::string> out;
  for (const std::string& dir : source_dirs(spec))
    for (auto& f : files_in(dir, ".svh")) out.push_back(std::move(f));
  return out;
}

std::vector<std::string> model_include_flags(const ModelSpec& spec) {
  std::vector<std::string> out;
  for (const std::string& dir : source_dirs(spec)) out.push_back("-I" + dir);
  return out;
}

std::string default_cache_root() {
  if (const char* c = std::getenv("KNCSIM_CACHE"); c && *c) return c;
  if (const char* x = std::getenv("XDG_CACHE_HOME"); x && *x) return (fs::path(x) / "kncsim").string();
  const char* home = std::getenv("HOME");
  return (fs::path(home && *home ? home : "/tmp") / ".cache" / "kncsim").string();
}

ModelCache::ModelCache(std::string root) : root_(root.empty() ? default_cache_root() : std::move(root)) {}

std::string ModelCache::key(const ModelSpec& spec) const { return Sha256().add(key_material(spec)).hex(); }

bool ModelCache::cached(const ModelSpec& spec) const {
  std::string why;
  return entry_whole(fs::path(root_) / "models" / entry_name(spec, key(spec)), why);
}

std::string ModelCache::ensure(const ModelSpec& spec, int jobs, BuildProgress* progress, bool* built) const {
  if (built) *built = false;
  const std::string material = key_material(spec);
  const std::string k = Sha256().add(material).hex();
  const fs::path root(root_), entry = root / "models" / entry_name(spec, k);
  std::string why;
  if (entry_whole(entry, why)) return (entry / "model.so").string();

  std::error_code ec;
  for (const char* sub : {"models", "locks", "staging", "failed"}) {
    fs::create_directories(root / sub, ec);
    if (ec) throw std::runtime_error(fmt::format("RTL model cache {}: cannot create {}: {}", root_, sub, ec.message()));
  }
  const std::string lock_path = (root / "locks" / (k.substr(0, 24) + ".lock")).string();
  FileLock lock(lock_path, fmt::format("kncsim: waiting for another kncsim building the same RTL model ({})", lock_path));
  if (lock.unsupported())
    std::cerr << fmt::format("kncsim: warning: {} does not support file locks: the model is built unlocked\n", lock_path);
  if (entry_whole(entry, why)) return (entry / "model.so").string();  // built while we waited
  if (fs::exists(entry, ec)) {
    std::cerr << fmt::format("kncsim: warning: cached RTL model {} is damaged ({}); building it again\n", entry.string(), why);
    fs::remove_all(entry, ec);
  }
  // A staging directory of this key left by a build that was killed: ours to remove, since we
  // hold the lock.
  for (const auto& e : fs::directory_iterator(root / "staging", ec))
    if (e.path().filename().string().rfind(k.substr(0, 24) + ".", 0) == 0) fs::remove_all(e.path(), ec);

  const fs::path staging = root / "staging" / fmt::format("{}.{}", k.substr(0, 24), getpid());
  fs::create_directories(staging);
  std::cerr << fmt::format("kncsim: building the RTL model {} into the cache {} (once: later runs load it)\n",
                           spec.label.empty() ? spec.family_name() : spec.label, root_);
  try {
    build_model(spec, staging.string(), jobs > 0 ? jobs : int(std::max(1u, std::thread::hardware_concurrency())),
                progress);
  } catch (const std::exception& e) {
    // The log outlives the staging directory, under failed/, and the message names it there.
    const fs::path kept = root / "failed" / (k.substr(0, 24) + ".log");
    fs::copy_file(staging / "build.log", kept, fs::copy_options::overwrite_existing, ec);
    fs::remove_all(staging, ec);
    std::string what = e.what();
    const std::string old = (staging / "build.log").string();
    if (const size_t at = what.find(old); at != std::string::npos) what.replace(at, old.size(), kept.string());
    if (dynamic_cast<const RtlSourceError*>(&e)) throw RtlSourceError(what);
    throw std::runtime_error(what);
  }
  if (built) *built = true;
  const std::string so = (staging / "model.so").string();
  write_output_file((staging / "key.txt").string(), material, "RTL model cache");
  write_output_file((staging / "label.txt").string(), spec.label + "\n", "RTL model cache");
  // Written last: an entry without it, or whose model.so differs from it, is rebuilt.
  write_output_file((staging / "manifest.txt").string(),
                    fmt::format("{} {}\n", fs::file_size(so), sha256_of_file(so)), "RTL model cache");
  fs::rename(staging, entry, ec);
  if (ec) throw std::runtime_error(fmt::format("RTL model cache: cannot move {} to {}: {}", staging.string(), entry.string(), ec.message()));
  const int dir = open((root / "models").c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dir >= 0) fsync(dir), close(dir);
  return (entry / "model.so").string();
}

void* ModelCache::load(const ModelSpec& spec, const char* entry, int jobs, BuildProgress* progress) const {
  static std::map<std::string, void*> loaded;  // by path: a handle stays for the process
  const std::string so = ensure(spec, jobs, progress);
  void*& h = loaded[so];
  if (!h) h = dlopen(so.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!h) throw std::runtime_error(fmt::format("cannot load the RTL model {}: {}", so, dlerror()));
  void* fn = dlsym(h, entry);
  if (!fn) throw std::runtime_error(fmt::format("the RTL model {} has no {}(): {}", so, entry, dlerror()));
  return fn;
}

std::vector<CacheEntry> ModelCache::list() const {
  std::vector<CacheEntry> out;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(fs::path(root_) / "models", ec)) {
    CacheEntry c{e.path().filename().string(), read_text_file((e.path() / "label.txt").string()), bytes_under(e.path())};
    while (!c.label.empty() && c.label.back() == '\n') c.label.pop_back();
    out.push_back(std::move(c));
  }
  std::sort(out.begin(), out.end(), [](const CacheEntry& a, const CacheEntry& b) { return a.name < b.name; });
  return out;
}

uint64_t ModelCache::clean() const {
  uint64_t freed = 0;
  std::error_code ec;
  for (const char* sub : {"models", "staging", "failed", "locks"}) {
    const fs::path p = fs::path(root_) / sub;
    freed += bytes_under(p);
    fs::remove_all(p, ec);
  }
  return freed;
}

}  // namespace kncsim
