#pragma once
// Sets of nodes as bitmaps, one bit per node, iterated in ascending node order: the order the
// wake calendar's slots (FNS's in-order FIFO check) and the RTL clock domain's phases need.
#include <cstddef>
#include <cstdint>
#include <vector>

namespace kncsim {
namespace node_bits {

inline void set(uint64_t* words, uint32_t node) { words[node >> 6] |= uint64_t{1} << (node & 63); }

// Takes the lowest node at or after word `cursor` out of the set, or returns -1 when none is
// left. A node set meanwhile at or after the cursor is still found.
inline int64_t pop_next(uint64_t* words, size_t count, size_t& cursor) {
  while (cursor < count) {
    uint64_t& w = words[cursor];
    if (w) {
      const int b = __builtin_ctzll(w);
      w &= w - 1;
      return int64_t(cursor) * 64 + b;
    }
    ++cursor;
  }
  return -1;
}

}  // namespace node_bits

class NodeBitmap {
 public:
  explicit NodeBitmap(uint32_t nodes) : words_((size_t(nodes) + 63) / 64, 0) {}

  void set(uint32_t node) { node_bits::set(words_.data(), node); }
  // Calls f(node) for each node in ascending order, taking it out of the set first.
  template <class F>
  void drain(F&& f) {
    size_t cursor = 0;
    for (int64_t n; (n = node_bits::pop_next(words_.data(), words_.size(), cursor)) >= 0;) f(uint32_t(n));
  }
  // Calls f(node) for each node in ascending order; the set is unchanged.
  template <class F>
  void for_each(F&& f) const {
    for (size_t w = 0; w < words_.size(); ++w)
      for (uint64_t b = words_[w]; b; b &= b - 1) f(uint32_t(w * 64 + size_t(__builtin_ctzll(b))));
  }

  bool any() const {
    for (uint64_t w : words_)
      if (w) return true;
    return false;
  }

 private:
  std::vector<uint64_t> words_;
};

}  // namespace kncsim
