#include "link/wire_words.hpp"

#include <gtest/gtest.h>

#include <stdexcept>
#include <vector>

#include "link/flit_link.hpp"

namespace kncsim {
namespace {

struct WakeLog final : Wakeable {
  void wake_at(int64_t cycle) override { wakes.push_back(cycle); }
  std::vector<int64_t> wakes;
};

// Every word lands `delay` cycles after it was sent, in order, and the receiver takes it the
// cycle before; at a word a cycle the wire holds delay + 1 of them (short wires inline, long
// ones in storage of their own). The receiver is woken for each landing.
TEST(WireWords, EveryWordLandsInOrderAfterTheWiresDelay) {
  for (int delay = 1; delay <= 6; ++delay) {
    WakeLog receiver;
    WireWords w(delay, WakeTarget(receiver));
    std::vector<uint64_t> got;
    std::vector<int64_t> landings;
    uint64_t x = 7;
    for (int64_t t = 0; t < 200; ++t) {
      // The receiver's edge in cycle t takes what lands at t + 1 (after the sender's sample).
      x = x * 6364136223846793005ull + 1442695040888963407ull;
      if (t < 150 && (x >> 61) != 0) {
        w.send(WireWord{uint64_t(t), ~uint64_t(t)}, int(t % 4), t);
        landings.push_back(t + delay);
      }
      if (!w.empty() && w.front_at() == t + 1) {
        EXPECT_EQ(w.front()[0] + uint64_t(delay), uint64_t(t + 1)) << "delay " << delay;
        EXPECT_EQ(w.front()[1], ~w.front()[0]);
        got.push_back(w.front()[0]);
        w.pop();
      }
      ASSERT_TRUE(w.empty() || w.front_at() > t + 1) << "a word missed its cycle, delay " << delay;
    }
    EXPECT_TRUE(w.empty());
    EXPECT_EQ(got.size(), landings.size());
    EXPECT_EQ(receiver.wakes, landings);
    for (size_t i = 1; i < got.size(); ++i) EXPECT_LT(got[i - 1], got[i]);
    int64_t sent = 0;
    for (int64_t n : w.sent()) sent += n;
    EXPECT_EQ(size_t(sent), got.size());
  }
}

TEST(WireWords, MoreThanAWordACycleIsRefused) {
  WakeLog receiver;
  WireWords w(2, WakeTarget(receiver));
  for (int t = 0; t < 3; ++t) w.send(WireWord{}, 0, t);
  EXPECT_THROW(w.send(WireWord{}, 0, 3), std::logic_error);
}

struct TapLog final : FlitTap {
  void sent(uint32_t link, const Flit& f, int64_t cycle) override { seen.push_back({link, f.packet, cycle}); }
  void sent_unslotted(uint32_t link, const Flit&, uint64_t id, int64_t cycle) override {
    seen.push_back({link, id, cycle});
  }
  std::vector<std::array<int64_t, 3>> seen;
};

// A link carrying words counts them by kind as its flits and wakes its receiver for their
// landing; a flit log on it sees the flits their sender shows it.
TEST(WireWords, ALinkCarryingWordsCountsThemAndWakesItsReceiver) {
  FlitFifo fifo(4);
  WakeLog dest, src;
  FlitLink link(LinkParams{3, LinkKind::pipelined}, CreditPolicy::none, fifo, dest, src);
  EXPECT_FALSE(link.carries_words());
  link.carry_words();
  ASSERT_TRUE(link.carries_words());
  link.words()->send(WireWord{1, 0}, 1, 10);
  link.words()->send(WireWord{2, 0}, 3, 11);
  EXPECT_EQ(link.flits_sent(), (std::array<int64_t, 4>{0, 1, 0, 1}));
  EXPECT_EQ(dest.wakes, (std::vector<int64_t>{13, 14}));
  EXPECT_TRUE(src.wakes.empty());
  EXPECT_EQ(link.words()->front_at(), 13);
  EXPECT_TRUE(fifo.empty());
  EXPECT_FALSE(link.tapped());
  TapLog tap;
  link.set_tap(&tap, 7);
  ASSERT_TRUE(link.tapped());
  Flit f;
  f.packet = 3;
  link.show(f, 12);
  link.show_unslotted(f, 99, 13);
  EXPECT_EQ(tap.seen, (std::vector<std::array<int64_t, 3>>{{7, 3, 12}, {7, 99, 13}}));
  // A log that names packets only by slot refuses a flit without one instead of losing it.
  struct SlotLog final : FlitTap {
    void sent(uint32_t, const Flit&, int64_t) override {}
  } slot_log;
  link.set_tap(&slot_log, 8);
  EXPECT_THROW(link.show_unslotted(f, 99, 14), std::logic_error);
}

}  // namespace
}  // namespace kncsim
