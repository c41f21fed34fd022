#pragma once
// The RTL nodes of a decoded experiment get their Verilated models here, not in the decoding
// (systemc/spec/ names what to build; the model cache and the factories live in rtl_adapt/):
// the router variant or the SCI node for router.rtl_sources, and the model specs that kncsim
// rtl build builds ahead. prepare_run also checks the run's memory estimate: once, before
// anything is built.
#include "config/config.hpp"
#include "spec/experiment_spec.hpp"

namespace kncsim {

void attach_rtl(ExperimentSpec& spec);
// Refuses a run too large for the memory (ConfigError naming the keys that size it), then
// attach_rtl: a spec ready for run_experiment.
void prepare_run(ExperimentSpec& spec);
// decode, then prepare_run.
ExperimentSpec prepare_run(const Config& c);

}  // namespace kncsim
