#include "ring/ring_pins.hpp"

namespace kncsim {

RingPins::RingPins(sc_core::sc_trace_file* tf, const std::string& prefix) {
  const std::string o = prefix + ".out.";
  sc_core::sc_trace(tf, valid, o + "valid");
  sc_core::sc_trace(tf, head, o + "head");
  sc_core::sc_trace(tf, tail, o + "tail");
  sc_core::sc_trace(tf, kind, o + "kind", 2);
  sc_core::sc_trace(tf, src, o + "src", 32);
  sc_core::sc_trace(tf, dest, o + "dest", 32);
  sc_core::sc_trace(tf, seq, o + "seq", 16);
  sc_core::sc_trace(tf, crc_good, o + "crc_good");
  sc_core::sc_trace(tf, id, o + "id", 64);
  sc_core::sc_trace(tf, ring_buffer, prefix + ".ring_buffer", 32);
  sc_core::sc_trace(tf, input_queue, prefix + ".input_queue", 32);
  sc_core::sc_trace(tf, output_queue, prefix + ".output_queue", 32);
  sc_core::sc_trace(tf, active, prefix + ".active", 32);
}

}  // namespace kncsim
