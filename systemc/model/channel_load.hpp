#pragma once
// Flits a link has carried: a mesh or torus link leaves `node` in dimension `dim` towards the
// higher (dir +1) or lower (dir -1) coordinate; a ring link leaves `node` on ring `dim` (dir +1,
// rings run one way). Rings count their flits by SCI packet kind (address, data, echo, nack);
// a wormhole link counts all in kind 0.
#include <array>
#include <cstdint>

namespace kncsim {

struct ChannelLoad {
  uint32_t node = 0;
  int dim = 0;
  int dir = 1;
  std::array<int64_t, 4> flits{};  // by kind
  int64_t total() const { return flits[0] + flits[1] + flits[2] + flits[3]; }
};

// A mesh or torus output port (MeshGeometry's numbering: pred(k) = 2k + 1, succ(k) = 2k + 2).
inline ChannelLoad mesh_channel(uint32_t node, int port, int64_t flits) {
  return ChannelLoad{node, (port - 1) / 2, (port & 1) ? -1 : 1, {flits, 0, 0, 0}};
}

}  // namespace kncsim
