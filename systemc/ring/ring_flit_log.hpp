#pragma once
// A ring network's flit log (trace.flits, the file: flit_log_file.hpp): one line per flit a
// node sends on a ring, in the cycle it left the node. port = the ring (dimension) d, vc = the
// SCI packet kind the flit carries (0 address, 1 data, 2 echo, 3 nack), packet = the message's
// id (a retransmission and its echo keep it). The SystemC and the RTL ring nodes send the same
// lines exactly when they behave the same: kncsim diverge compares them.
#include <cstdint>
#include <string>

#include "link/flit_tap.hpp"
#include "link/flit_log_file.hpp"
#include "ring/sci_packet.hpp"

namespace kncsim {

class RingFlitLog final : public FlitTap {
 public:
  // Ring link numbers: node * dims + d.
  RingFlitLog(const std::string& path, const SciPackets& packets, int dims) : file_(path), packets_(packets), dims_(dims) {}

  void sent(uint32_t link, const Flit& f, int64_t cycle) override {
    sent_unslotted(link, f, packets_[f.packet].id, cycle);
  }
  void sent_unslotted(uint32_t link, const Flit& f, uint64_t packet_id, int64_t cycle) override {
    file_.write(cycle, link / uint32_t(dims_), int(link % uint32_t(dims_)), int(f.kind), packet_id, f.seq, f.head,
                f.tail);
  }

 private:
  FlitLogFile file_;
  const SciPackets& packets_;
  int dims_;
};

}  // namespace kncsim
