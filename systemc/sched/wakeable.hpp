#pragma once
#include <cstdint>

namespace kncsim {

// Anything that evaluates when woken: a router, an RTL adapter, a ring node.
class Wakeable {
 public:
  virtual ~Wakeable() = default;
  // Evaluate again no later than `cycle` (> the current cycle).
  virtual void wake_at(int64_t cycle) = 0;
};

}  // namespace kncsim
