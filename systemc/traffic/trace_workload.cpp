#include "traffic/trace_workload.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "traffic/netrace_reader.hpp"
#include "traffic/text_trace_reader.hpp"

namespace kncsim {

TraceFormat trace_format_named(const std::string& name) {
  if (name == "netrace") return TraceFormat::netrace;
  if (name == "text") return TraceFormat::text;
  throw std::invalid_argument("traffic.trace_format: unknown '" + name + "'; allowed: netrace, text");
}

std::unique_ptr<TraceSource> open_trace(const std::string& path, TraceFormat format) {
  if (format == TraceFormat::netrace) return std::make_unique<NetraceReader>(path);
  return std::make_unique<TextTraceReader>(path, false);  // its ids were checked when the run was decoded
}

int64_t TraceTotals::latency_percentile(double p) const {
  if (delivered == 0) return -1;
  const auto rank = uint64_t(std::ceil(p * double(delivered)));  // the smallest latency with p of them at or below
  uint64_t seen = 0;
  for (size_t l = 0; l < latency_counts.size(); ++l)
    if ((seen += latency_counts[l]) >= std::max<uint64_t>(rank, 1)) return l + 1 == kLatencyBins ? latency_max : int64_t(l);
  return latency_max;
}

TraceWorkload::TraceWorkload(const TraceReplaySpec& spec) : spec_(spec), source_(open_trace(spec.path, spec.format)) {
  if (auto* netrace = dynamic_cast<NetraceReader*>(source_.get())) {
    const NetraceHeader& h = netrace->header();
    benchmark_ = h.benchmark;
    trace_nodes_ = h.nodes;
    if (spec.region >= 0) {
      if (uint64_t(spec.region) >= h.regions.size())
        throw TraceError(fmt::format("{}: traffic.trace_region {}, and the trace has {} region{}; allowed: 0..{}",
                                     spec.path, spec.region, h.regions.size(), h.regions.size() == 1 ? "" : "s",
                                     int64_t(h.regions.size()) - 1));
      uint64_t skip = 0;
      for (int64_t r = 0; r < spec.region; ++r) skip += h.regions[size_t(r)].packets;
      TracePacket p;  // the packets before it: delivered before the run, so nothing waits for them
      uint64_t skipped = 0;
      while (skipped < skip && source_->next(p)) ++skipped;
      if (skipped < skip)
        throw TraceError(fmt::format("{}: region {} starts after {} packets (its header's regions), and the trace "
                                     "ends after {}",
                                     spec.path, spec.region, skip, skipped));
    }
  }
  totals_.latency_counts.assign(TraceTotals::kLatencyBins, 0);
}

void TraceWorkload::fail(const std::string& what) const { throw TraceError(fmt::format("{}: {}", source_->where(), what)); }

bool TraceWorkload::read_ahead() {
  if (have_ahead_) return true;
  if (exhausted_) return false;
  if (!source_->next(ahead_)) {
    exhausted_ = true;
    return false;
  }
  if (!rebase_set_) {
    rebase_ = spec_.region >= 0 ? int64_t(ahead_.cycle) : 0;
    rebase_set_ = true;
    totals_.first_cycle = int64_t(ahead_.cycle) - rebase_;
  }
  const int64_t cycle = int64_t(ahead_.cycle) - rebase_;
  if (spec_.window_cycles > 0 && cycle >= spec_.window_cycles) {
    exhausted_ = true;
    return false;
  }
  if (read_index_ > 0 && cycle < totals_.last_cycle)
    fail(fmt::format("packet {} is at cycle {}, before the previous packet's {}; allowed: packets in cycle order",
                     ahead_.id, ahead_.cycle, totals_.last_cycle + rebase_));
  have_ahead_ = true;
  return true;
}

// The packet read ahead joins the held ones: due now if it waits for nothing still open.
void TraceWorkload::take() {
  const TracePacket& p = ahead_;
  auto node = [&](uint32_t n, uint8_t type, const char* which) {
    if (trace_nodes_ > 0 && n >= trace_nodes_)
      fail(fmt::format("packet {}'s {} is node {}, and the trace's header gives {} nodes; allowed: 0..{}", p.id, which,
                       n, trace_nodes_, trace_nodes_ - 1));
    if (!spec_.placement.empty()) {
      const auto it = spec_.placement.find(n << 2 | (type & 3u));
      if (it != spec_.placement.end()) return it->second;
    }
    if (!spec_.mapping.empty()) {
      if (n >= spec_.mapping.size())
        fail(fmt::format("packet {}'s {} is node {}, and traffic.mapping places {} trace nodes; allowed: 0..{}", p.id,
                         which, n, spec_.mapping.size(), spec_.mapping.size() - 1));
      return spec_.mapping[n];
    }
    if (n >= spec_.network_nodes)
      fail(fmt::format("packet {}'s {} is node {}, beyond the network's {} nodes; allowed: nodes 0..{}, or "
                       "traffic.mapping random or file onto the network",
                       p.id, which, n, spec_.network_nodes, spec_.network_nodes - 1));
    return n;
  };
  Held h{read_index_++, p.id, node(p.src, p.src_type, "source"), node(p.dst, p.dst_type, "destination"), 0, int64_t(p.cycle) - rebase_, 0, {}};
  const int64_t payload = p.flits > 0 ? int64_t(p.flits) : (int64_t(p.bytes) * 8 + spec_.flit_bits - 1) / spec_.flit_bits;
  const int64_t flits = payload + spec_.header_flits;
  if (spec_.packet_flits > 0 && flits != spec_.packet_flits)
    fail(fmt::format("packet {} is {} flits, and the reference model moves packets of traffic.packet_flits = {}; "
                     "allowed: a trace whose packets are all {} flits, or router.impl systemc or rtl",
                     p.id, flits, spec_.packet_flits, spec_.packet_flits));
  if (spec_.max_flits > 0 && flits > spec_.max_flits)
    fail(fmt::format("packet {} is {} flits, more than the network carries ({}); allowed: packets of at most {} flits",
                     p.id, flits, spec_.max_flits, spec_.max_flits));
  h.flits = int(flits);
  totals_.last_cycle = h.cycle;
  ++totals_.read;
  uint32_t slot;
  if (free_slots_.empty()) {
    slot = uint32_t(slots_.size());
    slots_.push_back(std::move(h));
  } else {
    slot = free_slots_.back();
    free_slots_.pop_back();
    slots_[slot] = std::move(h);
  }
  Held& x = slots_[slot];
  ++held_;
  if (spec_.dependencies) {
    for (uint64_t w : p.waits_for) {
      const auto it = open_.find(w);
      if (it == open_.end()) continue;  // delivered, or before the region the run started at
      it->second.push_back(slot);
      ++x.waiting;
    }
    if (log_on_) x.waits_for = p.waits_for;
    if (!open_.emplace(p.id, std::vector<uint32_t>{}).second)
      fail(fmt::format("packet id {} is given twice while the first is in flight", p.id));
  }
  have_ahead_ = false;
  if (x.waiting == 0) due_.push_back(slot);
}

void TraceWorkload::apply_tail(uint64_t net_id, int64_t arrival) {
  if (net_id < inflight_base_ || net_id - inflight_base_ >= inflight_.size() ||
      inflight_[size_t(net_id - inflight_base_)].delivered)
    throw std::logic_error(fmt::format("trace replay: the tail of packet {}, which the trace did not hand over or "
                                       "was delivered already", net_id));
  InFlight& slot = inflight_[size_t(net_id - inflight_base_)];
  slot.delivered = true;
  const InFlight f = slot;
  while (!inflight_.empty() && inflight_.front().delivered) {
    inflight_.pop_front();
    ++inflight_base_;
  }
  TraceTotals& t = totals_;
  ++t.delivered;
  t.last_tail = std::max(t.last_tail, arrival);
  const int64_t latency = arrival - f.entered;
  t.latency_sum += double(latency);
  t.latency_sq += double(latency) * double(latency);
  t.latency_max = std::max(t.latency_max, latency);
  ++t.latency_counts[std::min<size_t>(size_t(latency), TraceTotals::kLatencyBins - 1)];
  if (log_on_) log_[net_id].tail = arrival;
  if (!spec_.dependencies) return;
  const auto o = open_.find(f.trace_id);
  for (uint32_t slot : o->second)
    if (--slots_[slot].waiting == 0) due_.push_back(slot);
  open_.erase(o);
}

void TraceWorkload::keep_log() {
  if (next_net_id_ > 0) throw std::logic_error("trace replay: keep_log after packets were handed over");
  log_on_ = true;
}

void TraceWorkload::packets_for(int64_t cycle, std::vector<MessagePacket>& out) {
  asked_ = cycle;
  while (!tails_.empty() && tails_.top().first + kTurnaround <= cycle) {
    const auto [arrival, id] = tails_.top();
    tails_.pop();
    apply_tail(id, arrival);
  }
  while (read_ahead() && int64_t(ahead_.cycle) - rebase_ <= cycle) take();
  if (due_.empty()) return;
  std::sort(due_.begin(), due_.end(), [&](uint32_t a, uint32_t b) {
    return std::tie(slots_[a].src, slots_[a].index) < std::tie(slots_[b].src, slots_[b].index);
  });
  for (uint32_t slot : due_) {
    Held& h = slots_[slot];
    out.push_back(MessagePacket{h.src, h.dst, h.flits});
    inflight_.push_back(InFlight{h.trace_id, cycle});
    if (cycle > h.cycle) {
      ++totals_.held_packets;
      totals_.held_sum += double(cycle - h.cycle);
      totals_.held_max = std::max(totals_.held_max, cycle - h.cycle);
    }
    if (log_on_)
      log_.push_back(TraceLogEntry{h.trace_id, next_net_id_, h.src, h.dst, h.flits, h.cycle, cycle, -1,
                                   std::move(h.waits_for)});
    ++next_net_id_;
    free_slots_.push_back(slot);
    --held_;
  }
  due_.clear();
}

void TraceWorkload::tail_arrived(uint64_t id, uint32_t /*src*/, uint32_t /*dest*/, int64_t arrival) {
  // Said where it happens: a model that broke the protocol, not a packet released late.
  if (id < inflight_base_ || id - inflight_base_ >= inflight_.size() || inflight_[size_t(id - inflight_base_)].delivered)
    throw std::logic_error(fmt::format("trace replay: a tail of packet {}, which was not handed over or was delivered "
                                       "already",
                                       id));
  if (arrival + kTurnaround <= asked_)
    throw std::logic_error(fmt::format("trace replay: packet {}'s tail arrived in cycle {} and was told after cycle "
                                       "{}'s packets were asked for; a model tells a tail by the end of its cycle",
                                       id, arrival, asked_));
  tails_.emplace(arrival, id);
}

std::optional<TraceTotals> TraceWorkload::ideal_run(const std::function<int64_t(uint32_t, uint32_t, int)>& delay,
                                                    int64_t until) const {
  TraceWorkload w(spec_);
  std::vector<MessagePacket> out;
  for (int64_t cycle = 0; !w.done() && cycle <= until;) {
    out.clear();
    const uint64_t first = w.next_net_id_;
    w.packets_for(cycle, out);
    for (size_t i = 0; i < out.size(); ++i)
      w.tail_arrived(first + i, out[i].node, out[i].dest, cycle + delay(out[i].node, out[i].dest, out[i].flits));
    // The next cycle anything can happen in: a tail applied, or a packet's own cycle.
    int64_t next = INT64_MAX;
    if (!w.tails_.empty()) next = w.tails_.top().first + kTurnaround;
    if (w.read_ahead()) next = std::min(next, int64_t(w.ahead_.cycle) - w.rebase_);
    if (next == INT64_MAX) break;
    cycle = std::max(cycle + 1, next);
  }
  if (!w.done()) return std::nullopt;
  return w.totals_;
}

}  // namespace kncsim
