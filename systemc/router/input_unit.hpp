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

struct alignas(64) InputVc {  // on cache-line boundaries: two lines each, wherever the heap puts them
  FlitFifo fifo;
  FlitLink* upstream = nullptr;  // the port's link (null for the local port)
  int port = 0;
  int bound = -1;         // output port its packet holds (-1: none)
  int out_vc = 0;         // the virtual channel it holds there
  bool routed = false;    // route and eligible are valid for the front head
  bool promote = false;   // hop-count format: a header was stripped; the next flit leads
  // Hybrid switching: the front packet holds one of the router's packet buffers (till its tail
  // leaves), and `borrowed` flit slots were lent to it beyond the FIFO, whose credits are kept
  // back as flits leave until the FIFO is its own size again.
  bool buffered = false;
  uint32_t route = 0;     // output ports the front head may take
  int32_t borrowed = 0;
  int64_t eligible = 0;   // first cycle the front head may request
  int64_t front_since = 0;  // cycle the front flit became the front
};

// Two cache lines: a router's channels are walked every cycle it has work.
static_assert(sizeof(InputVc) <= 128, "an input channel's state fits two cache lines");

}  // namespace kncsim
