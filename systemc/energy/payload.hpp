#pragma once
// What a flit's wires carry (traffic.payload): the bits of flit `seq` of packet `packet` as a
// pure function of (kind, seed, packet id, seq), so every model, whichever order it evaluates
// in, puts the same bits on a wire, and a link's toggles (the bits that flip from one flit to
// the next on it) depend only on which flits it carried in which order.
//   random        every bit 0 or 1 with probability 1/2, independently: half the wires flip
//   zeros         every bit 0: no wire ever flips
//   checkerboard  0101... and 1010... in turn along a packet: every wire flips between its flits
// A head's routing fields are part of these bits (kncsim prices the wires, not the format).
#include <cstdint>
#include <vector>

#include "rand/counter_rng.hpp"

namespace kncsim {

enum class PayloadKind { random, zeros, checkerboard };

// Ones in a word, inline (without -mpopcnt the builtin is a library call, on every flit and hop).
inline int ones64(uint64_t x) {
  x = x - ((x >> 1) & 0x5555555555555555ull);
  x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
  x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Full;
  return int((x * 0x0101010101010101ull) >> 56);
}

class Payload {
 public:
  Payload(PayloadKind kind, uint64_t seed, int bits) : kind_(kind), seed_(mix64(seed ^ 0x50A710ADull)), bits_(bits) {}
  int bits() const { return bits_; }

  // 64 wires of the flit, from wire 64 * chunk on (the last chunk's spare high bits 0).
  uint64_t chunk(uint64_t packet, uint32_t seq, int chunk) const {
    uint64_t w = 0;
    switch (kind_) {
      case PayloadKind::random:
        w = mix64(seed_ ^ (packet * 0x9E3779B97F4A7C15ull + uint64_t(seq) * 0xD1B54A32D192ED03ull +
                           uint64_t(chunk) * 0x8CB92BA72F3D8DD7ull));
        break;
      case PayloadKind::zeros:
        break;
      case PayloadKind::checkerboard:
        w = ((packet + seq) & 1) ? 0xAAAAAAAAAAAAAAAAull : 0x5555555555555555ull;
        break;
    }
    const int left = bits_ - 64 * chunk;
    return left >= 64 ? w : w & ((uint64_t{1} << left) - 1);
  }
  int chunks() const { return (bits_ + 63) / 64; }

  // Wires that flip from flit (a_packet, a_seq) to flit (b_packet, b_seq).
  int64_t toggles(uint64_t a_packet, uint32_t a_seq, uint64_t b_packet, uint32_t b_seq) const {
    if (kind_ == PayloadKind::zeros) return 0;
    int64_t n = 0;
    for (int c = 0; c < chunks(); ++c) n += ones64(chunk(a_packet, a_seq, c) ^ chunk(b_packet, b_seq, c));
    return n;
  }
  // Wires set by the first flit a wire carries (the wires start at 0).
  int64_t ones(uint64_t packet, uint32_t seq) const {
    if (kind_ == PayloadKind::zeros) return 0;
    int64_t n = 0;
    for (int c = 0; c < chunks(); ++c) n += ones64(chunk(packet, seq, c));
    return n;
  }

 private:
  PayloadKind kind_;
  uint64_t seed_;
  int bits_;
};

// A wire's bits between flits, and what the next flit flips: flits of at most 64 bits keep the
// word itself (one draw a flit); wider ones the flit whose bits the wires hold.
struct WideWire {
  uint64_t packet = 0;
  uint32_t seq = 0;
  bool carried = false;  // the wires start at 0
};
inline int64_t flip_word(const Payload& p, uint64_t& last_word, uint64_t packet, uint32_t seq) {
  const uint64_t w = p.chunk(packet, seq, 0);
  const int64_t n = ones64(w ^ last_word);
  last_word = w;
  return n;
}
inline int64_t flip_wide(const Payload& p, WideWire& last, uint64_t packet, uint32_t seq) {
  const int64_t n = last.carried ? p.toggles(last.packet, last.seq, packet, seq) : p.ones(packet, seq);
  last = WideWire{packet, seq, true};
  return n;
}
// Wire i's flips: `wide` holds every wire's last flit when flits are wider than 64 bits (else empty).
inline int64_t flip(const Payload& p, uint64_t& last_word, std::vector<WideWire>& wide, size_t i, uint64_t packet,
                    uint32_t seq) {
  return wide.empty() ? flip_word(p, last_word, packet, seq) : flip_wide(p, wide[i], packet, seq);
}

}  // namespace kncsim
