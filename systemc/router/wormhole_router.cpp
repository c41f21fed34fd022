#include "router/wormhole_router.hpp"

#include <algorithm>
#include <limits>

#include "router/routing.hpp"

namespace kncsim {
namespace {
constexpr int64_t kNever = std::numeric_limits<int64_t>::max();
}

WormholeRouter::WormholeRouter(sc_core::sc_module_name name, uint32_t node, const MeshGeometry& g,
                               const RouterParams& p, PacketTable& packets, DeliveryLog& log,
                               WakeCalendar& calendar)
    : sc_module(name), calendar_(calendar), node_(node), g_(g), p_(p), packets_(packets), log_(log), nports_(g.ports()),
      out_(size_t(g.ports())) {
  in_.reserve(size_t(nports_));
  in_.push_back(InPort{FlitFifo(FlitFifo::kUnbounded)});  // the NI's injection queue
  for (int i = 1; i < nports_; ++i) in_.push_back(InPort{FlitFifo(p.fifo_flits)});
  SC_METHOD(evaluate);
  sensitive << wake_;
  dont_initialize();
}

void WormholeRouter::wake_at(int64_t cycle) { calendar_.wake(node_, cycle, calendar_.now()); }

// The outputs the front flit `head` may take: from the packet's destination, or in the
// hop-count format from its header (0 while a finished header waits to be stripped).
uint32_t WormholeRouter::route_of(const Flit& head) const {
  if (!p_.hop_count_headers) return minimal_routes(g_, node_, packets_[head.packet].dest, p_.adaptive);
  if (!head.header) return 1u;  // every header stripped: for the local PE
  if (head.hops == 0) return 0;
  return 1u << (head.hops > 0 ? MeshGeometry::succ(head.dim) : MeshGeometry::pred(head.dim));
}

// Hop-count format: the front header's dimension is done; drop it (one cycle of this input)
// and let the flit behind it lead the packet.
bool WormholeRouter::strip_header(int i, int64_t t) {
  InPort& in = in_[i];
  const Flit f = in.fifo.front().flit;
  in.fifo.pop();
  if (i == 0 && f.seq == 0) injector_->head_left(t);  // the packet's first flit leaves its source
  if (in.upstream) in.upstream->departed(f, t, f.head ? packets_[f.packet].flits : 0);
  in.promote = true;  // the next flit of this input leads the packet now
  if (in.fifo.empty()) occupied_ &= ~(1u << i);
  in.routed = false;
  in.front_since = t + 1;
  log_.last_move = t;
  ++log_.flits_stripped;
  return true;
}

void WormholeRouter::evaluate() {
  const int64_t t = calendar_.now();  // the clock process began this cycle before notifying us
  if (pins_) pins_->clear_pulses();
  occupied_ = 0;  // links and the NI write into the FIFOs directly
  for (int i = 0; i < nports_; ++i)
    if (!in_[i].fifo.empty()) occupied_ |= 1u << i;

  // Channel assignment: heads at the front of unbound inputs, outputs free at the start of
  // the cycle whose far FIFO admits them (credits as of the start of the cycle).
  unsigned ready = 0, wanted = 0, busy = 0;
  bool stripped = false;
  for (int o = 0; o < nports_; ++o)
    if (out_[o].bound >= 0) busy |= 1u << o;
  for (unsigned m = occupied_; m; m &= m - 1) {
    const int i = __builtin_ctz(m);
    InPort& in = in_[i];
    if (in.bound >= 0) continue;
    if (in.promote) {
      in.fifo.front().flit.head = true;
      in.promote = false;
    }
    const TimedFlit& f = in.fifo.front();
    if (f.arrival > t) continue;
    if (!in.routed) {
      in.route = route_of(f.flit);
      in.eligible = std::max(f.arrival, in.front_since) + p_.routing_delay;
      in.routed = true;
    }
    if (in.eligible > t) continue;
    if (in.route == 0) {  // a finished hop-count header
      stripped |= strip_header(i, t);
      continue;
    }
    ready |= 1u << i;
    wanted |= in.route;
  }
  if (ready) {
    // Outputs each head may take: routed there, free at the start of the cycle, and the far
    // FIFO admits its packet (credits as of the start of the cycle; lengths may differ).
    uint32_t allowed[32];
    const unsigned free = wanted & ~busy;
    for (unsigned r = ready; r; r &= r - 1) {
      const int i = __builtin_ctz(r);
      const int flits = packets_[in_[i].fifo.front().flit.packet].flits;
      allowed[i] = in_[i].route & free;
      for (unsigned m = allowed[i] & ~1u; m; m &= m - 1) {
        const int o = __builtin_ctz(m);
        if (!out_[o].link->admits_head(t, flits)) allowed[i] &= ~(1u << o);
      }
    }
    assign_channels(token_, nports_, ready, [&allowed](int i) { return allowed[i]; }, free,
                    [this](int i, int o) {
                      in_[i].bound = o;
                      out_[o].bound = i;
                    });
  }

  // The crossbar: one flit per bound input.
  bool moved = stripped;
  for (unsigned m = occupied_; m; m &= m - 1) {
    const int i = __builtin_ctz(m);
    if (in_[i].bound >= 0) moved |= move_flit(i, t);
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
    if (out_[p].link) pins_->out[p].credits = out_[p].link->credits(t);
    pins_->in[p].occupancy = uint32_t(in_[p].fifo.arrived_by(t));
  }
}

bool WormholeRouter::move_flit(int i, int64_t t) {
  InPort& in = in_[i];
  const int o = in.bound;
  const TimedFlit tf = in.fifo.front();
  if (tf.arrival > t) return false;
  const Flit& f = tf.flit;
  OutPort& out = out_[o];
  // Only a head needs its packet's header fields (length for cut-through room, hop count):
  // body flits stream without touching the packet table.
  const int flits = f.head ? packets_[f.packet].flits : 0;
  if (out.link) {
    if (!f.head && !out.link->admits_body(t)) return false;
    Flit sent = f;
    if (f.head) {
      ++packets_[f.packet].hops;
      if (sent.header) sent.hops = int16_t(sent.hops - (sent.hops > 0 ? 1 : -1));  // one hop done
    }
    out.link->send(sent, t, flits);
  }
  in.fifo.pop();
  if (i == 0 && f.seq == 0) injector_->head_left(t);
  const bool credited = in.upstream && in.upstream->departed(f, t, flits);
  if (pins_) {
    pins_->out[o] = OutputPins{true, packets_[f.packet].id, f.seq, f.head, f.tail, pins_->out[o].credits};
    pins_->in[i].credit = credited;
  }
  log_.last_move = t;
  if (f.tail) {
    in.bound = -1;
    out.bound = -1;
    in.routed = false;
    in.front_since = t + 1;
  }
  if (in.fifo.empty()) occupied_ &= ~(1u << i);
  if (!out.link) ejector_->eject(f, t + 1);  // may release the packet: last
  return true;
}

// Nothing moved this cycle: sleep until a front flit arrives, a head becomes eligible, or a
// credit or ack this router waits for comes back (those also wake it when they are sent).
int64_t WormholeRouter::next_wake(int64_t t) const {
  int64_t next = kNever;
  for (unsigned m = occupied_; m; m &= m - 1) {
    const InPort& in = in_[__builtin_ctz(m)];
    const int64_t a = in.fifo.front().arrival;
    if (a > t) {
      next = std::min(next, a);
      continue;
    }
    if (in.bound < 0 && in.routed && in.eligible > t) next = std::min(next, in.eligible);
    uint32_t waits = in.bound >= 0 ? 1u << in.bound : in.route;
    for (waits &= ~1u; waits; waits &= waits - 1) {
      const int64_t c = out_[__builtin_ctz(waits)].link->next_change(t);
      if (c > t) next = std::min(next, c);
    }
  }
  return next;
}

size_t WormholeRouter::flits_buffered() const {
  size_t n = 0;
  for (const auto& in : in_) n += in.fifo.size();
  return n;
}

uint32_t WormholeRouter::route_of_front(int i) const {
  const InPort& in = in_[i];
  if (in.fifo.empty() || !in.fifo.front().flit.head) return 0;
  return route_of(in.fifo.front().flit);
}

}  // namespace kncsim
