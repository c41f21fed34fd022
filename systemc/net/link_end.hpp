#pragma once
// Which router output drives a link: the fabric keeps one per link, the flit log reads them.
#include <cstdint>

namespace kncsim {

struct LinkEnd {
  uint32_t node;  // the sender
  int port;       // its output
};

}  // namespace kncsim
