#pragma once
// The RTL nodes of a decoded experiment get their Verilated models here, not in the decoding
// (systemc/spec/ names what to build; the model cache and the factories live in rtl_adapt/):
// the router variant or the SCI node for router.rtl_sources, and the model specs that kncsim
// rtl build builds ahead. prepare_run also checks the run's memory estimate: once, before
// anything is built (decode's before_tables, or here).
#include "config/config.hpp"
#include "spec/experiment_spec.hpp"

namespace kncsim {

void attach_rtl(ExperimentSpec& spec);
// The memory check, as decode's before_tables: refuses a run too large for the memory
// (ConfigError naming the keys that size it).
void check_run_memory(const DecodedSoFar& d);
// The memory check unless decode made it, then attach_rtl: a spec ready for run_experiment.
void prepare_run(ExperimentSpec& spec);
// decode with the memory check before any per-node table, then prepare_run.
ExperimentSpec prepare_run(const Config& c);

}  // namespace kncsim
