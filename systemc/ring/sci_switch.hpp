#pragma once
// A node's switch (Scott & Goodman, Figure 2). Sources: 0 = the CPU, 1 + d = input queue d.
// Destinations: d = output queue d, n = the
// CPU. A source is bound to a destination for a whole packet; each cycle every bound source
// moves one flit, which arrives T_switch later, and each destination takes at most one flit
// (one freed by a tail this cycle is bound again from the next). Sources take turns first,
// by rotating priority.
#include <cstdint>
#include <vector>

#include "flit/flit_fifo.hpp"
#include "ring/sci_cpu_port.hpp"
#include "ring/sci_ring_interface.hpp"
#include "ring/sci_shared.hpp"

namespace kncsim {

class SciSwitch {
 public:
  SciSwitch(uint32_t node, SciShared& s, SciCpuPort& cpu, std::vector<SciRingInterface>& rings);
  void step(int64_t t);

 private:
  FlitFifo& source(int k);
  int destination_of(int source, const Flit& head) const;

  uint32_t node_;
  SciShared& s_;
  SciCpuPort& cpu_;
  std::vector<SciRingInterface>& rings_;
  std::vector<int> source_to_;         // destination, or -1
  std::vector<int> destination_from_;  // source, or -1
};

}  // namespace kncsim
