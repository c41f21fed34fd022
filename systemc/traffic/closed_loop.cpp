#include "traffic/closed_loop.hpp"

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/bipartite.hpp>
#include <boost/graph/connected_components.hpp>
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "rand/counter_rng.hpp"

namespace kncsim {

LoopClasses loop_classes_named(const std::string& name) {
  if (name == "aa") return LoopClasses::aa;
  if (name == "ab") return LoopClasses::ab;
  if (name == "shell") return LoopClasses::shell;
  throw std::invalid_argument("traffic.loop_classes: unknown '" + name + "'; allowed: ab, aa, shell");
}

namespace {

// Class A (true) or B per node for AB: Boost's two-colouring of the undirected graph, turned
// so that the lowest-numbered node of each connected part is in A (node (0,0) of a mesh).
std::vector<bool> colour_classes(const std::vector<std::vector<uint32_t>>& sends_to) {
  using Graph = boost::adjacency_list<boost::vecS, boost::vecS, boost::undirectedS>;
  const size_t n = sends_to.size();
  Graph g(n);
  for (uint32_t u = 0; u < n; ++u)
    for (uint32_t v : sends_to[u])
      if (u < v || std::find(sends_to[v].begin(), sends_to[v].end(), u) == sends_to[v].end())
        boost::add_edge(u, v, g);
  std::vector<boost::default_color_type> colour(n);
  const auto colours = boost::make_iterator_property_map(colour.begin(), boost::get(boost::vertex_index, g));
  if (!boost::is_bipartite(g, boost::get(boost::vertex_index, g), colours))
    throw std::invalid_argument(
        "traffic.loop_classes ab needs a bipartite process graph (two classes, every edge between them); "
        "this graph has an odd cycle: use aa");
  std::vector<int> part(n);
  const int parts = boost::connected_components(g, part.data());
  std::vector<int> first(size_t(parts), -1);  // the colour of each part's lowest node
  std::vector<bool> a(n);
  for (size_t v = 0; v < n; ++v) {
    int& f = first[size_t(part[v])];
    if (f < 0) f = int(colour[v]);
    a[v] = int(colour[v]) == f;
  }
  return a;
}

}  // namespace

ClosedLoopWorkload::ClosedLoopWorkload(const ClosedLoopSpec& spec, const std::vector<std::vector<uint32_t>>& sends_to)
    : spec_(spec), sends_to_(sends_to), nodes_(sends_to.size()) {
  const size_t n = sends_to.size();
  if (spec.message_flits < 1) throw std::invalid_argument("closed loop: a message needs at least one flit");
  const int64_t p = spec.packet_payload_flits > 0 ? spec.packet_payload_flits : spec.message_flits;
  packets_per_message_ = (spec.message_flits + p - 1) / p;
  send_cost_ = int64_t(std::llround(spec.send_fixed + spec.send_per_flit * double(spec.message_flits)));
  receive_cost_ = int64_t(std::llround(spec.receive_fixed + spec.receive_per_flit * double(spec.message_flits)));
  channel_busy_.assign(spec.half_duplex ? n : 0, false);
  if (spec.classes == LoopClasses::shell && (spec.receive_fixed != 0 || spec.receive_per_flit != 0))
    throw std::invalid_argument(
        "traffic.loop_classes shell receives without a step of the processor's, so it has no receive overhead; "
        "allowed: traffic.receive_overhead_cycles and traffic.receive_overhead_cycles_per_flit 0, or aa, ab");

  if (spec.random_destinations) {  // a slot per sender: the shell's sender takes its own message's arrival
    if (spec.classes != LoopClasses::shell)
      throw std::invalid_argument("traffic.loop_destinations random sends one message a loop and waits for it, as "
                                  "the shell does; allowed: traffic.loop_classes shell, or traffic.loop_destinations graph");
    if (n < 2) throw std::invalid_argument("traffic.loop_destinations random needs two nodes or more");
    if (spec.half_duplex)
      throw std::invalid_argument("traffic.loop_destinations random with traffic.node_channel half_duplex: a drawn "
                                  "receiver's channel is not one the loops hold; allowed: duplex");
    for (uint32_t v = 0; v < n; ++v) {
      incoming_.push_back(Incoming{v, 0, {}});
      owner_.push_back(v);
      Node& x = nodes_[v];
      x.program = {Step{Op::compute, 0}, Step{Op::send, 0}, Step{Op::receive, v}};
      x.drawn = draw_destination(v, 0);
      x.record.node = v;
      if (spec_.warmup_loops == 0) x.measured_from = 0;
      ++active_;
      events_.push({0, v});
    }
    return;
  }
  // Each node's incoming pairs, sorted by sender; for AA and AB every edge must run both ways.
  std::vector<std::vector<uint32_t>> from(n);
  for (uint32_t u = 0; u < n; ++u)
    for (uint32_t v : sends_to[u]) from.at(v).push_back(u);
  for (uint32_t v = 0; v < n; ++v) {
    std::vector<uint32_t> to = sends_to[v];
    std::sort(to.begin(), to.end());
    std::sort(from[v].begin(), from[v].end());
    if (spec.classes != LoopClasses::shell && to != from[v]) {
      std::vector<uint32_t> one_way;
      std::set_symmetric_difference(to.begin(), to.end(), from[v].begin(), from[v].end(), std::back_inserter(one_way));
      throw std::invalid_argument(fmt::format(
          "traffic.workload closed_loop exchanges a message each way with every graph neighbour, but node {} and "
          "node {} are joined one way only; allowed: a process graph whose edges all run both ways ('u v' lines, "
          "not 'u -> v')",
          v, one_way.front()));
    }
  }
  incoming_first_.assign(n + 1, 0);
  for (uint32_t v = 0; v < n; ++v) {
    incoming_first_[v + 1] = incoming_first_[v] + uint32_t(from[v].size());
    for (uint32_t u : from[v]) {
      incoming_.push_back(Incoming{u, 0, {}});
      owner_.push_back(v);
    }
  }
  const bool shell = spec.classes == LoopClasses::shell;
  const std::vector<bool> a =
      spec.classes == LoopClasses::ab ? colour_classes(sends_to) : std::vector<bool>(n, true);
  for (uint32_t v = 0; v < n; ++v) {
    Node& x = nodes_[v];
    if (sends_to[v].empty() && (shell || from[v].empty())) continue;  // no process, or one that never sends
    if (shell) {  // the sender takes its own message's arrival
      for (uint32_t k = 0; k < sends_to[v].size(); ++k) {
        x.program.push_back(Step{Op::compute, k});
        x.program.push_back(Step{Op::send, k});
        x.program.push_back(Step{Op::receive, slot_of(sends_to[v][k], v)});
      }
    } else {
      std::vector<Step> sends, receives;
      for (uint32_t k = 0; k < sends_to[v].size(); ++k) sends.push_back(Step{Op::send, k});
      for (uint32_t k = incoming_first_[v]; k < incoming_first_[v + 1]; ++k) receives.push_back(Step{Op::receive, k});
      const auto& first = a[v] ? sends : receives;
      const auto& second = a[v] ? receives : sends;
      x.program.insert(x.program.end(), first.begin(), first.end());
      x.program.insert(x.program.end(), second.begin(), second.end());
      x.program.push_back(Step{Op::compute, 0});
    }
    x.record.node = v;
    if (spec_.warmup_loops == 0) x.measured_from = 0;
    ++active_;
    events_.push({0, v});
  }
}

int64_t ClosedLoopWorkload::message_packet_flits(int64_t k) const {
  const int64_t p = spec_.packet_payload_flits > 0 ? spec_.packet_payload_flits : spec_.message_flits;
  return std::min(p, spec_.message_flits - k * p) + spec_.header_flits;
}

int64_t ClosedLoopWorkload::compute_cycles(uint32_t n, int64_t loop, uint32_t draw) const {
  if (!spec_.compute_uniform || spec_.compute_mean == 0) return spec_.compute_mean;
  return int64_t(counter_bits53(spec_.seed, n, uint64_t(loop), draw) % uint64_t(2 * spec_.compute_mean + 1));
}

uint32_t ClosedLoopWorkload::waiter(uint32_t slot) const {
  return spec_.classes == LoopClasses::shell ? incoming_[slot].from : owner_[slot];
}

uint32_t ClosedLoopWorkload::draw_destination(uint32_t n, int64_t loop) const {
  const auto others = uint64_t(nodes_.size() - 1);
  const auto d = uint32_t(counter_bits53(spec_.seed, n, uint64_t(loop), kDestinationDraw) % others);
  return d >= n ? d + 1 : d;
}

uint32_t ClosedLoopWorkload::destination(uint32_t n, uint32_t slot) const {
  return spec_.random_destinations ? nodes_[n].drawn : sends_to_[n][slot];
}

uint32_t ClosedLoopWorkload::slot_of(uint32_t receiver, uint32_t sender) const {
  if (spec_.random_destinations) return sender;
  const auto begin = incoming_.begin() + incoming_first_[receiver], end = incoming_.begin() + incoming_first_[receiver + 1];
  const auto it = std::lower_bound(begin, end, sender, [](const Incoming& x, uint32_t s) { return x.from < s; });
  if (it == end || it->from != sender)
    throw std::logic_error(fmt::format("closed loop: node {} received a packet from node {}, which does not send to it",
                                       receiver, sender));
  return uint32_t(it - incoming_.begin());
}

void ClosedLoopWorkload::hand_over(uint32_t n, uint32_t dest, int64_t t, std::vector<MessagePacket>* out) {
  nodes_[n].loop_flits += spec_.message_flits;
  // With gaps, a node's packets leave one after another, its messages' too: the first waits for
  // the last one's length and gap.
  const int64_t gap = spec_.packet_gap_cycles;
  int64_t at = gap > 0 ? std::max(t, nodes_[n].next_packet) : t;
  if (ideal_delay_) {  // back to back, plus the gaps between packets
    const int64_t flits = spec_.message_flits + packets_per_message_ * spec_.header_flits;
    ideal_arrivals_.push({at + (*ideal_delay_)(n, dest, flits, packets_per_message_) + (packets_per_message_ - 1) * gap,
                          slot_of(dest, n)});
    if (gap > 0) nodes_[n].next_packet = at + flits + packets_per_message_ * gap;
    return;
  }
  for (int64_t k = 0; k < packets_per_message_; ++k) {
    const MessagePacket m{n, dest, int(message_packet_flits(k))};
    if (at <= t)
      out->push_back(m);
    else
      spaced_.push(Spaced{at, spaced_order_++, m});
    if (gap > 0) at += m.flits + gap;
  }
  if (gap > 0) nodes_[n].next_packet = at;
}

void ClosedLoopWorkload::tail_arrived(uint64_t /*id*/, uint32_t src, uint32_t dest, int64_t arrival) {
  const uint32_t slot = slot_of(dest, src);
  if (++incoming_[slot].packets % packets_per_message_ == 0) message_arrived(slot, arrival);
}

void ClosedLoopWorkload::message_arrived(uint32_t slot, int64_t arrival) {
  if (spec_.half_duplex) {  // the receive overhead runs now, on the held channels
    arrival = std::max(arrival, floor_) + receive_cost_;
    releases_.push(Release{arrival, incoming_[slot].from, owner_[slot]});
  }
  incoming_[slot].complete.push_back(arrival);
  const uint32_t r = waiter(slot);
  Node& x = nodes_[r];
  if (x.waiting && x.program[x.step].op == Op::receive && x.program[x.step].slot == slot) {
    x.waiting = false;
    events_.push({std::max(arrival, floor_), r});
  }
}

bool ClosedLoopWorkload::next_step(uint32_t n, int64_t t) {
  Node& x = nodes_[n];
  if (++x.step < x.program.size()) return false;
  x.step = 0;
  if (measured(x)) {  // the loop that ended at t counts
    ++x.record.loops;
    x.record.loop_cycles = t - x.measured_from;
    x.record.compute_cycles += x.loop_compute;
    x.record.payload_flits += x.loop_flits;
  }
  x.loop_compute = x.loop_flits = 0;
  ++x.loop;  // a new loop begins at t
  x.loop_start = t;
  if (spec_.random_destinations) x.drawn = draw_destination(n, x.loop);
  if (x.loop == spec_.warmup_loops) x.measured_from = t;
  if (x.loop == spec_.warmup_loops + spec_.loops) ++nodes_done_;
  return true;
}

// A computation, under way or waiting for the node's channel, keeps messages out.
bool ClosedLoopWorkload::take_channels(uint32_t sender, uint32_t receiver) {
  const Node& r = nodes_[receiver];
  const bool computing = (r.busy || r.waiting) && !r.program.empty() && r.program[r.step].op == Op::compute;
  if (channel_busy_[sender] || channel_busy_[receiver] || computing) return false;
  channel_busy_[sender] = channel_busy_[receiver] = true;
  nodes_[sender].granted = true;
  return true;
}

// All the messages received at `at` free their ends before any waiting send is granted, so the
// oldest request gets the channels freed in one cycle whatever order the network told them in.
void ClosedLoopWorkload::release_channels(int64_t at) {
  while (!releases_.empty() && releases_.top().at == at) {
    const Release r = releases_.top();
    releases_.pop();
    channel_busy_[r.sender] = channel_busy_[r.receiver] = false;
    nodes_[r.sender].delivered = true;  // its send step ends now
    events_.push({at, r.sender});
    // A computation that waited for the receiver's channel starts now, ahead of waiting sends.
    const Node& y = nodes_[r.receiver];
    if (y.waiting && y.program[y.step].op == Op::compute) events_.push({at, r.receiver});
  }
  grant_waiting(at);
}

void ClosedLoopWorkload::grant_waiting(int64_t at) {
  for (auto it = waiting_sends_.begin(); it != waiting_sends_.end();) {
    Node& x = nodes_[*it];
    if (take_channels(*it, destination(*it, x.program[x.step].slot))) {
      x.waiting = false;
      events_.push({at, *it});
      it = waiting_sends_.erase(it);
    } else {
      ++it;
    }
  }
}

// Node n's steps from cycle t until one lasts past t or waits for a message.
void ClosedLoopWorkload::run_node(uint32_t n, int64_t t, std::vector<MessagePacket>* out) {
  Node& x = nodes_[n];
  for (;;) {
    const Step s = x.program[x.step];
    if (x.busy) {  // the step under way ends now
      if (s.op == Op::send && spec_.half_duplex && !x.delivered) {  // S is over: it lasts until received
        hand_over(n, destination(n, s.slot), std::max(t, floor_), out);
        return;
      }
      x.busy = x.delivered = false;
      if (s.op == Op::send && !spec_.half_duplex) hand_over(n, destination(n, s.slot), std::max(t, floor_), out);
      if (s.op == Op::compute && spec_.half_duplex) grant_waiting(t);  // a receiver is free again
      const int64_t began = x.loop_start;
      if (next_step(n, t) && began == t) {  // a loop that took no time: the next one waits a cycle
        events_.push({t + 1, n});
        return;
      }
      continue;
    }
    int64_t end = t;
    switch (s.op) {
      case Op::send:
        if (spec_.half_duplex) {
          if (!x.granted && !take_channels(n, destination(n, s.slot))) {
            x.waiting = true;
            waiting_sends_.push_back(n);
            return;
          }
          x.granted = false;
        }
        end = t + send_cost_;
        break;
      case Op::compute: {
        if (spec_.half_duplex && channel_busy_[n]) {  // a message holds this node's processor
          x.waiting = true;
          return;
        }
        x.waiting = false;
        const int64_t c = compute_cycles(n, x.loop, s.slot);
        x.loop_compute += c;
        end = t + c;
        break;
      }
      case Op::receive: {
        Incoming& in = incoming_[s.slot];
        if (in.complete.empty()) {
          x.waiting = true;
          return;
        }
        end = std::max(t, in.complete.front()) + (spec_.half_duplex ? 0 : receive_cost_);
        in.complete.pop_front();
        break;
      }
    }
    x.busy = true;
    if (end > t) {
      events_.push({end, n});
      return;
    }
  }
}

void ClosedLoopWorkload::run_events(int64_t until, std::vector<MessagePacket>* out) {
  for (;;) {  // in time order; a release before the steps of its cycle
    const bool release = !releases_.empty() && releases_.top().at <= until &&
                         (events_.empty() || releases_.top().at <= events_.top().first);
    if (release) {
      release_channels(releases_.top().at);
      continue;
    }
    if (events_.empty() || events_.top().first > until) return;
    const auto [t, n] = events_.top();
    events_.pop();
    run_node(n, t, out);
  }
}

void ClosedLoopWorkload::packets_for(int64_t cycle, std::vector<MessagePacket>& out) {
  floor_ = cycle;
  run_events(cycle, &out);
  for (; !spaced_.empty() && spaced_.top().at <= cycle; spaced_.pop()) out.push_back(spaced_.top().packet);
}

std::vector<LoopRecord> ClosedLoopWorkload::ideal_run(
    const std::function<int64_t(uint32_t, uint32_t, int64_t, int64_t)>& delay, int64_t until) const {
  ClosedLoopWorkload w(spec_, sends_to_);
  w.ideal_delay_ = &delay;
  // Cycle by cycle as a network drives it (skipping idle ones): the steps due, then the
  // messages that arrived in that cycle, whose consequences fall to the next cycle drawn.
  for (int64_t cycle = 0;;) {
    int64_t next = w.events_.empty() ? INT64_MAX : w.events_.top().first;
    if (!w.releases_.empty()) next = std::min(next, w.releases_.top().at);
    if (!w.ideal_arrivals_.empty()) next = std::min(next, w.ideal_arrivals_.top().first);
    if (w.done() || next == INT64_MAX) break;
    cycle = std::max(cycle, next);
    if (cycle > until) break;
    w.floor_ = cycle;
    w.run_events(cycle, nullptr);
    while (!w.ideal_arrivals_.empty() && w.ideal_arrivals_.top().first <= cycle) {
      const auto [at, slot] = w.ideal_arrivals_.top();
      w.ideal_arrivals_.pop();
      w.message_arrived(slot, at);
    }
    ++cycle;
  }
  return w.records();
}

std::vector<LoopRecord> ClosedLoopWorkload::records() const {
  std::vector<LoopRecord> out;
  for (const Node& x : nodes_)
    if (!x.program.empty()) out.push_back(x.record);
  return out;
}

}  // namespace kncsim
