#pragma once
// Packets generated at a node and waiting at its source, for every node of a network: the
// part of the injection queue whose flits do not exist yet. Past saturation these queues
// grow without bound, so a waiting packet keeps only what its later injection needs (id,
// time, destination, length, a tag byte) in chunks of 8 stored field by field: 26 bytes a packet,
// and an empty queue costs its 16-byte header and nothing else. Shared by every model
// (reference, SystemC and RTL networks, SCI rings).
#include <cstdint>
#include <memory>
#include <vector>

namespace kncsim {

struct WaitingPacket {
  uint64_t id = 0;
  int64_t time = 0;   // the model's time of record: the listing's tin, or the cycle handed over
  uint32_t dest = 0;
  uint8_t tag = 0;    // model-defined (rings: the packet kind)
  uint32_t flits = 0;  // its length, where a model's packets differ in length (closed-loop messages)
};

class SourceQueues {
  static constexpr int kChunkPackets = 8;
  struct Chunk {
    uint64_t id[kChunkPackets];
    int64_t time[kChunkPackets];
    uint32_t dest[kChunkPackets];
    uint32_t flits[kChunkPackets];
    uint8_t tag[kChunkPackets];
    uint32_t next;
  };
  struct Queue {
    uint32_t head, tail;
    uint16_t first;  // index of the front packet in the head chunk
    uint32_t size;
  };

 public:
  // What the memory estimate charges: a waiting packet in a full chunk, and a node.
  static constexpr double kBytesPerPacket = double(sizeof(Chunk)) / kChunkPackets;
  static constexpr double kBytesPerNode = double(sizeof(Queue));

  explicit SourceQueues(uint32_t nodes) : queues_(nodes, Queue{kNone, kNone, 0, 0}) {}

  bool empty(uint32_t node) const { return queues_[node].size == 0; }
  uint32_t size(uint32_t node) const { return queues_[node].size; }
  int64_t total() const { return total_; }
  int64_t total_flits() const { return total_flits_; }  // of the packets that gave their length

  void push(uint32_t node, const WaitingPacket& p) {
    Queue& q = queues_[node];
    const int slot = int((q.first + q.size) % kChunkPackets);
    if (q.size == 0) {
      q.head = q.tail = take_chunk();
      q.first = 0;
    } else if (slot == 0) {
      const uint32_t c = take_chunk();
      chunk(q.tail).next = c;
      q.tail = c;
    }
    Chunk& c = chunk(q.tail);
    const int i = q.size == 0 ? 0 : slot;
    c.id[i] = p.id;
    c.time[i] = p.time;
    c.dest[i] = p.dest;
    c.tag[i] = p.tag;
    c.flits[i] = p.flits;
    ++q.size;
    ++total_;
    total_flits_ += p.flits;
  }

  WaitingPacket front(uint32_t node) const {
    const Queue& q = queues_[node];
    const Chunk& c = chunk(q.head);
    return WaitingPacket{c.id[q.first], c.time[q.first], c.dest[q.first], c.tag[q.first], c.flits[q.first]};
  }

  void pop(uint32_t node) {
    Queue& q = queues_[node];
    total_flits_ -= chunk(q.head).flits[q.first];
    --q.size;
    --total_;
    if (++q.first == kChunkPackets || q.size == 0) {
      const uint32_t done = q.head;
      q.head = chunk(done).next;
      q.first = 0;
      give_chunk(done);
    }
  }

 private:
  static constexpr uint32_t kNone = 0xffffffffu;
  static constexpr int kChunksPerBlock = 1024;

  Chunk& chunk(uint32_t k) { return blocks_[k / kChunksPerBlock][k % kChunksPerBlock]; }
  const Chunk& chunk(uint32_t k) const { return blocks_[k / kChunksPerBlock][k % kChunksPerBlock]; }

  // Chunks come from blocks that are never moved or freed, so growth copies nothing and
  // the slack is at most one block.
  uint32_t take_chunk() {
    if (free_ == kNone) {
      const uint32_t base = uint32_t(blocks_.size()) * kChunksPerBlock;
      blocks_.push_back(std::make_unique<Chunk[]>(kChunksPerBlock));
      for (int i = kChunksPerBlock - 1; i >= 0; --i) give_chunk(base + uint32_t(i));
    }
    const uint32_t k = free_;
    free_ = chunk(k).next;
    chunk(k).next = kNone;
    return k;
  }
  void give_chunk(uint32_t k) {
    chunk(k).next = free_;
    free_ = k;
  }

  static_assert(sizeof(Chunk) <= 28 * kChunkPackets, "a waiting packet costs at most 28 bytes");
  std::vector<Queue> queues_;
  std::vector<std::unique_ptr<Chunk[]>> blocks_;
  uint32_t free_ = kNone;
  int64_t total_ = 0;
  int64_t total_flits_ = 0;
};

}  // namespace kncsim
