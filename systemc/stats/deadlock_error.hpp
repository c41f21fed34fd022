#pragma once
#include <stdexcept>

namespace kncsim {

// The network stopped: no flit or packet moved for run.deadlock_cycles while some were
// buffered (finite FIFOs with adaptive routing can wait on each other forever).
class DeadlockError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace kncsim
