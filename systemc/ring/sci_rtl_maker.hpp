#pragma once
// How a ring network gets its RTL nodes (SciRtl::make): a function that makes the node named
// `name` at `node`, on the network's shared state and RTL clock domain, in the signal binding
// or not. rtl_sci_maker() (sci_rtl_factory.hpp) makes one that loads the Verilated node from
// the model cache.
#include <cstdint>
#include <functional>
#include <memory>

#include "ring/sci_ring_node.hpp"
#include "ring/sci_shared.hpp"
#include "sc/rtl_domain.hpp"

namespace kncsim {

using SciRtlMaker = std::function<std::unique_ptr<SciRingNode>(const char* name, uint32_t node, SciShared& s,
                                                                 RtlDomain& domain, bool signals)>;

}  // namespace kncsim
