#include "regress/verify_case.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <numeric>
#include <random>

#include "rtl/rtl_limits.hpp"
#include "spec/experiment_spec.hpp"
#include "spec/model_words.hpp"
#include "ring/ring_geometry.hpp"
#include "traffic/pattern.hpp"

namespace kncsim {
namespace {

// The draws, from one 64-bit generator (std::mt19937_64 is the same everywhere; the
// distributions are ours, so a seed draws the same case on every machine).
class Draw {
 public:
  explicit Draw(uint64_t seed) : rng_(seed) {}
  uint64_t below(uint64_t n) { return n ? rng_() % n : 0; }
  int between(int lo, int hi) { return lo + int(below(uint64_t(hi - lo + 1))); }
  double unit() { return double(rng_() >> 11) * 0x1p-53; }
  bool chance(double p) { return unit() < p; }

 private:
  std::mt19937_64 rng_;
};

std::string number(double x) { return fmt::format("{:.3g}", x); }

struct Traffic {
  std::vector<std::string> sets;
  std::string label;
  double saturation;  // the load (A) at which this pattern's bottleneck is full, roughly
  std::string graph;  // a graph file's contents, if the pattern needs one
};

// One of the patterns, on this shape; `q_per_A` turns A into a node's injection probability
// times L (4/R on a mesh, 8/R on a torus).
Traffic draw_traffic(Draw& r, const MeshGeometry& g, double flits_per_A) {
  const uint32_t n = g.nodes();
  // A node injects and takes at most a flit a cycle: no pattern saturates above 1 / flits_per_A.
  const double port = 1 / flits_per_A;
  const double uniform_saturation = std::min(0.8, port);
  for (;;) {
    switch (r.below(9)) {
      case 0:
        return {{"traffic.pattern=uniform"}, "uniform", uniform_saturation, ""};
      case 1:
        if (!pattern_unsupported(PatternKind::transpose, g).empty()) continue;
        return {{"traffic.pattern=transpose"}, "transpose", std::min(0.4, port), ""};
      case 2:
        return {{"traffic.pattern=bit_complement"}, "bit_complement", std::min(0.4, port), ""};
      case 3:
        if (!pattern_unsupported(PatternKind::bit_reversal, g).empty()) continue;
        return {{"traffic.pattern=bit_reversal"}, "bit_reversal", std::min(0.4, port), ""};
      case 4: {
        const uint32_t hot = uint32_t(r.below(n));
        const double f = 0.1 + 0.5 * r.unit();
        // The hot node's sink takes a flit a cycle: f of every node's packets go there.
        return {{"traffic.pattern=hotspot", fmt::format("traffic.hotspot_nodes=[{}]", hot),
                 fmt::format("traffic.hotspot_fraction={}", number(f))},
                fmt::format("hotspot (node {}, {})", hot, number(f)),
                std::min(uniform_saturation, port / (f * n)), ""};
      }
      case 5: {  // all-to-one: every packet to one node (half the time the middle one, with every port)
        uint32_t hot = uint32_t(r.below(n));
        if (r.chance(0.5)) {
          hot = 0;
          for (int k = 0; k < g.dims(); ++k) hot += g.stride(k) * uint32_t(g.radix(k) / 2);
        }
        return {{"traffic.pattern=hotspot", fmt::format("traffic.hotspot_nodes=[{}]", hot), "traffic.hotspot_fraction=1"},
                fmt::format("all-to-one (node {})", hot), port / n, ""};
      }
      case 6: {  // one-to-all: one source, every other node its destination
        const uint32_t src = uint32_t(r.below(n));
        std::string graph = fmt::format("# one-to-all from node {}\nprocesses {}\n", src, n);
        for (uint32_t v = 0; v < n; ++v)
          if (v != src) graph += fmt::format("{} -> {}\n", src, v);
        return {{"traffic.pattern=graph", "traffic.graph=file"}, fmt::format("one-to-all (node {})", src), port, graph};
      }
      case 7: {  // a random permutation: each node sends to one other, every node receives from one
        std::vector<uint32_t> to(n);
        std::iota(to.begin(), to.end(), 0u);
        for (uint32_t i = n - 1; i > 0; --i) std::swap(to[i], to[size_t(r.below(i + 1))]);
        std::string graph = fmt::format("# a random permutation\nprocesses {}\n", n);
        for (uint32_t v = 0; v < n; ++v)
          if (to[v] != v) graph += fmt::format("{} -> {}\n", v, to[v]);
        return {{"traffic.pattern=graph", "traffic.graph=file"}, "random permutation", std::min(0.4, port), graph};
      }
      default:
        return {{"traffic.pattern=nearest_neighbour"}, "nearest_neighbour", port, ""};
    }
  }
}

// The RTL nodes: all of them, or (mixed) a random proper subset among SystemC nodes; its label.
std::string draw_rtl_nodes(Draw& r, uint32_t n, bool mixed, std::vector<std::string>& sets) {
  if (n <= 1 || !r.chance(0.4) || !mixed) {
    sets.push_back("router.impl=rtl");
    return "all nodes RTL";
  }
  std::vector<uint32_t> rtl;
  for (uint32_t v = 0; v < n; ++v)
    if (r.chance(0.5)) rtl.push_back(v);
  if (rtl.empty()) rtl.push_back(uint32_t(r.below(n)));
  if (rtl.size() == n) rtl.pop_back();
  sets.push_back("router.impl=systemc");
  sets.push_back(fmt::format("router.rtl_nodes=[{}]", fmt::join(rtl, ",")));
  return fmt::format("{} of {} nodes RTL", rtl.size(), n);
}

// A case of an SCI ring node design: the rings' shape and load, the RTL nodes, the traffic, and
// link errors to make nacks.
VerifyCase draw_rings(const VerifyDesign& d, int index, uint64_t seed) {
  Draw r(seed);
  VerifyCase c;
  c.index = index;
  c.seed = seed;
  const int dims = int(d.radices.size()), radix = r.chance(0.5) ? d.radices[0] : r.between(2, d.radices[0]);
  const RingGeometry g(dims, radix);
  const uint32_t n = g.nodes();
  c.sets.push_back(fmt::format("network.radix={}", radix));
  const std::string nodes = draw_rtl_nodes(r, n, d.mixed, c.sets);
  c.load = std::max(0.01, 1.3 * r.unit());
  c.sets.push_back("traffic.load=" + number(c.load));
  const bool rr = r.chance(0.3);
  c.sets.push_back(rr ? "traffic.workload=request_response" : "traffic.workload=open");
  const double f = r.unit();
  if (!rr) c.sets.push_back("traffic.data_fraction=" + number(f));
  const double errors = r.chance(0.5) ? 0.0 : 0.005 + 0.1 * r.unit();
  c.sets.push_back("link.corrupt_rate=" + number(errors));
  c.cycles = r.between(500, 8000);
  c.sets.insert(c.sets.end(), {"run.convergence=fixed", fmt::format("run.cycles={}", c.cycles),
                               fmt::format("traffic.seed={}", seed % 4294967296u), "run.statistics=basic",
                               "verify.drain_cycles=60000", "verify.coverage=on",
                               r.chance(0.5) ? "verify.random_initial_state=on" : "verify.random_initial_state=off"});
  c.label = fmt::format("{}-ary {}-cube rings, {}, {}{}, A={}, link errors {}, {} cycles", radix, dims, nodes,
                        rr ? "request/response" : "open", rr ? "" : fmt::format(" (data {})", number(f)),
                        number(c.load), number(errors), c.cycles);
  return c;
}

VerifyCase draw_once(const VerifyDesign& d, int index, uint64_t seed, const std::string& dir) {
  if (d.rings) return draw_rings(d, index, seed);
  Draw r(seed);
  VerifyCase c;
  c.index = index;
  c.seed = seed;
  // The shape: the configured one, or each radix from 2 up to it.
  std::vector<int> radices = d.radices;
  if (r.chance(0.5))
    for (int& k : radices) k = r.between(2, k);
  const MeshGeometry g(radices, d.torus);
  const uint32_t n = g.nodes();
  c.sets.push_back(fmt::format("network.radix=[{}]", fmt::join(radices, ",")));
  // The RTL nodes: all of them, or a random subset among SystemC routers.
  const std::string nodes = draw_rtl_nodes(r, n, d.mixed, c.sets);
  // Packets: 1 flit up to the RTL's most (cut-through: up to the FIFO's room), mostly short.
  const int most = d.cut_through ? int(std::min<int64_t>(d.fifo_flits, d.max_packet_flits)) : d.max_packet_flits;
  static const int kLengths[] = {1, 2, 3, 4, 5, 8, 16, 32};
  int L = kLengths[r.below(8)];
  if (r.chance(0.04)) L = most;
  L = std::max(1, std::min(L, most));
  c.sets.push_back(fmt::format("traffic.packet_flits={}", L));
  // Traffic and load: from idle to 1.5 times the pattern's saturation, never past a packet a
  // cycle at a node.
  const double flits_per_A = (d.torus ? 8.0 : 4.0) / g.radix();
  Traffic t = draw_traffic(r, g, flits_per_A);
  c.sets.insert(c.sets.end(), t.sets.begin(), t.sets.end());
  if (!t.graph.empty()) {
    const std::string path = fmt::format("{}/case_{}.graph", dir, index);
    std::ofstream(path) << t.graph;
    c.sets.push_back("traffic.graph_file=" + path);
    c.sets.push_back("traffic.mapping=identity");
  }
  const double u = r.unit();
  c.load = std::min(std::max(0.005, 1.5 * t.saturation * u), 0.999 * L / flits_per_A);
  c.sets.push_back("traffic.load=" + number(c.load));
  // Past saturation the sources' queues are capped (what does not fit is dropped, never
  // injected), so that what is left to drain stays bounded.
  if (c.load > t.saturation) c.sets.push_back(fmt::format("traffic.source_queue_packets={}", r.between(1, 8)));
  // Bursts: on/off injection phases in a third of the cases (the load is the on phases').
  std::string phases;
  if (r.chance(0.3)) {
    const int on = r.between(20, 500), off = r.between(20, 1000);
    c.sets.push_back(fmt::format("traffic.phases=[{},{}]", on, off));
    phases = fmt::format(", bursts {} on {} off", on, off);
  }
  std::vector<int> delays;
  for (size_t k = 0; k < radices.size(); ++k) delays.push_back(r.between(1, 3));
  c.sets.push_back(fmt::format("link.delay=[{}]", fmt::join(delays, ",")));
  c.cycles = std::max<int64_t>(r.between(500, 8000), 4 * int64_t(L));
  c.sets.insert(c.sets.end(), {"run.convergence=fixed", fmt::format("run.cycles={}", c.cycles), "traffic.stream=counter",
                               fmt::format("traffic.seed={}", seed % 4294967296u), "run.statistics=basic", "run.threads=1",
                               fmt::format("run.deadlock_cycles={}", 1000 + 2 * L),
                               // Past saturation a packet far from a hot spot waits its turn behind
                               // every capped source queue nearer it: the bounds leave it room.
                               fmt::format("verify.drain_cycles={}", 40000 + 64 * L),
                               fmt::format("verify.starvation_cycles={}", 20000 + 64 * L), "verify.coverage=on",
                               // half the cases: registers start random, so one the reset misses shows
                               r.chance(0.5) ? "verify.random_initial_state=on" : "verify.random_initial_state=off"});
  c.label = fmt::format("{} {}, {}, {}, A={}{}, L={}, links [{}], {} cycles", fmt::join(radices, "x"),
                        d.torus ? "torus" : "mesh", nodes, t.label, number(c.load), phases, L, fmt::join(delays, ","),
                        c.cycles);
  return c;
}

// Whether the design's configuration with the case's keys passes every rule.
bool accepted(const Config& design, const VerifyCase& c) {
  Config cfg = design;
  try {
    for (const auto& s : c.sets) cfg.apply_set(s);
    (void)decode(cfg);
    return true;
  } catch (const ConfigError&) {
    return false;
  }
}

}  // namespace

VerifyDesign verify_design(const Config& design) {
  const ExperimentSpec spec = decode(design);
  if (spec.workload == Workload::closed_loop || spec.workload == Workload::trace)
    throw ConfigError(fmt::format("kncsim verify draws its own traffic, and traffic.workload is {}; allowed: "
                                  "traffic.workload open (replay a trace with kncsim run)",
                                  to_string(spec.workload)));
  if (const auto* rings = std::get_if<RingsExperiment>(&spec.topology)) {
    if (rings->impl == RouterImpl::ref || rings->rtl.nodes.empty())
      throw ConfigError("kncsim verify judges an RTL ring node, and this configuration has none; allowed: router.impl: "
                        "rtl (with router.rtl_sources: your design's directory), or router.impl systemc with "
                        "router.rtl_nodes");
    VerifyDesign d;
    d.rings = true;
    d.radices = std::vector<int>(size_t(rings->params.dims), rings->params.radix);
    d.bounded_active = rings->params.active_buffer_packets > 0;
    d.stomp = rings->params.accept == SciAccept::stomp;
    return d;
  }
  const auto* e = std::get_if<MeshExperiment>(&spec.topology);
  if (e->impl == RouterImpl::ref || e->flit.rtl_nodes.empty())
    throw ConfigError("kncsim verify judges an RTL router, and this configuration has none; allowed: router.impl: rtl "
                      "(with router.rtl_sources: your design's directory), or router.impl systemc with router.rtl_nodes");
  // A deadlock the routing itself allows is not the design's: verify needs one that has none.
  const RouterParams& r = e->flit.router;
  if (r.adaptive && !(e->torus && r.vcs >= 3))
    throw ConfigError(fmt::format("kncsim verify needs a routing that cannot deadlock, and router.routing adaptive on a "
                                  "{} with router.vcs = {} waits in cycles of channels with finite FIFOs (Pertel's ANS: "
                                  "docs/models/wormhole.md); allowed: router.routing dor, or a torus with router.vcs >= 3 "
                                  "(Duato's escape channels)",
                                  e->torus ? "torus" : "mesh", r.vcs));
  if (e->torus && r.vcs < 2)  // (router.allow_deadlock: true lets it run, for studies)
    throw ConfigError("kncsim verify needs a routing that cannot deadlock, and a torus with router.vcs = 1 waits round "
                      "its rings; allowed: router.vcs >= 2 (datelines)");
  VerifyDesign d;
  d.radices = e->radices;
  d.torus = e->torus;
  d.fifo_flits = e->flit.router.fifo_flits;
  d.cut_through = e->flit.router.credits == CreditPolicy::per_packet;
  d.adaptive = e->flit.router.adaptive;
  d.vcs = e->flit.router.vcs;
  d.max_packet_flits = int(rtl::kMaxLen);
  return d;
}

VerifyCase draw_verify_case(const Config& design, const VerifyDesign& d, int index, uint64_t seed, const std::string& dir) {
  // A drawn combination the rules refuse (a pattern or a delay this design cannot take) is drawn
  // again from the next seed of the same stream.
  for (uint64_t attempt = 0; attempt < 64; ++attempt) {
    VerifyCase c = draw_once(d, index, seed + attempt * 0x9E3779B97F4A7C15ull, dir);
    if (accepted(design, c)) return c;
  }
  throw ConfigError(fmt::format("kncsim verify: no case drawn from seed {} passes the configuration's rules (64 tries); "
                                "run one with kncsim run to see why",
                                seed));
}

VerifyCase shrink_verify_case(const VerifyCase& c, bool cycles, double factor) {
  VerifyCase s = c;
  for (auto& set : s.sets) {
    if (cycles && set.rfind("run.cycles=", 0) == 0) {
      s.cycles = std::max<int64_t>(1, int64_t(double(c.cycles) * factor));
      set = fmt::format("run.cycles={}", s.cycles);
    }
    if (!cycles && set.rfind("traffic.load=", 0) == 0) {
      s.load = std::max(1e-4, c.load * factor);
      set = "traffic.load=" + number(s.load);
    }
  }
  return s;
}

}  // namespace kncsim
