// One SCI ring node alone: the SystemC SciNode and the Verilated RTL node (direct and signal
// bindings) get the same random stimulus on every ring input and on the CPU port, and must
// drive the same flits on the same ring-output pins in the same cycles (valid, head, tail,
// kind, source, destination, sequence, CRC good, message id) and deliver the same messages to
// the CPU in the same cycles. The stimulus: packets for this node and passing ones, some with a
// failed CRC, echoes and nacks for the packets the node sends (so it retransmits), passing
// answers, and CPU messages; input queues of one data packet, so that the node nacks too.
// Stubs decide by a counter-based random function of (seed, stub, cycle), and answer what they
// see, so the stimulus stays identical exactly as long as the nodes behave identically. The
// RTL node's registers and memories start random, not zero: its reset must clear every one
// the pins depend on.
#include <gtest/gtest.h>

#include <cmath>
#include <deque>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <systemc>
#include <tuple>
#include <vector>

#include "link/flit_link.hpp"
#include "rand/counter_rng.hpp"
#include "ring/sci_design.hpp"
#include "ring/sci_node.hpp"
#include "ring/sci_shared.hpp"
#include "sc/rtl_domain.hpp"
#include "rtl_adapt/rtl_variants.hpp"
#include "rtl_adapt/sci_rtl_factory.hpp"
#include "rtl_adapt/sci_rtl_fit.hpp"
#include "sc/cycle_time.hpp"
#include "sc/sim_session.hpp"
#include "sched/calendar_wake.hpp"

namespace kncsim {
namespace {

// cycle, ring (-1: the CPU), head, tail, kind, source, destination, sequence, CRC good, id,
// retries, target: every field a ring flit carries (a delivery: its retries, target 0)
using Pins = std::tuple<int64_t, int, bool, bool, int, uint32_t, uint32_t, int, bool, uint64_t, int, uint32_t>;

enum class Dut { systemc, rtl_direct, rtl_signals };

struct NoWake final : Wakeable {
  void wake_at(int64_t) override {}  // the bench looks at its sinks every cycle
};

class Bench : public sc_core::sc_module {
 public:
  SC_HAS_PROCESS(Bench);
  Bench(sc_core::sc_module_name n, const SciParams& p, Dut dut, uint64_t seed)
      : sc_module(n), shared_(p, 64, counters_, deliver_), seed_(seed), rtl_clock_("rtl_clock", shared_.geo.nodes()),
        sinks_(size_t(p.dims)), answers_(size_t(p.dims)), stub_(size_t(p.dims)) {
    u_ = shared_.geo.nodes() / 2 + 1;
    deliver_ = [this](const SciDelivery& x) {
      pins_.emplace_back(x.delivered, -1, true, true, int(x.kind), x.src, x.dest, x.retries, true, x.id, x.retries, 0u);
    };
    if (dut == Dut::systemc) {
      node_ = std::make_unique<SciNode>("dut", u_, shared_);
    } else {
      // Every register and memory of the RTL starts random, not zero: what its reset leaves
      // out shows (different flits on the pins, or an assertion).
      randomize_rtl_initial_state(int(seed));
      node_ = rtl_sci_maker()("dut", u_, shared_, rtl_clock_, dut == Dut::rtl_signals);
    }
    for (int d = 0; d < p.dims; ++d) {
      const LinkParams link{p.wire_cycles[size_t(d)] + p.decode_cycles, LinkKind::pipelined};
      node_->connect_ring(d, link, RingInput{&sinks_[size_t(d)], 0, &no_wake_});
      const RingInput in = node_->ring_input(d);
      Wakeable* wake = in.wake ? in.wake : &calendar_wakes_.emplace_back(shared_.calendar, u_);
      upstream_.emplace_back(link, CreditPolicy::none, *in.fifo, *wake, no_wake_);
    }
    SC_METHOD(cycle);
  }
  const std::vector<Pins>& pins() const { return pins_; }
  const SciCounters& counters() const { return counters_; }

 private:
  struct Stub {  // the packet a ring input's upstream neighbour is sending
    uint32_t slot = 0;
    int seq = 0, flits = 0;  // flits = 0: none
    bool crc_bad = false;
  };

  bool chance(uint64_t who, int64_t t, uint64_t draw, double p) const {
    return std::ldexp(double(counter_bits53(seed_, who, uint64_t(t), draw)), -53) < p;
  }
  uint64_t bits(uint64_t who, int64_t t, uint64_t draw) const { return counter_bits53(seed_, who, uint64_t(t), draw); }

  // A node whose coordinates below ring d are u's (a packet on ring d has finished those).
  uint32_t node_for_ring(int d, int64_t t, uint64_t draw) const {
    const RingGeometry& g = shared_.geo;
    uint32_t v = 0, stride = 1;
    for (int k = 0; k < g.dims(); ++k) {
      const int c = k < d ? g.coord(u_, k) : int(bits(uint64_t(d) + 10, t, draw + uint64_t(k)) % uint64_t(g.radix()));
      v += uint32_t(c) * stride;
      stride *= uint32_t(g.radix());
    }
    return v;
  }

  void cycle() {
    const int64_t t = current_cycle();
    const SciParams& p = shared_.p;
    for (int d = 0; d < p.dims; ++d) watch(d, t);
    for (int d = 0; d < p.dims; ++d) drive(d, t);
    if (chance(99, t, 0, 0.05)) {  // the CPU hands over a message
      const uint32_t dest = uint32_t(bits(99, t, 1) % shared_.geo.nodes());
      node_->hand_over(dest, chance(99, t, 2, 0.3) ? SciKind::data : SciKind::address, true, t);
    }
    shared_.calendar.begin_cycle(t);
    for (int64_t n; (n = shared_.calendar.next_node()) >= 0;) node_->notify_due();
    next_trigger(cycles(1));
  }

  // Ring d's output: record the pins; a packet the node sent from its own active buffer gets an
  // echo or nack later.
  void watch(int d, int64_t t) {
    FlitFifo& s = sinks_[size_t(d)];
    const int delay = shared_.p.wire_cycles[size_t(d)] + shared_.p.decode_cycles;
    while (!s.empty() && s.front().arrival <= t) {
      const Flit f = s.front().flit;
      s.pop();
      const SciPacket& pk = shared_.packets[f.packet];
      pins_.emplace_back(t - delay, d, f.head, f.tail, int(f.kind), pk.src, pk.dest, int(f.seq),
                         !f.crc_bad, pk.id, pk.retries, pk.target);
      if (f.tail && is_send(SciKind(f.kind)) && pk.target == u_) answers_[size_t(d)].push_back({pk.id, t + 4});
      if (f.tail) shared_.packets.release(f.packet);
    }
  }

  // Ring d's input: the upstream neighbour sends a flit now and then, of a packet for this node
  // or passing, or an answer to one the node sent (or a passing answer).
  void drive(int d, int64_t t) {
    Stub& s = stub_[size_t(d)];
    const SciParams& p = shared_.p;
    const uint64_t who = uint64_t(d) + 1;
    if (s.flits == 0) {
      if (!chance(who, t, 0, 0.4)) return;
      SciPacket pk;
      std::deque<std::pair<uint64_t, int64_t>>& due = answers_[size_t(d)];
      if (!due.empty() && due.front().second <= t && chance(who, t, 1, 0.6)) {
        pk.id = due.front().first;
        due.pop_front();
        pk.kind = chance(who, t, 2, 0.4) ? SciKind::nack : SciKind::echo;
        pk.target = u_;
      } else if (chance(who, t, 3, 0.1)) {  // an answer passing by
        pk.id = sci_message_id(uint32_t(d), uint64_t{1} << 31 | uint64_t(t));  // (ids the RTL's wire holds)
        pk.kind = chance(who, t, 2, 0.5) ? SciKind::nack : SciKind::echo;
        pk.target = (u_ + 1 + uint32_t(bits(who, t, 4) % (shared_.geo.nodes() - 1))) % shared_.geo.nodes();
      } else {
        pk.id = sci_message_id(uint32_t(d), uint64_t{1} << 30 | uint64_t(t));
        pk.kind = chance(who, t, 5, 0.3) ? SciKind::data : SciKind::address;
        pk.dest = chance(who, t, 12, 0.5) ? u_ : node_for_ring(d, t, 6);  // half of them for this CPU
        pk.target = (u_ + 1 + uint32_t(bits(who, t, 7) % (shared_.geo.nodes() - 1))) % shared_.geo.nodes();
        pk.corrupt = chance(who, t, 8, 0.05);
        pk.retries = int(bits(who, t, 9) % 3);
      }
      if (!is_send(pk.kind)) pk.dest = pk.target;
      pk.src = uint32_t(bits(who, t, 10) % shared_.geo.nodes());
      pk.flits = pk.kind == SciKind::data ? p.data_flits : is_send(pk.kind) ? p.address_flits : p.echo_flits;
      pk.injected = t;
      s = Stub{shared_.packets.allocate(pk), 0, pk.flits, pk.corrupt};
    }
    if (!chance(who, t, 11, 0.9)) return;  // the neighbour pauses between flits now and then
    const SciPacket& pk = shared_.packets[s.slot];
    const Flit f{s.slot, uint16_t(s.seq), 0, s.seq == 0, s.seq == s.flits - 1, false, 0, uint8_t(pk.kind), s.crc_bad};
    upstream_[size_t(d)].send(f, t, 0);
    if (++s.seq == s.flits) s.flits = 0;
  }

  SciCounters counters_;
  std::function<void(const SciDelivery&)> deliver_;
  SciShared shared_;
  uint64_t seed_;
  uint32_t u_ = 0;
  RtlDomain rtl_clock_;
  std::unique_ptr<SciRingNode> node_;
  NoWake no_wake_;
  std::vector<FlitFifo> sinks_;
  std::deque<CalendarWake> calendar_wakes_;
  std::vector<FlitLink> upstream_;
  std::vector<std::deque<std::pair<uint64_t, int64_t>>> answers_;  // per ring: ids to answer, from when
  std::vector<Stub> stub_;
  std::vector<Pins> pins_;
};

struct LockstepCase {
  uint64_t seed;
  int dims;
  SciAccept accept;
  int input_queue_flits = 0;  // 0: one data packet
};

void PrintTo(const LockstepCase& c, std::ostream* os) {
  *os << "seed " << c.seed << ", " << c.dims << " rings, " << (c.accept == SciAccept::stomp ? "stomp" : "whole_packet");
  if (c.input_queue_flits) *os << ", input queues of " << c.input_queue_flits << " flits";
}

struct Outcome {
  std::vector<Pins> pins;
  SciCounters counters;
};

Outcome run(const LockstepCase& c, Dut dut, int64_t cycles_to_run) {
  RingsDesign d;
  d.dims = c.dims;
  d.radix = 4;
  SciQueues q;
  q.input_queue_bits = d.data_bits;  // one data packet: the node nacks
  SciParams p = sci_params(d, q);
  if (c.input_queue_flits) p.input_queue_flits = c.input_queue_flits;
  p.accept = c.accept;
  p.active_buffer_packets = 4;
  p.corrupt_rate = 0.02;
  p.seed = c.seed;
  EXPECT_EQ(sci_rtl_refusal(p), "");
  SimSession session;
  Bench bench("bench", p, dut, c.seed);
  sc_core::sc_start(cycles(cycles_to_run));
  return Outcome{bench.pins(), bench.counters()};
}

// Echoes stomped into nacks on ring `ring`'s output: an answer whose head says echo and whose
// tail says nack.
int stomps_on_ring(const std::vector<Pins>& pins, int ring) {
  int n = 0;
  bool echo_head = false;
  for (const Pins& x : pins) {
    if (std::get<1>(x) != ring) continue;
    const auto kind = SciKind(std::get<4>(x));
    if (std::get<2>(x)) echo_head = kind == SciKind::echo;
    if (std::get<3>(x)) n += echo_head && kind == SciKind::nack;
  }
  return n;
}

class SciNodeLockstep : public ::testing::TestWithParam<LockstepCase> {};

TEST_P(SciNodeLockstep, RtlNodeDrivesTheSystemCNodesPinsCycleForCycle) {
  const int64_t kCycles = 20000;
  const Outcome sc = run(GetParam(), Dut::systemc, kCycles);
  // The stimulus reaches everything the acceptance test names.
  EXPECT_GT(sc.pins.size(), 20000u);
  EXPECT_GT(sc.counters.nacks - sc.counters.corrupted, 20u) << "nacks from full input queues";
  EXPECT_GT(sc.counters.corrupted, 10u) << "nacks for failed CRCs";
  EXPECT_GT(sc.counters.retransmissions, 100u);
  EXPECT_GT(sc.counters.delivered, 200u);
  for (Dut dut : {Dut::rtl_direct, Dut::rtl_signals}) {
    SCOPED_TRACE(dut == Dut::rtl_direct ? "direct binding" : "signal binding");
    const Outcome rtl = run(GetParam(), dut, kCycles);
    const size_t n = std::min(sc.pins.size(), rtl.pins.size());
    size_t first = n;
    for (size_t i = 0; i < n && first == n; ++i)
      if (sc.pins[i] != rtl.pins[i]) first = i;
    ASSERT_EQ(first, n) << "first difference at event " << first << ": SystemC cycle " << std::get<0>(sc.pins[first])
                        << " ring " << std::get<1>(sc.pins[first]) << " id " << std::get<9>(sc.pins[first])
                        << "; RTL cycle " << std::get<0>(rtl.pins[first]) << " ring " << std::get<1>(rtl.pins[first])
                        << " id " << std::get<9>(rtl.pins[first]);
    EXPECT_EQ(sc.pins.size(), rtl.pins.size());
    EXPECT_EQ(sc.counters.echoes, rtl.counters.echoes);
    EXPECT_EQ(sc.counters.nacks, rtl.counters.nacks);
    EXPECT_EQ(sc.counters.stomped, rtl.counters.stomped);
    EXPECT_EQ(sc.counters.retransmissions, rtl.counters.retransmissions);
    EXPECT_EQ(sc.counters.active_max, rtl.counters.active_max);
  }
  // The last ring drains only to the CPU, which takes a flit every cycle, so its queue fills
  // only behind a head waiting while another ring's packet holds the CPU, and only complete
  // packets wait there (4 or 20 flits). An echo goes out with a packet's last 2 flits, so it
  // is stomped only if the queue fills at the packet's last flit: at 23 flits, an address
  // packet behind a waiting data packet. With the default 25 flits, or one data packet's 20,
  // no sum of waiting packets fits and the last ring never stomps.
  if (GetParam().input_queue_flits == 23) {
    EXPECT_GT(stomps_on_ring(sc.pins, GetParam().dims - 1), 0) << "echoes stomped in the last ring";
  }
}

INSTANTIATE_TEST_SUITE_P(Seeds, SciNodeLockstep,
                         ::testing::Values(LockstepCase{1, 2, SciAccept::whole_packet},
                                           LockstepCase{2, 3, SciAccept::whole_packet},
                                           LockstepCase{3, 2, SciAccept::stomp},
                                           LockstepCase{4, 4, SciAccept::stomp},
                                           LockstepCase{7, 2, SciAccept::stomp, 23},
                                           LockstepCase{6, 3, SciAccept::stomp, 23},
                                           LockstepCase{8, 4, SciAccept::stomp, 23}));

}  // namespace
}  // namespace kncsim
