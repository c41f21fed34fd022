#pragma once
// kncsim rtl build | list | clean: the model cache (systemc/rtl_cache/) from the command line.
#include <string>
#include <vector>

#include "config/config.hpp"
#include "spec/experiment_spec.hpp"
#include "rtl_cache/model_spec.hpp"

namespace kncsim {

// The models a configuration's RTL nodes use (none for a configuration without RTL routers).
std::vector<ModelSpec> rtl_models_of(const Config& config);
std::vector<ModelSpec> rtl_models_of(const ExperimentSpec& spec);
// The models the test suite uses: the reference parameter sets on the direct binding (four of
// them on signals too: rtl_variant_tests_signals), the CI mutants, and the ring node in both.
std::vector<ModelSpec> rtl_test_models();

// Builds what is not cached yet, up to `jobs` models at once (`jobs` compilers between them);
// prints a line per model. Returns 0, or throws (RtlSourceError: the user's sources).
int build_rtl_models(const std::vector<ModelSpec>& models, int jobs);
// Before a run: builds the models its RTL nodes need that are not cached yet, with every core,
// so that the run's own time is simulation (progress on a terminal only; nothing on stdout).
void prepare_rtl_models(const ExperimentSpec& spec);
// kncsim rtl check: each model's sources against its port table, and elaborated by Verilator
// (its default warnings fatal), without building; a line per model. Returns 0, or throws
// RtlSourceError naming what is wrong.
int check_rtl_models(const std::vector<ModelSpec>& models);
int list_rtl_models();
int clean_rtl_models();

}  // namespace kncsim
