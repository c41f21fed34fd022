#pragma once
// A traced ring interface's pins, cycle by cycle, as plain members for sc_trace: what an RTL
// ring interface on the same link would drive. The output link: valid and the flit (head,
// tail, kind 0 address / 1 data / 2 echo / 3 nack, source, destination, sequence, CRC good,
// and the message id for reading waveforms); and the occupancy of its queues.
#include <cstdint>
#include <string>
#include <systemc>

namespace kncsim {

struct RingPins {
  bool valid = false;
  bool head = false, tail = false, crc_good = false;
  uint32_t kind = 0, src = 0, dest = 0, seq = 0;
  uint64_t id = 0;
  uint32_t ring_buffer = 0, input_queue = 0, output_queue = 0, active = 0;  // flits; packets (active)

  RingPins(sc_core::sc_trace_file* tf, const std::string& prefix);
};

}  // namespace kncsim
