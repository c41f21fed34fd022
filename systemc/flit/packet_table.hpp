#pragma once
// Header fields of every packet in flight, indexed by the slot its flits carry.
#include <cstdint>
#include <vector>

namespace kncsim {

struct PacketInfo {
  uint64_t id;     // generation order: by cycle, then node (same as the reference model)
  uint32_t src, dest;
  int64_t tsent;   // the listing's tsent: max(generation, previous injection + L)
  int32_t hops;
  int32_t flits;   // length L
  uint32_t next_free;
};

class PacketTable {
 public:
  uint32_t allocate(const PacketInfo& p) {
    uint32_t k;
    if (free_ != kNone) {
      k = free_;
      free_ = slots_[k].next_free;
    } else {
      k = uint32_t(slots_.size());
      slots_.emplace_back();
    }
    slots_[k] = p;
    return k;
  }
  void release(uint32_t k) {
    slots_[k].next_free = free_;
    free_ = k;
  }
  PacketInfo& operator[](uint32_t k) { return slots_[k]; }
  const PacketInfo& operator[](uint32_t k) const { return slots_[k]; }

 private:
  static constexpr uint32_t kNone = 0xffffffffu;
  std::vector<PacketInfo> slots_;
  uint32_t free_ = kNone;
};

}  // namespace kncsim
