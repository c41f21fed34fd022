#pragma once
// One input port of the wormhole router (as Garnet's InputUnit): a FIFO per virtual channel,
// filled by the upstream link (the local port: the NI's injection queue, one channel), and
// per channel the state of the packet at its front.
#include <cstdint>
#include <vector>

#include "flit/flit_fifo.hpp"
#include "link/flit_link.hpp"

namespace kncsim {

struct InputVc {
  FlitFifo fifo;
  int bound = -1;         // output port its packet holds (-1: none)
  int out_vc = 0;         // the virtual channel it holds there
  bool routed = false;    // route, out_vcs and eligible are valid for the front head
  bool promote = false;   // hop-count format: a header was stripped; the next flit leads
  uint32_t route = 0;     // output ports the front head may take
  uint32_t out_vcs = 0;   // virtual channels it may take on them
  int64_t eligible = 0;   // first cycle the front head may request
  int64_t front_since = 0;  // cycle the front flit became the front
};

struct InputUnit {
  FlitLink* upstream = nullptr;  // null for the local port
  std::vector<InputVc> vcs;
};

}  // namespace kncsim
