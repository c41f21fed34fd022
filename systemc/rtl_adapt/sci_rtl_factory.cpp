#include "rtl_adapt/sci_rtl_factory.hpp"

#include "Vkncsim_sci_node_top.h"
#include "Vkncsim_sci_node_top_direct.h"
#include "Vkncsim_sci_node_top_direct__Syms.h"  // for the direct binding's mark_low and hot lines
#include "rtl_adapt/rtl_coverage.hpp"
#include "rtl_adapt/rtl_sci_node.hpp"
#include "rtl_adapt/sci_pins_direct.hpp"
#include "rtl_adapt/sci_pins_signals.hpp"

namespace kncsim {

static_assert(rtl::sci::kMaxDims == 4, "the top has four ring ports (ring_in0_i .. ring_in3_i)");

std::unique_ptr<SciRingNode> make_rtl_sci_node(const char* name, uint32_t node, SciShared& s, RtlDomain& domain,
                                               bool signal_binding) {
  std::unique_ptr<SciRingNode> r;
  if (signal_binding)
    r = std::make_unique<RtlSciNode<SciSignalPins<Vkncsim_sci_node_top>>>(name, node, s, domain);
  else
    r = std::make_unique<RtlSciNode<SciDirectPins<Vkncsim_sci_node_top_direct>>>(name, node, s, domain);
  write_coverage_at_exit();  // after a model made Verilator's context
  return r;
}

}  // namespace kncsim
