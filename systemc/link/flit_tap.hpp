#pragma once
// Sees every flit a link sends (kncsim diverge's flit log). Links have none unless a run
// asks for a log: the cost in a normal run is one test of a null pointer per flit.
#include <cstdint>
#include <stdexcept>
#include <string>

#include "flit/flit.hpp"

namespace kncsim {

class FlitTap {
 public:
  virtual ~FlitTap() = default;
  virtual void sent(uint32_t link, const Flit& f, int64_t cycle) = 0;
  // A flit that crossed as a wire word between RTL ring nodes, with no packet slot: its packet
  // named by id (link/wire_words.hpp). A wormhole word keeps its slot and comes through sent().
  // A log that names packets only by slot refuses one, rather than lose it.
  virtual void sent_unslotted(uint32_t link, const Flit& f, uint64_t packet_id, int64_t cycle) {
    (void)f, (void)cycle;
    throw std::logic_error("FlitTap: link " + std::to_string(link) + " sent a flit of packet " +
                           std::to_string(packet_id) + " with no packet slot to a log that needs one");
  }
};

}  // namespace kncsim
