#pragma once
// A traced router's link pins, cycle by cycle, as plain members for sc_trace: what an RTL
// block on the same link would see. Outputs: valid, the flit (packet id, position, head,
// tail) and the credits the sender holds; inputs: the credit (or ack) pulse sent back and
// the FIFO occupancy.
#include <cstdint>
#include <string>
#include <systemc>
#include <vector>

namespace kncsim {

struct OutputPins {
  bool valid = false;
  uint64_t packet = 0;  // packet id
  uint32_t seq = 0;
  bool head = false, tail = false;
  int64_t credits = 0;
};

struct InputPins {
  bool credit = false;  // a credit or ack leaves this cycle
  uint32_t occupancy = 0;
};

struct LinkPins {
  std::vector<OutputPins> out;
  std::vector<InputPins> in;

  LinkPins(sc_core::sc_trace_file* tf, const std::string& router, const std::vector<std::string>& port_names);
  void clear_pulses() {
    for (auto& o : out) o.valid = false;
    for (auto& i : in) i.credit = false;
  }
};

}  // namespace kncsim
