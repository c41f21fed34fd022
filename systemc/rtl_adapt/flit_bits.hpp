#pragma once
// The RTL flit word (rtl/kncsim_pkg.sv flit_t, 64 bits, MSB first): head, tail, len[10],
// dest[3 x 8], tag[28]. The tag is the packet's slot in the packet table; a flit's position
// in its packet is not on the wire (flits of a packet leave an output in order).
#include <cstdint>
#include <stdexcept>

#include "flit/flit.hpp"
#include "rtl/rtl_limits.hpp"
#include "topo/mesh_geometry.hpp"

namespace kncsim::rtl {

constexpr uint64_t kMaxTag = (uint64_t{1} << kTagBits) - 1;

inline uint64_t pack_coords(const MeshGeometry& g, uint32_t node) {
  uint64_t c = 0;
  for (int k = 0; k < g.dims(); ++k) c |= uint64_t(g.coord(node, k)) << (k * kCoordBits);
  return c;
}

inline uint64_t pack_flit(const Flit& f, int len, uint64_t dest_coords) {
  if (f.packet > kMaxTag)  // more packets in flight than a 28-bit tag can name
    throw std::length_error("RTL flit tag overflow: more than 2^28 packets in flight");
  return uint64_t(f.head) << 63 | uint64_t(f.tail) << 62 | uint64_t(len) << 52 | dest_coords << kTagBits |
         uint64_t(f.packet);
}

// The flit's head/tail/tag; the caller supplies its position.
inline Flit unpack_flit(uint64_t w) {
  Flit f;
  f.head = (w >> 63) & 1;
  f.tail = (w >> 62) & 1;
  f.packet = uint32_t(w & kMaxTag);
  return f;
}

}  // namespace kncsim::rtl
