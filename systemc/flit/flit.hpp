#pragma once
// A flit as it crosses a link: which packet, which position, and whether it opens or closes
// the packet. The packet's header fields (destination, source, generation time, id) live in
// the PacketTable; a flit names its packet by table slot, as a wire would carry a tag.
#include <cstdint>

namespace kncsim {

struct Flit {
  uint32_t packet = 0;  // PacketTable slot
  uint16_t seq = 0;     // 0 = head
  bool head = false;
  bool tail = false;
};

// A flit in a FIFO or on a wire: usable by its receiver from cycle `arrival` on.
struct TimedFlit {
  int64_t arrival;
  Flit flit;
};

}  // namespace kncsim
