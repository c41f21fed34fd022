#pragma once
// Which nodes to evaluate in which cycle. A ring of per-cycle node bitmaps covers the near
// future (iterating a bitmap yields nodes in index order, which FNS's in-order FIFO check
// needs); wakes beyond the ring wait in a heap. Waking a node twice is harmless. Shared by
// the reference model and the SystemC network's scheduler: O(1) per wake, no allocation.
#include <cstdint>
#include <functional>
#include <queue>
#include <vector>

#include "sched/node_bitmap.hpp"

namespace kncsim {

class WakeCalendar {
 public:
  WakeCalendar(uint32_t nodes, int64_t horizon);

  void wake(uint32_t node, int64_t when, int64_t now) {
    if (when - now < slots_) {
      node_bits::set(&bits_[size_t(when & mask_) * words_], node);
    } else {
      far_.push({when, node});
    }
  }
  // A node's bit in a cycle's bitmap, found once by whoever wakes the same node again and
  // again (a link, for every flit and credit; a router, itself).
  struct NodeBit {
    uint32_t node = 0;
    size_t word = 0;
    uint64_t bit = 0;
  };
  static NodeBit node_bit(uint32_t node) { return {node, node >> 6, uint64_t{1} << (node & 63)}; }
  // The same as wake(n.node, when, now()).
  void wake(const NodeBit& n, int64_t when) {
    if (when - now_ < slots_) {
      bits_[size_t(when & mask_) * words_ + n.word] |= n.bit;
    } else {
      far_.push({when, n.node});
    }
  }

  // Call once at the start of cycle `now`, then drain with next_node.
  void begin_cycle(int64_t now);
  // The cycle of the last begin_cycle (0 before the first).
  int64_t now() const { return now_; }
  // Next node due in the current cycle in ascending order, or -1 when none is left.
  int64_t next_node() { return node_bits::pop_next(current_, words_, word_); }

 private:
  using Far = std::pair<int64_t, uint32_t>;
  int64_t slots_, mask_;
  size_t words_;
  std::vector<uint64_t> bits_;
  uint64_t* current_ = nullptr;
  size_t word_ = 0;
  int64_t now_ = 0;
  std::priority_queue<Far, std::vector<Far>, std::greater<Far>> far_;
};

}  // namespace kncsim
