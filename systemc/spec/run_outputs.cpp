#include "spec/run_outputs.hpp"

#include <algorithm>

#include "spec/model_words.hpp"

namespace kncsim {

RunOutputs decode_outputs(const Config& c) {
  RunOutputs o;
  o.vcd = c.text("trace.vcd");
  o.flits = c.text("trace.flits");
  o.full_statistics = c.text("run.statistics") != "basic";
  o.channel_tables = workload(c) != Workload::closed_loop && workload(c) != Workload::trace;
  o.energy_tables = c.text("energy.technology") != "none" || !c.text("energy.table").empty();
  if (router_impl(c) == RouterImpl::rtl) {
    o.rtl_internals = true;
  } else {
    const auto rtl = c.integers("router.rtl_nodes");
    for (int64_t n : c.integers("trace.nodes"))
      if (std::find(rtl.begin(), rtl.end(), n) != rtl.end()) o.rtl_internals = true;
  }
  return o;
}

}  // namespace kncsim
