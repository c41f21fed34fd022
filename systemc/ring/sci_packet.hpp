#pragma once
// Packets and flits of the SCI ring network. A send packet (address or data) is stripped from
// each ring where it leaves it; the stripping node sends an echo (accepted) or a nack (no room
// in its input queue, or a failed CRC) on around the ring to the node where the packet entered
// it, which holds a copy in that ring interface's active buffer until then and retransmits on
// a nack.
#include <cstdint>

#include "flit/slot_pool.hpp"

namespace kncsim {

enum class SciKind : uint8_t { address, data, echo, nack };

inline bool is_send(SciKind k) { return k == SciKind::address || k == SciKind::data; }

// A message's id names its source and its order there, so that ids never depend on the order
// in which a model evaluates nodes within a cycle.
constexpr int kSciIdNodeShift = 40;
inline uint64_t sci_message_id(uint32_t src, uint64_t nth) { return uint64_t{src} << kSciIdNodeShift | nth; }

struct SciPacket {
  uint64_t id = 0;        // the message (a retransmission and its echo/nack keep it)
  SciKind kind = SciKind::address;
  uint32_t src = 0, dest = 0;
  int flits = 0;
  int64_t injected = 0;   // cycle the CPU handed the message over
  uint32_t target = 0;    // send packets: the node whose active buffer holds it on the current ring; echo/nack: where it goes
  int retries = 0;        // nacks this message got
  bool corrupt = false;   // send packets: damaged on a link of the current ring (its CRC fails)
  bool resend = false;    // in an active buffer: nacked, to be sent again from there
  uint32_t next_free = 0; // the pool's free list
};

using SciPackets = SlotPool<SciPacket>;

// A flit in the reference model's queues.
struct SciFlit {
  static constexpr uint8_t kPacketKind = 0xFF;
  uint32_t packet = 0;  // slot in the packet pool
  uint16_t seq = 0;     // 0 = head
  int64_t time = 0;     // when it may move on from where it is (decoded, switched, ...)
  // The kind it says on the wire: an answer's flits keep the kind they were made with (a stomped
  // echo's earlier flits stay echoes, as the flit-level models' do); kPacketKind: its packet's.
  uint8_t kind = kPacketKind;
};

}  // namespace kncsim
