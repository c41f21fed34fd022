#pragma once
#include <stdexcept>

namespace kncsim {

// The scoreboard's verdict on a run: a packet delivered twice, out of order, to the wrong node
// or corrupted; packets left after the drain; a packet starved. The message is in kncsim's words
// (cycle, node, packet), never the simulation kernel's.
class ScoreboardError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace kncsim
