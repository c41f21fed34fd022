#include "soak_rings.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <vector>

#include "analytic/rings_analytic.hpp"
#include "ring/sci_network.hpp"
#include "ring/sci_ref_network.hpp"
#include "spec/experiment_spec.hpp"
#include "experiment/model_factory.hpp"
#include "experiment/rtl_attach.hpp"
#include "sc/cycle_time.hpp"
#include "sc/sim_session.hpp"
#include "ring/ring_geometry.hpp"
#include "ring/ring_traffic.hpp"

namespace kncsim::soak {
namespace {

// The decoded rings experiment of a drawn configuration (refuses what a run would refuse).
RingsExperiment rings_of(const Config& c) { return std::get<RingsExperiment>(decode(c).topology); }

constexpr int kDraws = 1000;
constexpr int64_t kDrainChunk = 1000;     // cycles per sc_start while draining
constexpr int64_t kStallCycles = 200000;  // no delivery this long while flits are held: stuck

const char* kind_name(SciKind k) {
  switch (k) {
    case SciKind::address: return "address";
    case SciKind::data: return "data";
    case SciKind::echo: return "echo";
    case SciKind::nack: return "nack";
  }
  return "?";
}

// The network's design: n-cube, links, constraint, timing and packet lengths.
void set_design(Settings& s, Rng& rng) {
  static const std::vector<int> radix_cap = {32, 16, 8, 4, 3, 2};  // by dims: at most 512 nodes
  const int dims = int(rng.range(1, 6));
  s.set("network.topology", "rings");
  s.set("router.impl", rng.chance(0.5) ? "systemc" : "ref");  // random_ring_settings may make nodes RTL
  if (rng.chance(0.5)) s.set("router.sci_accept", "stomp");
  s.set("router.model", "sci");
  s.set("network.dims", dims);
  s.set("network.radix", rng.range(2, radix_cap[size_t(dims - 1)]));
  if (rng.chance(0.3)) s.set("link.mode", "synchronous");
  else if (rng.chance(0.3)) s.set("link.mode", rng.pick(std::vector<std::string>{"pipelined_max", "unit_delay"}));
  s.set("link.switch_to_wire_ratio", rng.pick(std::vector<double>{0.5, 1, 2, 3}));
  const double constraint = rng.uniform(0, 1);
  if (constraint < 0.6) {
    s.set("link.width_bits", rng.pick(std::vector<int>{8, 16, 32, 64, 128}));
  } else if (constraint < 0.8) {
    s.set("link.constraint", "node_size");
    s.set("link.node_wires", 2 * dims * rng.pick(std::vector<int>{8, 16, 32, 64}));
  } else {
    s.set("link.constraint", "bisection");  // the hypercube's 4N wires: W = 2k
  }
  if (rng.chance(0.3)) s.set("router.t_pass", rng.range(1, 3));
  if (rng.chance(0.5)) s.set("router.t_switch", rng.range(1, 4));
  if (rng.chance(0.3)) {  // echoes may come out longer than address packets: kncsim accepts that
    s.set("traffic.address_bits", rng.range(32, 256));
    s.set("traffic.data_bits", rng.range(256, 1024));
    s.set("traffic.echo_bits", rng.range(16, 128));
  }
}

void set_traffic(Settings& s, Rng& rng) {
  s.set("traffic.load", rng.uniform(0.05, 1.1));
  s.set("traffic.data_fraction", rng.uniform(0, 1));
  if (rng.chance(0.3)) s.set("traffic.workload", "request_response");
  if (rng.chance(0.5)) s.set("link.corrupt_rate", std::exp(rng.uniform(std::log(5e-4), std::log(5e-2))));
  s.set("traffic.stream", "counter");  // what the rings always use; a legacy seed is 32-bit
  s.set("traffic.seed", rng.next() >> 2);
  s.set("run.convergence", "fixed");
  s.set("run.cycles", rng.range(2000, 20000));
}

// Queue sizes from the smallest the protocol works with (one packet) up; half the runs keep
// the default 100 bytes. Small input queues refuse packets: nacks and retransmissions.
void set_queues(Settings& s, Rng& rng) {
  if (rng.chance(0.5)) return;
  const SciParams p = rings_of(s.config()).params;
  const int packet = std::max(p.address_flits, p.data_flits), largest = std::max(packet, p.echo_flits);
  s.set("router.ring_buffer_flits", largest + rng.range(0, 2 * largest));
  s.set("router.input_queue_flits", packet + rng.range(0, 2 * packet));
  s.set("router.output_queue_flits", rng.range(1, 2 * packet));
  if (rng.chance(0.5)) s.set("router.active_buffer_packets", rng.range(1, 4));
}

// Every message from injection to delivery. Violations are kept, not thrown (the callbacks
// run inside the network's SystemC process), and raised between simulation steps.
class RingChecker {
 public:
  explicit RingChecker(const SciParams& p) : p_(p), geo_(p.dims, p.radix) {}

  void injected(uint64_t id, uint32_t src, uint32_t dest, SciKind kind, int64_t t) {
    if (!messages_.emplace(id, Message{src, dest, kind, t, false}).second)
      fail(fmt::format("message id {} handed out twice", id));
  }
  void delivered(const SciDelivery& x) {
    const auto it = messages_.find(x.id);
    if (it == messages_.end()) return fail(fmt::format("message {} delivered but never injected", x.id));
    Message& m = it->second;
    if (m.delivered) return fail(fmt::format("message {} ({} -> {}) delivered twice", x.id, m.src, m.dest));
    m.delivered = true;
    if (x.src != m.src || x.dest != m.dest || x.kind != m.kind || x.injected != m.injected)
      return fail(fmt::format("message {} injected as {} {} -> {} at {}, delivered as {} {} -> {} at {}", x.id,
                              kind_name(m.kind), m.src, m.dest, m.injected, kind_name(x.kind), x.src, x.dest,
                              x.injected));
    if (x.delivered <= x.injected)
      return fail(fmt::format("message {} delivered at {}, not after its injection at {}", x.id, x.delivered,
                              x.injected));
    // The switch gives the CPU a flit per cycle, bound to one message until its tail: tails
    // reach a CPU at least a message's length apart.
    const int flits = x.kind == SciKind::data ? p_.data_flits : p_.address_flits;
    const auto last = last_delivery_.find(x.dest);
    if (last != last_delivery_.end() && x.delivered < last->second + flits)
      return fail(fmt::format("message {} ({} flits) reached the CPU of node {} at cycle {}, less than {} cycles after "
                              "the previous message there at {}: the switch gave the CPU more than a flit per cycle",
                              x.id, flits, x.dest, x.delivered, flits, last->second));
    last_delivery_[x.dest] = x.delivered;
    ++delivered_;
    flit_hops_ += int64_t(ring_hops(x.src, x.dest)) * flits;
    echoes_expected_ += rings_crossed(x.src, x.dest);
  }
  void raise() const {
    if (!violation_.empty()) throw Violation(violation_);
  }
  // After the drain: every message delivered, and the protocol's counters agree.
  void check_drained(const SciModel& net) const {
    raise();
    const SciCounters& c = net.sci_counters();
    if (!net.idle()) throw Violation("the network holds flits or active buffers after the drain");
    if (delivered_ != int64_t(messages_.size()))
      for (const auto& [id, m] : messages_)
        if (!m.delivered)
          throw Violation(fmt::format("message {} ({} {} -> {}, injected at {}) was never delivered ({} of {} were)",
                                      id, kind_name(m.kind), m.src, m.dest, m.injected, delivered_, messages_.size()));
    if (c.injected != messages_.size() || c.delivered != messages_.size())
      throw Violation(fmt::format("counters say {} injected, {} delivered; the soak saw {} delivered of {}",
                                  c.injected, c.delivered, delivered_, messages_.size()));
    // Each ring a message crosses accepts it exactly once, and answers that with one echo.
    if (int64_t(c.echoes) != echoes_expected_)
      throw Violation(fmt::format("{} echoes for {} accepted ring crossings", c.echoes, echoes_expected_));
    if (p_.active_buffer_packets > 0 && c.active_max > p_.active_buffer_packets)
      throw Violation(fmt::format("an active buffer held {} packets, more than its {}", c.active_max,
                                  p_.active_buffer_packets));
    if (c.retransmissions != c.nacks)
      throw Violation(fmt::format("{} nacks but {} retransmissions", c.nacks, c.retransmissions));
    if (c.corrupted > c.nacks || (p_.corrupt_rate == 0 && c.corrupted > 0))
      throw Violation(
          fmt::format("{} CRC nacks of {} nacks at corrupt rate {}", c.corrupted, c.nacks, p_.corrupt_rate));
  }
  int64_t delivered() const { return delivered_; }
  int64_t flit_hops() const { return flit_hops_; }

 private:
  struct Message {
    uint32_t src, dest;
    SciKind kind;
    int64_t injected;
    bool delivered;
  };
  // Unidirectional rings: (dest - src) mod k hops in each dimension.
  int ring_hops(uint32_t src, uint32_t dest) const {
    int h = 0;
    for (int d = 0; d < p_.dims; ++d) h += (geo_.coord(dest, d) - geo_.coord(src, d) + p_.radix) % p_.radix;
    return h;
  }
  int rings_crossed(uint32_t src, uint32_t dest) const {
    int n = 0;
    for (int d = 0; d < p_.dims; ++d) n += geo_.coord(dest, d) != geo_.coord(src, d);
    return n;
  }
  void fail(std::string why) {
    if (violation_.empty()) violation_ = std::move(why);
  }

  const SciParams p_;
  const RingGeometry geo_;
  std::unordered_map<uint64_t, Message> messages_;
  std::unordered_map<uint32_t, int64_t> last_delivery_;
  int64_t delivered_ = 0, flit_hops_ = 0, echoes_expected_ = 0;
  std::string violation_;
};

// sc_start, with errors thrown inside the network's process turned into violations.
void simulate(int64_t n, const RingChecker& check) {
  try {
    sc_core::sc_start(cycles(n));
  } catch (const std::exception& e) {
    check.raise();
    throw Violation(fmt::format("the ring network stopped with an error: {}", e.what()));
  }
  check.raise();
}

}  // namespace

Settings random_ring_settings(Rng& rng) {
  for (int i = 0; i < kDraws; ++i) {
    Settings s;
    set_design(s, rng);
    set_traffic(s, rng);
    try {
      // A third of the runs put Verilated RTL nodes in: all of them, or a third among SystemC
      // nodes (where the network fits the RTL's limits; else it stays as drawn).
      const double r = rng.uniform(0, 1);
      const bool rtl = r < 0.15, mixed = r >= 0.15 && r < 0.3;
      set_queues(s, rng);
      const SciParams p = rings_of(s.config()).params;  // refuses queues smaller than a packet
      if (rtl || mixed) {
        s.set("router.active_buffer_packets", rng.range(1, 8));  // the RTL's are bounded
        const Settings before = s;
        s.set("router.impl", rtl ? "rtl" : "systemc");
        if (mixed) s.set("router.rtl_nodes", yaml_value(random_nodes(RingGeometry(p.dims, p.radix).nodes(), 1. / 3, rng)));
        try {
          rings_of(s.config());
        } catch (const ConfigError&) {  // outside the RTL's limits
          s = before;
        }
      }
      return s;
    } catch (const ConfigError&) {  // e.g. a node_size constraint that leaves no link width
    } catch (const std::invalid_argument&) {
    }
  }
  throw std::logic_error(fmt::format("soak: no valid rings configuration in {} draws", kDraws));
}

RunFigures run_rings(const Settings& settings) {
  const RingsExperiment e = std::get<RingsExperiment>(prepare_run(settings.config()).topology);
  const SciParams& p = e.params;
  const int64_t run_cycles = e.traffic.until;  // run.convergence fixed: run.cycles

  SimSession session;  // declared first: outlives the network
  const std::unique_ptr<SciModel> net = make_model(e, "soak_rings");
  RingChecker check(p);
  RingTraffic traffic(
      *net, e.traffic,
      [&](uint64_t id, uint32_t src, uint32_t dest, SciKind kind, int64_t t, int64_t) {
        check.injected(id, src, dest, kind, t);
      },
      [&](const SciDelivery& x) { check.delivered(x); });
  simulate(run_cycles, check);
  // Drain: every message must arrive. Stop if deliveries cease while flits are held.
  int64_t progress_at = current_cycle(), delivered = check.delivered();
  while (!net->idle()) {
    simulate(kDrainChunk, check);
    if (check.delivered() != delivered) {
      delivered = check.delivered();
      progress_at = current_cycle();
    } else if (current_cycle() - progress_at > kStallCycles && !net->idle()) {
      throw Violation(fmt::format("not drained: no message delivered for {} cycles (cycle {}), {} of {} delivered",
                                  current_cycle() - progress_at, current_cycle(), delivered, net->sci_counters().injected));
    }
  }
  check.check_drained(*net);
  try {
    net->check_conservation();
  } catch (const std::logic_error& e) {
    throw Violation(e.what());
  }
  RunFigures fig;
  fig.cycles = current_cycle();
  fig.packets = check.delivered();
  fig.flit_hops = check.flit_hops();
  fig.nacks = int64_t(net->sci_counters().nacks);
  fig.corrupted = int64_t(net->sci_counters().corrupted);
  return fig;
}

}  // namespace kncsim::soak
