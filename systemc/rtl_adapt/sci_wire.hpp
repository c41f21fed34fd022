#pragma once
// The SCI ring node RTL's flit (rtl/sci/kncsim_sci_pkg.sv sci_flit_t, packed MSB first):
// head, tail, kind[2], crc_good, seq, retries, src, dest, target (node coordinates), id (the
// source's node index, then its message count); as 32-bit words, least significant first
// (Verilator's VlWide, sc_bv words). A message's injection cycle is not on the wire: the
// adapter keeps it by id (SciShared::injected_of).
#include <array>
#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>

#include "link/wire_words.hpp"
#include "ring/sci_packet.hpp"
#include "rtl/sci_rtl_limits.hpp"
#include "ring/ring_geometry.hpp"

namespace kncsim::rtl::sci {

struct WireFlit {
  bool head = false, tail = false, crc_good = true;
  uint8_t kind = 0;
  uint32_t seq = 0, retries = 0;
  uint32_t src = 0, dest = 0, target = 0;  // coordinates, kCoordBits per dimension
  uint64_t id = 0;  // the model's message id (sci_message_id)
};

// A message id on the wire: the source's node index above its message count there.
inline uint64_t wire_id(uint64_t id) {
  const uint64_t nth = id & ((uint64_t{1} << kSciIdNodeShift) - 1), node = id >> kSciIdNodeShift;
  if (nth >> kIdCountBits || node >> kAddrBits)
    throw std::length_error("SCI RTL flit: message " + std::to_string(nth) + " of node " + std::to_string(node) +
                            ", beyond the RTL's id (" + std::to_string(kAddrBits) + "-bit node, " +
                            std::to_string(kIdCountBits) + "-bit message count)");
  return node << kIdCountBits | nth;
}
inline uint64_t model_id(uint64_t wire) {
  return sci_message_id(uint32_t(wire >> kIdCountBits), wire & ((uint64_t{1} << kIdCountBits) - 1));
}

constexpr int kIdAt = 0, kTargetAt = kIdBits, kDestAt = kTargetAt + kAddrBits,
              kSrcAt = kDestAt + kAddrBits, kRetriesAt = kSrcAt + kAddrBits, kSeqAt = kRetriesAt + kRetryBits,
              kCrcAt = kSeqAt + kLenBits, kKindAt = kCrcAt + 1, kTailAt = kKindAt + 2, kHeadAt = kTailAt + 1;
constexpr int kFlitBits = kHeadAt + 1;
constexpr int kFlitWords = (kFlitBits + 31) / 32;
using Words = std::array<uint32_t, kFlitWords>;

inline void put(Words& w, int at, int bits, uint64_t v) {
  while (bits > 0) {
    const int off = at % 32, n = bits < 32 - off ? bits : 32 - off;
    const uint64_t mask = n == 64 ? ~uint64_t{0} : (uint64_t{1} << n) - 1;
    w[size_t(at / 32)] |= uint32_t((v & mask) << off);
    v = n == 64 ? 0 : v >> n;
    at += n;
    bits -= n;
  }
}
inline uint64_t get(const Words& w, int at, int bits) {
  uint64_t v = 0;
  for (int done = 0; done < bits;) {
    const int off = at % 32, n = bits - done < 32 - off ? bits - done : 32 - off;
    v |= uint64_t(w[size_t(at / 32)] >> off & ((uint64_t{1} << n) - 1)) << done;
    done += n;
    at += n;
  }
  return v;
}

inline Words pack(const WireFlit& f) {
  if (f.retries > uint64_t(kMaxRetries) || f.seq > uint64_t(kMaxLen))
    throw std::length_error("SCI RTL flit: " + std::to_string(f.retries) + " retries or sequence " +
                            std::to_string(f.seq) + " beyond the RTL's fields");
  Words w{};
  put(w, kIdAt, kIdBits, wire_id(f.id));
  put(w, kTargetAt, kAddrBits, f.target);
  put(w, kDestAt, kAddrBits, f.dest);
  put(w, kSrcAt, kAddrBits, f.src);
  put(w, kRetriesAt, kRetryBits, f.retries);
  put(w, kSeqAt, kLenBits, f.seq);
  put(w, kCrcAt, 1, f.crc_good);
  put(w, kKindAt, 2, f.kind);
  put(w, kTailAt, 1, f.tail);
  put(w, kHeadAt, 1, f.head);
  return w;
}

inline WireFlit unpack(const Words& w) {
  WireFlit f;
  f.id = model_id(get(w, kIdAt, kIdBits));
  f.target = uint32_t(get(w, kTargetAt, kAddrBits));
  f.dest = uint32_t(get(w, kDestAt, kAddrBits));
  f.src = uint32_t(get(w, kSrcAt, kAddrBits));
  f.retries = uint32_t(get(w, kRetriesAt, kRetryBits));
  f.seq = uint32_t(get(w, kSeqAt, kLenBits));
  f.crc_good = get(w, kCrcAt, 1);
  f.kind = uint8_t(get(w, kKindAt, 2));
  f.tail = get(w, kTailAt, 1);
  f.head = get(w, kHeadAt, 1);
  return f;
}

// The fields that change from flit to flit of a packet (head, tail, kind, CRC bit, sequence)
// share the top word, above the packet's own fields: a packet's words are made once, at its
// head, and each flit then sets only these.
static_assert(kSeqAt / 32 == kHeadAt / 32 && kRetriesAt + kRetryBits == kSeqAt,
              "the per-flit fields share the top word, above the packet's fields");
constexpr size_t kFlitFieldsWord = size_t(kSeqAt / 32);
constexpr int kFlitFieldsShift = kSeqAt % 32;
constexpr uint32_t kFlitFieldsMask = uint32_t((uint64_t{1} << (kHeadAt + 1 - kSeqAt)) - 1) << kFlitFieldsShift;

// Sets one flit's own fields in its packet's words.
inline void set_flit_fields(Words& w, bool head, bool tail, uint8_t kind, bool crc_good, uint32_t seq) {
  const uint32_t fields = seq | uint32_t(crc_good) << (kCrcAt - kSeqAt) | uint32_t(kind) << (kKindAt - kSeqAt) |
                          uint32_t(tail) << (kTailAt - kSeqAt) | uint32_t(head) << (kHeadAt - kSeqAt);
  w[kFlitFieldsWord] = (w[kFlitFieldsWord] & ~kFlitFieldsMask) | fields << kFlitFieldsShift;
}
// The per-flit fields of a word set, the rest left as it was (what a flit after the head needs).
inline void unpack_flit_fields(const Words& w, WireFlit& f) {
  const uint32_t top = w[kFlitFieldsWord] >> kFlitFieldsShift;
  f.seq = top & ((1u << kLenBits) - 1);
  f.crc_good = top >> (kCrcAt - kSeqAt) & 1;
  f.kind = uint8_t(top >> (kKindAt - kSeqAt) & 3);
  f.tail = top >> (kTailAt - kSeqAt) & 1;
  f.head = top >> (kHeadAt - kSeqAt) & 1;
}

// The words as a link carries them between RTL nodes (link/wire_words.hpp), and back.
inline WireWord to_wire(const Words& w) {
  static_assert(sizeof(Words) <= sizeof(WireWord), "the SCI flit fits a wire word");
  WireWord x{};
  std::memcpy(x.data(), w.data(), sizeof(Words));
  return x;
}
inline Words from_wire(const WireWord& x) {
  Words w;
  std::memcpy(w.data(), x.data(), sizeof(Words));
  return w;
}

// A node's index and its coordinates on the wire.
inline uint32_t to_coords(const RingGeometry& g, uint32_t u) {
  uint32_t c = 0;
  for (int d = 0; d < g.dims(); ++d) c |= uint32_t(g.coord(u, d)) << (d * kCoordBits);
  return c;
}
inline uint32_t to_index(const RingGeometry& g, uint32_t coords) {
  uint32_t u = 0, stride = 1;
  for (int d = 0; d < g.dims(); ++d) {
    u += (coords >> (d * kCoordBits) & ((1u << kCoordBits) - 1)) * stride;
    stride *= uint32_t(g.radix());
  }
  return u;
}

}  // namespace kncsim::rtl::sci
