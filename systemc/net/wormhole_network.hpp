#pragma once
// A k-ary n-cube mesh of SystemC wormhole routers joined by flit links, one network
// interface per node, driven by an injection stream: the flit-level model of kncsim.
//
// Every cycle a traffic process draws the next cycle's injections, in node order, before
// any router evaluates them, so the stimulus never depends on evaluation order. Routers
// only evaluate when woken. Checks in every run: flit conservation, in-order flits within
// each packet, per-pair order under dimension-order routing, and a deadlock watchdog.
#include <algorithm>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "energy/payload.hpp"
#include "flit/packet_table.hpp"
#include "link/link_params.hpp"
#include "stats/deadlock_error.hpp"
#include "model/delivery_log.hpp"
#include "router/network_router.hpp"
#include "router/router_params.hpp"
#include "sc/rtl_domain.hpp"
#include "sched/wake_calendar.hpp"
#include "sc/sim_session.hpp"
#include "model/network_model.hpp"
#include "topo/mesh_geometry.hpp"
#include "traffic/injection_feed.hpp"
#include "model/violation_tally.hpp"
#include "verify/network_coverage.hpp"

namespace kncsim {

// Builds an RTL router at a node (from tb/, which links the Verilated models).
using RtlRouterFactory = std::function<std::unique_ptr<NetworkRouter>(
    const char* name, uint32_t node, const MeshGeometry& g, PacketTable& packets, DeliveryLog& log,
    WakeCalendar& calendar, RtlDomain& domain, bool signal_binding)>;

// network.overrides: the link out of `node` through `port` (one direction) takes `delay` cycles
// and a flit every `cycles_per_flit` (a narrower wire).
struct LinkOverride {
  uint32_t node = 0;
  int port = 0;
  int delay = 1;
  int cycles_per_flit = 1;
};

struct WormholeNetworkParams {
  int packet_flits = 32;  // L
  RouterParams router;
  LinkParams link;  // every link's kind; its delay where link_delays is empty
  // Per dimension, per coordinate w: the delay of the links between w and w + 1 (w = R - 1:
  // a torus's wraparound), from the embedding (MeshLinkTiming::wire_delays).
  std::vector<std::vector<int>> link_delays;
  int64_t deadlock_cycles = 10000;
  int64_t starvation_cycles = 0;      // verify.starvation_cycles: a head this long at one node stops the run (0: no bound)
  bool coverage = false;              // verify.coverage: the RTL routers' monitors mark the coverage points
  bool count_violations = false;      // verify.on_violation count: the monitors count, not stop
  int64_t source_queue_packets = 0;   // cap on packets waiting at each source; 0 = unbounded
  // Traffic classes: the local input channel each class injects on (its first VC); empty: all on 0.
  std::vector<uint8_t> class_channels;
  std::vector<uint32_t> trace_nodes;  // nodes whose link pins go to the VCD file
  std::string vcd_path;               // empty: no waveform
  std::string flit_log_path;          // empty: no flit log (trace.flits)
  std::vector<uint32_t> rtl_nodes;    // nodes built by rtl_factory instead of the SystemC router
  bool rtl_signal_binding = false;    // all RTL nodes on sc_signals (traced ones always are)
  RtlRouterFactory rtl_factory;
  std::vector<LinkOverride> link_overrides;  // each replaces its link's delay and rate
  std::optional<Payload> payload;  // energy accounting: the flits' bits; none: nothing counted
  // The longest a flit takes over a link (a narrow one: its last word's landing).
  int max_link_delay() const {
    int d = link.delay + link.cycles_per_flit - 1;
    for (const auto& dim : link_delays)
      for (int x : dim) d = std::max(d, x + link.cycles_per_flit - 1);
    for (const LinkOverride& o : link_overrides) d = std::max(d, o.delay + o.cycles_per_flit - 1);
    return d;
  }
};

// Empty if a network of `dims` dimensions can be built with `p`, else why not, naming the key and the values
// allowed: the parameters validate themselves (flow control, FIFO size, packet format and
// channels agreeing), and WormholeNetwork refuses to be built otherwise (the configuration's
// decoding refuses first, with these words).
std::string wormhole_params_refusal(const WormholeNetworkParams& p, int dims);

class WormholeFabric;

class WormholeNetwork final : public NetworkModel {
 public:
  WormholeNetwork(const MeshGeometry& g, const WormholeNetworkParams& p, InjectionFeed& feed);
  ~WormholeNetwork() override;

  void run_until(int64_t end) override;
  int64_t now() const override { return now_; }
  const DeliveryCounters& counters() const override;
  std::vector<ChannelLoad> channel_loads() const override;
  const NetworkActivity* activity() const override;
  std::vector<NodeToggles> rtl_toggles() const override;
  void set_packet_sink(PacketSink* sink);
  // A reactive workload (closed loop, trace): it hands over packets each cycle and is told of their tails.
  void set_reactive_source(ReactiveSource* w);

  int64_t flits_injected() const;
  int64_t flits_delivered() const;
  int64_t flits_stripped() const;  // hop-count headers the routers consumed
  int64_t packets_buffered() const;  // hybrid switching: blocked packets taken into a packet buffer
  int64_t flits_buffered() const;  // in FIFOs and on wires, injection queues included
  int64_t packets_waiting() const;  // behind the front packet of every injection queue
  int64_t flits_waiting() const;    // theirs (not yet in the routers' local inputs)
  // Packets not sent because failed links or nodes (network.overrides) leave their routing no way.
  int64_t packets_unreachable() const;

  // The scoreboard's end of a run (verify.drain_cycles): no packet is generated from now on.
  void stop_injection();
  // Runs until every flit injected is delivered or `limit` cycles have passed; true if empty.
  bool drain(int64_t limit);
  // The packets still in the network or its injection queues, oldest first, each with where its
  // head is (at most `most` of them, then how many more), as the scoreboard reports them.
  std::string packets_left(size_t most) const;
  // The coverage points the RTL routers' monitors marked (verify.coverage), or none.
  const NetworkCoverage* coverage() const;
  // The broken rules the monitors counted (verify.on_violation count), or none.
  const ViolationTally* violations() const;

 private:
  // Throws std::invalid_argument when wormhole_params_refusal refuses (before the fabric is built).
  static void check(const WormholeNetworkParams& p, const MeshGeometry& g);
  void check_conservation() const;
  void check_starvation() const;  // verify.starvation_cycles: throws ScoreboardError
  SimSession session_;  // first: outlives the modules
  std::unique_ptr<WormholeFabric> fabric_;
  int64_t deadlock_cycles_;
  int64_t starvation_cycles_;
  int64_t now_ = 0;
};

}  // namespace kncsim
