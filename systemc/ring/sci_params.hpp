#pragma once
// Parameters of Scott & Goodman's SCI-style ring node (1991, §2.1): one ring interface per
// dimension, timing in switch cycles.
#include <cstdint>
#include <string>
#include <optional>
#include <vector>

#include "energy/payload.hpp"

namespace kncsim {

// When a packet leaving a ring is accepted into the input queue (router.sci_accept).
enum class SciAccept : uint8_t {
  whole_packet,  // only with room for all of it when its head is decoded; else nacked
  stomp,         // with room for a flit: taken in flit by flit, nacked (the echo stomped) if the queue fills
};

struct SciParams {
  int dims = 2, radix = 4;
  int decode_cycles = 1;         // T_decode, once per head arrival
  int t_pass = 1, t_switch = 2;  // continue on a ring / enter one (or the CPU)
  std::vector<int> wire_cycles;  // per dimension: a flit sent in cycle t arrives at t + w
  int width_bits = 32;           // W: a flit's bits (the link width), for the refusals' words
  int address_flits = 4, data_flits = 20, echo_flits = 2;
  int ring_buffer_flits = 25, input_queue_flits = 25, output_queue_flits = 25;
  SciAccept accept = SciAccept::whole_packet;
  int active_buffer_packets = 0;  // per ring interface, sent and not yet answered; 0 = unbounded
  double corrupt_rate = 0;       // per packet per link: fails its CRC where it leaves the ring (nacked)
  uint64_t seed = 1;             // for corruption
  int64_t source_queue_packets = 0;  // messages waiting at a CPU before one is dropped; 0 = unbounded
  // Energy accounting: the flits' bits on the ring links (energy/ring_activity.hpp); none: nothing counted.
  std::optional<Payload> payload;
};

// Empty if a ring network can be built with `p`, else why not, naming the key and the values
// allowed: the parameters validate themselves, and both ring models refuse to be built
// otherwise (the configuration's decoding refuses first, with these words).
std::string sci_params_refusal(const SciParams& p);

}  // namespace kncsim
