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

// The receiving RTL node as its clock domain sees it (sched/edge_wake.hpp): due in a cycle
// through the calendar, or put in the set of nodes the current cycle's edge phase visits.
struct RtlReceiver {
  WakeCalendar calendar{1, 16};
  NodeBitmap edge_now{1};
  std::vector<int64_t> edges;  // the cycles in which the node got an edge
  EdgeWake wake() { return EdgeWake{&calendar, &edge_now, 0}; }
  void begin(int64_t t) {  // the calendar's nodes due in t: the domain samples, then edges them
    calendar.begin_cycle(t);
    while (calendar.next_node() >= 0) edge_now.set(0);
  }
  void edge_phase(int64_t t) {
    edge_now.drain([&](uint32_t) { edges.push_back(t); });
  }
};

// Every word lands `delay` cycles after it was sent, in order, and the receiver takes it the
// cycle before; at a word a cycle the wire holds delay + 1 of them (short wires inline, long
// ones in storage of their own). The receiver gets an edge in the cycle before each landing,
// the sender's own cycle included (a wire of one cycle).
TEST(WireWords, EveryWordLandsInOrderAfterTheWiresDelay) {
  for (int delay = 1; delay <= 6; ++delay) {
    RtlReceiver receiver;
    WireWords w(delay, receiver.wake());
    std::vector<uint64_t> got;
    std::vector<int64_t> landings;
    uint64_t x = 7;
    for (int64_t t = 0; t < 200; ++t) {
      receiver.begin(t);
      // The receiver's edge in cycle t takes what lands at t + 1 (after the sender's sample).
      x = x * 6364136223846793005ull + 1442695040888963407ull;
      if (t < 150 && (x >> 61) != 0) {
        w.send(WireWord{uint64_t(t), ~uint64_t(t)}, int(t % 4), t);
        landings.push_back(t + delay);
      }
      receiver.edge_phase(t);
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
    for (int64_t& l : landings) --l;
    EXPECT_EQ(receiver.edges, landings) << "delay " << delay;
    for (size_t i = 1; i < got.size(); ++i) EXPECT_LT(got[i - 1], got[i]);
    int64_t sent = 0;
    for (int64_t n : w.sent()) sent += n;
    EXPECT_EQ(size_t(sent), got.size());
  }
}

TEST(WireWords, MoreThanAWordACycleIsRefused) {
  RtlReceiver receiver;
  WireWords w(2, receiver.wake());
  for (int t = 0; t < 3; ++t) w.send(WireWord{}, 0, t);
  EXPECT_THROW(w.send(WireWord{}, 0, 3), std::logic_error);
}

struct TapLog final : FlitTap {
  void sent(uint32_t link, const Flit& f, int64_t cycle) override { seen.push_back({link, f.packet, cycle}); }
  void sent_unslotted(uint32_t link, const Flit&, uint64_t id, int64_t cycle) override {
    seen.push_back({link, int64_t(id), cycle});
  }
  std::vector<std::array<int64_t, 3>> seen;
};

// A link carrying words counts them by kind as its flits and wakes its receiver for their
// landing (through the calendar and its domain, not through the link's ends); a flit log on
// it, set before or after the link carries words, sees the flits their sender shows it.
TEST(WireWords, ALinkCarryingWordsCountsThemAndWakesItsReceiver) {
  FlitFifo fifo(4);
  WakeLog dest, src;
  FlitLink link(LinkParams{3, LinkKind::pipelined}, CreditPolicy::none, fifo, dest, src);
  EXPECT_FALSE(link.carries_words());
  RtlReceiver receiver;
  link.carry_words(receiver.wake());
  ASSERT_TRUE(link.carries_words());
  for (int64_t t = 10; t < 16; ++t) {
    receiver.begin(t);
    if (t == 10) link.words()->send(WireWord{1, 0}, 1, t);
    if (t == 11) link.words()->send(WireWord{2, 0}, 3, t);
    receiver.edge_phase(t);
  }
  EXPECT_EQ(link.flits_sent(), (std::array<int64_t, 4>{0, 1, 0, 1}));
  EXPECT_EQ(receiver.edges, (std::vector<int64_t>{12, 13}));
  EXPECT_TRUE(dest.wakes.empty());
  EXPECT_TRUE(src.wakes.empty());
  EXPECT_EQ(link.words()->front_at(), 13);
  EXPECT_TRUE(fifo.empty());
  EXPECT_FALSE(link.words()->tapped());
  TapLog tap;
  link.set_tap(&tap, 7);
  ASSERT_TRUE(link.words()->tapped());
  FlitLink tapped_first(LinkParams{1, LinkKind::pipelined}, CreditPolicy::none, fifo, dest, src);
  tapped_first.set_tap(&tap, 9);
  tapped_first.carry_words(receiver.wake());
  EXPECT_TRUE(tapped_first.words()->tapped());
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
