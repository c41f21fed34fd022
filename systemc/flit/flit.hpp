#pragma once
// A flit as it crosses a link: which packet, which position, and whether it opens or closes
// the packet. The packet's header fields (destination, source, generation time, id) live in
// the PacketTable; a flit names its packet by table slot, as a wire would carry a tag.
// In the Symult hop-count format a packet opens with one header flit per dimension, each
// holding the signed hop count left in its dimension; a router strips the front header
// once its count is zero, and the flit behind it becomes the head.
#include <cstdint>

namespace kncsim {

struct Flit {
  uint32_t packet = 0;  // PacketTable slot
  uint16_t seq = 0;     // position at injection, 0 first
  int16_t hops = 0;     // hop-count format: signed hops still to go in dimension `dim`
  bool head = false;    // the flit that routes the packet (the front one)
  bool tail = false;
  bool header = false;  // hop-count format: a per-dimension header flit
  uint8_t dim = 0;
  // SCI rings: the packet's kind as this flit carries it on the wire (SciKind; a stomped echo's
  // later flits say nack), and a failed CRC of the transmission it belongs to.
  uint8_t kind = 0;
  bool crc_bad = false;
  uint8_t vc = 0;  // the virtual channel it travels on (the link's, and the input FIFO's it lands in)
};
static_assert(sizeof(Flit) <= 16, "a flit stays within 16 bytes (a timed flit within 24)");

// A flit in a FIFO or on a wire: usable by its receiver from cycle `arrival` on.
struct TimedFlit {
  int64_t arrival;
  Flit flit;
};

}  // namespace kncsim
