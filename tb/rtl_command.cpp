#include "rtl_command.hpp"

#include <fmt/format.h>

#include <chrono>
#include <iostream>
#include <set>
#include <thread>

#include "experiment_spec.hpp"
#include "rtl_adapt/rtl_variants.hpp"
#include "rtl_cache/build_progress_line.hpp"
#include "rtl_cache/model_cache.hpp"

namespace kncsim {

std::vector<ModelSpec> rtl_models_of(const Config& config) {
  const ExperimentSpec e = decode_experiment(config);
  if (const auto* m = std::get_if<MeshExperiment>(&e.topology)) return m->rtl_models;
  return {};  // rings: the SCI node's models are built with kncsim
}

std::vector<ModelSpec> rtl_test_models() {
  std::vector<ModelSpec> out;
  for (const RtlVariant& v : rtl_variants())
    for (bool signals : {false, true}) out.push_back(rtl_router_model_spec(v, signals));
  for (const RtlVariant& v : rtl_ci_mutants()) out.push_back(rtl_router_model_spec(v, false));
  return out;
}

int build_rtl_models(const std::vector<ModelSpec>& models, int jobs) {
  const ModelCache cache;
  std::set<std::string> seen;
  int built = 0, cached = 0;
  for (const ModelSpec& m : models) {
    if (!seen.insert(cache.key(m)).second) continue;
    if (cache.cached(m)) {
      ++cached;
      continue;
    }
    const auto t0 = std::chrono::steady_clock::now();
    BuildProgressLine progress;
    bool here = false;
    cache.ensure(m, jobs, &progress, &here);
    if (!here) {  // another kncsim built it while this one waited for its lock
      ++cached;
      continue;
    }
    ++built;
    std::cout << fmt::format("built {} in {:.1f} s\n", m.label,
                             std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
    std::cout.flush();
  }
  std::cout << fmt::format("{} RTL models: {} built, {} already cached, in {}\n", seen.size(), built, cached, cache.root());
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
