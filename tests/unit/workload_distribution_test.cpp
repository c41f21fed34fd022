// PP-MESS-SIM's workload distributions (issue 51): the moments of every length and gap
// distribution over 10^6 draws (mean and variance within 2 %), the streams' rates, their
// independence from how and for how many nodes they are drawn, the MRU stack, and the
// hop-uniform, rotated and hot-spot destinations.
#include <gtest/gtest.h>

#include <cmath>
#include <map>

#include "rand/counter_rng.hpp"
#include "traffic/distribution.hpp"
#include "traffic/hop_uniform.hpp"
#include "traffic/injection.hpp"
#include "traffic/injection_feed.hpp"
#include "traffic/pattern.hpp"

namespace kncsim {
namespace {

constexpr int kDraws = 1000000;

double u(uint64_t k, uint64_t draw) { return unit_interval(counter_bits53(2026, 0, k, draw)); }

struct Moments {
  double mean = 0, variance = 0;
};

template <class F>
Moments moments(F draw) {
  double sum = 0, sq = 0;
  for (int k = 0; k < kDraws; ++k) {
    const double x = draw(uint64_t(k));
    sum += x;
    sq += x * x;
  }
  const double m = sum / kDraws;
  return {m, sq / kDraws - m * m};
}

void expect_within_2_percent(const Moments& got, double mean, double variance, const std::string& what) {
  EXPECT_NEAR(got.mean, mean, 0.02 * mean) << what << ": mean";
  if (variance == 0) {
    EXPECT_EQ(got.variance, 0) << what << ": variance";
  } else {
    EXPECT_NEAR(got.variance, variance, 0.02 * variance) << what << ": variance";
  }
}

TEST(WorkloadDistribution, LengthMomentsMatchTheirDefinitions) {
  const LengthDistribution fixed{LengthKind::fixed, {16}};
  const LengthDistribution uniform{LengthKind::uniform, {4, 20}};
  const LengthDistribution bimodal{LengthKind::discrete, {0.7, 16, 0.3, 12}};  // the paper's Fig. 2
  // The definitions, worked by hand: uniform on 17 integers, (17^2 - 1) / 12 = 24; the
  // discrete mean .7 x 16 + .3 x 12 = 14.8, variance .7 x 1.2^2 + .3 x 2.8^2 = 3.36.
  EXPECT_DOUBLE_EQ(uniform.mean(), 12);
  EXPECT_DOUBLE_EQ(uniform.variance(), 24);
  EXPECT_DOUBLE_EQ(bimodal.mean(), 14.8);
  EXPECT_NEAR(bimodal.variance(), 3.36, 1e-12);
  for (const LengthDistribution* d : {&fixed, &uniform, &bimodal}) {
    const Moments m = moments([&](uint64_t k) { return double(d->draw(u(k, 0))); });
    expect_within_2_percent(m, d->mean(), d->variance(), to_string(d->kind));
  }
  // Every draw is one of the lengths allowed.
  for (uint64_t k = 0; k < 1000; ++k) {
    const int b = bimodal.draw(u(k, 0)), x = uniform.draw(u(k, 0));
    EXPECT_TRUE(b == 12 || b == 16);
    EXPECT_TRUE(x >= 4 && x <= 20);
  }
}

TEST(WorkloadDistribution, InterarrivalMomentsMatchTheirDefinitions) {
  const InterarrivalDistribution cases[] = {
      {InterarrivalKind::exponential, {400}},                     // Fig. 2's NegativeExptl(400)
      {InterarrivalKind::uniform, {100, 100}},                    // Fig. 2's periodic Uniform(100,100)
      {InterarrivalKind::uniform, {50, 150}},
      {InterarrivalKind::normal, {100, 20}},
      {InterarrivalKind::two_stage_normal, {0.8, 10, 2, 200, 20}},  // bursts of short gaps
  };
  EXPECT_DOUBLE_EQ(cases[0].variance(), 160000);
  EXPECT_DOUBLE_EQ(cases[1].variance(), 0);
  EXPECT_DOUBLE_EQ(cases[2].variance(), (101. * 101 - 1) / 12);
  // Two-stage: .8 x (4 + 100) + .2 x (400 + 40000) - 48^2 = 5859.2.
  EXPECT_DOUBLE_EQ(cases[4].mean(), 48);
  EXPECT_NEAR(cases[4].variance(), 5859.2, 1e-9);
  for (const InterarrivalDistribution& d : cases) {
    const Moments m = moments([&](uint64_t k) { return d.draw(u(k, 0), u(k, 1), u(k, 2)); });
    expect_within_2_percent(m, d.mean(), d.variance(), to_string(d.kind));
  }
}

std::vector<Injection> draw_stream(InjectionStream& s, int64_t cycles) {
  std::vector<Injection> out;
  for (int64_t c = 0; c < cycles; ++c) s.draw_cycle(c, out);
  return out;
}

// A node's packets (when, how long) depend on (seed, node) only: not on the other nodes, nor on
// how the cycles are drawn (one by one, or in a feed's blocks on a second thread).
TEST(WorkloadDistribution, StreamsAreKeyedPerNodeNotByEvaluationOrder) {
  const InterarrivalDistribution gaps{InterarrivalKind::exponential, {37.5}};
  const LengthDistribution lengths{LengthKind::discrete, {0.7, 16, 0.3, 12}};
  auto node3 = [&](uint32_t nodes) {
    auto s = with_lengths(make_renewal_stream(9, nodes, gaps), nodes, lengths, 9);
    std::vector<std::pair<int64_t, uint32_t>> mine;
    std::vector<Injection> out;
    for (int64_t c = 0; c < 20000; ++c) {
      out.clear();
      s->draw_cycle(c, out);
      for (const Injection& i : out)
        if (i.node == 3) mine.emplace_back(c, i.flits);
    }
    return mine;
  };
  const auto small = node3(8), large = node3(64);
  ASSERT_GT(small.size(), 400u);
  EXPECT_EQ(small, large);

  auto make = [&] { return with_lengths(make_renewal_stream(5, 16, gaps), 16, lengths, 5); };
  auto direct = make();
  const std::vector<Injection> one_by_one = draw_stream(*direct, 5000);
  for (bool threaded : {false, true}) {
    InjectionFeed feed(make(), 16, threaded);
    std::vector<Injection> fed;
    for (int64_t c = 0; c < 5000; ++c) {
      const InjectionFeed::Span span = feed.next();
      fed.insert(fed.end(), span.begin, span.end);
    }
    ASSERT_EQ(fed.size(), one_by_one.size());
    for (size_t k = 0; k < fed.size(); ++k) {
      EXPECT_EQ(fed[k].node, one_by_one[k].node);
      EXPECT_EQ(fed[k].dest, one_by_one[k].dest);
      EXPECT_EQ(fed[k].flits, one_by_one[k].flits);
    }
  }
}

// A renewal stream offers its distribution's rate: packets per node-cycle = 1 / mean gap, and
// the periodic one exactly one packet per period at each node.
TEST(WorkloadDistribution, RenewalStreamsOfferTheirRate) {
  const uint32_t nodes = 64;
  const int64_t cycles = 200000;
  for (const InterarrivalDistribution& d :
       {InterarrivalDistribution{InterarrivalKind::exponential, {50}}, InterarrivalDistribution{InterarrivalKind::normal, {40, 10}},
        InterarrivalDistribution{InterarrivalKind::two_stage_normal, {0.8, 10, 2, 200, 20}}}) {
    auto s = make_renewal_stream(3, nodes, d);
    const double rate = double(draw_stream(*s, cycles).size()) / double(nodes * cycles);
    EXPECT_NEAR(rate, 1 / d.mean(), 0.02 / d.mean()) << to_string(d.kind);
  }
  auto periodic = make_renewal_stream(3, nodes, InterarrivalDistribution{InterarrivalKind::uniform, {1500, 1500}});
  const auto p = draw_stream(*periodic, 15000);
  std::map<uint32_t, std::vector<int64_t>> per_node;
  std::vector<Injection> out;
  auto again = make_renewal_stream(3, nodes, InterarrivalDistribution{InterarrivalKind::uniform, {1500, 1500}});
  for (int64_t c = 0; c < 15000; ++c) {
    out.clear();
    again->draw_cycle(c, out);
    for (const Injection& i : out) per_node[i.node].push_back(c);
  }
  EXPECT_EQ(p.size(), size_t(nodes) * 10);
  for (const auto& [node, times] : per_node)
    for (size_t k = 1; k < times.size(); ++k) EXPECT_EQ(times[k] - times[k - 1], 1500) << "node " << node;
}

TEST(WorkloadDistribution, MruStackRepeatsRecentDestinations) {
  const MeshGeometry g(2, 8);
  // p1 = 1: after its first packet a node always sends to that destination again.
  auto always = with_mru_stack(make_counter_uniform_stream(4, g.nodes(), .05), g.nodes(), {1.0}, 4);
  std::map<uint32_t, uint32_t> first;
  for (const Injection& i : draw_stream(*always, 3000)) {
    const auto [it, fresh] = first.emplace(i.node, i.dest);
    if (!fresh) {
      EXPECT_EQ(i.dest, it->second);
    }
  }
  // Fig. 2's [.5, .2, .1] over uniform destinations: at least half the packets repeat the last
  // destination (the top of the stack, plus the uniform draw's own 1/64).
  auto stack = with_mru_stack(make_counter_uniform_stream(4, g.nodes(), .05), g.nodes(), {.5, .2, .1}, 4);
  std::map<uint32_t, uint32_t> last;
  double repeats = 0, n = 0;
  for (const Injection& i : draw_stream(*stack, 20000)) {
    if (auto it = last.find(i.node); it != last.end()) {
      repeats += it->second == i.dest;
      ++n;
    }
    last[i.node] = i.dest;
  }
  const double p = .5 + .5 / 64, sigma = std::sqrt(p * (1 - p) / n);
  EXPECT_NEAR(repeats / n, p, 4 * sigma + .01);  // the first packets, with a short stack, repeat less
}

TEST(WorkloadDistribution, HopUniformDrawsTheHopsAndTheNodesEvenly) {
  const MeshGeometry g(2, 8);
  const HopUniform h(g, {0.2, 0.7, 0.1});  // the paper's Fig. 2
  EXPECT_EQ(h.nodes_at(0, 1), 2);          // a corner: two neighbours
  EXPECT_EQ(h.nodes_at(0, 2), 3);
  EXPECT_EQ(h.nodes_at(27, 1), 4);         // (3, 3): four
  EXPECT_EQ(h.nodes_at(27, 2), 8);
  const MeshGeometry t(std::vector<int>{4, 4}, true);
  EXPECT_EQ(HopUniform(t, {1}).nodes_at(5, 2), 6);  // on a 4x4 torus: 16 = 1 + 4 + 6 + 4 + 1
  for (uint32_t src : {0u, 27u}) {
    std::map<int, double> hops;
    std::map<uint32_t, double> nodes2;
    const int n = 200000;
    for (int k = 0; k < n; ++k) {
      const uint32_t d = h.draw(src, u(uint64_t(k), 3), u(uint64_t(k), 4));
      const int dist = g.distance(src, d);
      hops[dist] += 1;
      if (dist == 2) nodes2[d] += 1;
    }
    EXPECT_NEAR(hops[1] / n, .2, .005);
    EXPECT_NEAR(hops[2] / n, .7, .005);
    EXPECT_NEAR(hops[3] / n, .1, .005);
    EXPECT_EQ(hops.size(), 3u);
    ASSERT_EQ(nodes2.size(), size_t(h.nodes_at(src, 2)));
    for (const auto& [node, count] : nodes2) EXPECT_NEAR(count / hops[2], 1 / h.nodes_at(src, 2), .01) << node;
  }
  EXPECT_EQ(hop_uniform_refusal(g, {0, 0, 0, 0, 1}, "k"), "");  // a centre node (3, 3) reaches 4 + 4 = 8 hops
  EXPECT_NE(hop_uniform_refusal(g, std::vector<double>(8, 0.0), "k"), "");
  std::vector<double> nine(9, 0.0);
  nine[8] = 1;  // 9 hops: beyond a centre node's reach of 8
  EXPECT_NE(hop_uniform_refusal(g, nine, "k"), "");
}

TEST(WorkloadDistribution, DimensionRotationAndHotSpotOdds) {
  const MeshGeometry g(3, 4);
  for (uint32_t n = 0; n < g.nodes(); ++n) {
    const uint32_t d = pattern_destination(PatternKind::dimension_rotation, g, n, 1);
    for (int k = 0; k < 3; ++k) EXPECT_EQ(g.coord(d, k), g.coord(n, (k + 1) % 3));
    const uint32_t d2 = pattern_destination(PatternKind::dimension_rotation, g, n, 2);
    for (int k = 0; k < 3; ++k) EXPECT_EQ(g.coord(d2, k), g.coord(n, (k + 2) % 3));
  }
  EXPECT_NE(pattern_unsupported(PatternKind::dimension_rotation, MeshGeometry(std::vector<int>{4, 8})), "");
  PatternSpec spec;
  spec.kind = PatternKind::hotspot;
  spec.hotspots = {5, 10};
  spec.hotspot_probabilities = {.3, .1};
  spec.seed = 8;
  const MeshGeometry m(2, 8);
  auto s = with_pattern(make_counter_uniform_stream(8, m.nodes(), .2), m, spec);
  double five = 0, ten = 0;
  const auto inj = draw_stream(*s, 4000);
  for (const Injection& i : inj) {
    five += i.dest == 5;
    ten += i.dest == 10;
  }
  const double n = double(inj.size());
  EXPECT_NEAR(five / n, .3 + .6 / 64, .01);
  EXPECT_NEAR(ten / n, .1 + .6 / 64, .01);
}

TEST(WorkloadDistribution, RefusalsNameTheKey) {
  EXPECT_NE(length_refusal(LengthKind::discrete, {0.5, 16, 0.4, 12}, "traffic.packet_length_params").find("sum to 0.9"),
            std::string::npos);
  EXPECT_NE(length_refusal(LengthKind::discrete, {0.5, 16, 0.5}, "traffic.packet_length_params").find("pairs"),
            std::string::npos);
  EXPECT_NE(length_refusal(LengthKind::uniform, {8, 4}, "k").find("a <= b"), std::string::npos);
  EXPECT_NE(length_refusal(LengthKind::uniform, {0, 4}, "k"), "");
  EXPECT_EQ(length_refusal(LengthKind::uniform, {4, 4}, "k"), "");
  EXPECT_NE(interarrival_refusal(InterarrivalKind::two_stage_normal, {0.5, 1, 1, 1}, "k").find("[p, mu1"),
            std::string::npos);
  EXPECT_NE(interarrival_refusal(InterarrivalKind::exponential, {0}, "k"), "");
  EXPECT_NE(interarrival_refusal(InterarrivalKind::uniform, {10.2, 10.7}, "k"), "");  // no whole number between
  EXPECT_EQ(interarrival_refusal(InterarrivalKind::uniform, {37.5, 37.5}, "k"), "");  // periodic need not be whole
  EXPECT_EQ(probabilities_refusal({.5, .2, .1}, true, "k"), "");
  EXPECT_NE(probabilities_refusal({.5, .2, .1}, false, "k"), "");
  EXPECT_NE(probabilities_refusal({1.5}, true, "k"), "");
}

}  // namespace
}  // namespace kncsim

namespace kncsim {
namespace {

// Traffic classes: each class's injections stay on its nodes and carry its index; a class draws
// the same packets whatever other classes there are.
TEST(TrafficClasses, MergedStreamsKeepEachClassToItsNodesAndNumbers) {
  const uint32_t nodes = 16;
  auto streams = [&](int count) {
    std::vector<std::unique_ptr<InjectionStream>> s;
    s.push_back(make_counter_uniform_stream(stream_seed(1, 100), nodes, .1));
    if (count > 1) s.push_back(make_renewal_stream(stream_seed(1, 101), nodes, {InterarrivalKind::uniform, {50, 50}}));
    return s;
  };
  auto merged = merge_classes(streams(2), {{}, {3, 7}}, nodes);
  auto alone = merge_classes(streams(1), {{}}, nodes);
  std::vector<Injection> both, first;
  for (int64_t c = 0; c < 2000; ++c) {
    merged->draw_cycle(c, both);
    alone->draw_cycle(c, first);
  }
  std::vector<Injection> class0;
  int64_t class1 = 0;
  for (const Injection& i : both) {
    if (i.cls == 1) {
      EXPECT_TRUE(i.node == 3 || i.node == 7);
      ++class1;
    } else {
      class0.push_back(i);
    }
  }
  EXPECT_EQ(class1, 2 * 40);  // periodic: one packet each 50 cycles at each of its two nodes
  ASSERT_EQ(class0.size(), first.size());
  for (size_t k = 0; k < first.size(); ++k) {
    EXPECT_EQ(class0[k].node, first[k].node);
    EXPECT_EQ(class0[k].dest, first[k].dest);
  }
}

}  // namespace
}  // namespace kncsim
