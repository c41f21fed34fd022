#include "net/wormhole_network.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <limits>
#include <stdexcept>

#include "net/wormhole_fabric.hpp"
#include "sc/cycle_time.hpp"
#include "sched/stop_request.hpp"
#include "model/scoreboard_error.hpp"

namespace kncsim {

std::string wormhole_params_refusal(const WormholeNetworkParams& p, int dims) {
  const RouterParams& r = p.router;
  const bool finite = r.fifo_flits >= 0;
  const bool cut_through = r.credits == CreditPolicy::per_packet;
  const bool whole = cut_through || r.switching == Switching::cut_through || r.switching == Switching::packet;
  const int L = p.packet_flits;  // the longest
  if (r.hop_count_headers) {
    const std::string why = r.switching == Switching::packet || r.switching == Switching::hybrid
                                ? fmt::format("shortens packets on the way, which router.flow_control {} does not follow; "
                                              "allowed: router.flow_control wormhole or cut_through",
                                              to_string(r.switching))
                            : r.adaptive || r.routing != Routing::dor ? "routes row then column (Symult); allowed: router.routing: dor"
                            : L <= dims
                                ? fmt::format("puts {} header flits in each packet; allowed: traffic.packet_flits > "
                                              "network.dims = {}",
                                              dims, dims)
                            : finite && cut_through
                                ? "shortens packets on the way, which per-packet cut-through credits cannot follow; "
                                  "allowed: router.flow_control: wormhole, or unbounded FIFOs"
                                : "";
    if (!why.empty()) return "router.packet_format hop_count " + why;
  }
  if (finite && whole && r.fifo_flits < L)
    return fmt::format("router.fifo_flits = {} < {} flits (the longest packet: traffic.packet_flits or "
                       "traffic.packet_length_params) with router.flow_control {}: a packet never fits; allowed: "
                       "router.fifo_flits >= {}, or router.flow_control: wormhole",
                       r.fifo_flits, L, to_string(r.switching), L);
  // Cut-through credits a packet's room back when its head leaves (FNS), which is safe only if
  // a packet leaves at least as fast as the next one comes in: with one channel a link. With
  // virtual channels (which share their port's crossbar input) the room comes back flit by flit.
  if (cut_through && r.vcs > 1)
    return fmt::format("router.vcs = {} with router.flow_control cut_through on per-packet credits: a packet's room "
                       "would come back when its head leaves, and a channel sharing its port drains slower than its "
                       "link refills it; allowed: per-flit credits that reserve a packet's room (what the "
                       "configuration chooses with virtual channels), or router.vcs 1",
                       r.vcs);
  return "";
}

WormholeNetwork::WormholeNetwork(const MeshGeometry& g, const WormholeNetworkParams& p, InjectionFeed& feed)
    : fabric_((check(p, g), std::make_unique<WormholeFabric>("network", g, p, feed))),
      deadlock_cycles_(p.deadlock_cycles), starvation_cycles_(p.starvation_cycles) {}

void WormholeNetwork::check(const WormholeNetworkParams& p, const MeshGeometry& g) {
  if (const std::string why = wormhole_params_refusal(p, g.dims()); !why.empty())
    throw std::invalid_argument("WormholeNetworkParams: " + why);
}

WormholeNetwork::~WormholeNetwork() = default;

const DeliveryCounters& WormholeNetwork::counters() const { return fabric_->log.counters; }

std::vector<ChannelLoad> WormholeNetwork::channel_loads() const {
  std::vector<ChannelLoad> out;
  out.reserve(fabric_->links.size());
  for (size_t i = 0; i < fabric_->links.size(); ++i) {
    const auto& end = fabric_->link_ends[i];
    out.push_back(mesh_channel(end.node, end.port, fabric_->links[i].flits_sent()[0]));
  }
  return out;
}
const NetworkActivity* WormholeNetwork::activity() const { return fabric_->activity.get(); }

std::vector<NodeToggles> WormholeNetwork::rtl_toggles() const {
  std::vector<NodeToggles> t;
  bool any = false;
  for (const auto& r : fabric_->routers) {
    t.push_back(r->module_toggles());
    any = any || !t.back().empty();
  }
  return any ? t : std::vector<NodeToggles>{};
}
void WormholeNetwork::set_packet_sink(PacketSink* sink) { fabric_->log.sink = sink; }
void WormholeNetwork::set_reactive_source(ReactiveSource* w) {
  fabric_->workload = w;
  fabric_->log.tails = w;
}
int64_t WormholeNetwork::flits_injected() const { return fabric_->log.flits_injected; }
int64_t WormholeNetwork::flits_delivered() const { return fabric_->log.flits_delivered; }
int64_t WormholeNetwork::flits_stripped() const { return fabric_->log.flits_stripped; }
int64_t WormholeNetwork::packets_buffered() const { return fabric_->log.packets_buffered; }

int64_t WormholeNetwork::flits_buffered() const {
  int64_t n = fabric_->waiting.total_flits();  // flits still to be made
  for (const auto& r : fabric_->routers) n += int64_t(r->flits_buffered());
  return n;
}

int64_t WormholeNetwork::packets_waiting() const { return fabric_->waiting.total(); }
int64_t WormholeNetwork::flits_waiting() const { return fabric_->waiting.total_flits(); }
int64_t WormholeNetwork::packets_unreachable() const { return fabric_->unreachable; }

// The watchdog: no flit has crossed a crossbar for more than run.deadlock_cycles while
// flits were buffered. Stretches end exactly where it could first fire, so it fires at a
// cycle that depends only on the network, not on how run_until was called. Stretches are
// also at most about 4M node-cycles (well under a second), so a stop request is seen soon,
// at a cycle boundary.
void WormholeNetwork::run_until(int64_t end) {
  int64_t poll = std::max<int64_t>(16, (int64_t{1} << 22) / int64_t(fabric_->g.nodes()));
  if (starvation_cycles_ > 0) poll = std::min(poll, std::max<int64_t>(1, starvation_cycles_ / 4));
  while (now_ < end && !stop_requested()) {
    const bool busy = flits_injected() > flits_delivered() + flits_stripped();
    const int64_t since = busy ? std::max(fabric_->log.last_move, fabric_->log.busy_since) : now_;
    // Saturating: run.deadlock_cycles may be as large as int64 allows.
    const int64_t check = deadlock_cycles_ >= end - since ? end : since + deadlock_cycles_ + 1;
    const int64_t stop = std::min({end, now_ + poll, std::max(now_ + 1, check)});
    try {
      sc_core::sc_start(cycles(stop - now_));
    } catch (const std::exception&) {
      // A sink's scoreboard refused a flit inside the kernel: its words, not the kernel's.
      if (!fabric_->log.failure.empty()) throw ScoreboardError(fabric_->log.failure);
      if (fabric_->workload_error) std::rethrow_exception(fabric_->workload_error);  // e.g. a bad trace record
      throw;
    }
    now_ = current_cycle();
    if (starvation_cycles_ > 0) check_starvation();
    const int64_t idle = now_ - 1 - std::max(fabric_->log.last_move, fabric_->log.busy_since);
    if (idle > deadlock_cycles_ && flits_injected() > flits_delivered() + flits_stripped())
      throw DeadlockError(fmt::format("deadlock: no flit moved for {} cycles (run.deadlock_cycles) at cycle {} "
                                      "with {} flits buffered; channels waiting in a cycle:\n{}the packets held:\n{}",
                                      idle, now_, flits_injected() - flits_delivered() - flits_stripped(),
                                      fabric_->waiting_cycle(), packets_left(8)));
  }
  check_conservation();
}

void WormholeNetwork::stop_injection() { fabric_->injecting = false; }

bool WormholeNetwork::drain(int64_t limit) {
  // Saturating: verify.drain_cycles may be as large as int64 allows.
  const int64_t end = limit >= std::numeric_limits<int64_t>::max() - now_ ? std::numeric_limits<int64_t>::max() : now_ + limit;
  while (now_ < end && flits_injected() > flits_delivered() + flits_stripped() && !stop_requested())
    run_until(std::min(end, now_ + 64));
  return flits_injected() == flits_delivered() + flits_stripped();
}

const NetworkCoverage* WormholeNetwork::coverage() const { return fabric_->coverage.get(); }
const ViolationTally* WormholeNetwork::violations() const { return fabric_->violations.get(); }

std::string WormholeNetwork::packets_left(size_t most) const {
  struct Left {
    uint64_t id;
    std::string text;
  };
  std::vector<Left> left;
  fabric_->packets.for_each_live([&](uint32_t, const PacketInfo& p) {
    const std::string where =
        p.at == p.src && p.hops == 0
            ? fmt::format("its head not yet out of its source's router (since cycle {})", p.since)
            : fmt::format("its head at node {} since cycle {}, after {} hop(s)", p.at, p.since, p.hops);
    left.push_back({p.id, fmt::format("  packet {}: node {} to {}, {} flit(s), generated at cycle {}; {}", p.id, p.src,
                                      p.dest, p.flits, p.tsent, where)});
  });
  std::sort(left.begin(), left.end(), [](const Left& a, const Left& b) { return a.id < b.id; });
  std::string s;
  for (size_t i = 0; i < left.size() && i < most; ++i) s += left[i].text + "\n";
  if (left.size() > most) s += fmt::format("  ... and {} more\n", left.size() - most);
  const int64_t waiting = fabric_->waiting.total();
  if (waiting > 0) s += fmt::format("  {} more packet(s) queued at their sources behind those\n", waiting);
  if (s.empty()) s = "  none\n";
  // Flits popped and never credited back: a router withholding credits stalls its neighbours.
  std::string held;
  for (const auto& r : fabric_->routers)
    if (const std::string h = r->stall_report(); !h.empty()) held += "  " + h + "\n";
  if (!held.empty()) s += "held back, as the RTL routers' monitors see it:\n" + held;
  return s;
}

// A head that has stayed at one node (or in its source's router) past the bound: starvation, or
// a design that never serves one input. The packet and the node, in cycles.
void WormholeNetwork::check_starvation() const {
  const int64_t bound = starvation_cycles_;
  const PacketInfo* worst = nullptr;
  fabric_->packets.for_each_live([&](uint32_t, const PacketInfo& p) {
    if (now_ - p.since > bound && (!worst || p.since < worst->since)) worst = &p;
  });
  if (!worst) return;
  const PacketInfo& p = *worst;
  throw ScoreboardError(fmt::format(
      "scoreboard: cycle {}: packet {} (node {} to {}, {} flit(s), generated at cycle {}) starved: its head has been {} "
      "since cycle {}, {} cycles (verify.starvation_cycles = {})",
      now_, p.id, p.src, p.dest, p.flits, p.tsent,
      p.at == p.src && p.hops == 0 ? fmt::format("at its source, node {},", p.src) : fmt::format("at node {}", p.at),
      p.since, now_ - p.since, bound) + "\n" + packets_left(8));
}

void WormholeNetwork::check_conservation() const {
  const int64_t in = flits_injected(), out = flits_delivered(), held = flits_buffered(), gone = flits_stripped();
  if (in != out + held + gone)
    throw std::logic_error(fmt::format(
        "flit conservation violated: injected {} != delivered {} + buffered {} + stripped headers {}", in, out, held,
        gone));
}

}  // namespace kncsim
