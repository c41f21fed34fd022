#pragma once
// The content-addressed cache of Verilated models. A run that needs an RTL model asks for it
// by its ModelSpec: the first time, it is Verilated and compiled into a shared object
// (model_build.hpp) and stored under a key that covers everything that changes it; after
// that it is loaded with dlopen. The cache lives in KNCSIM_CACHE, else $XDG_CACHE_HOME/kncsim,
// else ~/.cache/kncsim:
//   models/<family>-<binding>-<key>/  model.so, manifest.txt (its size and SHA-256), key.txt,
//                                     build.log
//   locks/<key>.lock                  held while a model is built: another process that needs
//                                     it waits, then loads what the first built
//   staging/<key>.<pid>/              a build in progress; renamed into models/ only whole
//   failed/<key>.log                  the log of a build that failed
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "rtl_cache/model_spec.hpp"

namespace kncsim {

// A model that cannot be built from what the user gave (a port that breaks the table, a
// syntax error): the message names the port, or Verilator's file:line. kncsim exits 2.
class RtlSourceError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Shows a build's progress (a terminal line: Verilating, compiling N of M).
class BuildProgress {
 public:
  virtual ~BuildProgress() = default;
  virtual void step(const ModelSpec& spec, const std::string& what) = 0;
};

struct CacheEntry {
  std::string name;  // models/<name>
  std::string label;
  uint64_t bytes = 0;
};

class ModelCache {
 public:
  // `root` empty: the default location above.
  explicit ModelCache(std::string root = "");
  const std::string& root() const { return root_; }

  // Whether the model is in the cache, whole.
  bool cached(const ModelSpec& spec) const;
  // The key: a SHA-256 over the sources, parameters, binding, toolchain and ABI version.
  std::string key(const ModelSpec& spec) const;
  // The model's shared object, built first if it is not in the cache (or is damaged),
  // `jobs` compilers at once. Throws RtlSourceError for the user's sources, std::runtime_error
  // naming the log for a failed build.
  // *built says whether this call built it (not another process while it waited).
  std::string ensure(const ModelSpec& spec, int jobs, BuildProgress* progress = nullptr, bool* built = nullptr) const;
  // ensure(), then dlopen (once per process, and never closed): the address of the model's
  // `entry` function (the glue's kncsim_rtl_model, rtl_adapt/rtl_model_abi.hpp).
  void* load(const ModelSpec& spec, const char* entry, int jobs = 0, BuildProgress* progress = nullptr) const;

  std::vector<CacheEntry> list() const;
  // Removes every entry, staging directory and failed log; returns the bytes freed.
  uint64_t clean() const;

 private:
  std::string root_;
};

// The default root: KNCSIM_CACHE, $XDG_CACHE_HOME/kncsim, ~/.cache/kncsim.
std::string default_cache_root();

}  // namespace kncsim
