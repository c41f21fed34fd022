#include "rtl_command.hpp"

#include <fmt/format.h>

#include <stdlib.h>

#include <atomic>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <chrono>
#include <exception>
#include <iostream>
#include <mutex>
#include <set>
#include <thread>

#include "spec/experiment_spec.hpp"
#include "experiment/rtl_attach.hpp"
#include "rtl_adapt/rtl_variants.hpp"
#include "rtl_adapt/sci_rtl_factory.hpp"
#include "rtl_cache/build_progress_line.hpp"
#include "rtl_cache/model_build.hpp"
#include "rtl_cache/model_cache.hpp"
#include "rtl_cache/model_ports.hpp"

namespace kncsim {

std::vector<ModelSpec> rtl_models_of(const ExperimentSpec& spec) {
  if (const auto* m = std::get_if<MeshExperiment>(&spec.topology)) return m->rtl_models;
  return std::get<RingsExperiment>(spec.topology).rtl_models;
}

std::vector<ModelSpec> rtl_models_of(const Config& config) {
  ExperimentSpec spec = decode(config);
  attach_rtl(spec);
  return rtl_models_of(spec);
}

std::vector<ModelSpec> rtl_test_models() {
  std::vector<ModelSpec> out;
  for (const RtlVariant& v : rtl_variants()) {
    out.push_back(rtl_router_model_spec(v, false));
    if (rtl_variant_tests_signals(v)) out.push_back(rtl_router_model_spec(v, true));
  }
  for (const RtlVariant& v : rtl_ci_mutants()) out.push_back(rtl_router_model_spec(v, false));
  for (bool signals : {false, true}) out.push_back(rtl_sci_model_spec(signals));
  return out;
}

namespace {

// Several builds' progress on one terminal line: the model last heard from, and how many are
// done. Thread-safe; silent when stderr is not a terminal.
class ParallelProgress final : public BuildProgress {
 public:
  explicit ParallelProgress(size_t total) : total_(total) {}
  void step(const ModelSpec& spec, const std::string& what) override {
    std::lock_guard<std::mutex> lock(mutex_);
    line_.step(spec, fmt::format("{} ({} of {} models done)", what, done_, total_));
  }
  // A model finished: its line for the log (stdout), above the progress.
  void finished(const std::string& line) {
    std::lock_guard<std::mutex> lock(mutex_);
    ++done_;
    line_.clear();
    std::cout << line << std::flush;
  }

 private:
  std::mutex mutex_;
  BuildProgressLine line_;
  size_t total_, done_ = 0;
};

// A private directory under $TMPDIR for a check's Verilator files, removed after (kept when
// the check failed: the error names its log).
class TempWorkDir {
 public:
  TempWorkDir() {
    const char* tmp = std::getenv("TMPDIR");
    std::string p = std::string(tmp && *tmp ? tmp : "/tmp") + "/kncsim-rtl-check.XXXXXX";
    if (!mkdtemp(p.data())) throw std::runtime_error(fmt::format("cannot create {}: {}", p, std::strerror(errno)));
    path_ = p;
  }
  ~TempWorkDir() {
    std::error_code ec;
    if (std::uncaught_exceptions() == 0) std::filesystem::remove_all(path_, ec);
  }
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

}  // namespace

int build_rtl_models(const std::vector<ModelSpec>& models, int jobs) {
  const ModelCache cache;
  std::set<std::string> seen;
  std::vector<const ModelSpec*> todo;
  int cached = 0;
  for (const ModelSpec& m : models) {
    if (!seen.insert(cache.key(m)).second) continue;
    if (cache.cached(m)) ++cached;
    else todo.push_back(&m);
  }
  // Several models at once, each with its share of the compilers: Verilating a model is one
  // thread, so one model at a time would leave the other cores idle while it runs.
  jobs = std::max(1, jobs);
  const size_t workers = std::min(todo.size(), size_t(jobs));
  const int each = workers ? std::max(1, jobs / int(workers)) : 1;
  model_build_environment();
  ParallelProgress progress(todo.size());
  std::atomic<size_t> next{0};
  std::atomic<int> built{0};
  std::mutex failure_mutex;
  std::exception_ptr failure;
  const auto work = [&] {
    for (size_t i; (i = next++) < todo.size();) {
      {
        std::lock_guard<std::mutex> lock(failure_mutex);
        if (failure) return;
      }
      const ModelSpec& m = *todo[i];
      try {
        const auto t0 = std::chrono::steady_clock::now();
        bool here = false;
        cache.ensure(m, each, &progress, &here);
        const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        if (here) ++built;  // else another kncsim built it while this one waited for its lock
        progress.finished(here ? fmt::format("built {} in {:.1f} s\n", m.label, s)
                               : fmt::format("{}: built by another process meanwhile\n", m.label));
      } catch (...) {
        std::lock_guard<std::mutex> lock(failure_mutex);
        if (!failure) failure = std::current_exception();
      }
    }
  };
  std::vector<std::thread> threads;
  for (size_t w = 1; w < workers; ++w) threads.emplace_back(work);
  work();
  for (auto& t : threads) t.join();
  if (failure) std::rethrow_exception(failure);
  const int by_others = int(todo.size()) - built;
  std::cout << fmt::format("{} RTL models: {} built, {} already cached, in {}\n", seen.size(), built.load(),
                           cached + by_others, cache.root());
  return 0;
}

void prepare_rtl_models(const ExperimentSpec& spec) {
  const ModelCache cache;
  const int jobs = int(std::max(1u, std::thread::hardware_concurrency()));
  for (const ModelSpec& m : rtl_models_of(spec))
    if (!cache.cached(m)) {
      BuildProgressLine progress;
      cache.ensure(m, jobs, &progress);
    }
}

int check_rtl_models(const std::vector<ModelSpec>& models) {
  if (models.empty()) {
    std::cout << "this configuration has no RTL nodes (router.impl: rtl, or router.rtl_nodes): nothing to check\n";
    return 0;
  }
  std::set<std::string> seen;  // both bindings elaborate the same sources with the same parameters
  for (const ModelSpec& m : models) {
    std::string what = model_sources_dir(m) + "\n";
    for (const auto& p : m.parameters) what += p + " ";
    if (!seen.insert(what).second) continue;
    TempWorkDir work;
    check_model_ports(m, work.path());
    std::cout << fmt::format("{}: the {} ports of {} in {} follow {}, and Verilator elaborates them without a warning\n",
                             m.label, m.ports.size(), m.top(), model_sources_dir(m), m.port_table);
  }
  return 0;
}

int list_rtl_models() {
  const ModelCache cache;
  uint64_t total = 0;
  const auto entries = cache.list();
  for (const auto& e : entries) {
    std::cout << fmt::format("{:>8.1f} MB  {}  {}\n", double(e.bytes) / 1e6, e.name, e.label);
    total += e.bytes;
  }
  std::cout << fmt::format("{} models, {:.1f} MB, in {}\n", entries.size(), double(total) / 1e6, cache.root());
  return 0;
}

int clean_rtl_models() {
  const ModelCache cache;
  const uint64_t freed = cache.clean();
  std::cout << fmt::format("removed the RTL model cache in {} ({:.1f} MB)\n", cache.root(), double(freed) / 1e6);
  return 0;
}

}  // namespace kncsim
