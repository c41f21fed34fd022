#pragma once
// Sees every flit a link sends (kncsim diverge's flit log). Links have none unless a run
// asks for a log: the cost in a normal run is one test of a null pointer per flit.
#include <cstdint>

#include "flit/flit.hpp"

namespace kncsim {

class FlitTap {
 public:
  virtual ~FlitTap() = default;
  virtual void sent(uint32_t link, const Flit& f, int64_t cycle) = 0;
};

}  // namespace kncsim
