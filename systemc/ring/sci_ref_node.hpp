#pragma once
// State of one node of the reference SCI ring network (Scott & Goodman, Figure 2): the CPU's queue, a
// switch, and per dimension a ring interface with its ring buffer (bypass), input queue,
// output queue, active buffer (which retransmits) and output link. Plain data; SciRefNetwork evaluates it.
#include <array>
#include <cstdint>
#include <deque>
#include <vector>

#include "ring/sci_packet.hpp"

namespace kncsim {

struct SciRefRing {
  enum class Fate : uint8_t { pass, accept, drop, strip };
  enum class Sending : uint8_t { none, ring, output, retransmit };

  std::deque<SciFlit> wire;          // flits on the link into this interface and in its decode stage, time = decoded
  std::array<int64_t, 4> sent{};     // flits sent on the link out of this interface, by packet kind
  Fate fate = Fate::pass;            // of the packet whose flits are arriving
  std::deque<SciFlit> ring_buffer;   // passing flits, time = may leave
  std::deque<SciFlit> output_queue;  // from the switch, time = may leave
  std::deque<SciFlit> input_queue;   // leaving the ring here, time = decoded
  std::deque<SciFlit> retransmit;    // nacked packets from the active buffer, back onto the ring, time = nacked
  std::deque<SciPacket> active;      // the active buffer: sent, echo not yet back (nacked ones: resend)
  int input_reserved = 0;            // flits of accepted packets still to arrive
  bool tentative = false;            // stomp: the packet arriving is in the input queue but not yet sure to fit
  int taken = 0;                     // of its flits, in the input queue
  uint32_t wire_packet = 0;          // the packet whose flits are arriving
  int wire_flits = 0;                // its length
  uint32_t answer = 0;               // the echo/nack for the packet arriving (accept, drop)
  SciKind answer_kind = SciKind::echo;
  int answer_sent = 0;               // of its flits, already put in the ring buffer
  Sending sending = Sending::none;   // the output link's current packet comes from
};

struct SciRefNode {
  std::vector<SciRefRing> rings;     // one per dimension
  std::deque<SciFlit> cpu;           // the front message from the CPU (the rest wait compactly), time = handed over
  std::deque<SciFlit> to_cpu;        // through the switch to the CPU, time = there
  uint32_t cpu_queued = 0;           // messages handed over whose head has not entered the switch
  uint64_t messages = 0;             // handed over so far (their ids' order)
  // The switch. Sources: 0 = CPU, 1 + d = input queue d, 1 + n + d = retransmissions of d.
  // Destinations: d = output queue d, n = the CPU. Bound for a whole packet.
  std::vector<int> source_to;        // destination, or -1
  std::vector<int> destination_from; // source, or -1
  int64_t flits = 0;                 // flits held: lets idle nodes be skipped
  int cpu_next_seq = 0;              // the next flit the CPU must get (in order within a message)
};

}  // namespace kncsim
