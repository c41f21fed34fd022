// The compact source queues: FIFO per node across chunk boundaries, with interleaved nodes,
// against a plain deque per node.
#include <gtest/gtest.h>

#include <deque>
#include <random>
#include <vector>

#include "flit/source_queues.hpp"

namespace kncsim {
namespace {

TEST(SourceQueues, EachNodeIsAFifoAcrossChunks) {
  constexpr uint32_t kNodes = 37;
  SourceQueues q(kNodes);
  std::vector<std::deque<WaitingPacket>> model(kNodes);
  std::mt19937_64 rng(5);
  uint64_t next = 0;
  for (int step = 0; step < 200000; ++step) {
    const uint32_t n = uint32_t(rng() % kNodes);
    // Grow for a while, then drain, so queues cross many chunks and empty often.
    const bool push = (step / 20000) % 2 == 0 ? rng() % 4 != 0 : rng() % 4 == 0;
    if (push) {
      const WaitingPacket w{next++, int64_t(rng() % 1000000), uint32_t(rng()), uint8_t(rng())};
      q.push(n, w);
      model[n].push_back(w);
    } else if (!model[n].empty()) {
      ASSERT_FALSE(q.empty(n));
      const WaitingPacket a = q.front(n), b = model[n].front();
      ASSERT_TRUE(a.id == b.id && a.time == b.time && a.dest == b.dest && a.tag == b.tag) << "step " << step;
      q.pop(n);
      model[n].pop_front();
    }
    ASSERT_EQ(q.size(n), model[n].size());
    ASSERT_EQ(q.empty(n), model[n].empty());
  }
  int64_t total = 0;
  for (const auto& m : model) total += int64_t(m.size());
  EXPECT_EQ(q.total(), total);
}

TEST(SourceQueues, AWaitingPacketCostsAtMost26Bytes) {
  EXPECT_LE(SourceQueues::kBytesPerPacket, 26.0);
  EXPECT_LE(SourceQueues::kBytesPerNode, 16.0);
}

}  // namespace
}  // namespace kncsim
