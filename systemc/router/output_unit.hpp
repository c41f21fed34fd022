#pragma once
// One output port of the wormhole router (as Garnet's OutputUnit): the link it drives (none
// for the local output) and, per virtual channel of that link, the input channel whose packet
// holds it from head to tail. Credits per channel live in the link.
#include <array>
#include <cstdint>

#include "link/flit_link.hpp"

namespace kncsim {

struct OutputUnit {
  FlitLink* link = nullptr;
  int channels = 1;  // of its virtual channels, those in use (the local output: 1)
  std::array<int8_t, FlitLink::kMaxVcs> holder;  // per VC: the input channel (port * vcs + vc) holding it, -1 if free
  OutputUnit() { holder.fill(-1); }
};

}  // namespace kncsim
