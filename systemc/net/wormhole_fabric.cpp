#include "net/wormhole_fabric.hpp"

#include "sc/process_teardown.hpp"

#include <fmt/format.h>

#include <unordered_map>

#include "sc/cycle_time.hpp"
#include "sc/vcd_file.hpp"

namespace kncsim {

WormholeFabric::WormholeFabric(sc_core::sc_module_name name, const MeshGeometry& geometry,
                               const WormholeNetworkParams& p, InjectionFeed& feed)
    : sc_module(name), g(geometry), params(p), channels_(injection_channels(p)),
      waiting(geometry.nodes() * uint32_t(channels_)), calendar(geometry.nodes(), 2 * int64_t(p.max_link_delay()) + p.packet_flits + 2),
      feed_(feed) {
  const uint32_t n_nodes = g.nodes();
  std::vector<bool> rtl(n_nodes, false), traced(n_nodes, false);
  for (uint32_t n : p.rtl_nodes) rtl.at(n) = true;
  if (!p.vcd_path.empty())
    for (uint32_t n : p.trace_nodes) traced.at(n) = true;
  if (!p.rtl_nodes.empty()) rtl_clock = std::make_unique<RtlDomain>("rtl_clock", n_nodes);
  if (p.count_violations) {  // before the routers: their monitors count into it
    violations = std::make_unique<ViolationTally>();
    log.violations = violations.get();
  }
  if (p.coverage) {  // before the routers: their monitors mark it
    coverage = std::make_unique<NetworkCoverage>(g, p.router.adaptive, p.router.vcs);
    log.coverage = coverage.get();
  }
  routers.reserve(n_nodes);
  for (uint32_t n = 0; n < n_nodes; ++n) {
    const std::string name = fmt::format("router_{}", n);
    if (rtl[n]) {
      routers.push_back(p.rtl_factory(name.c_str(), n, g, packets, log, calendar, *rtl_clock,
                                      p.rtl_signal_binding || traced[n]));
    } else {
      routers.push_back(std::make_unique<WormholeRouter>(name.c_str(), n, g, p.router, packets, log, calendar));
    }
  }
  std::unordered_map<uint64_t, const LinkOverride*> overrides;  // by node * ports + port
  for (const LinkOverride& x : p.link_overrides) overrides[uint64_t(x.node) * uint64_t(g.ports()) + uint64_t(x.port)] = &x;
  for (uint32_t n = 0; n < n_nodes; ++n) {
    for (int k = 0; k < g.dims(); ++k) {
      for (int o : {MeshGeometry::pred(k), MeshGeometry::succ(k)}) {
        if (!g.connected(n, o)) continue;
        if (p.router.faults && !p.router.faults->alive(n, o)) continue;  // a failed wire: no link
        NetworkRouter& src = *routers[n];
        NetworkRouter& dst = *routers[g.neighbour(n, o)];
        const int q = MeshGeometry::opposite(o);
        LinkParams link = p.link;
        // The wire between coordinates w and w + 1 (w = R - 1: the wraparound), either way.
        // (A hexagonal mesh's wires are all alike: no link_delays.)
        if (!p.link_delays.empty()) {
          const int c = g.coord(n, k), w = o == MeshGeometry::succ(k) ? c : (c + g.radix(k) - 1) % g.radix(k);
          link.delay = p.link_delays[size_t(k)][size_t(w)];
        }
        if (const auto x = overrides.find(uint64_t(n) * uint64_t(g.ports()) + uint64_t(o)); x != overrides.end())
          link.delay = x->second->delay, link.cycles_per_flit = x->second->cycles_per_flit;
        links.emplace_back(link, p.router.credits, dst.input_fifo(q), dst, src);
        // RTL neighbours pass their pins' words (link/wire_words.hpp).
        if (src.word_wake() && dst.word_wake()) links.back().carry_words(*dst.word_wake());
        link_ends.push_back(LinkEnd{n, o});
        for (int v = 1; v < p.router.vcs; ++v) links.back().add_vc(dst.input_fifo(q, v));
        src.connect_output(o, &links.back());
        dst.connect_input(q, &links.back());
      }
    }
  }
  // A network interface per node and injection channel (traffic classes inject on their own local
  // channels, each its queue of waiting packets); the first is the node's sink.
  nis.reserve(size_t(n_nodes) * size_t(channels_));
  for (uint32_t n = 0; n < n_nodes; ++n) {
    for (int j = 0; j < channels_; ++j) {
      nis.emplace_back(n, SourceParams{p.packet_flits, p.source_queue_packets}, packets, waiting, log,
                       routers[n]->input_fifo(0, j), *routers[n], p.router.hop_count_headers ? &g : nullptr,
                       n * uint32_t(channels_) + uint32_t(j));
      if (j == 0) routers[n]->connect_ejector(&nis.back());
      routers[n]->connect_injector(&nis.back(), j);
      routers[n]->input_fifo(0, j).set_refill(&nis.back());
    }
  }
  // One path and one channel per hop for every pair: dimension order with one channel to
  // choose from (a torus's two classes hold one each); more let packets of a pair overtake.
  // One path per pair, and no overtaking on it: dimension order (or oblivious in dimension order).
  const bool one_path = !p.router.adaptive && (p.router.routing == Routing::dor ||
                                               (p.router.routing == Routing::oblivious &&
                                                p.router.selection == Selection::dimension_order));
  // Traffic classes inject on channels of their own, and may route their own ways.
  log.check_pair_order = one_path && p.router.classes.empty() && p.router.vcs <= (g.wrapped() ? 2 : 1);
  log.history = p.router.history && p.rtl_nodes.empty();  // RTL routers keep no history
  std::vector<Ejector*> ejectors;  // each router's, as connected so far
  for (uint32_t n = 0; n < n_nodes; ++n) ejectors.push_back(&nis[n * uint32_t(channels_)]);
  if (!p.flit_log_path.empty()) {
    flit_log = std::make_unique<FlitLog>(p.flit_log_path, packets, link_ends);
    for (size_t i = 0; i < links.size(); ++i) links[i].set_tap(flit_log.get(), uint32_t(i));
    for (uint32_t n = 0; n < n_nodes; ++n) routers[n]->connect_ejector(ejectors[n] = flit_log->ejector(n, *ejectors[n]));
  }
  if (p.payload) {  // energy accounting: at the links' pins and the ejectors, beside a flit log
    activity = std::make_unique<NetworkActivity>(n_nodes, g.ports(), *p.payload);
    log.activity = activity.get();
    activity_tap = std::make_unique<ActivityTap>(*activity, packets, link_ends, flit_log.get());
    for (size_t i = 0; i < links.size(); ++i) links[i].set_tap(activity_tap.get(), uint32_t(i));
    for (uint32_t n = 0; n < n_nodes; ++n) {
      activity_ejectors.emplace_back(*activity, n, *ejectors[n]);
      routers[n]->connect_ejector(&activity_ejectors.back());
    }
  }
  if (!p.vcd_path.empty()) start_trace(p.vcd_path, p.trace_nodes);
  SC_METHOD(drive);
}

WormholeFabric::~WormholeFabric() {
  vcd_.reset();  // closed while the signals it traces still exist
  // Newest first, their processes killed: linear, not quadratic (sc/process_teardown.hpp).
  while (!routers.empty()) {
    if (auto* m = dynamic_cast<sc_core::sc_object*>(routers.back().get())) kill_processes(*m);
    routers.pop_back();
  }
}

void WormholeFabric::start_trace(std::string path, const std::vector<uint32_t>& nodes) {
  // RTL routers work their pins at fractions of a cycle (see rtl_adapt/rtl_router.hpp).
  vcd_ = std::make_unique<VcdFile>(path, params.rtl_nodes.empty() ? sc_core::SC_NS : sc_core::SC_PS);
  path = vcd_stem(vcd_output_path(path));
  std::vector<std::string> names;
  for (int port = 0; port < g.ports(); ++port) names.push_back(MeshGeometry::port_name(port));
  for (uint32_t n : nodes) {
    routers.at(n)->trace(vcd_->get(), names);
    routers.at(n)->trace_internals(fmt::format("{}.router_{}.vcd", path, n));  // RTL nodes: every signal inside
  }
}

void WormholeFabric::inject(uint32_t node, uint32_t dest, int64_t cycle, int flits, uint8_t cls) {
  // Failed links or nodes: a packet its routing has no way for is counted, never sent to hang.
  if (params.router.faults && !params.router.faults->reaches(node, dest, !params.router.adaptive &&
                                                                          params.router.routing != Routing::oblivious)) {
    ++unreachable;
    return;
  }
  const int j = cls < params.class_channels.size() ? params.class_channels[cls] : 0;
  if (nis[size_t(node) * size_t(channels_) + size_t(j)].inject(next_id_, dest, cycle, flits, cls)) {
    if (log.sink) log.sink->generated(node, cycle);
    ++next_id_;
    ++drawn_ahead_;
  } else {
    ++dropped_ahead_;
  }
}

void WormholeFabric::draw(int64_t cycle) {
  if (!injecting) return;
  const auto span = feed_.next();
  for (const Injection* i = span.begin; i != span.end; ++i) inject(i->node, i->dest, cycle, int(i->flits), i->cls);
  if (!workload) return;
  handed_.clear();
  try {
    workload->packets_for(cycle, handed_);
  } catch (...) {
    workload_error = std::current_exception();
    throw;
  }
  for (const MessagePacket& m : handed_) inject(m.node, m.dest, cycle, m.flits);
}

void WormholeFabric::drive() {
  const int64_t t = current_cycle();
  if (!started_) draw(0);  // the first activation, at cycle 0
  started_ = true;
  log.counters.numsent += drawn_ahead_;  // this cycle's packets, drawn last cycle
  log.counters.dropped += dropped_ahead_;
  drawn_ahead_ = dropped_ahead_ = 0;
  draw(t + 1);
  calendar.begin_cycle(t);
  for (int64_t n; (n = calendar.next_node()) >= 0;) routers[size_t(n)]->notify_due();
  next_trigger(cycles(1));
}

}  // namespace kncsim
