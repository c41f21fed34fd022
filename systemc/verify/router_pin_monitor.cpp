#include "verify/router_pin_monitor.hpp"

#include <fmt/format.h>

#include <cstdlib>

#include "router/routing.hpp"
#include "router/vc_classes.hpp"


namespace kncsim {

RouterPinMonitor::RouterPinMonitor(uint32_t node, const MeshGeometry& g, const RouterMonitorParams& p,
                                   const PacketTable& packets, Report broken)
    : node_(node), g_(g), p_(p), packets_(packets), broken_(std::move(broken)),
      out_(size_t(p.ports * p.vcs)), held_(size_t(p.ports * p.vcs), 0), heads_(size_t(p.ports * p.vcs)) {
  linked_[0] = true;
  for (auto& c : out_) c.credits = p_.depth;
}

uint32_t RouterPinMonitor::profitable(uint32_t dest) const {
  uint32_t mask = 0;
  for (int k = 0; k < g_.dims(); ++k) {
    const int hops = g_.offset(node_, dest, k);
    if (hops == 0) continue;
    mask |= 1u << (hops > 0 ? MeshGeometry::succ(k) : MeshGeometry::pred(k));
    // On a torus, halfway round is as short either way.
    if (g_.torus() && 2 * std::abs(hops) == g_.radix(k)) mask |= 1u << (hops > 0 ? MeshGeometry::pred(k) : MeshGeometry::succ(k));
  }
  return mask ? mask : 1u;
}

// The VCs a head for `pk` may take on output `port` (router/vc_classes.hpp, the routing
// function's VC part): the dateline class; with Duato's adaptive routing, the escape class on
// the dimension-order output and every adaptive VC (2 up) on any profitable one.
uint32_t RouterPinMonitor::vc_classes(const PacketInfo& pk, int port) const {
  if (!p_.adaptive) return output_vcs(g_, node_, pk.src, port, p_.vcs);
  uint32_t allowed = ((1u << p_.vcs) - 1) & ~3u;
  if (minimal_routes(g_, node_, pk.dest, false) >> port & 1) allowed |= output_vcs(g_, node_, pk.src, port, 2);
  return allowed;
}

std::string RouterPinMonitor::node_text() const {
  std::string c;
  for (int k = 0; k < g_.dims(); ++k) c += fmt::format("{}{}", k ? ", " : "", g_.coord(node_, k));
  return fmt::format("node {} ({})", node_, c);
}

std::string RouterPinMonitor::port_text(int port, int vc) const {
  std::string s = fmt::format("port {} ({})", port, MeshGeometry::port_name(port));
  return p_.vcs > 1 && vc >= 0 ? s + fmt::format(" VC {}", vc) : s;
}

std::string RouterPinMonitor::history_text(int port) const {
  const size_t n = seen_[size_t(port)];
  if (n == 0) return "none";
  std::string s;
  for (size_t i = n > kHistory ? n - kHistory : 0; i < n; ++i) {
    const Seen& x = history_[size_t(port)][i % kHistory];
    s += fmt::format("{}cycle {}: packet {} flit {} ({}{})", s.empty() ? "" : "; ", x.cycle, x.packet, x.index,
                     x.head ? "head" : x.tail ? "tail" : "body", p_.vcs > 1 ? fmt::format(", VC {}", x.vc) : "");
  }
  return s;
}

bool RouterPinMonitor::broke(const std::string& rule, int port, int vc, const std::string& what, int64_t t,
                             const Flit* f, int index, int history_port) {
  std::string report = fmt::format("cycle {}, {}, {}: {}: {}", t, node_text(), port_text(port, vc), rule, what);
  if (f && !packets_.holds(f->packet)) {
    report += fmt::format("; the flit: tag {} (no packet has that slot)", f->packet);
  } else if (f) {
    const PacketInfo& pk = packets_[f->packet];
    report += fmt::format("; the flit: packet {} (node {} to {}) flit {} ({}{})", pk.id, pk.src, pk.dest,
                          index < 0 ? std::string("?") : std::to_string(index), f->head ? "head" : f->tail ? "tail" : "body",
                          f->head && f->tail ? ", also a tail" : "");
  }
  if (history_port >= 0) report += fmt::format("; the last flits out of that port: {}", history_text(history_port));
  broken_(rule, t, report);
  return p_.count;  // counted: go on as if it were right; else (the report stops the run) never here
}

bool RouterPinMonitor::outputs_broken(uint32_t valid_mask, int64_t t) {
  const uint32_t past = valid_mask & ~((1u << p_.ports) - 1);
  return broke("NoSuchOutput_M", __builtin_ctz(past), -1,
               fmt::format("a flit on an output past the router's {} ports", p_.ports), t);
}

bool RouterPinMonitor::flit_out_slow(int port, const Flit& f, uint64_t dest_coords, int len, int64_t t) {
  if (!linked_[size_t(port)])
    return broke("NoSuchOutput_M", port, -1, "a flit on an output with no link (the network's edge)", t, &f);
  if (f.vc >= p_.vcs)
    return broke("VcRange_M", port, f.vc, fmt::format("a flit on VC {} of a link with {}", int(f.vc), p_.vcs), t, &f);
  OutChannel& ch = out_[size_t(port * p_.vcs + f.vc)];
  if (!packets_.holds(f.packet))
    return broke("UnknownPacket_M", port, f.vc, fmt::format("a flit whose tag {} names no packet", f.packet), t, nullptr, -1, port);
  // Framing, per output channel: a head opens a packet, its flits follow, its tail closes it.
  // What a body is checked against is the head's, kept in the channel: a body costs no lookup.
  if (f.head) {
    if (ch.open &&
        !broke("HeadInsidePacket_M", port, f.vc,
               fmt::format("a head while packet {} is still open on the channel ({} of its {} flits sent)", ch.id,
                           ch.next, ch.flits), t, &f, 0, port))
      return false;
    const PacketInfo& pk = packets_[f.packet];
    uint64_t want = 0;
    for (int k = 0; k < g_.dims(); ++k) want |= uint64_t(g_.coord(pk.dest, k)) << (k * p_.coord_bits);
    if ((dest_coords != want || len != pk.flits) &&
        !broke("HeaderCorrupt_M", port, f.vc,
               fmt::format("its header says destination field {:#x} and length {}; the packet's are {:#x} (node {}) "
                           "and {}", dest_coords, len, want, pk.dest, pk.flits), t, &f, 0, port))
      return false;
    if (!(profitable(pk.dest) >> port & 1) &&
        !broke("Misrouted_M", port, f.vc,
               fmt::format("a head for node {} on an output that brings it no closer (not a minimal route)", pk.dest), t,
               &f, 0, port))
      return false;
    if (g_.torus() && p_.vcs >= 2 && port != 0 && !(vc_classes(pk, port) >> f.vc & 1) &&
        !broke("VcClass_M", port, f.vc,
               fmt::format("a head on VC {}, which its routing does not allow here: the allowed are {:#x} (a torus's "
                           "dateline classes: even VCs until the packet takes dimension {}'s wraparound, odd ones "
                           "after{})",
                           int(f.vc), vc_classes(pk, port), MeshGeometry::dim_of(port),
                           p_.adaptive ? "; Duato: those on the dimension-order output only, VC 2 up anywhere" : ""),
               t, &f, 0, port))
      return false;
    const int in = head_out(f.packet, port, f.vc);
    if (in < 0 &&
        !broke("NotHeld_M", port, f.vc,
               "a head of a packet the router does not hold (never received, or sent on already: a duplicate)", t, &f,
               0, port))
      return false;
    ch.packet = f.packet;
    ch.id = pk.id;
    ch.flits = pk.flits;
    ch.dest_field = want;
    ch.next = 0;
  } else {
    if (!ch.open) {
      broke("BodyOutsidePacket_M", port, f.vc, "a body flit with no packet open on the channel", t, &f, -1, port);
      return false;
    }
    if (f.packet != ch.packet) {
      broke("Interleaved_M", port, f.vc, fmt::format("a flit of packet {} inside packet {}", packets_[f.packet].id, ch.id),
            t, &f, -1, port);
      return false;
    }
    if ((dest_coords != ch.dest_field || len != ch.flits) &&
        !broke("HeaderCorrupt_M", port, f.vc,
               fmt::format("its header says destination field {:#x} and length {}; its head's said {:#x} and {}",
                           dest_coords, len, ch.dest_field, ch.flits), t, &f, ch.next, port))
      return false;
  }
  const int index = ch.next;
  if (f.tail != (index == ch.flits - 1) &&
      !broke("Framing_M", port, f.vc,
             f.tail ? fmt::format("a tail at flit {} of a {}-flit packet", index, ch.flits)
                    : fmt::format("the last flit of a {}-flit packet without its tail bit", ch.flits),
             t, &f, index, port))
    return false;
  // Credits: the FIFO downstream (none at the local output: the sink takes every flit). A
  // flit takes one; cut-through, a head takes its packet's room and the rest take none.
  const int64_t needs = port == 0 ? 0 : !p_.packet_credits ? 1 : f.head ? ch.flits : 0;
  if (needs > ch.credits &&
      !broke("NoCredit_M", port, f.vc,
                 fmt::format("{} with {} credit(s) left of the FIFO downstream's {} flits",
                             p_.packet_credits ? fmt::format("a head needing room for {} flits", needs)
                                               : std::string("a flit sent"), ch.credits, p_.depth),
                 t, &f, index, port))
    return false;
  ch.credits -= needs;
  if (p_.coverage) covered_flit(port, ch, needs, f.tail, t);
  ch.open = !f.tail;
  ch.next = index + 1;
  history_[size_t(port)][seen_[size_t(port)]++ % kHistory] = Seen{t, ch.id, index, f.head, f.tail, int(f.vc)};
  return true;
}

bool RouterPinMonitor::credit_in_broken(int port, int vc, int amount, int64_t t) {
  if (vc >= p_.vcs) return broke("VcRange_M", port, vc, fmt::format("a credit for VC {} of a link with {}", vc, p_.vcs), t);
  return broke("CreditBeyondDepth_M", port, vc,
               fmt::format("{} credit(s) from downstream make {}, beyond the FIFO's {} flits", amount,
                           out_[size_t(port * p_.vcs + vc)].credits + amount, p_.depth), t);
}

bool RouterPinMonitor::pop_broken(int port, int64_t t) {
  return broke("PopEmpty_M", port, -1, "the input popped with no flit in its FIFO", t);
}

bool RouterPinMonitor::credit_out_broken(int port, int vc, int amount, int64_t t) {
  if (vc >= p_.vcs)
    return broke("VcRange_M", port, vc, fmt::format("a credit returned for VC {} of a link with {}", vc, p_.vcs), t);
  const int64_t owed = owed_[size_t(port)], held = held_[size_t(port * p_.vcs + vc)];
  if (!p_.packet_credits && amount > owed)
    return broke("CreditForNoFlit_M", port, vc,
                 fmt::format("{} credit(s) returned upstream with {} flit(s) popped from the input and not yet credited",
                             amount, owed), t);
  return broke("CreditForNoFlit_M", port, vc,
               fmt::format("{} credit(s) returned upstream with {} received on the channel and not yet credited", amount,
                           held), t);
}

std::string RouterPinMonitor::stall_report() const {
  std::string s;
  // (Cut-through credits a packet's room at its head, not per flit; the local input is fed by
  // the NI, not by credits.)
  for (int port = 1; port < p_.ports && !p_.packet_credits; ++port)
    if (owed_[size_t(port)] > 0)
      s += fmt::format("{}{} flit(s) popped from input {} not credited back (no credit since cycle {})",
                       s.empty() ? "" : "; ", owed_[size_t(port)], port_text(port, -1), owed_since_[size_t(port)]);
  for (int port = 0; port < p_.ports; ++port)
    for (int vc = 0; vc < p_.vcs; ++vc) {
      const OutChannel& ch = out_[size_t(port * p_.vcs + vc)];
      if (!ch.open || (port != 0 && ch.credits <= 0)) continue;
      const size_t n = seen_[size_t(port)];
      s += fmt::format("{}output {} holds packet {} open after {} of its {} flits {}, its last flit out at cycle {}",
                       s.empty() ? "" : "; ", port_text(port, vc), ch.id, ch.next, ch.flits,
                       port == 0 ? std::string("(the sink takes every flit)")
                                 : fmt::format("with {} credit(s) left", ch.credits),
                       n ? history_[size_t(port)][(n - 1) % kHistory].cycle : -1);
    }
  return s.empty() ? s : node_text() + ": " + s;
}

// Heads, per input channel in the order they landed: each channel's oldest is its next packet.
void RouterPinMonitor::head_in(int port, int vc, uint32_t slot, int64_t arrival) {
  std::vector<HeadIn>& q = heads_[size_t(port * p_.vcs + vc)];
  const PacketInfo& pk = packets_[slot];
  const uint32_t want = p_.adaptive ? profitable(pk.dest) : minimal_routes(g_, node_, pk.dest, false);
  q.push_back(HeadIn{slot, arrival, want});
  if (p_.coverage && q.size() == 1) count_requesters(want);
}

int RouterPinMonitor::head_out(uint32_t slot, int port, int vc) {
  for (size_t c = 0; c < heads_.size(); ++c) {
    std::vector<HeadIn>& q = heads_[c];
    for (size_t i = 0; i < q.size(); ++i) {
      if (q[i].slot != slot) continue;
      const int in = int(c) / p_.vcs;
      if (p_.coverage && vc < p_.vcs) {
        NetworkCoverage& cov = *p_.coverage;
        cov.turn(node_, in, port);
        if (port != 0) {
          cov.vc_used(port, vc);
          // Blocked: no room downstream when it landed, and it left once room came back.
          const OutChannel& ch = out_[size_t(port * p_.vcs + vc)];
          if (ch.room_back_at >= q[i].arrival && ch.gone_before_back <= q[i].arrival && !ch.room_back_open)
            cov.head_blocked(port);
        }
      }
      q.erase(q.begin() + std::ptrdiff_t(i));
      if (p_.coverage && i == 0 && !q.empty()) count_requesters(q.front().want);
      return in;
    }
  }
  return -1;
}

void RouterPinMonitor::count_requesters(uint32_t want) {
  for (uint32_t m = want; m; m &= m - 1) {
    const int o = __builtin_ctz(m);
    uint32_t inputs = 0;
    for (size_t c = 0; c < heads_.size(); ++c)
      if (!heads_[c].empty() && (heads_[c].front().want >> o & 1)) inputs |= 1u << (int(c) / p_.vcs);
    p_.coverage->requesters(__builtin_popcount(inputs));
  }
}

// Credits landing at t + 1 (credit_in in cycle t) bring the room for a flit (a packet) back.
void RouterPinMonitor::room_came_back(OutChannel& ch, int amount, int64_t t) {
  const int64_t unit = p_.packet_credits ? std::max(1, ch.flits) : 1;
  if (ch.credits < unit && ch.credits + amount >= unit) {
    ch.room_back_at = t + 1;
    ch.gone_before_back = ch.room_gone_at;
    ch.room_back_open = ch.open;
  }
}

// A flit sent in cycle t took `needs` credits: the room downstream may be gone, and the output
// back-pressured (wormhole: no credit left inside a packet; cut-through: no room for another).
void RouterPinMonitor::covered_flit(int port, OutChannel& ch, int64_t needs, bool tail, int64_t t) {
  if (port == 0) return;  // the sink takes every flit
  const int64_t unit = p_.packet_credits ? std::max(1, ch.flits) : 1;
  if (needs && ch.credits < unit && ch.credits + needs >= unit) ch.room_gone_at = t;
  if (p_.packet_credits ? tail && ch.credits < ch.flits : ch.credits == 0 && !tail) p_.coverage->backpressure(port);
}

}  // namespace kncsim
