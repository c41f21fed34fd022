#pragma once
// The RTL nodes of a decoded experiment get their Verilated models here, not in the decoding
// (systemc/config/ names what to build; the model cache and the factories live in rtl_adapt/):
// the router variant or the SCI node for router.rtl_sources, and the model specs that kncsim
// rtl build builds ahead.
#include "config/config.hpp"
#include "config/experiment_spec.hpp"

namespace kncsim {

void attach_rtl(ExperimentSpec& spec);
// decode_experiment, then attach_rtl: a spec ready to build.
ExperimentSpec prepare_experiment(const Config& c);

}  // namespace kncsim
