#pragma once
#include <cstdint>

namespace kncsim {

// pipelined: wire registers, several flits in flight, credits back with the same delay.
// handshake: Symult style, one control line per logical channel; the next flit waits for the
// ack of the previous one, so a link of delay w carries at most one flit per 2w cycles.
enum class LinkKind { pipelined, handshake };

// link.kind's word, for reports and refusals.
constexpr const char* to_string(LinkKind k) { return k == LinkKind::handshake ? "handshake" : "pipelined"; }

// How the receiving FIFO's space is accounted (the router's flow control).
enum class CreditPolicy {
  none,        // unbounded FIFOs: always room
  per_flit,    // wormhole: a flit needs one free slot; its slot is credited when it leaves
  per_packet,  // cut-through: a head needs room for the whole packet, credited when the head leaves
};

struct LinkParams {
  int delay = 1;  // cycles from send to the receiver's FIFO, and for a credit to return
  LinkKind kind = LinkKind::pipelined;
  // A narrower wire (network.overrides' width 1/k): a flit crosses as k words, one a cycle, so
  // the link takes a flit every k cycles and its last word lands k - 1 cycles later.
  int cycles_per_flit = 1;
};

}  // namespace kncsim
