#pragma once
// One output port of the wormhole router (as Garnet's OutputUnit): the link it drives (none
// for the local output) and, per virtual channel of that link, the input channel whose packet
// holds it from head to tail. Credits per channel live in the link.
#include <vector>

#include "link/flit_link.hpp"

namespace kncsim {

struct OutputUnit {
  FlitLink* link = nullptr;
  std::vector<int> holder;  // per VC: the input channel (port * vcs + vc) holding it, -1 if free
};

}  // namespace kncsim
