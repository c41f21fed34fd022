#include "soak_mesh.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <vector>

#include "spec/experiment_spec.hpp"
#include "experiment/experiment.hpp"
#include "experiment/rtl_attach.hpp"
#include "stats/deadlock_error.hpp"
#include "rtl_adapt/rtl_variants.hpp"
#include "topo/mesh_geometry.hpp"

namespace kncsim::soak {
namespace {

constexpr double kMaxPacketsPerRun = 1.5e6;  // generated packets: bounds memory past saturation
constexpr int kDraws = 1000;

// Up to 512 nodes, so runs stay moderate; sometimes a different radix per dimension.
std::vector<int> random_radices(int dims, Rng& rng) {
  const int cap = dims == 1 ? 64 : dims == 2 ? 16 : 8;
  std::vector<int> r(size_t(dims), int(rng.range(2, cap)));
  if (dims > 1 && rng.chance(0.3))
    for (int& x : r) x = int(rng.range(2, cap));
  return r;
}

void set_ref_router(Settings& s, Rng& rng) {
  s.set("router.impl", "ref");
  const bool finite = rng.chance(0.4);
  if (finite) {
    s.set("router.fifo_packets", rng.range(1, 4));
    s.set("router.fifo_check", rng.chance(0.5) ? "in_order" : "registered");
  }
  // Adaptive routing with finite FIFOs may deadlock: a small share, reported, not a failure.
  s.set("router.routing", rng.chance(finite ? 0.05 : 0.3) ? "adaptive" : "dor");
}

void set_systemc_router(Settings& s, Rng& rng, int flits, int dims) {
  s.set("router.impl", "systemc");
  const int64_t fifo = rng.range(0, 99);
  const bool finite = fifo >= 35;
  bool wormhole = false;
  if (fifo >= 35 && fifo < 55) {
    s.set("router.fifo_packets", rng.range(1, 4));
  } else if (fifo >= 55 && fifo < 80) {
    s.set("router.fifo_flits", rng.range(1, 8));
    s.set("router.flow_control", "wormhole");
    wormhole = true;
  } else if (fifo >= 80) {
    s.set("router.fifo_flits", rng.range(flits, 4 * flits));
  }
  const bool adaptive = rng.chance(finite ? 0.05 : 0.3);
  s.set("router.routing", adaptive ? "adaptive" : "dor");
  if (!adaptive && (!finite || wormhole) && flits > dims && rng.chance(0.15))
    s.set("router.packet_format", "hop_count");
  if (rng.chance(0.3)) s.set("router.routing_delay", rng.range(1, 3));
  if (rng.chance(0.4)) s.set("link.delay", rng.range(2, 4));
  if (rng.chance(0.2)) s.set("link.kind", "handshake");
}

// The built Verilated parameter sets, DOR ones mostly (adaptive ones may deadlock).
const RtlVariant& pick_rtl_variant(Rng& rng) {
  std::vector<const RtlVariant*> dor, adaptive;
  for (const auto& v : rtl_variants()) (v.adaptive ? adaptive : dor).push_back(&v);
  if (dor.empty() && adaptive.empty()) throw std::logic_error("soak: no Verilated router variants are built");
  const bool take_adaptive = dor.empty() || (!adaptive.empty() && rng.chance(0.15));
  return *rng.pick(take_adaptive ? adaptive : dor);
}

void set_rtl_router(Settings& s, Rng& rng, const RtlVariant& v, uint32_t nodes) {
  if (rng.chance(0.6)) {
    s.set("router.impl", "rtl");
  } else {  // a mixed network: about a third of the routers RTL, the rest SystemC
    s.set("router.impl", "systemc");
    s.set("router.rtl_nodes", yaml_value(random_nodes(nodes, 1. / 3, rng)));
  }
  s.set("router.fifo_flits", v.depth);
  s.set("router.flow_control", v.cut_through ? "cut_through" : "wormhole");
  s.set("router.routing", v.adaptive ? "adaptive" : "dor");
  if (rng.chance(0.2)) s.set("router.rtl_binding", "signals");
  if (rng.chance(0.3)) s.set("link.delay", rng.range(2, 3));
}

void set_pattern(Settings& s, Rng& rng, uint32_t nodes) {
  static const std::vector<std::string> others = {"transpose", "bit_complement", "bit_reversal", "hotspot",
                                                  "nearest_neighbour"};
  if (rng.chance(0.4)) return;  // uniform
  const std::string& p = rng.pick(others);
  s.set("traffic.pattern", p);
  if (p != "hotspot") return;
  std::vector<int64_t> hot;
  for (int64_t k = rng.range(1, 3); k > 0; --k) hot.push_back(rng.range(0, nodes - 1));
  s.set("traffic.hotspot_nodes", yaml_value(hot));
  s.set("traffic.hotspot_fraction", rng.uniform(0.05, 0.5));
}

// Load, stream and stopping rule. Some runs use sns with a small interval and a tolerance
// they never meet, so the model's run_until (and its end-of-call checks) runs several times.
void set_traffic_and_run(Settings& s, Rng& rng, const std::vector<int>& radices, int flits) {
  uint32_t nodes = 1;
  for (int r : radices) nodes *= uint32_t(r);
  const int radix = *std::max_element(radices.begin(), radices.end());
  const double load = rng.uniform(0.02, 1.2);
  s.set("traffic.packet_flits", flits);
  s.set("traffic.load", load);
  set_pattern(s, rng, nodes);
  s.set("traffic.stream", "counter");
  s.set("traffic.seed", rng.next() >> 2);
  s.set("run.threads", rng.range(1, 2));
  const double q = std::min(1., 4 * load / (radix * flits));
  const int64_t drawn = rng.range(2000, 20000), packet_cap = int64_t(kMaxPacketsPerRun / (nodes * q));
  const int64_t cycles = std::max<int64_t>(2000, std::min(drawn, packet_cap));
  if (load < 1 && rng.chance(0.3)) {
    s.set("run.convergence", "sns");
    s.set("run.interval", rng.range(100, 1000));
    s.set("run.tol", 1e-9);
    s.set("run.max_cycles", cycles);
  } else {
    s.set("run.convergence", "fixed");
    s.set("run.cycles", cycles);
  }
}

Settings draw_mesh(MeshModel model, Rng& rng) {
  Settings s;
  const RtlVariant* v = model == MeshModel::rtl ? &pick_rtl_variant(rng) : nullptr;
  const int dims = v ? v->dims : int(rng.range(1, 3));
  const std::vector<int> radices = random_radices(dims, rng);
  uint32_t nodes = 1;
  for (int r : radices) nodes *= uint32_t(r);
  const int64_t max_flits = v && v->cut_through ? std::min<int64_t>(32, v->depth) : 32;
  const int flits = int(rng.chance(0.5) ? rng.range(1, std::min<int64_t>(8, max_flits)) : rng.range(1, max_flits));
  s.set("network.dims", dims);
  const bool uniform = std::equal(radices.begin() + 1, radices.end(), radices.begin());
  s.set("network.radix", uniform ? std::to_string(radices[0])
                                 : yaml_value(std::vector<int64_t>(radices.begin(), radices.end())));
  if (model == MeshModel::ref) set_ref_router(s, rng);
  if (model == MeshModel::systemc) set_systemc_router(s, rng, flits, dims);
  if (v) set_rtl_router(s, rng, *v, nodes);
  set_traffic_and_run(s, rng, radices, flits);
  return s;
}

// Checks every delivered packet as it arrives. The first violation is kept, not thrown (the
// sink is called inside SystemC processes), and raised once the run has returned.
class MeshChecker : public PacketSink {
 public:
  // eject_flits: the packet's length at its destination (hop-count headers are stripped).
  MeshChecker(const MeshGeometry& g, int flits, int eject_flits, bool dor)
      : g_(g), flits_(flits), eject_flits_(eject_flits), dor_(dor), last_arrival_(g.nodes(), -1) {}

  void deliver(const PacketRecord& r) override {
    if (violation_.empty()) violation_ = check(r);
  }
  void raise() const {
    if (!violation_.empty()) throw Violation(violation_);
  }
  // After a completed run, against its JSON result.
  void check_totals(const nlohmann::ordered_json& result) const {
    const int64_t sent = result["numsent"].get<int64_t>(), recd = result["numrecd"].get<int64_t>();
    const int64_t now = result["curtime"].get<int64_t>();
    if (recd != delivered_)
      throw Violation(fmt::format("numrecd = {} but the sink saw {} packets", recd, delivered_));
    if (sent < recd) throw Violation(fmt::format("numsent = {} < numrecd = {}: packets out of nowhere", sent, recd));
    if (delivered_ > 0 && max_id_ >= uint64_t(sent))
      throw Violation(fmt::format("packet id {} delivered, but only {} were generated", max_id_, sent));
    if (max_arrival_ > now)
      throw Violation(fmt::format("a packet arrived at cycle {}, after the run's end {}", max_arrival_, now));
  }
  int64_t delivered() const { return delivered_; }
  int64_t flit_hops() const { return flit_hops_; }
  int64_t last_arrival() const { return max_arrival_; }

 private:
  std::string check(const PacketRecord& r) {
    if (r.src >= g_.nodes() || r.dest >= g_.nodes())
      return fmt::format("packet {} names nodes {} -> {} outside the {}-node network", r.id, r.src, r.dest, g_.nodes());
    if (seen_.size() <= r.id) seen_.resize(std::max<size_t>(r.id + 1, 2 * seen_.size()));
    if (seen_[r.id]) return fmt::format("packet {} ({} -> {}) delivered twice", r.id, r.src, r.dest);
    seen_[r.id] = true;
    const int minimal = g_.distance(r.src, r.dest);
    if (r.hops != minimal)
      return fmt::format("packet {} ({} -> {}) took {} hops; the minimal path has {}", r.id, r.src, r.dest, r.hops,
                         minimal);
    if (r.tsent < 0 || r.tarrive < r.tsent + r.hops + 1)
      return fmt::format("packet {} ({} -> {}, {} hops) sent at {} arrived at {}: faster than a cycle per hop plus one",
                         r.id, r.src, r.dest, r.hops, r.tsent, r.tarrive);
    // A node's ejection channel carries a flit per cycle and is bound to a packet until its
    // tail has crossed, so heads reach a node at least a packet's length apart.
    int64_t& last = last_arrival_[r.dest];
    if (last >= 0 && r.tarrive < last + eject_flits_)
      return fmt::format("packet {} reached node {} at cycle {}, less than {} flits after the previous head there at "
                         "{}",
                         r.id, r.dest, r.tarrive, eject_flits_, last);
    last = r.tarrive;
    if (dor_) {  // ids are generation order, and one path per pair keeps it
      uint64_t& next = next_id_of_pair_[uint64_t(r.src) << 32 | r.dest];
      if (r.id < next)
        return fmt::format("per-pair order: packet {} ({} -> {}) delivered after packet {} of the same pair", r.id,
                           r.src, r.dest, next - 1);
      next = r.id + 1;
    }
    ++delivered_;
    flit_hops_ += int64_t(r.hops) * flits_;
    max_id_ = std::max(max_id_, r.id);
    max_arrival_ = std::max(max_arrival_, r.tarrive);
    return {};
  }

  const MeshGeometry& g_;
  const int flits_, eject_flits_;
  const bool dor_;
  std::vector<bool> seen_;  // by packet id: exactly once
  std::vector<int64_t> last_arrival_;  // by destination
  std::unordered_map<uint64_t, uint64_t> next_id_of_pair_;  // (src, dest) -> lowest id still allowed
  int64_t delivered_ = 0, flit_hops_ = 0, max_arrival_ = 0;
  uint64_t max_id_ = 0;
  std::string violation_;
};

}  // namespace

Settings random_mesh_settings(MeshModel model, Rng& rng) {
  for (int i = 0; i < kDraws; ++i) {
    Settings s = draw_mesh(model, rng);
    try {
      s.config();
      return s;
    } catch (const ConfigError&) {
      // a combination the model refuses (e.g. transpose on a non-palindromic radix list): draw again
    }
  }
  throw std::logic_error(fmt::format("soak: no valid configuration in {} draws", kDraws));
}

RunFigures run_mesh(const Settings& settings) {
  const Config c = settings.config();
  const MeshExperiment m = std::get<MeshExperiment>(decode(c).topology);
  const MeshGeometry g = m.geometry();
  const bool dor = !m.flit.router.adaptive;
  const bool finite = m.flit.router.fifo_flits >= 0;
  const int flits = m.packet_flits;
  const int headers = m.flit.router.hop_count_headers ? g.dims() : 0;
  MeshChecker checker(g, flits, flits - headers, dor);
  RunFigures f;
  f.pair_order_checked = dor;
  nlohmann::ordered_json result;
  try {
    result = run_experiment(prepare_run(c), &checker);
  } catch (const DeadlockError& e) {
    checker.raise();  // a broken check before the deadlock is the real finding
    if (dor || !finite)
      throw Violation(fmt::format("deadlock with {} routing and {} FIFOs, which cannot deadlock: {}",
                                  dor ? "dor" : "adaptive", finite ? "finite" : "unbounded", e.what()));
    f.deadlocked = true;
  } catch (const std::exception& e) {
    checker.raise();
    throw Violation(fmt::format("the model stopped with an error: {}", e.what()));
  }
  checker.raise();
  if (!f.deadlocked) checker.check_totals(result);
  f.cycles = f.deadlocked ? checker.last_arrival() : result["curtime"].get<int64_t>();
  f.packets = checker.delivered();
  f.flit_hops = checker.flit_hops();
  return f;
}

}  // namespace kncsim::soak
