#pragma once
// The RTL flit word (rtl/kncsim_pkg.sv flit_t, MSB first): head, tail, len[16], seq[16],
// tag[32], dest[3 x 16]. Packing a Flit needs its packet's length and destination.
#include <systemc>

#include "flit/flit.hpp"
#include "topo/mesh_geometry.hpp"

namespace kncsim::rtl {

constexpr int kFlitBits = 1 + 1 + 16 + 16 + 32 + 3 * 16;  // 114
constexpr int kCreditBits = 16;
constexpr int kCoordBits = 16;
constexpr int kMaxDims = 3;

template <int W>
void put_flit(sc_dt::sc_bv<W>& bits, int port, const Flit& f, int len, const MeshGeometry& g, uint32_t dest) {
  const int lo = port * kFlitBits;
  uint64_t coords = 0;
  for (int k = 0; k < g.dims(); ++k) coords |= uint64_t(g.coord(dest, k)) << (k * kCoordBits);
  bits.range(lo + 47, lo) = coords;
  bits.range(lo + 79, lo + 48) = f.packet;
  bits.range(lo + 95, lo + 80) = f.seq;
  bits.range(lo + 111, lo + 96) = uint32_t(len);
  bits[lo + 112] = f.tail;
  bits[lo + 113] = f.head;
}

template <int W>
Flit get_flit(const sc_dt::sc_bv<W>& bits, int port) {
  const int lo = port * kFlitBits;
  Flit f;
  f.packet = bits.range(lo + 79, lo + 48).to_uint();
  f.seq = uint16_t(bits.range(lo + 95, lo + 80).to_uint());
  f.tail = bits[lo + 112].to_bool();
  f.head = bits[lo + 113].to_bool();
  return f;
}

// A `width`-bit field at bit `lo` of a port word, integer or sc_bv alike.
inline uint64_t get_field(uint64_t word, int lo, int width) { return (word >> lo) & ((uint64_t{1} << width) - 1); }
inline void set_field(uint64_t& word, int lo, int width, uint64_t v) {
  const uint64_t mask = ((uint64_t{1} << width) - 1) << lo;
  word = (word & ~mask) | ((v << lo) & mask);
}
template <int W>
uint64_t get_field(const sc_dt::sc_bv<W>& word, int lo, int width) {
  return word.range(lo + width - 1, lo).to_uint64();
}
template <int W>
void set_field(sc_dt::sc_bv<W>& word, int lo, int width, uint64_t v) {
  word.range(lo + width - 1, lo) = v;
}

inline uint64_t pack_coords(const MeshGeometry& g, uint32_t node) {
  uint64_t c = 0;
  for (int k = 0; k < g.dims(); ++k) c |= uint64_t(g.coord(node, k)) << (k * kCoordBits);
  return c;
}

}  // namespace kncsim::rtl
