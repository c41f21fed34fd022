#pragma once
// What an RTL node's model counted inside itself (energy.rtl_toggles): per module of the design,
// the bits of its signals that flipped over the run (every instance of the module summed).
#include <cstdint>
#include <string>
#include <vector>

namespace kncsim {

struct ModuleToggles {
  std::string module;  // as the design names it: "kncsim_prim_fifo"
  uint64_t toggles = 0;
};

using NodeToggles = std::vector<ModuleToggles>;  // one RTL node's; empty: not an RTL node, or not counted

}  // namespace kncsim
