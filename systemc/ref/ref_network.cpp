#include "ref/ref_network.hpp"

#include "router/routing.hpp"
#include "sched/stop_request.hpp"

#include <algorithm>
#include <limits>
#include <stdexcept>
#include <string>

namespace kncsim {
namespace {
constexpr int64_t kNever = std::numeric_limits<int64_t>::max();
}

RefNetwork::RefNetwork(const MeshGeometry& geometry, const RefParams& params, InjectionFeed& feed)
    : g_(geometry),
      p_(params),
      feed_(feed),
      nports_(geometry.ports()),
      all_ports_((1u << geometry.ports()) - 1),
      nodes_(geometry.nodes()),
      ports_(size_t(geometry.nodes()) * geometry.ports()),
      out_flits_(ports_.size()),
      waiting_(geometry.nodes()),
      calendar_(geometry.nodes(), params.packet_flits + 1) {
  if (nports_ > 31) throw std::invalid_argument("RefNetwork: at most 15 dimensions");
  if (p_.payload) activity_ = std::make_unique<NetworkActivity>(g_.nodes(), nports_, *p_.payload);
  if (p_.misroute_on_full) {
    connected_.assign(g_.nodes(), 1u);
    for (uint32_t n = 0; n < g_.nodes(); ++n)
      for (int o = 1; o < nports_; ++o)
        if (g_.connected(n, o)) connected_[n] |= 1u << o;
  }
}

std::vector<ChannelLoad> RefNetwork::channel_loads() const {
  std::vector<ChannelLoad> out;
  for (uint32_t n = 0; n < g_.nodes(); ++n)
    for (int o = 1; o < nports_; ++o)
      if (g_.connected(n, o)) out.push_back(mesh_channel(n, o, out_flits_[size_t(n) * size_t(nports_) + size_t(o)]));
  return out;
}

void RefNetwork::run_until(int64_t end) {
  while (curtime_ < end && !stop_requested()) {
    step();
    if (curtime_ - last_move_ > p_.deadlock_cycles && packets_in_network() > 0) {
      int64_t buffered = 0;  // packets in router FIFOs, injection queues excluded
      for (size_t i = 0; i < ports_.size(); ++i)
        if (i % nports_) buffered += ports_[i].len;
      throw DeadlockError("deadlock: no packet moved for " + std::to_string(curtime_ - last_move_) +
                          " cycles (run.deadlock_cycles) at cycle " + std::to_string(curtime_) + " with " +
                          std::to_string(buffered) + " packets in router FIFOs");
    }
  }
}

void RefNetwork::step() {
  calendar_.begin_cycle(curtime_);
  // Packets dejected last cycle reach their node's injection queue now, as an arrival would.
  for (const auto& [n, k] : dejected_) rejoin(n, k);
  dejected_.clear();
  if (p_.every_cycle)
    for (uint32_t n = 0; n < g_.nodes(); ++n) calendar_.wake(n, curtime_, curtime_);
  // Injections never depend on network state, so injecting the whole cycle first is the
  // same as the listing's inject-inside-simulate(n): only node n's own queue 0 changes.
  const auto span = feed_.next();
  for (const Injection* i = span.begin; i != span.end; ++i) inject(i->node, i->dest);
  if (source_) {
    handed_.clear();
    source_->packets_for(curtime_, handed_);
    for (const MessagePacket& m : handed_) {
      if (m.flits != p_.packet_flits)
        throw std::logic_error("the reference model moves packets of L = " + std::to_string(p_.packet_flits) +
                               " flits; a packet of " + std::to_string(m.flits) + " was handed over");
      inject(m.node, m.dest);
    }
  }
  for (int64_t n; (n = calendar_.next_node()) >= 0;) {
    simulate(uint32_t(n));
    schedule(uint32_t(n));
  }
  ++curtime_;
}

void RefNetwork::inject(uint32_t n, uint32_t dest) {
  Node& nd = nodes_[n];
  Port& local = ports(n)[0];
  if (p_.source_queue_packets > 0 && local.len + (nd.local_left == curtime_ - 1) >= p_.source_queue_packets) {
    ++counters_.dropped;  // never enters: no id, no tin
    return;
  }
  const int64_t tin = std::max(curtime_, nd.tls + p_.packet_flits);  // Note 3.4
  nd.tls = tin;
  waiting_.push(n, WaitingPacket{uint64_t(counters_.numsent), tin, dest, 0});
  ++counters_.numsent;
  if (sink_) sink_->generated(n, curtime_);
  if (++local.len == 1) {  // it is at the front
    nd.nonempty |= 1u;
    new_head(n, 0);
    calendar_.wake(n, local.ready_at, curtime_);
  }
}

// FNS's RDY(): the FIFO at the far end of each candidate output has room. As listed it reads
// the neighbour's occupancy as it is now, so a neighbour evaluated earlier this cycle (lower
// index) already shows its dequeue. Registered, a dequeue this cycle (tnh = t + L) is not
// seen yet. Only node n enqueues into that FIFO, so its count is otherwise current.
unsigned RefNetwork::ready_outputs(uint32_t n, unsigned wanted) const {
  unsigned ok = 1u;  // the local output never blocks
  for (unsigned m = wanted & ~1u; m; m &= m - 1) {  // routed outputs always have a neighbour
    const int o = __builtin_ctz(m);
    const Port& far = ports(g_.neighbour(n, o))[MeshGeometry::opposite(o)];
    const int dequeued_now = p_.registered_fifo_check && far.tnh - p_.packet_flits == curtime_;
    if (far.len + dequeued_now < p_.fifo_packets) ok |= 1u << o;
  }
  return ok;
}

void RefNetwork::simulate(uint32_t n) {
  const int64_t t = curtime_;
  const int np = nports_;
  Port* pt = ports(n);
  Node& nd = nodes_[n];
  // Model 1: a head assigned to an output whose FIFO was full goes once it has room.
  for (unsigned m = nd.holding; m; m &= m - 1) {
    const int in = __builtin_ctz(m), out = pt[in].held;
    if (!(ready_outputs(n, 1u << out) >> out & 1)) continue;
    pt[in].held = -1;
    nd.holding &= ~(1u << in);
    forward(n, in, out);
  }
  unsigned ready = 0, wanted = 0;
  for (unsigned m = nd.nonempty & ~nd.holding; m; m &= m - 1) {
    const int in = __builtin_ctz(m);
    if (pt[in].ready_at > t) continue;  // not arrived, or not yet at the head
    ready |= 1u << in;
    wanted |= pt[in].route;
  }
  if (!ready) return;  // findpin goes all the way round; nothing is allowed

  unsigned free = 0;
  for (unsigned m = wanted; m; m &= m - 1)
    if (pt[__builtin_ctz(m)].tfree <= t) free |= m & -m;
  if (p_.fifo_packets > 0 && p_.fifo_full == FifoFullPolicy::wait) {
    free &= ready_outputs(n, free);
  } else if (p_.fifo_packets > 0) {
    // Models 1 and 3: a full FIFO's output is assigned like a free one, then held or dropped.
    const unsigned open = ready_outputs(n, free);
    assign_channels(nd.token, np, ready, [pt](int in) { return pt[in].route; }, free,
                    [this, n, pt, &nd, open](int in, int out) {
                      if (open >> out & 1) return forward(n, in, out);
                      if (p_.fifo_full == FifoFullPolicy::abort) return;  // the token has moved on
                      pt[in].held = out;
                      pt[out].tfree = kNever;  // held until forwarded
                      nd.holding |= 1u << in;
                    });
    return;
  }

  unsigned granted = 0;
  assign_channels(nd.token, np, ready, [pt](int in) { return pt[in].route; }, free, [this, n, &granted](int in, int out) {
    granted |= 1u << in;
    forward(n, in, out);
  });
  if (p_.misroute_on_full) {
    unsigned stuck = 0;  // full FIFOs whose head found no profitable output
    for (unsigned m = ready & ~granted & ~1u; m; m &= m - 1)
      if (pt[__builtin_ctz(m)].len >= p_.fifo_packets) stuck |= m & -m;
    if (stuck) misroute(n, stuck, ready & ~granted);
  }
}

// SNS section 3: "all outputs become allowed when the packet's FIFO becomes full". The heads of
// full FIFOs that went unassigned take a free output now, in the listing's order, on a copy of the
// token (the assignment above keeps its output rotation). The listing's order can pass over a
// free allowed output (an input sees only the outputs after the search's position), so a head
// takes such an output first, then a profitable one (dimension order's other dimensions), and
// only then any, the local output included: a packet left at a node not its own re-enters from
// that node's injection queue. A hop that takes a packet farther from its destination counts as
// misrouted. `left`: the inputs with a ready head the assignment above did not serve.
void RefNetwork::misroute(uint32_t n, unsigned stuck, unsigned left) {
  const int64_t t = curtime_;
  Port* pt = ports(n);
  unsigned free = 0;  // the outputs the assignment above took are busy now
  for (unsigned m = connected_[n]; m; m &= m - 1)
    if (pt[__builtin_ctz(m)].tfree <= t) free |= m & -m;
  free &= ready_outputs(n, free);
  PriorityToken& real = nodes_[n].token;
  PriorityToken token = real;
  unsigned taken = 0, moved = 0;
  auto profitable = [this, n, pt](int in) { return minimal_routes(g_, n, packets_[pt[in].head].dest, true); };
  auto route = [&](int in) {
    const unsigned open = free & ~taken;
    if (pt[in].route & open) return pt[in].route;
    if (const unsigned p = profitable(in); p & open) return p;
    return connected_[n];
  };
  assign_channels(token, nports_, stuck, route, free, [&](int in, int out) {
    taken |= 1u << out;
    moved |= 1u << in;
    const uint32_t dest = packets_[pt[in].head].dest;
    if (out != 0 && g_.distance(g_.neighbour(n, out), dest) > g_.distance(n, dest)) ++counters_.misrouted;
    forward(n, in, out);  // a dejection is counted there
  });
  // The token's input was served: it passes on now, as findpin passes it after a grant (were it
  // left on an input with nothing ready, a later evaluation would move it, and which cycles a node
  // is evaluated in would change the results).
  if (moved >> real.pin & 1) {
    real.pin = real.pin + 1 == nports_ ? 0 : real.pin + 1;
    if (const unsigned rest = left & ~moved) {
      for (int i = 0; i < nports_; ++i) {
        const int in = (real.pin + i) % nports_;
        if (rest >> in & 1) {
          real.pin = in;
          break;
        }
      }
    }
  }
}

// The next cycle in which simulate(n) could change anything: a head becoming ready, or a
// ready head's allowed output freeing. A ready head that could have gone but did not (the
// token skipped it, or FNS found its FIFO full) is retried next cycle.
void RefNetwork::schedule(uint32_t n) {
  const int64_t t = curtime_;
  const Port* pt = ports(n);
  int64_t next = nodes_[n].holding ? t + 1 : kNever;  // model 1: a held output's FIFO is looked at each cycle
  for (unsigned m = nodes_[n].nonempty & ~nodes_[n].holding; m; m &= m - 1) {
    const Port& in = pt[__builtin_ctz(m)];
    if (in.ready_at > t) {
      next = std::min(next, in.ready_at);
      continue;
    }
    int64_t earliest = kNever;
    const bool full = p_.misroute_on_full && __builtin_ctz(m) != 0 && in.len >= p_.fifo_packets;  // it may take any output
    for (unsigned r = full ? connected_[n] : in.route; r; r &= r - 1) earliest = std::min(earliest, pt[__builtin_ctz(r)].tfree);
    next = std::min(next, std::max(t + 1, earliest));
  }
  if (next != kNever) calendar_.wake(n, next, t);
}

void RefNetwork::forward(uint32_t n, int in, int out) {
  const int64_t t = curtime_;
  Port* pt = ports(n);
  pt[in].tnh = pt[out].tfree = t + p_.packet_flits;
  const int32_t k = dequeue(n, in);
  last_move_ = t;
  Packet& p = packets_[k];
  p.tin = t + 1;
  if (in == 0 && p.tleft < 0) p.tleft = t;
  if (activity_) {
    // Its flits go through the router's local input as it leaves the injection queue (the flit-level
    // network writes them there when they come to the queue's front: the same once it drains).
    if (in == 0) activity_->injected(n, p_.packet_flits);
    if (out == 0)
      activity_->ejected(n, p_.packet_flits, 1, p.dest == n);  // a misrouted one is not delivered
    else
      activity_->link_packet(n, out, p.id, uint32_t(p_.packet_flits));
  }
  if (out == 0 && p.dest != n) return deject(n, k);  // misrouted to the local output
  if (out == 0) {
    ++counters_.numrecd;
    counters_.totlat += p.tin - p.tsent;
    counters_.tothops += p.nhops;
    if (sink_) sink_->deliver(PacketRecord{p.id, p.src, p.dest, p.tsent, p.tin, p.nhops, -1, -1, 0, -1, p.tleft});
    if (source_) source_->tail_arrived(p.id, p.src, p.dest, p.tin + p_.packet_flits - 1);
    p.next = free_list_;
    free_list_ = k;
    return;
  }
  ++p.nhops;
  out_flits_[size_t(n) * size_t(nports_) + size_t(out)] += p_.packet_flits;  // a whole packet crosses
  const uint32_t m = g_.neighbour(n, out);
  const int q = MeshGeometry::opposite(out);
  enqueue(m, q, k);
  const Port& dst = ports(m)[q];
  if (p_.fifo_packets > 0 && dst.len > p_.fifo_packets) throw std::logic_error("FNS: FIFO overflow");
  if (dst.head == k) calendar_.wake(m, dst.ready_at, t);
  // Full now: its head may misroute from this cycle on (if m comes later in node order, as the
  // listing's in-order occupancy reads it) or the next.
  if (p_.misroute_on_full && dst.len == p_.fifo_packets) calendar_.wake(m, std::max(dst.ready_at, m > n ? t : t + 1), t);
}

// Misrouting to the local output: the packet is not delivered; it reaches the NI next cycle
// and re-enters from the node's injection queue (step), keeping its id, generation time and hops.
void RefNetwork::deject(uint32_t n, int32_t k) {
  ++counters_.dejected;
  dejected_.emplace_back(n, k);
}

void RefNetwork::rejoin(uint32_t n, int32_t k) {
  Node& nd = nodes_[n];
  Port& local = ports(n)[0];
  packets_[k].next = -1;
  if (nd.rejoin_tail >= 0) {
    packets_[nd.rejoin_tail].next = k;
    nd.rejoin_tail = k;
    ++local.len;
    return;
  }
  nd.rejoin_head = nd.rejoin_tail = k;  // ahead of any packet still waiting at the source
  ++local.len;
  nd.nonempty |= 1u;
  new_head(n, 0);
  calendar_.wake(n, local.ready_at, curtime_);
}

// The packet at the front of input `in` just got there: note when it may go and where.
void RefNetwork::new_head(uint32_t n, int in) {
  Port& q = ports(n)[in];
  int64_t tin;
  uint32_t dest;
  if (in == 0 && nodes_[n].rejoin_head >= 0) {
    tin = packets_[nodes_[n].rejoin_head].tin, dest = packets_[nodes_[n].rejoin_head].dest;
  } else if (in == 0) {
    const WaitingPacket w = waiting_.front(n);
    tin = w.time, dest = w.dest;
  } else {
    tin = packets_[q.head].tin, dest = packets_[q.head].dest;
  }
  q.ready_at = std::max(tin, q.tnh);
  q.route = minimal_routes(g_, n, dest, p_.adaptive);
}

// Into a router FIFO (in > 0); injection queues fill through inject().
void RefNetwork::enqueue(uint32_t n, int in, int32_t k) {
  Port& q = ports(n)[in];
  packets_[k].next = -1;
  ++q.len;
  if (q.head >= 0) {
    packets_[q.tail].next = k;
    q.tail = k;
    return;
  }
  q.head = q.tail = k;
  nodes_[n].nonempty |= 1u << in;
  new_head(n, in);
}

// The front packet of input `in` leaves; one leaving its injection queue gets its full
// record here.
int32_t RefNetwork::dequeue(uint32_t n, int in) {
  Port& q = ports(n)[in];
  int32_t k;
  if (in == 0 && nodes_[n].rejoin_head >= 0) {
    Node& nd = nodes_[n];
    k = nd.rejoin_head;
    if ((nd.rejoin_head = packets_[k].next) < 0) nd.rejoin_tail = -1;
    nd.local_left = curtime_;
    if (--q.len > 0)
      new_head(n, in);
    else
      nd.nonempty &= ~1u;
    return k;
  }
  if (in == 0) {
    const WaitingPacket w = waiting_.front(n);
    waiting_.pop(n);
    k = alloc_packet();
    packets_[k] = Packet{w.dest, n, w.time, w.time, w.id, 0, -1};
    nodes_[n].local_left = curtime_;
    --q.len;
    if (q.len > 0)
      new_head(n, in);
    else
      nodes_[n].nonempty &= ~1u;
    return k;
  }
  k = q.head;
  q.head = packets_[k].next;
  --q.len;
  if (q.head >= 0) {
    new_head(n, in);
  } else {
    q.tail = -1;
    nodes_[n].nonempty &= ~(1u << in);
  }
  return k;
}

int32_t RefNetwork::alloc_packet() {
  if (free_list_ >= 0) {
    const int32_t k = free_list_;
    free_list_ = packets_[k].next;
    return k;
  }
  packets_.push_back({});
  return int32_t(packets_.size() - 1);
}

}  // namespace kncsim
