#pragma once
// The RTL flit word (rtl/wormhole/kncsim_pkg.sv flit_t, 64 bits, MSB first): head, tail, len[10],
// wrapped[3], vc[2], dest[3 x 7], tag[26]. The tag is the packet's slot in the packet table;
// a flit's position in its packet is not on the wire (flits of a packet leave an output
// channel in order). wrapped[k]: the packet took dimension k's wraparound wire.
#include <cstdint>
#include <stdexcept>
#include <string>

#include "flit/flit.hpp"
#include "rtl/rtl_limits.hpp"
#include "topo/mesh_geometry.hpp"

namespace kncsim::rtl {

constexpr uint64_t kMaxTag = (uint64_t{1} << kTagBits) - 1;
constexpr int kDestShift = kTagBits;
constexpr int kVcShift = kDestShift + kMaxDims * kCoordBits;
constexpr int kWrappedShift = kVcShift + kVcBits;
constexpr int kLenShift = kWrappedShift + kMaxDims;
static_assert(kLenShift + kLenBits + 2 == 64, "flit_bits.hpp: the flit is no longer 64 bits; follow kncsim_pkg.sv");

inline uint64_t pack_coords(const MeshGeometry& g, uint32_t node) {
  uint64_t c = 0;
  for (int k = 0; k < g.dims(); ++k) c |= uint64_t(g.coord(node, k)) << (k * kCoordBits);
  return c;
}
// Each dimension's last coordinate (radix - 1), the torus straps.
inline uint64_t pack_last(const MeshGeometry& g) {
  uint64_t c = 0;
  for (int k = 0; k < g.dims(); ++k) c |= uint64_t(g.radix(k) - 1) << (k * kCoordBits);
  return c;
}

// The dimensions whose wraparound a packet from `src` to `dest` has taken on its way to
// `node` (minimal routes move one way along a dimension: past the source's coordinate).
inline uint32_t wrapped_at(const MeshGeometry& g, uint32_t node, uint32_t src, uint32_t dest) {
  if (!g.torus()) return 0;
  uint32_t w = 0;
  for (int k = 0; k < g.dims(); ++k) {
    const int way = g.offset(src, dest, k), c = g.coord(node, k), s = g.coord(src, k);
    if ((way > 0 && c < s) || (way < 0 && c > s)) w |= 1u << k;
  }
  return w;
}

inline uint64_t pack_flit(const Flit& f, int len, uint64_t dest_coords, uint32_t wrapped = 0) {
  if (f.packet > kMaxTag)
    throw std::length_error("RTL flit tag overflow: more than 2^" + std::to_string(kTagBits) +
                            " packets in flight");
  return uint64_t(f.head) << 63 | uint64_t(f.tail) << 62 | uint64_t(len) << kLenShift |
         uint64_t(wrapped) << kWrappedShift | uint64_t(f.vc) << kVcShift | dest_coords << kDestShift |
         uint64_t(f.packet);
}

// Oldest-first's key (kncsim_pkg AgeW): the packet's tsent, then its id, 32 bits each, so
// that comparing keys compares (tsent, id) as the SystemC router does.
inline uint64_t pack_age(int64_t tsent, uint64_t id) {
  if (tsent < 0 || tsent > int64_t{0xFFFFFFFF} || id > 0xFFFFFFFFu)
    throw std::length_error("RTL packet age overflow: oldest-first routers order packets by a 32-bit generation "
                            "time and a 32-bit id (cycle " + std::to_string(tsent) + ", id " + std::to_string(id) + ")");
  return uint64_t(tsent) << 32 | id;
}

// The flit's head/tail/VC/tag; the caller supplies its position.
inline uint32_t unpack_wrapped(uint64_t w) { return uint32_t(w >> kWrappedShift) & ((1u << kMaxDims) - 1); }
// The destination field (pack_coords' layout) and the length field, as the flit carries them.
inline uint64_t unpack_dest(uint64_t w) { return (w >> kDestShift) & ((uint64_t{1} << (kMaxDims * kCoordBits)) - 1); }
inline int unpack_len(uint64_t w) { return int((w >> kLenShift) & kMaxLen); }

inline Flit unpack_flit(uint64_t w) {
  Flit f;
  f.head = (w >> 63) & 1;
  f.tail = (w >> 62) & 1;
  f.vc = uint8_t((w >> kVcShift) & ((1u << kVcBits) - 1));
  f.packet = uint32_t(w & kMaxTag);
  return f;
}

}  // namespace kncsim::rtl
