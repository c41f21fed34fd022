#include "verify/sci_pin_monitor.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "verify/sci_coverage.hpp"

namespace kncsim {
namespace {

bool answer(SciKind k) { return !is_send(k); }
const char* kind_name(SciKind k) {
  return k == SciKind::address ? "address" : k == SciKind::data ? "data" : k == SciKind::echo ? "echo" : "nack";
}

}  // namespace

SciPinMonitor::SciPinMonitor(uint32_t node, const RingGeometry& g, const SciMonitorParams& p, Report broken)
    : node_(node), g_(g), p_(p), broken_(std::move(broken)), rings_(size_t(p.dims)) {}

int SciPinMonitor::flits_of(SciKind k) const {
  return k == SciKind::data ? p_.data_flits : is_send(k) ? p_.address_flits : p_.echo_flits;
}

// Where a packet coming in on ring d leaves it: a send packet at its destination's coordinate
// (it goes on to the next ring, or to the CPU), an answer at its target.
bool SciPinMonitor::leaves_here(int d, const Packet& p) const {
  return is_send(p.kind) ? g_.coord(node_, d) == g_.coord(p.dest, d) : p.target == node_;
}

std::string SciPinMonitor::node_text() const {
  std::string c;
  for (int d = 0; d < p_.dims; ++d) c += fmt::format("{}{}", d ? ", " : "", g_.coord(node_, d));
  return fmt::format("node {} ({})", node_, c);
}

std::string SciPinMonitor::packet_text(const Packet& p) {
  return fmt::format("{} of message {:#x} (node {} to {}, target {})", kind_name(p.kind), p.id, p.src, p.dest, p.target);
}

bool SciPinMonitor::broke(const std::string& rule, int d, const std::string& what, int64_t t) {
  broken_(rule, t, fmt::format("cycle {}, {}, ring {}: {}: {}", t, node_text(), d, rule, what));
  return false;
}

bool SciPinMonitor::ring_in(int d, const RingFlit& f, int64_t t) {
  Ring& r = rings_[size_t(d)];
  if (f.head) {
    r.in = Packet{f.id, f.kind, f.src, f.dest, f.target, t + 1, false};
    r.in_open = true;
    r.in_strip = leaves_here(d, r.in);
    if (!r.in_strip) {
      r.passing.push_back(r.in);
      if (p_.coverage) {
        p_.coverage->hit(d, SciPoint::pass);
        if (p_.active_packets > 0 && int(r.active.size()) >= p_.active_packets)
          p_.coverage->hit(d, SciPoint::pass_with_active_full);
      }
    } else if (is_send(f.kind)) {
      r.answers.push_back(r.in);  // its echo or nack is owed, on this ring
    }
  }
  // An answer taken off here decides at its tail: a stomped echo's last flits say nack.
  if (f.tail && r.in_open) {
    r.in_open = false;
    if (r.in_strip && answer(r.in.kind)) {
      if (p_.coverage && r.in.kind == SciKind::echo && f.kind == SciKind::nack) p_.coverage->hit(d, SciPoint::stomped_echo);
      answer_in(d, r, f.kind, t);
    }
  }
  return true;
}

// An echo or nack for one of this node's packets: an echo frees its active buffer entry, a nack
// marks it to go again.
void SciPinMonitor::answer_in(int d, Ring& r, SciKind kind, int64_t t) {
  const auto it = std::find_if(r.active.begin(), r.active.end(), [&](const Packet& p) { return p.id == r.in.id; });
  if (it == r.active.end()) {
    broke("EchoForNothing_M", d,
          fmt::format("an {} for message {:#x} taken off here, whose packet this node's active buffer does not hold",
                      kind_name(kind), r.in.id),
          t);
    return;
  }
  if (p_.coverage) p_.coverage->hit(d, kind == SciKind::echo ? SciPoint::echo : SciPoint::nack);
  if (kind == SciKind::nack) {
    it->nacked = true;
    it->since = t + 1;
  } else {
    r.active.erase(it);
  }
}

bool SciPinMonitor::ring_out(int d, const RingFlit& f, int64_t t) {
  Ring& r = rings_[size_t(d)];
  if (f.head) {
    if (r.out_open)
      return broke("RingFraming_M", d,
                   fmt::format("a head while the {} is still going out ({} of its {} flits sent)", packet_text(r.out),
                               r.out_next, r.out_flits),
                   t);
    if (!out_head(d, r, f, t)) return false;
    r.out = Packet{f.id, f.kind, f.src, f.dest, f.target, t, false};
    r.out_open = true;
    r.out_next = 0;
    r.out_flits = flits_of(f.kind);
  } else if (!r.out_open) {
    return broke("RingFraming_M", d, fmt::format("a {} flit with no packet going out", kind_name(f.kind)), t);
  }
  const int index = r.out_next++;
  if (f.tail != (index == r.out_flits - 1))
    return broke("RingFraming_M", d,
                 f.tail ? fmt::format("a tail at flit {} of the {} ({} flits)", index, packet_text(r.out), r.out_flits)
                        : fmt::format("flit {} of the {} ({} flits) without its tail bit", index, packet_text(r.out),
                                      r.out_flits),
                 t);
  r.out_open = !f.tail;
  return true;
}

// A packet going out on ring d: this node's own, the next passing one, or an answer it owes.
bool SciPinMonitor::out_head(int d, Ring& r, const RingFlit& f, int64_t t) {
  const Packet p{f.id, f.kind, f.src, f.dest, f.target, t, false};
  if (is_send(f.kind) && f.target == node_) {  // entering the ring here: its active buffer holds it
    const auto it = std::find_if(r.active.begin(), r.active.end(), [&](const Packet& a) { return a.id == f.id; });
    if (it != r.active.end()) {
      if (!it->nacked)
        return broke("ResendWithoutNack_M", d,
                     fmt::format("the {} sent again, with no nack for it since it went at cycle {}", packet_text(p),
                                 it->since),
                     t);
      it->nacked = false;
      it->since = t;
      if (p_.coverage) p_.coverage->hit(d, SciPoint::retransmission);
      return true;
    }
    // Dimension order: a packet enters ring d with the lower dimensions done and d still to go.
    for (int e = 0; e <= d; ++e)
      if ((g_.coord(node_, e) == g_.coord(f.dest, e)) == (e == d))
        return broke("RingOrder_M", d,
                     fmt::format("the {} enters ring {} here, but dimension order takes it to {}", packet_text(p), d,
                                 g_.next_ring(node_, f.dest, -1) < p_.dims
                                     ? fmt::format("ring {}", g_.next_ring(node_, f.dest, -1))
                                     : std::string("the CPU (it is home)")),
                     t);
    r.active.push_back(p);
    if (p_.active_packets > 0 && int(r.active.size()) > p_.active_packets)
      return broke("ActiveBound_M", d,
                   fmt::format("the {} makes {} packets out and unanswered, beyond the active buffer's {}",
                               packet_text(p), r.active.size(), p_.active_packets),
                   t);
    if (p_.coverage && p_.active_packets > 0 && int(r.active.size()) == p_.active_packets)
      p_.coverage->hit(d, SciPoint::active_full);
    return true;
  }
  auto same = [&](const Packet& q) { return q.id == f.id && answer(q.kind) == answer(f.kind); };
  if (!r.passing.empty() && same(r.passing.front())) {
    const Packet& q = r.passing.front();
    if (q.src != f.src || q.dest != f.dest || q.target != f.target)
      return broke("PassCorrupt_M", d,
                   fmt::format("the {} passed on as node {} to {}, target {}", packet_text(q), f.src, f.dest, f.target), t);
    r.passing.pop_front();
    return true;
  }
  if (answer(f.kind)) {
    const auto it = std::find_if(r.answers.begin(), r.answers.end(), [&](const Packet& q) { return q.id == f.id; });
    if (it != r.answers.end()) {
      if (f.target != it->target)
        return broke("AnswerMisdirected_M", d,
                     fmt::format("the {} for the {} taken off here at cycle {} goes to node {}, not to node {} where "
                                 "it entered the ring",
                                 kind_name(f.kind), packet_text(*it), it->since, f.target, it->target),
                     t);
      r.answers.erase(it);
      return true;
    }
  }
  const auto later = std::find_if(r.passing.begin(), r.passing.end(), same);
  if (later != r.passing.end())
    return broke("PassOrder_M", d,
                 fmt::format("the {} passed on ahead of the {}, which came in before it at cycle {}", packet_text(p),
                             packet_text(r.passing.front()), r.passing.front().since),
                 t);
  if (is_send(f.kind)) {
    const auto taken = std::find_if(r.answers.begin(), r.answers.end(), [&](const Packet& q) { return q.id == f.id; });
    if (taken != r.answers.end())
      return broke("MissedExit_M", d,
                   fmt::format("the {} passed on, though it leaves ring {} here (its destination's coordinate)",
                               packet_text(p), d),
                   t);
  }
  return broke("NotFromRing_M", d,
               fmt::format("the {} did not come in on this ring to pass, is no answer owed here, and is not this "
                           "node's own (a duplicate, or made up)",
                           packet_text(p)),
               t);
}

void SciPinMonitor::stall_items(std::vector<std::pair<int64_t, std::string>>& out) const {
  for (int d = 0; d < p_.dims; ++d) {
    const Ring& r = rings_[size_t(d)];
    for (const Packet& q : r.answers)
      out.push_back({q.since, fmt::format("{}, ring {}: owes the echo or nack for the {} taken off at cycle {}",
                                          node_text(), d, packet_text(q), q.since)});
    for (const Packet& q : r.active)
      if (q.nacked)
        out.push_back({q.since, fmt::format("{}, ring {}: has not sent again the {} nacked at cycle {}", node_text(), d,
                                            packet_text(q), q.since)});
    if (!r.passing.empty())
      out.push_back({r.passing.front().since,
                     fmt::format("{}, ring {}: holds {} passing packet(s), the first the {} in since cycle {}",
                                 node_text(), d, r.passing.size(), packet_text(r.passing.front()),
                                 r.passing.front().since)});
  }
}

}  // namespace kncsim
