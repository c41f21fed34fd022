#pragma once
// One virtual channel of an input port of the wormhole router (Garnet's InputUnit holds a
// port's): its FIFO, filled by the upstream link (the local port: the NI's injection queue,
// the port's one channel), and the state of the packet at its front. The router keeps every
// port's channels in one array indexed by channel (port * vcs + vc), each knowing its port and
// link: a flit's path through the router then takes no division and no second lookup.
#include <cstdint>

#include "flit/flit_fifo.hpp"
#include "link/flit_link.hpp"

namespace kncsim {

struct InputVc {
  FlitFifo fifo;
  FlitLink* upstream = nullptr;  // the port's link (null for the local port)
  int port = 0;
  int bound = -1;         // output port its packet holds (-1: none)
  int out_vc = 0;         // the virtual channel it holds there
  bool routed = false;    // route and eligible are valid for the front head
  bool promote = false;   // hop-count format: a header was stripped; the next flit leads
  uint32_t route = 0;     // output ports the front head may take
  int64_t eligible = 0;   // first cycle the front head may request
  int64_t front_since = 0;  // cycle the front flit became the front
  // Hybrid switching: the front packet holds one of the router's packet buffers (till its tail
  // leaves), and the flit slots it was lent beyond the FIFO, whose credits are kept back as
  // flits leave until the FIFO is its own size again.
  bool buffered = false;
  int64_t borrowed = 0;
};

}  // namespace kncsim
