#include "router/wormhole_router.hpp"

#include <algorithm>
#include <cstdlib>
#include <limits>

#include "energy/network_activity.hpp"
#include "router/routing.hpp"
#include "router/vc_classes.hpp"

// The lean path's two hot functions take every call inline: with the router's code compiled twice
// (evaluate_as), GCC's inliner otherwise runs out of budget and leaves the link's send and the
// allocator out of line (1.486e9 instructions against 1.393e9 for an 8x8 run). Under the
// sanitizers flattening only costs build time (this file: 315 s against about 20): there it is off.
#if defined(__OPTIMIZE__) && !defined(__SANITIZE_ADDRESS__)
#define KNCSIM_HOT_FLATTEN [[gnu::flatten]]
#else
#define KNCSIM_HOT_FLATTEN
#endif

namespace kncsim {
namespace {
constexpr int64_t kNever = std::numeric_limits<int64_t>::max();
constexpr uint64_t bit(int i) { return uint64_t{1} << i; }
}

WormholeRouter::WormholeRouter(sc_core::sc_module_name name, uint32_t node, const MeshGeometry& g,
                               const RouterParams& p, PacketTable& packets, DeliveryLog& log,
                               WakeCalendar& calendar)
    : sc_module(name), calendar_(calendar), node_(node), self_(WakeCalendar::node_bit(node)), g_(g), packets_(packets), log_(log), nports_(g.ports()),
      vcs_(p.vcs), classes_(!p.classes.empty()),
      buffers_free_(p.buffer_packets), out_(size_t(g.ports())), sa_(g.ports()), p_(p) {
  if (is_output_arbitration(p.arbitration))
    oa_ = OutputArbiterState(p.arbitration, g.ports(), p.vcs, g.nodes(), p.bias_local, p.bias_network);
  std::vector<ClassPolicy> classes = p.classes;
  if (classes.empty()) {  // one class: the router's own policies
    ClassPolicy own;
    own.routing = p.adaptive && p.routing == Routing::dor ? Routing::adaptive : p.routing;
    own.selection = p.selection;
    own.deflections = p.deflections;
    own.switching = p.switching;
    own.hybrid_hops = p.hybrid_hops;
    classes.push_back(own);
  }
  for (const ClassPolicy& c : classes) {
    Policy q{};
    q.c = c;
    q.adaptive = c.routing == Routing::adaptive;
    const bool whole = c.switching == Switching::cut_through || c.switching == Switching::packet;
    q.whole_room = p.credits == CreditPolicy::per_flit && whole;
    q.store_and_forward = c.switching == Switching::packet;
    q.hybrid = c.switching == Switching::hybrid;
    q.prefer = c.routing == Routing::deflection || (c.routing == Routing::adaptive && c.selection != Selection::any);
    q.nvcs = 0;
    for (int v = 0; v < vcs_; ++v)
      if (c.vcs >> v & 1) q.vc_list[q.nvcs++] = v;
    any_store_and_forward_ |= q.store_and_forward;
    any_hybrid_ |= q.hybrid;
    any_prefer_ |= q.prefer;
    any_priority_ |= c.priority != classes.front().priority;
    q.all_vcs = q.nvcs == vcs_;
    // Duato over its VCs: the escape channels first (a torus or hexagonal mesh: a dateline pair; a mesh: one), in
    // dimension order, the rest adaptive. One class is Pertel's ANS on a mesh: no escape there.
    q.escape_vcs = g.wrapped() ? 2 : 1;
    if (q.adaptive && q.nvcs > q.escape_vcs && (classes_ || g.wrapped())) {
      for (int i = q.escape_vcs; i < q.nvcs; ++i)
        for (int o = 1; o < g.ports(); ++o) q.duato_adaptive |= uint64_t{1} << (o * vcs_ + q.vc_list[i]);
    }
    any_duato_ |= q.duato_adaptive != 0;
    policies_.push_back(q);
  }
  whole_room_ = policies_.front().whole_room;
  admits_by_length_ = classes_ || whole_room_ || p.credits == CreditPolicy::per_packet;
  plain_routing_ = !classes_ && !p.hop_count_headers && !p.faults &&
                   (policies_.front().c.routing == Routing::dor ||
                    (policies_.front().c.routing == Routing::adaptive && !policies_.front().prefer));
  lean_ = plain_routing_ && !any_duato_ && !any_store_and_forward_ && !any_hybrid_ && !any_prefer_ && !any_priority_ &&
          p.fifo_full == FifoFullPolicy::wait;
  // The local input is the NI's injection queue and the local output the NI's sink: one
  // channel each (the local port's others stay empty). A link carries vcs channels.
  chans_.reserve(size_t(nports_ * vcs_));
  for (int i = 0; i < nports_; ++i)
    for (int v = 0; v < vcs_; ++v) {
      chans_.push_back(InputVc{FlitFifo(i == 0 ? FlitFifo::kUnbounded : p.fifo_flits)});
      chans_.back().port = i;
    }
  for (size_t ch = 0; ch < chans_.size(); ++ch) chans_[ch].fifo.set_occupancy_mask(&occupied_, bit(int(ch)));
  for (int i = 1; i < nports_; ++i) out_[size_t(i)].channels = vcs_;
  SC_METHOD(evaluate);
  sensitive << wake_;
  dont_initialize();
}

// The outputs the front flit `head` (come in on `in_port`) may take: from the packet's
// destination, or in the hop-count format from its header (0 while a finished header waits to be
// stripped).
uint32_t WormholeRouter::route_by_policy(const Flit& head, int in_port) const {
  if (!p_.hop_count_headers) {
    const PacketInfo& pk = packets_[head.packet];
    const Policy& pol = policy(pk);
    switch (pol.c.routing) {
      case Routing::dor:
      case Routing::adaptive:
        return pol.adaptive && p_.faults ? p_.faults->minimal_alive(node_, pk.dest)
                                         : minimal_routes(g_, node_, pk.dest, pol.adaptive);
      case Routing::oblivious: {  // one output per hop: the selection's first
        const uint32_t minimal =
            p_.faults ? p_.faults->minimal_alive(node_, pk.dest) : minimal_routes(g_, node_, pk.dest, true);
        if (minimal == 1u) return 1u;
        int order[32];
        order_of(minimal, pk, order);
        return 1u << order[0];
      }
      case Routing::deflection: {
        const uint32_t minimal = minimal_routes(g_, node_, pk.dest, true);
        if (minimal == 1u) return 1u;
        // Nonminimal hops so far: each minimal hop brings the head one nearer, each other one
        // takes it one away, so hops = minimal + nonminimal and the distance left = start -
        // minimal + nonminimal. At most `deflections` a packet: no packet wanders for ever.
        const int nonminimal = (pk.hops - g_.distance(pk.src, pk.dest) + g_.distance(node_, pk.dest)) / 2;
        if (nonminimal >= pol.c.deflections) return minimal;
        uint32_t others = 0;
        for (int o = 1; o < nports_; ++o)
          if (o != in_port && g_.connected(node_, o)) others |= 1u << o;  // never straight back
        return minimal | (others & ~minimal);
      }
    }
  }
  if (!head.header) return 1u;  // every header stripped: for the local PE
  if (head.hops == 0) return 0;
  return 1u << (head.hops > 0 ? MeshGeometry::succ(head.dim) : MeshGeometry::pred(head.dim));
}

uint64_t WormholeRouter::channels_of(const InputVc& in) const {
  if (vcs_ == 1) return in.route;
  return class_channels_of(in, packets_[in.fifo.front().flit.packet]);
}

// A traffic class's channels (one class: all VCs): its own VCs, with the datelines and Duato's
// escape (on a torus its first two, the low and high dateline class; on a mesh its first) worked
// out over them as over a link of that many VCs.
uint64_t WormholeRouter::class_channels_of(const InputVc& in, const PacketInfo& pk) const {
  const Policy& pol = policy(pk);
  auto actual = [&](uint32_t virtual_vcs) {
    if (pol.all_vcs) return uint64_t(virtual_vcs);
    uint64_t m = 0;
    for (; virtual_vcs; virtual_vcs &= virtual_vcs - 1) m |= bit(pol.vc_list[__builtin_ctz(virtual_vcs)]);
    return m;
  };
  uint64_t channels = 0;
  if (pol.duato_adaptive && in.route != 1u) {
    const int dor = __builtin_ctz(in.route);
    channels = actual(output_vcs(g_, node_, pk.src, pk.dest, dor, pol.escape_vcs)) << (dor * vcs_);
    const uint64_t adaptive = actual(((1u << pol.nvcs) - 1) & ~((1u << pol.escape_vcs) - 1));
    for (uint32_t m = in.route; m; m &= m - 1) channels |= adaptive << (__builtin_ctz(m) * vcs_);
    return channels;
  }
  for (uint32_t m = in.route; m; m &= m - 1) {
    const int o = __builtin_ctz(m);
    channels |= o == 0 ? 1 : actual(output_vcs(g_, node_, pk.src, pk.dest, o, pol.nvcs)) << (o * vcs_);
  }
  return channels;
}

int WormholeRouter::order_of(uint32_t ports, const PacketInfo& pk, int* out) const {
  auto busy = [this](int o) {
    int n = 0;
    const OutputUnit& u = out_[size_t(o)];
    for (int v = 0; v < u.channels; ++v) n += u.holder[size_t(v)] >= 0;
    return n;
  };
  auto hops = [&](int o) { return std::abs(g_.offset(node_, pk.dest, MeshGeometry::dim_of(o))); };
  return selection_order(policy(pk).c.selection, ports, pk.id, pk.hops, busy, hops, out);
}

uint64_t WormholeRouter::preferred(const InputVc& in, uint64_t allowed) const {
  const PacketInfo& pk = packets_[in.fifo.front().flit.packet];
  const uint32_t minimal = in.route & minimal_routes(g_, node_, pk.dest, true);
  const uint64_t port_channels = bit(vcs_) - 1;
  int order[32];
  for (uint32_t ports : {minimal, in.route & ~minimal}) {
    const int n = order_of(ports, pk, order);
    for (int i = 0; i < n; ++i)
      if (const uint64_t mine = allowed & (port_channels << (order[i] * vcs_))) return mine;
  }
  return 0;
}

bool WormholeRouter::head_admitted(const InputVc& in, int oc, int64_t t) {
  const PacketInfo& pk = packets_[in.fifo.front().flit.packet];
  const bool whole = classes_ ? policy(pk).whole_room : whole_room_;
  const int o = oc / vcs_, v = oc % vcs_;
  return out_[size_t(o)].link->admits_head(t, admits_by_length_ ? pk.flits : 1, v, admits_by_length_ && whole);
}

std::pair<int64_t, uint64_t> WormholeRouter::age(int ch) const {
  const PacketInfo& pk = packets_[input(ch).fifo.front().flit.packet];
  return {pk.tsent, pk.id};
}

// Hop-count format: the front header's dimension is done; drop it (one cycle of this input)
// and let the flit behind it lead the packet.
bool WormholeRouter::strip_header(int ch, int64_t t) {
  InputVc& in = input(ch);
  const int port = in.port;
  const Flit f = in.fifo.front().flit;
  in.fifo.pop();
  if (log_.activity) log_.activity->stripped(node_);
  if (port == 0 && f.seq == 0) injectors_[size_t(ch)]->head_left(t);  // the packet's first flit leaves its source
  credit_departure(in, f, t, f.head ? packets_[f.packet].flits : 0);
  in.promote = true;  // the next flit of this input leads the packet now
  if (in.fifo.empty()) occupied_ &= ~bit(ch);
  in.routed = false;
  in.front_since = t + 1;
  log_.last_move = t;
  ++log_.flits_stripped;
  return true;
}

// Channel assignment: heads at the front of unbound input channels, output channels free at
// the start of the cycle whose far FIFO admits them (credits as of the start of the cycle).
template <bool Lean>
KNCSIM_HOT_FLATTEN void WormholeRouter::assign_channels_now(int64_t t, uint64_t& stripped) {
  uint64_t ready = 0;
  uint32_t wanted = 0;
  for (uint64_t m = occupied_ & ~bound_; m; m &= m - 1) {
    const int ch = lowest_bit(m);
    InputVc& in = input(ch);
    if (in.promote) {
      in.fifo.front().flit.head = true;
      in.promote = false;
    }
    const TimedFlit& f = in.fifo.front();
    if (f.arrival > t) continue;
    if (!in.routed) {
      int64_t eligible = std::max(f.arrival, in.front_since) + p_.routing_delay;
      if (!Lean && any_store_and_forward_ && policy(packets_[f.flit.packet]).store_and_forward) {  // packet switching: not before its tail has arrived here
        const int64_t tail = in.fifo.arrival_of(size_t(packets_[f.flit.packet].flits) - 1);
        if (tail < 0) continue;  // its tail is not on its way yet: the link wakes us as flits come
        eligible = std::max(eligible, tail);
      }
      in.route = route_of<Lean>(f.flit, in.port);
      in.eligible = eligible;
      in.routed = true;
    }
    if (in.eligible > t) continue;
    if (in.route == 0) {  // a finished hop-count header
      stripped |= strip_header(ch, t);
      continue;
    }
    ready |= bit(ch);
    wanted |= in.route;
  }
  if (!ready) return;
  // Output channels each head may take: routed there, free at the start of the cycle, and the
  // far FIFO admits its packet (credits as of the start of the cycle; lengths may differ).
  uint64_t free = 0;
  for (uint32_t m = wanted; m; m &= m - 1) {
    const int o = __builtin_ctz(m);
    const OutputUnit& out = out_[size_t(o)];
    for (int v = 0; v < out.channels; ++v)
      if (out.holder[size_t(v)] < 0) free |= bit(o * vcs_ + v);
  }
  uint64_t allowed[64];
  for (uint64_t r = ready; r; r &= r - 1) {
    const int ch = lowest_bit(r);
    const InputVc& in = input(ch);
    allowed[ch] = channels_of(in) & free;
    // The local output's channels have no link; models 1 and 3 assign a full FIFO's output too.
    const uint64_t on_links =
        Lean || p_.fifo_full == FifoFullPolicy::wait ? allowed[ch] & ~(bit(vcs_) - 1) : uint64_t{0};
    if (on_links) {
      int flits = 1;
      bool whole = false;
      if (admits_by_length_) {
        const PacketInfo& pk = packets_[in.fifo.front().flit.packet];
        flits = pk.flits;
        whole = !Lean && classes_ ? policy(pk).whole_room : whole_room_;
      }
      for (uint64_t m = on_links; m; m &= m - 1) {
        const int oc = lowest_bit(m);
        const int o = vcs_ == 1 ? oc : oc / vcs_, v = vcs_ == 1 ? 0 : oc % vcs_;
        if (!out_[size_t(o)].link->admits_head(t, flits, v, whole)) allowed[ch] &= ~bit(oc);
      }
    }
    if (!Lean && (any_duato_ || any_prefer_)) {
      const Policy& pol = policy(packets_[in.fifo.front().flit.packet]);
      // Duato: an escape channel only when no adaptive one can be had.
      if (pol.duato_adaptive && (allowed[ch] & pol.duato_adaptive)) allowed[ch] &= pol.duato_adaptive;
      if (pol.prefer && allowed[ch]) allowed[ch] = preferred(in, allowed[ch]);  // a selection's narrowing
    }
  }
  auto grant = [this, t](int ch, int oc) {
        InputVc& in = input(ch);
        // Models 1 and 3: the arbiter's state moved though no flit may (a held output's FIFO is full,
        // or the assignment is dropped): evaluate again next cycle, as the listing would. Model 3
        // drops an assignment to an output whose far FIFO is full, the token having moved.
        if (!Lean && p_.fifo_full != FifoFullPolicy::wait) {
          rearbitrate_ = true;
          if (p_.fifo_full == FifoFullPolicy::abort && oc >= vcs_ && !head_admitted(in, oc, t)) return;
        }
        if (p_.history) {  // the packet's history: did its head wait here beyond the routing delay, how long
          const TimedFlit& head = in.fifo.front();
          PacketInfo& pk = packets_[head.flit.packet];
          const int64_t wait = t - head.arrival - p_.routing_delay;
          if (wait <= 0)
            ++pk.cut_throughs;
          else
            pk.blocked += int32_t(wait), pk.source_wait += in.port == 0 ? int32_t(wait) : 0;
        }
        in.bound = vcs_ == 1 ? oc : oc / vcs_;
        in.out_vc = vcs_ == 1 ? 0 : oc % vcs_;
        out_[size_t(in.bound)].holder[size_t(in.out_vc)] = int8_t(ch);
        bound_ |= bit(ch);
      };
  // One assignment over the heads `level`, from the output channels `still_free`.
  auto assign = [&](uint64_t level, uint64_t still_free, auto&& granted) {
    if (is_output_arbitration(p_.arbitration)) {
      arbitrate_outputs(
          p_.arbitration, oa_, nports_, vcs_, level, [&](int ch) { return allowed[ch] & still_free; },
          [this](int ch) { return input(ch).eligible; },
          [this](int ch) { return packets_[input(ch).fifo.front().flit.packet].src; }, granted);
      return;
    }
    allocate_channels(
        p_.arbitration, va_, nports_ * vcs_, level, [&allowed](int ch) { return allowed[ch]; },
        [this](int ch) { return age(ch); }, still_free, granted);
  };
  if (Lean || !any_priority_) {
    assign(ready, free, grant);
  } else {
    // Traffic classes by priority, highest first: each level assigns from what the levels above
    // left free (PP-MESS-SIM's priority arbitration).
    uint64_t left = ready, still_free = free;
    while (left) {
      int top = std::numeric_limits<int>::min();
      for (uint64_t m = left; m; m &= m - 1) top = std::max(top, priority_of(lowest_bit(m)));
      uint64_t level = 0;
      for (uint64_t m = left; m; m &= m - 1)
        if (priority_of(lowest_bit(m)) == top) level |= bit(lowest_bit(m));
      uint64_t taken = 0;
      assign(level, still_free, [&](int ch, int oc) {
        taken |= bit(oc);
        grant(ch, oc);
      });
      still_free &= ~taken;
      left &= ~level;
    }
  }
  if (!Lean && any_prefer_ && (ready & ~bound_)) commit_blocked(ready & ~bound_);
  if (!Lean && any_hybrid_ && (ready & ~bound_)) buffer_blocked(ready & ~bound_, t);
}

// PP-MESS-SIM's Ralg (its Fig. 7): a head tries its outputs in the selection's order once, when it
// first asks; if it gets none, it is buffered for (or, wormhole, waits on) the first minimal one,
// and stays with it.
void WormholeRouter::commit_blocked(uint64_t blocked) {
  for (uint64_t m = blocked; m; m &= m - 1) {
    InputVc& in = input(lowest_bit(m));
    const PacketInfo& pk = packets_[in.fifo.front().flit.packet];
    if (!policy(pk).prefer) continue;
    const uint32_t minimal = in.route & minimal_routes(g_, node_, pk.dest, true);
    if ((minimal & (minimal - 1)) == 0 && minimal == in.route) continue;  // one output already
    int order[32];
    order_of(minimal, pk, order);
    // Under Duato the dimension-order output stays: its escape channel keeps the class deadlock-free.
    in.route = 1u << order[0] | (policy(pk).duato_adaptive ? 1u << __builtin_ctz(minimal) : 0u);
  }
}

// Hybrid switching: a head that asked for an output this cycle and got none is blocked. If its
// packet spans hybrid_hops links or more and a packet buffer is free, the packet is buffered
// here: the FIFO is lent the slots the rest of the packet needs, credited to the link behind at
// once, so the packet drains in and releases the channels it holds; the lent slots' credits are
// kept back as flits leave.
void WormholeRouter::buffer_blocked(uint64_t blocked, int64_t t) {
  for (uint64_t m = blocked; m && buffers_free_ > 0; m &= m - 1) {
    const int ch = lowest_bit(m);
    InputVc& in = input(ch);
    if (in.buffered || !in.upstream) continue;  // buffered already, or at its source
    const PacketInfo& pk = packets_[in.fifo.front().flit.packet];
    if (!policy(pk).hybrid || pk.hops - pk.tail_hops < policy(pk).c.hybrid_hops) continue;  // short: it stalls in place
    const int64_t lend = int64_t(pk.flits) - in.fifo.capacity();
    if (in.fifo.arrival_of(size_t(pk.flits) - 1) >= 0) continue;  // all of it is here or on its way
    in.buffered = true;
    --buffers_free_;
    if (lend <= 0) continue;  // the FIFO holds it anyway
    in.fifo.extend_capacity(lend);
    in.borrowed += int32_t(lend);
    in.upstream->credit(int(lend), t, in.port ? ch % vcs_ : 0);
    ++log_.packets_buffered;
  }
}


void WormholeRouter::evaluate() {
  if (lean_)
    evaluate_as<true>();
  else
    evaluate_as<false>();
}

template <bool Lean>
void WormholeRouter::evaluate_as() {
  const int64_t t = calendar_.now();  // the clock process began this cycle before notifying us
  if (pins_) pins_->clear_pulses();
  uint64_t stripped = 0;
  if (occupied_ & ~bound_) assign_channels_now<Lean>(t, stripped);  // heads waiting for an output

  // The crossbar: one flit per bound input channel; with virtual channels, one per input port
  // and output port, as switch allocation grants.
  bool moved = stripped || rearbitrate_;
  rearbitrate_ = false;
  if (vcs_ == 1) {
    for (uint64_t m = occupied_ & bound_; m; m &= m - 1) moved |= move_flit<Lean>(lowest_bit(m), t);
  } else {
    uint64_t wants[32] = {};
    for (uint64_t m = occupied_ & bound_; m; m &= m - 1) {
      const int ch = lowest_bit(m);
      InputVc& in = input(ch);
      const TimedFlit& f = in.fifo.front();
      FlitLink* link = out_[size_t(in.bound)].link;
      if (f.arrival > t || (link && !f.flit.head && !link->admits_body(t, in.out_vc))) continue;
      // Model 1: a head holding an output whose far FIFO is full waits for room.
      if (!Lean && link && f.flit.head && p_.fifo_full == FifoFullPolicy::assign_blocked &&
          !head_admitted(in, in.bound * vcs_ + in.out_vc, t))
        continue;
      wants[in.bound] |= bit(ch);
    }
    if (!Lean && any_priority_) {
      // Flit-level priority (PP-MESS-SIM's priority_crossbar): a flit crosses only if no flit of a
      // higher-priority class wants its output, or its input port.
      int port_top[32], out_top[32];
      std::fill(port_top, port_top + nports_, std::numeric_limits<int>::min());
      std::fill(out_top, out_top + nports_, std::numeric_limits<int>::min());
      for (int o = 0; o < nports_; ++o)
        for (uint64_t m = wants[o]; m; m &= m - 1) {
          const int ch = lowest_bit(m), pr = priority_of(ch);
          port_top[ch / vcs_] = std::max(port_top[ch / vcs_], pr);
          out_top[o] = std::max(out_top[o], pr);
        }
      for (int o = 0; o < nports_; ++o)
        for (uint64_t m = wants[o]; m; m &= m - 1) {
          const int ch = lowest_bit(m), pr = priority_of(ch);
          if (pr < port_top[ch / vcs_] || pr < out_top[o]) wants[o] &= ~bit(ch);
        }
    }
    allocate_switch(p_.arbitration, sa_, nports_, vcs_, wants, [this](int ch) { return age(ch); },
                    [&](int ch, int) { moved |= move_flit<Lean>(ch, t); });
  }
  int64_t next = moved ? t + 1 : next_wake(t);
  if (pins_) {
    update_pins(t);
    next = t + 1;  // pins fall back to idle next cycle
  }
  if (next != kNever) wake_at(next);
}

void WormholeRouter::trace(sc_core::sc_trace_file* tf, const std::vector<std::string>& port_names) {
  pins_ = std::make_unique<LinkPins>(tf, std::string(name()), port_names);
  wake_at(0);
}

void WormholeRouter::update_pins(int64_t t) {
  for (int p = 0; p < nports_; ++p) {
    if (out_[size_t(p)].link) pins_->out[p].credits = out_[size_t(p)].link->credits(t);
    size_t occupancy = 0;
    for (int v = 0; v < vcs_; ++v) occupancy += chans_[size_t(p * vcs_ + v)].fifo.arrived_by(t);
    pins_->in[p].occupancy = uint32_t(occupancy);
  }
}

template <bool Lean>
KNCSIM_HOT_FLATTEN bool WormholeRouter::move_flit(int ch, int64_t t) {
  InputVc& in = input(ch);
  const int port = in.port, o = in.bound;
  const TimedFlit& front = in.fifo.front();
  if (front.arrival > t) return false;
  const Flit f = front.flit;  // the FIFO's front changes at pop
  OutputUnit& out = out_[size_t(o)];
  // Only a head needs its packet's header fields (length for cut-through room, hop count):
  // body flits stream without touching the packet table.
  const int flits = f.head ? packets_[f.packet].flits : 0;
  if (out.link) {
    if (!f.head && !out.link->admits_body(t, in.out_vc)) return false;
    if (!Lean && f.head && p_.fifo_full == FifoFullPolicy::assign_blocked && !head_admitted(in, o * vcs_ + in.out_vc, t))
      return false;  // model 1: it holds the output and waits for room
    if (f.head) {
      PacketInfo& pk = packets_[f.packet];
      ++pk.hops;
      pk.at = g_.neighbour(node_, o);
      pk.since = t;
    }
    if (!Lean && f.tail && any_hybrid_) ++packets_[f.packet].tail_hops;
    // Most flits go on as they came (one virtual channel: every body flit): sent from the
    // FIFO's front (still there until pop), as one block, not rebuilt field by field.
    Flit relabelled;
    const Flit* sent = &front.flit;
    if (f.vc != in.out_vc || (f.head && f.header)) {
      relabelled = f;
      relabelled.vc = uint8_t(in.out_vc);
      if (f.head && f.header) relabelled.hops = int16_t(f.hops - (f.hops > 0 ? 1 : -1));  // one hop done
      sent = &relabelled;
    }
    out.link->send(*sent, t, flits);
  }
  in.fifo.pop();
  if (port == 0 && f.seq == 0) injectors_[Lean ? 0 : size_t(ch)]->head_left(t);  // one class: one local channel
  const bool credited = credit_departure<Lean>(in, f, t, flits);
  if (pins_) {
    pins_->out[o] = OutputPins{true, packets_[f.packet].id, f.seq, f.head, f.tail, pins_->out[o].credits};
    pins_->in[port].credit = credited;
  }
  log_.last_move = t;
  if (f.tail) {
    if (!Lean && any_hybrid_ && in.buffered) {
      in.buffered = false;
      ++buffers_free_;
    }
    out.holder[size_t(in.out_vc)] = -1;
    in.bound = -1;
    bound_ &= ~bit(ch);
    in.routed = false;
    in.front_since = t + 1;
  }
  if (in.fifo.empty()) occupied_ &= ~bit(ch);
  if (!out.link) ejector_->eject(f, t + 1);  // may release the packet: last
  return true;
}

// Nothing moved this cycle: sleep until a front flit arrives, a head becomes eligible, or a
// credit or ack this router waits for comes back (those also wake it when they are sent).
int64_t WormholeRouter::next_wake(int64_t t) const {
  int64_t next = kNever;
  for (uint64_t m = occupied_; m; m &= m - 1) {
    const InputVc& in = input(lowest_bit(m));
    const int64_t a = in.fifo.front().arrival;
    if (a > t) {
      next = std::min(next, a);
      continue;
    }
    if (in.bound < 0 && in.routed && in.eligible > t) next = std::min(next, in.eligible);
    uint32_t waits = in.bound >= 0 ? 1u << in.bound : in.route;
    for (waits &= ~1u; waits; waits &= waits - 1) {
      const int64_t c = out_[size_t(__builtin_ctz(waits))].link->next_change(t);
      if (c > t) next = std::min(next, c);
    }
  }
  return next;
}

size_t WormholeRouter::flits_buffered() const {
  size_t n = 0;
  for (const InputVc& v : chans_) n += v.fifo.size();
  return n;
}

uint32_t WormholeRouter::route_of_front(int ch) const {
  const InputVc& in = input(ch);
  if (in.fifo.empty() || !in.fifo.front().flit.head) return 0;
  return route_of(in.fifo.front().flit, in.port);
}

}  // namespace kncsim
