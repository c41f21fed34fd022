// The SCI ring network against Scott & Goodman's closed forms and its own invariants.
#include <gtest/gtest.h>

#include <functional>
#include <map>
#include <memory>
#include <ostream>
#include <random>
#include <set>
#include <systemc>

#include "analytic/rings_analytic.hpp"
#include "ring/sci_design.hpp"
#include "ring/sci_network.hpp"
#include "ring/sci_ref_network.hpp"
#include "rtl_adapt/sci_rtl_factory.hpp"
#include "rtl_adapt/sci_rtl_fit.hpp"
#include "ring/ring_geometry.hpp"
#include "sc/cycle_time.hpp"
#include "sc/sim_session.hpp"

namespace kncsim {
namespace {

void run_until_idle(SciModel& net) {
  do sc_core::sc_start(cycles(8));
  while (!net.idle());
}

// Open load until cycle `until`: each node sends with probability `send` per cycle, a data
// packet with probability `data`, to a uniform destination; `sent` sees each id and
// destination. Then runs until every message is delivered.
void open_load(SciModel& net, uint64_t seed, double send, double data, int64_t until,
               const std::function<void(uint64_t, uint32_t)>& sent = {}) {
  auto rng = std::make_shared<std::mt19937_64>(seed);
  std::bernoulli_distribution sends(send), datas(data);
  std::uniform_int_distribution<uint32_t> node(0, net.nodes() - 1);
  net.on_cycle([&net, rng, sends, datas, node, until, sent](int64_t t) mutable {
    if (t >= until) return;
    for (uint32_t s = 0; s < net.nodes(); ++s)
      if (sends(*rng)) {
        const uint32_t to = node(*rng);
        const uint64_t id = net.inject(s, to, datas(*rng) ? SciKind::data : SciKind::address);
        if (sent) sent(id, to);
      }
  });
  sc_core::sc_start(cycles(until));
  run_until_idle(net);
}

// The reference ring network under open load (as open_load): every message delivered exactly
// once, one retransmission per nack, and nothing left in the network. Its counters.
SciCounters open_load_exactly_once(const SciParams& p, uint64_t seed, double send, double data, int64_t until) {
  SimSession session;
  auto net = std::make_unique<SciRefNetwork>("sci", p);
  std::set<uint64_t> delivered;
  net->on_delivery([&](const SciDelivery& x) { EXPECT_TRUE(delivered.insert(x.id).second) << x.id; });
  open_load(*net, seed, send, data, until);
  EXPECT_EQ(delivered.size(), net->sci_counters().injected);
  EXPECT_EQ(net->sci_counters().retransmissions, net->sci_counters().nacks);
  EXPECT_TRUE(net->idle());
  EXPECT_NO_THROW(net->check_conservation());
  return net->sci_counters();
}

enum class RingModel { ref, systemc, rtl };

std::unique_ptr<SciModel> make_ring_network(const SciParams& p, RingModel m) {
  if (m == RingModel::ref) return std::make_unique<SciRefNetwork>("sci", p);
  SciRtl rtl;
  if (m == RingModel::rtl) {
    rtl.make = rtl_sci_maker();
    for (uint32_t u = 0; u < RingGeometry(p.dims, p.radix).nodes(); ++u) rtl.nodes.push_back(u);
  }
  return std::make_unique<SciNetwork>("sci", p, SciTrace{}, rtl);
}

// Every (source, destination) pair, the source included, one isolated probe at a time:
// the mean address and data latencies, in simulated cycles.
std::pair<double, double> isolated_probe_means(const SciParams& p, RingModel m = RingModel::ref) {
  SimSession session;
  auto net = make_ring_network(p, m);
  int64_t latency = 0;
  net->on_delivery([&](const SciDelivery& d) { latency = d.delivered - d.injected; });
  double sum[2] = {0, 0};
  const uint32_t n = net->nodes();
  for (uint32_t s = 0; s < n; ++s)
    for (uint32_t t = 0; t < n; ++t)
      for (int k = 0; k < 2; ++k) {
        latency = -1;
        net->inject(s, t, k ? SciKind::data : SciKind::address);
        run_until_idle(*net);
        EXPECT_GE(latency, 0);
        sum[k] += double(latency);
      }
  EXPECT_EQ(net->sci_counters().nacks, 0u);
  const double pairs = double(n) * n;
  return {sum[0] / pairs, sum[1] / pairs};
}

struct ZeroLoadCase {
  int dims, radix;
  RingLinkMode mode;
  RingConstraint constraint;
  double S;
};

void PrintTo(const ZeroLoadCase& c, std::ostream* os) {
  *os << c.radix << "-ary " << c.dims << "-cube, " << to_string(c.mode) << ", " << to_string(c.constraint) << ", S "
      << c.S;
}

class SciZeroLoad : public ::testing::TestWithParam<ZeroLoadCase> {};

// The simulated round trip (address there, data back) equals eq 4 / eq 8 exactly, in the
// reference, the SciNode network and (where the design fits the RTL) the all-RTL network.
TEST_P(SciZeroLoad, IsolatedProbesMatchTheClosedFormRoundTrip) {
  const ZeroLoadCase c = GetParam();
  RingsDesign d;
  d.dims = c.dims;
  d.radix = c.radix;
  d.mode = c.mode;
  d.constraint = c.constraint;
  d.switch_to_wire = c.S;
  const RingsAnalytic a = rings_analytic(d);
  SciParams p = sci_params(d);
  p.active_buffer_packets = 8;  // bounded, as the RTL's; a lone probe never fills it
  for (RingModel m : {RingModel::ref, RingModel::systemc, RingModel::rtl}) {
    if (m == RingModel::rtl && !sci_rtl_refusal(p).empty()) continue;  // n > 4
    SCOPED_TRACE(m == RingModel::ref ? "ref" : m == RingModel::systemc ? "systemc" : "rtl");
    const auto [address, data] = isolated_probe_means(p, m);
    EXPECT_NEAR(address * a.cycle_time_increase, a.address.unloaded_cycles, 1e-9);
    EXPECT_NEAR(data * a.cycle_time_increase, a.data.unloaded_cycles, 1e-9);
    EXPECT_NEAR((address + data) * a.cycle_time_increase, a.round_trip_cycles, 1e-9);
  }
}

INSTANTIATE_TEST_SUITE_P(
    Configs, SciZeroLoad,
    ::testing::Values(ZeroLoadCase{2, 4, RingLinkMode::pipelined, RingConstraint::link_width, 2},
                      ZeroLoadCase{4, 3, RingLinkMode::pipelined, RingConstraint::node_size, 2},
                      ZeroLoadCase{5, 2, RingLinkMode::pipelined, RingConstraint::link_width, 1},
                      ZeroLoadCase{6, 2, RingLinkMode::synchronous, RingConstraint::bisection, 2},
                      ZeroLoadCase{4, 3, RingLinkMode::synchronous, RingConstraint::link_width, 0.5},
                      ZeroLoadCase{3, 4, RingLinkMode::pipelined, RingConstraint::bisection, 2}));

// Open-loop load with input queues of one data packet, or with links that damage 5% of the
// packets crossing them: many nacks and retransmissions, yet every message arrives exactly
// once, at the right node, and every active buffer empties.
class SciLoaded : public ::testing::TestWithParam<double> {};

TEST_P(SciLoaded, EveryMessageIsDeliveredExactlyOnceDespiteNacks) {
  RingsDesign d;
  d.dims = 2;
  d.radix = 4;
  SciQueues q;
  q.input_queue_bits = 640;  // one data packet
  SciParams p = sci_params(d, q);
  p.corrupt_rate = GetParam();
  SimSession session;
  auto net = std::make_unique<SciRefNetwork>("sci", p);
  std::set<uint64_t> delivered;
  std::map<uint64_t, uint32_t> dest_of;
  uint64_t retried = 0;
  net->on_delivery([&](const SciDelivery& x) {
    EXPECT_TRUE(delivered.insert(x.id).second) << "message " << x.id << " delivered twice";
    EXPECT_EQ(x.dest, dest_of.at(x.id));
    retried += x.retries > 0;
  });
  open_load(*net, 7, 0.02, 0.5, 20000, [&](uint64_t id, uint32_t to) { dest_of[id] = to; });
  const SciCounters& c = net->sci_counters();
  EXPECT_GT(c.injected, 5000u);
  EXPECT_EQ(delivered.size(), c.injected);
  EXPECT_GT(c.nacks, 100u) << "small input queues must refuse packets";
  EXPECT_EQ(c.retransmissions, c.nacks);
  EXPECT_GT(retried, 0u);
  EXPECT_TRUE(net->idle());
  if (p.corrupt_rate > 0) {
    EXPECT_GT(c.corrupted, 500u);
  }
}

INSTANTIATE_TEST_SUITE_P(CleanAndCorruptLinks, SciLoaded, ::testing::Values(0.0, 0.05));

// Active buffers of one packet: each ring interface sends its next packet only after the last
// one's echo or nack is back. The bound holds, nothing is dropped, every message arrives once,
// and the bound bites (unbounded, the same traffic fills active buffers deeper).
TEST(SciActiveBuffer, AFullActiveBufferStallsTheOutputQueueAndDropsNothing) {
  auto run = [](int active_buffer_packets) {
    RingsDesign d;
    d.dims = 2;
    d.radix = 8;
    SciParams p = sci_params(d);
    p.active_buffer_packets = active_buffer_packets;
    p.corrupt_rate = 0.02;
    const SciCounters c = open_load_exactly_once(p, 3, 0.01, 0.3, 10000);
    EXPECT_EQ(c.dropped, 0u);
    return c.active_max;
  };
  EXPECT_EQ(run(1), 1);
  EXPECT_GT(run(0), 1) << "unbounded, some interface has several packets out at once";
}

// The parameters validate themselves: both ring models refuse queues the protocol cannot work
// with (Scott & Goodman 4.3), in the words the configuration's refusal uses, before building.
TEST(SciParamsRefusal, BothModelsRefuseAQueueSmallerThanAPacket) {
  RingsDesign d;
  d.dims = 2;
  d.radix = 4;
  const SciParams good = sci_params(d);
  EXPECT_EQ(sci_params_refusal(good), "");
  SciParams small_ring = good;
  small_ring.ring_buffer_flits = good.data_flits - 1;
  EXPECT_NE(sci_params_refusal(small_ring).find("router.ring_buffer_flits = "), std::string::npos);
  SciParams small_input = good;
  small_input.input_queue_flits = good.data_flits - 1;
  EXPECT_NE(sci_params_refusal(small_input).find("router.input_queue_flits = "), std::string::npos);
  SciParams wires = good;
  wires.wire_cycles.pop_back();
  EXPECT_NE(sci_params_refusal(wires).find("one wire delay per dimension"), std::string::npos);
  SimSession session;
  EXPECT_THROW(SciRefNetwork("ref", small_ring), std::invalid_argument);
  EXPECT_THROW(SciNetwork("sci", small_input), std::invalid_argument);
}

// The switch hands the CPU one flit per cycle: a message's tail reaches it at least as many
// cycles after the previous one's as the message has flits. Found by the soak: a destination
// let go of by a tail was bound again, and sent to, in the same cycle. A 5-cube of 2-rings with
// 40-flit data packets (W = 16), mostly data, so that messages queue for the CPU. Both ring
// models: the reference rings and the SciNode network, whose switch is SciSwitch.
TEST(SciSwitch, TheCpuTakesOneFlitPerCycleInBothRingModels) {
  RingsDesign d;
  d.dims = 5;
  d.radix = 2;
  d.width_bits = 16;
  d.t_switch = 3;
  d.switch_to_wire = 3;
  SciQueues q;
  q.ring_buffer_bits = 87 * 16;
  q.input_queue_bits = 51 * 16;
  q.output_queue_bits = 60 * 16;
  SciParams p = sci_params(d, q);
  p.corrupt_rate = 0.03;
  for (const bool modules : {false, true}) {
    SCOPED_TRACE(modules ? "SciNetwork" : "SciRefNetwork");
    SimSession session;
    std::unique_ptr<SciModel> net;
    if (modules)
      net = std::make_unique<SciNetwork>("sci", p);
    else
      net = std::make_unique<SciRefNetwork>("sci", p);
    std::map<uint32_t, int64_t> last_at;  // per CPU: the cycle the previous tail arrived
    int64_t checked = 0;
    net->on_delivery([&](const SciDelivery& x) {
      const int flits = x.kind == SciKind::data ? p.data_flits : p.address_flits;
      if (const auto it = last_at.find(x.dest); it != last_at.end()) {
        EXPECT_GE(x.delivered - it->second, flits) << "message " << x.id << " at node " << x.dest;
        ++checked;
      }
      last_at[x.dest] = x.delivered;
    });
    open_load(*net, 1, 0.006, 0.96, 20000);
    EXPECT_GT(checked, 1000);
    EXPECT_EQ(net->sci_counters().delivered, net->sci_counters().injected);
  }
}

// Stomp (Scott & Goodman 4.3, the SCI standard): with input queues of exactly one data packet,
// a packet whose head finds less than its length free is still taken in, flit by flit, as the
// queue drains; only when the queue fills is its echo stomped into a nack. The same traffic
// under the whole-packet rule is nacked far more often; both deliver every message once.
TEST(SciStomp, TakesInWhatTheWholePacketRuleRefuses) {
  auto run = [](SciAccept accept) {
    RingsDesign d;
    d.dims = 2;
    d.radix = 4;
    SciQueues q;
    q.input_queue_bits = 640;  // one data packet
    SciParams p = sci_params(d, q);
    p.accept = accept;
    return open_load_exactly_once(p, 5, 0.03, 0.5, 20000);
  };
  const SciCounters whole = run(SciAccept::whole_packet), stomp = run(SciAccept::stomp);
  EXPECT_GT(whole.nacks, 200u);
  EXPECT_EQ(whole.stomped, 0u);
  EXPECT_LT(stomp.nacks * 2, whole.nacks) << "stomp: " << stomp.nacks << ", whole packet: " << whole.nacks;
  EXPECT_GT(stomp.stomped, 0u) << "some queues still fill while a packet comes in";
  EXPECT_LE(stomp.stomped, stomp.nacks);
}

}  // namespace
}  // namespace kncsim
