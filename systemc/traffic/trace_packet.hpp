#pragma once
// One packet of an application trace (traffic.workload: trace): when it may be injected, from where
// to where, how big, and the packets it waits for. Both trace formats read into it
// (traffic/netrace_reader.hpp, traffic/text_trace_reader.hpp) through TraceSource.
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace kncsim {

struct TracePacket {
  uint64_t cycle = 0;  // its own injection cycle, as the trace gives it
  uint64_t id = 0;     // unique in its trace
  uint32_t src = 0, dst = 0;
  uint32_t bytes = 0;  // Netrace: its packet type's size (8 or 72); text traces: 0
  uint32_t flits = 0;  // text traces: as given; Netrace: 0 (the link's width decides)
  // Netrace's own fields: the memory address, the packet type (nt_packet_types' index) and the
  // node types of its source and destination (0 L1 data, 1 L1 instruction, 2 L2, 3 memory
  // controller).
  uint32_t address = 0;
  uint8_t type = 0, src_type = 0, dst_type = 0;
  std::vector<uint64_t> waits_for;  // the ids of the packets it may enter only after (all earlier in the trace)
};

// A bad trace: the message names the file and the record (Netrace) or line (text).
struct TraceError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// A trace read packet by packet, in its order.
class TraceSource {
 public:
  virtual ~TraceSource() = default;
  virtual bool next(TracePacket& p) = 0;  // false at the end
  // Where the packet read last came from, for an error about it: "FILE: record N" or "FILE:LINE".
  virtual std::string where() const = 0;
};

}  // namespace kncsim
