#pragma once
// Packets and flits of the SCI ring network. A send packet (address or data) is stripped from
// each ring where it leaves it; the stripping node sends an echo (accepted) or a nack (no room
// in its input queue) on around the ring to the node where the packet entered it, which holds
// a copy in its active buffer until then and retransmits on a nack.
#include <cstdint>

namespace kncsim {

enum class SciKind : uint8_t { address, data, echo, nack };

struct SciPacket {
  uint64_t id = 0;        // the message (a retransmission keeps it)
  SciKind kind = SciKind::address;
  uint32_t src = 0, dest = 0;
  int flits = 0;
  int64_t injected = 0;   // cycle the CPU handed the message over
  uint64_t tx = 0;        // send packets: the transmission on the current ring; echo/nack: the one answered
  uint32_t target = 0;    // echo/nack: the node to return to
  int retries = 0;        // nacks this message got
  bool corrupt = false;   // send packets: damaged on a link of the current ring
};

struct SciFlit {
  uint32_t packet = 0;  // slot in the packet table
  uint16_t seq = 0;     // 0 = head
  int64_t time = 0;     // when it may move on from where it is (arrival, decode done, switched)
};

}  // namespace kncsim
