#pragma once
// The Verilated SCI ring node (rtl/sci/), put at a node of a SciNetwork: Verilated once in
// SystemC mode (signal binding) and once as a C++ model (direct binding). Its limits are the
// package's (rtl/sci_rtl_limits.hpp); a network outside them is refused by the config checks.
#include <cstdint>
#include <memory>

#include "ring/sci_ring_node.hpp"
#include "ring/sci_shared.hpp"
#include "rtl_adapt/rtl_domain.hpp"

namespace kncsim {

std::unique_ptr<SciRingNode> make_rtl_sci_node(const char* name, uint32_t node, SciShared& s, RtlDomain& domain,
                                               bool signal_binding);

}  // namespace kncsim
