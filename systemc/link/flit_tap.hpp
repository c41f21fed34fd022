#pragma once
// Sees every flit a link sends (kncsim diverge's flit log). Links have none unless a run
// asks for a log: the cost in a normal run is one test of a null pointer per flit.
#include <cstdint>

#include "flit/flit.hpp"

namespace kncsim {

class FlitTap {
 public:
  virtual ~FlitTap() = default;
  virtual void sent(uint32_t link, const Flit& f, int64_t cycle) = 0;
  // A flit that crossed as a wire word between RTL ring nodes, with no packet slot: its packet
  // named by id (link/wire_words.hpp). A wormhole word keeps its slot and comes through sent().
  virtual void sent_unslotted(uint32_t link, const Flit& f, uint64_t packet_id, int64_t cycle) {
    (void)link, (void)f, (void)packet_id, (void)cycle;
  }
};

}  // namespace kncsim
