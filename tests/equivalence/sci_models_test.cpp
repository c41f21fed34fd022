// The SCI ring network of SciNode modules (router.impl: systemc) equals the reference ring
// model packet for packet: the same record (id, kind, source, destination, injection and
// delivery cycle, retries) for every message, and the same counters (echoes, nacks, CRC
// nacks, retransmissions, drops, the fullest active buffer), over random designs: n = 1..4,
// k = 2..8, pipelined and synchronous links, all three link constraints, open and
// request/response workloads from light load to past saturation, small queues (many nacks),
// bounded active buffers and CPU queues, damaged links, and both acceptance schemes
// (whole_packet and stomp). The Verilated RTL ring node (router.impl: rtl) equals them too,
// wherever a case fits the RTL's limits: all nodes RTL (direct binding), a random third of
// them among SystemC nodes, and every fourth such case all on sc_signals.
#include <gtest/gtest.h>
#include <algorithm>
#include <memory>
#include <ostream>
#include <random>
#include <string>
#include <systemc>
#include <vector>

#include "analytic/rings_analytic.hpp"
#include "ring/sci_network.hpp"
#include "ring/sci_ref_network.hpp"
#include "ring/sci_design.hpp"
#include "rtl_adapt/sci_rtl_factory.hpp"
#include "rtl_adapt/sci_rtl_fit.hpp"
#include "sc/cycle_time.hpp"
#include "sc/sim_session.hpp"
#include "support/rtl_copy.hpp"
#include "rand/counter_rng.hpp"

namespace kncsim {
namespace {

struct RingCase {
  int index;
  RingsDesign design;
  SciParams params;
  bool request_response;
  double send;  // messages per node per cycle
};

void PrintTo(const RingCase& c, std::ostream* os) {
  *os << "#" << c.index << " " << c.design.radix << "-ary " << c.design.dims << "-cube " << to_string(c.design.mode)
      << " " << to_string(c.design.constraint) << " W" << rings_analytic(c.design).width_bits << " iq"
      << c.params.input_queue_flits << (c.params.accept == SciAccept::stomp ? " stomp" : " whole") << " ab" << c.params.active_buffer_packets << " cpu"
      << c.params.source_queue_packets << " crc" << c.params.corrupt_rate << (c.request_response ? " rr" : " open")
      << " send" << c.send;
}

RingCase draw_case(int index) {
  std::mt19937_64 rng(uint64_t(index) * 0x9E3779B97F4A7C15ull + 11);
  auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  auto chance = [&](double p) { return std::bernoulli_distribution(p)(rng); };
  static const int radix_cap[] = {8, 8, 5, 4};  // n = 1..4: at most 256 nodes
  RingCase c;
  c.index = index;
  RingsDesign& d = c.design;
  d.dims = 1 + index % 4;
  d.radix = pick(2, radix_cap[d.dims - 1]);
  // Every third a synchronous network; the pipelined ones cycle through Scott & Goodman's
  // pipelined variants (own wires, every wire the longest's, one-cycle wires).
  d.mode = index % 3 == 1 ? RingLinkMode::synchronous
           : std::vector<RingLinkMode>{RingLinkMode::pipelined, RingLinkMode::pipelined_max,
                                       RingLinkMode::unit_delay}[size_t(index / 3 % 3)];
  d.constraint = RingConstraint(index / 4 % 3);
  d.width_bits = std::vector<int>{16, 32, 64}[size_t(pick(0, 2))];
  d.node_wires = 2 * d.dims * std::vector<int>{16, 32, 64}[size_t(pick(0, 2))];
  d.switch_to_wire = std::vector<double>{0.5, 1, 2}[size_t(pick(0, 2))];
  d.t_pass = pick(1, 2);
  d.t_switch = pick(1, 3);
  SciQueues q;
  if (chance(0.5)) q.input_queue_bits = d.data_bits;  // one data packet: many nacks
  c.params = sci_params(d, q);
  const RingsAnalytic a = rings_analytic(d);
  c.params.ring_buffer_flits = std::max(c.params.ring_buffer_flits, a.data.flits);
  c.params.input_queue_flits = std::max(c.params.input_queue_flits, a.data.flits);
  if (chance(0.3)) c.params.active_buffer_packets = pick(1, 3);
  // The RTL's active buffer is bounded: where the rest of the case fits it, so is this one.
  SciParams bounded = c.params;
  bounded.active_buffer_packets = 8;
  if (c.params.active_buffer_packets == 0 && sci_rtl_refusal(bounded).empty()) c.params.active_buffer_packets = pick(4, 8);
  if (index % 5 >= 2) c.params.accept = SciAccept::stomp;
  if (chance(0.2)) c.params.source_queue_packets = pick(1, 4);
  if (chance(0.3)) c.params.corrupt_rate = 0.05;
  c.params.seed = uint64_t(index) + 1;
  c.request_response = index % 2 == 1;
  const double mean_flits = 0.3 * a.data.flits + 0.7 * a.address.flits;
  // From light load to past what the rings carry (a node's rings take about n flits a cycle).
  c.send = std::uniform_real_distribution<double>(0.02, 1.2)(rng) / mean_flits;
  return c;
}

struct Outcome {
  std::vector<SciDelivery> records;
  SciCounters counters;
  bool idle;
  std::vector<ChannelLoad> links;  // every ring link's flits by kind
  std::unique_ptr<RingActivity> activity;  // energy accounting's counts (params.payload), a copy
};

// The same stimulus for any model: open traffic drawn per (node, cycle) from a counter-based
// generator, or request/response with each request answered by a data packet at delivery.
Outcome run(SciModel& net, const RingCase& c, int64_t until) {
  Outcome o;
  const uint32_t n = net.nodes();
  const uint64_t seed = 1000 + uint64_t(c.index);
  net.on_cycle([&](int64_t t) {
    if (t >= until) return;
    for (uint32_t s = 0; s < n; ++s) {
      if (double(counter_bits53(seed, s, uint64_t(t), 0)) * 0x1p-53 >= c.send) continue;
      const uint32_t to = uint32_t(counter_bits53(seed, s, uint64_t(t), 1) % n);
      const bool data = !c.request_response && double(counter_bits53(seed, s, uint64_t(t), 2)) * 0x1p-53 < 0.3;
      net.inject(s, to, data ? SciKind::data : SciKind::address);
    }
  });
  net.on_delivery([&](const SciDelivery& x) {
    o.records.push_back(x);
    if (c.request_response && x.kind == SciKind::address) net.inject(x.dest, x.src, SciKind::data, false);
  });
  sc_core::sc_start(cycles(until / 2));
  EXPECT_NO_THROW(net.check_conservation()) << "mid-run";
  sc_core::sc_start(cycles(until - until / 2));
  // Past saturation (bounded active buffers, many nacks) the backlog takes a while to clear.
  for (int i = 0; i < 2000 && !net.idle(); ++i) sc_core::sc_start(cycles(100));
  EXPECT_NO_THROW(net.check_conservation());
  EXPECT_EQ(net.flits_held(), 0) << "a drained network holds no flit";
  o.counters = net.sci_counters();
  o.idle = net.idle();
  o.links = net.channel_loads();
  if (net.ring_activity()) o.activity = std::make_unique<RingActivity>(*net.ring_activity());
  std::sort(o.records.begin(), o.records.end(), [](const SciDelivery& a, const SciDelivery& b) { return a.id < b.id; });
  return o;
}

// The same records and counters as the reference's.
void expect_same(const Outcome& ref, const Outcome& other, const std::string& model) {
  SCOPED_TRACE(model);
  EXPECT_EQ(ref.idle, other.idle);
  ASSERT_EQ(ref.records.size(), other.records.size());
  for (size_t i = 0; i < ref.records.size(); ++i) {
    const SciDelivery &r = ref.records[i], &s = other.records[i];
    ASSERT_EQ(r, s) << "message " << r.id << " (" << r.src << "->" << r.dest << ", injected " << r.injected
                    << "): reference delivered " << r.delivered << " after " << r.retries << " retries, " << model
                    << " " << s.delivered << " after " << s.retries << " (id " << s.id << ")";
  }
  EXPECT_EQ(ref.counters.injected, other.counters.injected);
  EXPECT_EQ(ref.counters.delivered, other.counters.delivered);
  EXPECT_EQ(ref.counters.echoes, other.counters.echoes);
  EXPECT_EQ(ref.counters.nacks, other.counters.nacks);
  EXPECT_EQ(ref.counters.corrupted, other.counters.corrupted);
  EXPECT_EQ(ref.counters.stomped, other.counters.stomped);
  EXPECT_EQ(ref.counters.retransmissions, other.counters.retransmissions);
  EXPECT_EQ(ref.counters.dropped, other.counters.dropped);
  EXPECT_EQ(ref.counters.active_max, other.counters.active_max);
  // Every link's flits by the kind they said on the wire (a stomped echo's earlier flits stay
  // echoes in every model).
  ASSERT_EQ(ref.links.size(), other.links.size());
  for (size_t i = 0; i < ref.links.size(); ++i)
    EXPECT_EQ(ref.links[i].flits, other.links[i].flits) << "node " << ref.links[i].node << " ring " << ref.links[i].dim
                                                        << ": address, data, echo, nack flits";
}

constexpr int64_t kUntil = 3000;
#if defined(__SANITIZE_ADDRESS__)
constexpr bool kSanitized = true;
#else
constexpr bool kSanitized = false;
#endif

Outcome run_network(const RingCase& c, const SciRtl& rtl) {
  SimSession session;
  auto net = std::make_unique<SciNetwork>("sci", c.params, SciTrace{}, rtl);
  return run(*net, c, kUntil);
}

// Every node RTL, or a random third of them.
SciRtl rtl_nodes(const RingCase& c, bool all, bool signals) {
  SciRtl rtl;
  rtl.signals = signals;
  rtl.make = rtl_sci_maker();
  std::mt19937_64 rng(uint64_t(c.index) + 77);
  const uint32_t n = RingGeometry(c.params.dims, c.params.radix).nodes();
  for (uint32_t u = 0; u < n; ++u)
    if (all || rng() % 3 == 0) rtl.nodes.push_back(u);
  return rtl;
}

// Runs the models on the case and compares them with the reference, whose outcome goes in `ref`.
void expect_equal_models(const RingCase& c, Outcome& ref) {
  {
    SimSession session;
    auto net = std::make_unique<SciRefNetwork>("ref", c.params);
    ref = run(*net, c, kUntil);
  }
  ASSERT_GT(ref.records.size(), 20u) << "too little traffic to compare";
  // Under the sanitizers, which look for memory errors rather than other results, every
  // second design (the release build compares all of them): the module network of the 48
  // drawn designs took a fifth of the sanitized suite's CPU time.
  if (kSanitized && c.index % 2 != 0) return;
  expect_same(ref, run_network(c, {}), "module network");
  if (!sci_rtl_refusal(c.params).empty()) return;
  // Under the sanitizers the Verilated code runs ten times slower, and the models are not
  // sanitized (the cache builds them without): there, every eighth design.
  if (kSanitized && c.index % 8 != 0) return;
  expect_same(ref, run_network(c, rtl_nodes(c, true, false)), "all-RTL network (direct)");
  expect_same(ref, run_network(c, rtl_nodes(c, false, false)), "a third RTL (direct)");
  if (c.index % (kSanitized ? 16 : 4) == 0)
    expect_same(ref, run_network(c, rtl_nodes(c, true, true)), "all-RTL network (signals)");
}

class SciModels : public ::testing::TestWithParam<RingCase> {};

TEST_P(SciModels, ModuleNetworkEqualsTheReferencePacketForPacket) {
  Outcome ref;
  expect_equal_models(GetParam(), ref);
}

// The stomp paths for sure: input queues of one data packet under heavy traffic, so that
// packets are taken in tentatively, queues fill, and echoes already begun are stomped. On a
// 4-ary 2-cube of rings, and on a 3-ary 4-cube whose bounded active buffers let the RTL nodes
// run it too, so that every one of the RTL node's four ring interfaces stomps.
RingCase stomp_case(int index, int dims, int radix, double send, int active_buffer_packets) {
  RingCase c;
  c.index = index;
  c.design.dims = dims;
  c.design.radix = radix;
  SciQueues q;
  q.input_queue_bits = c.design.data_bits;
  c.params = sci_params(c.design, q);
  c.params.accept = SciAccept::stomp;
  c.params.active_buffer_packets = active_buffer_packets;  // 0: unbounded (the reference only)
  c.request_response = false;
  c.send = send;
  return c;
}

TEST(SciModelsStomp, StompedEchoesAreEqualInBothModels) {
  Outcome ref;
  expect_equal_models(stomp_case(1000, 2, 4, 0.06, 0), ref);
  EXPECT_GT(ref.counters.nacks, 20u);
  EXPECT_GT(ref.counters.stomped, 5u) << "echoes begun, then stomped";
  EXPECT_LT(ref.counters.stomped, ref.counters.nacks) << "some refused at the head";
}

TEST(SciModelsStomp, StompedEchoesInAFourDimensionalNetwork) {
  Outcome ref;
  const RingCase c = stomp_case(1001, 4, 3, 0.06, 4);
  ASSERT_EQ(sci_rtl_refusal(c.params), "") << "the RTL nodes must run this case";
  expect_equal_models(c, ref);
  EXPECT_GT(ref.counters.stomped, 5u) << "echoes begun, then stomped";
}

// Energy accounting (energy/ring_activity.hpp) counts alike in the reference and the module
// network: every ring link's flits, heads, flipped wires and where its flits came from, and every
// switch's traffic. And it adds up, drained: a node's links sent as many new packets' flits as
// its switch put into output queues, E answer flits went out for each echo and nack, and the
// active buffers sent again exactly the retransmitted packets' flits.
TEST(SciModelsEnergy, EveryModelCountsAlikeAndItAddsUp) {
  // One and two dimensions, stomping, request and response; under the sanitizers the stomp case.
  // The RTL nodes count at their pins: drained, every count is the SystemC nodes'.
  int rtl_cases = 0;
  for (int index : kSanitized ? std::vector<int>{1000} : std::vector<int>{4, 9, 13, 1000}) {
    RingCase c = index == 1000 ? stomp_case(1000, 2, 4, 0.06, 0) : draw_case(index);
    SCOPED_TRACE(::testing::Message() << "case " << index);
    c.params.payload = Payload(PayloadKind::random, 5, c.params.width_bits);
    Outcome ref, sc;
    {
      SimSession session;
      auto net = std::make_unique<SciRefNetwork>("ref", c.params);
      ref = run(*net, c, kUntil);
    }
    sc = run_network(c, {});
    ASSERT_TRUE(ref.activity && sc.activity);
    ASSERT_TRUE(ref.idle && sc.idle) << "drained";
    const RingActivity &a = *ref.activity, &b = *sc.activity;
    if (!kSanitized && sci_rtl_refusal(c.params).empty()) {
      ++rtl_cases;
      const Outcome rtl = run_network(c, rtl_nodes(c, index != 4, false));  // all RTL, or a third
      ASSERT_TRUE(rtl.activity && rtl.idle);
      for (uint32_t u = 0; u < a.nodes(); ++u) {
        for (int d = 0; d < a.dims(); ++d) {
          const RingLinkActivity &x = a.link(u, d), &y = rtl.activity->link(u, d);
          EXPECT_TRUE(x.flits == y.flits && x.heads == y.heads && x.toggles == y.toggles && x.by_source == y.by_source)
              << "node " << u << " ring " << d << ": ref " << x.flits << " flits, " << x.toggles << " toggles, from "
              << x.by_source[0] << "/" << x.by_source[1] << "/" << x.by_source[2] << "/" << x.by_source[3] << "; RTL "
              << y.flits << ", " << y.toggles << ", " << y.by_source[0] << "/" << y.by_source[1] << "/"
              << y.by_source[2] << "/" << y.by_source[3];
        }
        const RingNodeActivity &p = a.node(u), &q = rtl.activity->node(u);
        EXPECT_TRUE(p.switched == q.switched && p.from_cpu == q.from_cpu && p.to_cpu == q.to_cpu)
            << "node " << u << ": ref " << p.switched << "/" << p.from_cpu << "/" << p.to_cpu << ", RTL " << q.switched
            << "/" << q.from_cpu << "/" << q.to_cpu;
      }
    }
    int64_t answers = 0, resent = 0, flits = 0;
    for (uint32_t u = 0; u < a.nodes(); ++u) {
      int64_t output = 0;
      for (int d = 0; d < a.dims(); ++d) {
        const RingLinkActivity &x = a.link(u, d), &y = b.link(u, d);
        EXPECT_TRUE(x.flits == y.flits && x.heads == y.heads && x.toggles == y.toggles && x.by_source == y.by_source)
            << "node " << u << " ring " << d << ": ref " << x.flits << " flits, " << x.toggles << " toggles; module "
            << y.flits << ", " << y.toggles;
        output += x.by_source[size_t(RingSource::output)];
        answers += x.by_source[size_t(RingSource::answered)];
        resent += x.by_source[size_t(RingSource::resent)];
        flits += x.flits;
        EXPECT_LE(x.toggles, int64_t(c.params.width_bits) * x.flits);
      }
      const RingNodeActivity &p = a.node(u), &q = b.node(u);
      EXPECT_TRUE(p.switched == q.switched && p.from_cpu == q.from_cpu && p.to_cpu == q.to_cpu) << "node " << u;
      EXPECT_EQ(output, p.switched - p.to_cpu) << "node " << u << ": new packets' flits sent, put into output queues";
    }
    EXPECT_EQ(answers, int64_t(c.params.echo_flits) * int64_t(ref.counters.echoes + ref.counters.nacks));
    EXPECT_GT(flits, 1000);
    if (ref.counters.retransmissions == 0) EXPECT_EQ(resent, 0);
    else EXPECT_GT(resent, 0);
  }
  if (!kSanitized) EXPECT_GE(rtl_cases, 2) << "cases the RTL nodes counted";
}

// An architect's ring node (router.rtl_sources): a copy of kncsim's SCI node sources in a
// directory of its own (shared_rtl_copy), Verilated from there through the cache, equals the
// reference packet for packet, all RTL and a third RTL, on the four-ring stomp case (every ring
// interface busy).
TEST(SciRtlSources, ACopyOfTheRingNodeSourcesEqualsTheReferencePacketForPacket) {
  const std::string dir = test::shared_rtl_copy("sci_node_copy", "sci");
  const RingCase c = stomp_case(1002, 4, 3, 0.06, 4);
  Outcome ref;
  {
    SimSession session;
    auto net = std::make_unique<SciRefNetwork>("ref", c.params);
    ref = run(*net, c, kUntil);
  }
  ASSERT_GT(ref.records.size(), 20u);
  for (bool all : {true, false}) {
    SciRtl rtl = rtl_nodes(c, all, false);
    rtl.make = rtl_sci_maker(dir);
    expect_same(ref, run_network(c, rtl), all ? "all RTL from a copy" : "a third RTL, from a copy");
  }
}

std::vector<RingCase> cases() {
  std::vector<RingCase> v;
  for (int i = 0; i < 48; ++i) v.push_back(draw_case(i));
  return v;
}

// Most drawn cases fit the RTL (those that do not have queues or packets beyond its storage).
TEST(SciModelsRtl, MostCasesRunTheRtl) {
  int fit = 0;
  for (const RingCase& c : cases()) fit += sci_rtl_refusal(c.params).empty();
  EXPECT_GE(fit, 30) << "of 48 cases";
}

INSTANTIATE_TEST_SUITE_P(RandomDesigns, SciModels, ::testing::ValuesIn(cases()));

}  // namespace
}  // namespace kncsim
