#pragma once
// A Verilated SCI ring node (rtl/sci/kncsim_sci_node_top.sv) behind the same interface as the
// SystemC SciNode, so the ring network can put it at any node. `Pins` is how the model is
// bound: SciSignalPins (SystemC-mode model on sc_signals) or SciDirectPins (C++ model,
// evaluated directly); the cycle behaviour is the same. The network's RtlDomain steps the
// node in cycles where it is not idle or has input; it is woken through the same calendar as
// the SystemC nodes. In a cycle t:
//   sample   the outputs of cycle t: flits onto the ring links (as the link they go on, this
//            adapter applies link errors: link.corrupt_rate), flits reaching the CPU (a
//            message is delivered with its tail, and a reply handed over then is offered to the
//            switch this cycle), and the cycle's events into the network's counters and tally
//   present  the inputs: flits landing at t+1 on each ring link (registered at the edge), the
//            CPU queue's front flit if handed over by t, the cycle count and switch priority
//   edge     the switch took the CPU's flit or not; the clock edge
// The ring links, packet pool, CPU port and waiting messages are the SystemC network's own:
// a flit leaving the RTL gets a packet slot at its head, a flit entering it gives its slot
// back at its tail, so RTL and SystemC nodes mix freely.
#include <algorithm>
#include <array>
#include <optional>
#include <stdexcept>
#include <string>
#include <systemc>
#include <vector>

#include "link/flit_link.hpp"
#include "ring/sci_corruption.hpp"
#include "ring/sci_cpu_port.hpp"
#include "ring/sci_ring_node.hpp"
#include "ring/sci_shared.hpp"
#include "sc/rtl_domain.hpp"
#include "rtl_adapt/hot_lines.hpp"
#include "rtl_adapt/rtl_model_abi.hpp"
#include "rtl_adapt/sci_wire.hpp"
#include "sched/calendar_wake.hpp"
#include "rtl_adapt/rtl_protocol_stop.hpp"
#include "model/violation_tally.hpp"
#include "verify/sci_pin_monitor.hpp"

namespace kncsim {

// The straps of one RTL node.
struct SciStraps {
  uint32_t dims, me, address_flits, data_flits, echo_flits;
  uint32_t ring_buffer_flits, input_queue_flits, output_queue_flits, active_packets, t_pass, t_switch;
  bool stomp;
};

template <class Pins>
class RtlSciNode final : public sc_core::sc_module, public SciRingNode, public RtlNode {
 public:
  // `monitored`: a protocol monitor on the ring pins (verify/sci_pin_monitor.hpp), marking
  // `coverage` if given.
  RtlSciNode(sc_core::sc_module_name name, const rtl_abi::ModelApi& model, uint32_t node, SciShared& s,
             RtlDomain& domain, bool monitored = true, SciCoverage* coverage = nullptr)
      : sc_module(name), node_(node), s_(s), domain_(domain), cpu_(node, s),
        pins_(model, std::string(this->name()) + ".rtl"), in_(size_t(s.p.dims)),
        in_packet_(size_t(s.p.dims)), out_(size_t(s.p.dims)), out_wake_(size_t(s.p.dims)) {
    for (int d = 0; d < s.p.dims; ++d) in_[size_t(d)].set_occupancy_mask(&in_holding_, uint64_t{1} << d);
    domain_.add(node_, this, Pins::kNeedsDelta);
    if (monitored)
      monitor_.emplace(node_, s_.geo,
                       SciMonitorParams{s.p.dims, s.p.address_flits, s.p.data_flits, s.p.echo_flits,
                                        s.p.active_buffer_packets, coverage},
                       [this](const std::string& rule, int64_t t, const std::string& report) {
                         if (s_.violations) return s_.violations->count(rule, std::string(this->name()) + ": " + report);
                         rtl::protocol_stop(std::string(this->name()) + ": " + report, node_, t);
                       });
  }
  void stall_items(std::vector<std::pair<int64_t, std::string>>& out) const override {
    if (monitor_) monitor_->stall_items(out);
  }

  RingInput ring_input(int d) override {
    return RingInput{&in_[size_t(d)], node_, this, &in_words_[size_t(d)], wake_};
  }
  void connect_ring(int d, const LinkParams& link, const RingInput& next) override {
    Wakeable* wake = next.wake;
    if (!wake) wake = &out_wake_[size_t(d)].emplace(s_.calendar, next.node);
    out_[size_t(d)].emplace(link, CreditPolicy::none, *next.fifo, *wake, *wake);
    if (next.words_from) {  // to an RTL node: the words themselves
      out_[size_t(d)]->carry_words(next.edge_wake);
      out_words_[size_t(d)] = *next.words_from = out_[size_t(d)]->words();
    }
  }

  uint64_t hand_over(uint32_t dest, SciKind kind, bool droppable, int64_t t) override {
    const uint64_t id = cpu_.hand_over(dest, kind, droppable, t);
    // From the clock process, before the calendar begins cycle t: due in t. From this node's
    // own sample (a reply): its edge, still to come this cycle, offers it.
    if (s_.evaluating != int64_t(node_) && id != SciModel::kDropped) s_.calendar.wake(node_, t, s_.calendar.now());
    return id;
  }
  void notify_due() override { domain_.sample_now(node_, s_.calendar.now()); }
  // A flit lands at `cycle`: the RTL registers it at the edge ending cycle-1.
  void wake_at(int64_t cycle) override { domain_.wake(wake_, cycle); }
  void tap_ring(int d, FlitTap* tap, uint32_t link) override { out_[size_t(d)]->set_tap(tap, link); }
  std::array<int64_t, 4> ring_flits_sent(int d) const override {
    const auto& l = out_[size_t(d)];
    return l ? l->flits_sent() : std::array<int64_t, 4>{};
  }
  size_t flits_held() const override {
    size_t n = cpu_.flits_held() + size_t(pins_.held());
    for (const FlitFifo& f : in_) n += f.size();
    for (const WireWords* w : in_words_)
      if (w) n += w->size();
    return n;
  }
  void trace(sc_core::sc_trace_file* tf) override { pins_.trace(tf, name()); }
  void trace_internals(const std::string& path) override { pins_.trace_internals(path); }
  NodeToggles module_toggles() const override { return pins_.module_toggles(); }
  void sample_toggles(uint32_t period, uint64_t seed) override { pins_.sample_toggles(period, seed); }
  void start_of_simulation() override { pins_.start_of_simulation(); }

  void assert_reset() override {
    const SciParams& p = s_.p;
    pins_.assert_reset(SciStraps{uint32_t(p.dims), rtl::sci::to_coords(s_.geo, node_), uint32_t(p.address_flits),
                                 uint32_t(p.data_flits), uint32_t(p.echo_flits), uint32_t(p.ring_buffer_flits),
                                 uint32_t(p.input_queue_flits), uint32_t(p.output_queue_flits),
                                 uint32_t(p.active_buffer_packets), uint32_t(p.t_pass), uint32_t(p.t_switch),
                                 p.accept == SciAccept::stomp});
  }
  void release_reset() override { pins_.release_reset(); }
  void hot_lines(std::vector<const void*>& out) const override {
    pins_.hot_lines(out);
    rtl_abi::add_lines(out, {&node_, &out_words_, &out_head_, &pins_, &cpu_});
    for (int d = 0; d < s_.p.dims; ++d) {  // what present() reads of each ring's input, sample() of its output
      if (const WireWords* w = in_words_[size_t(d)])
        for (const void* l : w->lines()) out.push_back(l);
      else
        out.push_back(&in_[size_t(d)]);
      if (const WireWords* w = out_words_[size_t(d)])
        for (const void* l : w->lines()) out.push_back(l);
      else
        out.push_back(&out_[size_t(d)]);
    }
  }

  void sample(int64_t t) override {
    pins_.clock_low();
    s_.evaluating = node_;
    const uint32_t out_valid = pins_.ring_out_valid();
    for (int d = 0; d < s_.p.dims; ++d)
      if (out_valid >> d & 1) send(d, pins_.ring_out(d), t);
    if (pins_.cpu_out_valid()) {
      const rtl::sci::WireFlit w = rtl::sci::unpack(pins_.cpu_out());
      if (w.head) cpu_slot_ = s_.packets.allocate(packet_of(w));
      if (s_.activity) s_.activity->switched(node_, s_.packets[cpu_slot_].src == node_, true);
      cpu_.take(flit_of(w, cpu_slot_, false), t);
      cpu_.deliver(t);  // a reply handed over here is offered at this cycle's edge
    }
    SciCounters& c = s_.counters;
    c.echoes += uint64_t(rings_set(pins_.echoes()));
    c.nacks += uint64_t(rings_set(pins_.nacks()));
    c.corrupted += uint64_t(rings_set(pins_.corrupted()));
    c.stomped += uint64_t(rings_set(pins_.stomped()));
    c.retransmissions += uint64_t(rings_set(pins_.retransmissions()));
    c.active_max = std::max(c.active_max, int(pins_.active_max()));
    s_.active += rings_set(pins_.sent()) - rings_set(pins_.released());
    s_.flits += int64_t(pins_.made()) - int64_t(pins_.destroyed());
    s_.evaluating = -1;
  }

  bool present(int64_t t) override {
    pins_.clock_low();
    pins_.set_now(uint32_t(t), uint32_t(t % (s_.p.dims + 1)));  // the switch's rotation
    uint32_t valid = 0;
    for (int d = 0; d < s_.p.dims; ++d) {  // from RTL nodes: their pins' words
      if (!in_words_[size_t(d)]) continue;
      WireWords& w = *in_words_[size_t(d)];
      if (w.empty() || w.front_at() != t + 1) continue;
      const rtl::sci::Words words = rtl::sci::from_wire(w.front());
      if (monitor_) monitor_->ring_in(d, ring_flit(words), t);
      pins_.set_ring_in(d, words);
      w.pop();
      valid |= 1u << d;
    }
    for (uint64_t m = in_holding_; m; m &= m - 1) {
      const int d = __builtin_ctzll(m);
      FlitFifo& w = in_[size_t(d)];
      if (w.front().arrival != t + 1) continue;  // links deliver exactly at their arrival
      const Flit f = w.front().flit;
      w.pop();
      if (monitor_) {
        const SciPacket& pk = s_.packets[f.packet];
        monitor_->ring_in(d, RingFlit{f.head, f.tail, SciKind(f.kind), pk.id, pk.src, pk.dest, pk.target}, t);
      }
      pins_.set_ring_in(d, in_packet_[size_t(d)].words(f, s_.packets[f.packet], *this));
      if (f.tail) s_.packets.release(f.packet);  // the RTL holds the packet now
      valid |= 1u << d;
    }
    pins_.set_ring_in_valid(valid);
    ring_in_ = valid != 0;
    FlitFifo& q = cpu_.queue();
    cpu_offered_ = !q.empty() && q.front().arrival <= t;
    if (cpu_offered_) {
      const Flit& f = q.front().flit;
      pins_.set_cpu_in(cpu_packet_.words(f, s_.packets[f.packet], *this));
    }
    pins_.set_cpu_in_valid(cpu_offered_);
    // cpu_take_o, the one output that follows an input in the same cycle, is read before the
    // edge, and only when the CPU offers a flit (or a derived clock needs its low phase with
    // these inputs); otherwise the edge's evaluation takes the inputs and the clock together.
    const bool settle = cpu_offered_ || pins_.needs_low_phase();
    if (settle) pins_.settle();
    return settle;
  }

  void edge(int64_t t) override {
    FlitFifo& q = cpu_.queue();
    if (cpu_offered_ && pins_.cpu_take()) {
      const Flit f = q.front().flit;

      if (f.head) cpu_.head_left();
      if (f.tail) s_.packets.release(f.packet);
      q.pop();  // the CPU's queue refills itself with its next message
    }
    // Clock gating: an edge only if the node holds state or gets input, and a look next
    // cycle only if it still holds state (an idle node's outputs are all quiet).
    if (ring_in_ || cpu_offered_ || !pins_.idle()) {
      pins_.clock_high();
      if (!pins_.idle_after_edge()) s_.calendar.wake(node_, t + 1, t);
    }
    if (!q.empty()) s_.calendar.wake(node_, std::max(t + 1, q.front().arrival), t);
  }

 private:
  // The rings set in a per-ring event vector (a table: without the popcnt instruction in the
  // baseline x86-64, __builtin_popcount is a library call, a few percent of an RTL run).
  static int rings_set(uint32_t v) {
    static_assert(rtl::sci::kMaxDims <= 4, "rings_set's table covers four rings");
    constexpr uint8_t kSet[16] = {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4};
    return kSet[v & 15];
  }

  // Packet and flit, from the wire to the network's pool and back.
  SciPacket packet_of(const rtl::sci::WireFlit& w) const {
    SciPacket p;
    p.id = w.id;
    p.kind = SciKind(w.kind);
    p.src = rtl::sci::to_index(s_.geo, w.src);
    p.dest = rtl::sci::to_index(s_.geo, w.dest);
    p.flits = p.kind == SciKind::data ? s_.p.data_flits : is_send(p.kind) ? s_.p.address_flits : s_.p.echo_flits;
    p.injected = is_send(p.kind) ? s_.injected_of.at(p.id) : 0;  // (answers carry none)
    p.target = rtl::sci::to_index(s_.geo, w.target);
    p.retries = int(w.retries);
    p.corrupt = !w.crc_good;
    return p;
  }
  static Flit flit_of(const rtl::sci::WireFlit& w, uint32_t slot, bool crc_bad) {
    return Flit{slot, uint16_t(w.seq), 0, w.head, w.tail, false, 0, w.kind, crc_bad};
  }
  rtl::sci::WireFlit wire_of(const Flit& f, const SciPacket& pk) const {
    rtl::sci::WireFlit w;
    w.head = f.head;
    w.tail = f.tail;
    w.kind = f.kind;
    w.crc_good = !f.crc_bad;
    w.seq = f.seq;
    w.retries = uint32_t(pk.retries);
    w.src = rtl::sci::to_coords(s_.geo, pk.src);
    w.dest = rtl::sci::to_coords(s_.geo, pk.dest);
    w.target = rtl::sci::to_coords(s_.geo, pk.target);
    w.id = pk.id;
    return w;
  }

  // The words of the packet entering on one ring, made at its head; each flit sets its own
  // fields in them (packing every field of every flit cost a fifth of an RTL run).
  struct InPacket {
    uint32_t slot = ~0u;
    rtl::sci::Words w{};
    const rtl::sci::Words& words(const Flit& f, const SciPacket& pk, const RtlSciNode& n) {
      if (f.head || f.packet != slot) {
        w = rtl::sci::pack(n.wire_of(f, pk));
        slot = f.packet;
        if (is_send(pk.kind)) n.s_.injected_of.try_emplace(pk.id, pk.injected);  // the wire has no room for it
      }
      rtl::sci::set_flit_fields(w, f.head, f.tail, f.kind, !f.crc_bad, f.seq);
      if (f.seq > uint32_t(rtl::sci::kMaxLen))
        throw std::length_error("SCI RTL flit: sequence " + std::to_string(f.seq) + " beyond the RTL's field");
      return w;
    }
  };

  // A flit the RTL sends on ring d in cycle t. The link may damage a send packet's
  // transmission: its CRC then fails where it leaves the ring (as SciRingInterface::send).
  // Only a head's packet fields are read off the wire; later flits carry their own fields.
  void send(int d, const rtl::sci::Words& words, int64_t t) {
    if (monitor_) monitor_->ring_out(d, ring_flit(words), t);  // before anything is handed on
    if (s_.activity) count_sent(d, words);
    if (out_words_[size_t(d)]) {
      rtl::sci::WireFlit w;
      rtl::sci::unpack_flit_fields(words, w);
      send_words(d, words, w, t);
      return;
    }
    rtl::sci::WireFlit& w = out_wire_[size_t(d)];
    rtl::sci::unpack_flit_fields(words, w);
    if (w.head) w = rtl::sci::unpack(words);
    uint32_t& slot = out_slot_[size_t(d)];
    if (w.head) {
      slot = s_.packets.allocate(packet_of(w));
      SciPacket& pk = s_.packets[slot];
      pk.corrupt = leaves_corrupt(d, pk);
      out_crc_bad_[size_t(d)] = pk.corrupt;
    }
    s_.packets[slot].kind = SciKind(w.kind);  // a stomped echo turns nack on its way
    out_[size_t(d)]->send(flit_of(w, slot, out_crc_bad_[size_t(d)]), t, 0);
  }

  // Energy accounting at the pins: a flit out on ring d, by where it came from, decided at its
  // head: an answer through the ring buffer (made here if its source is this node), a new packet
  // from the output queue (sent_o: the active buffer takes its copy), a send packet of this node's
  // otherwise (target: where its echo returns) from the active buffer, anything else passed on.
  // The switch's crossings are inside the RTL: a flit that leaves an output queue crossed it
  // (from the CPU if its packet is this node's, else from an input queue), as did a flit that
  // reaches the CPU (sample); flits between the switch and those pins when a run stops are not
  // counted yet (drained, every count is the SystemC node's).
  void count_sent(int d, const rtl::sci::Words& words) {
    rtl::sci::WireFlit w;
    rtl::sci::unpack_flit_fields(words, w);
    OutCount& o = out_count_[size_t(d)];
    if (w.head) {
      const rtl::sci::WireFlit h = rtl::sci::unpack(words);
      const bool answer = !is_send(SciKind(h.kind));
      const uint32_t src = rtl::sci::to_index(s_.geo, h.src), target = rtl::sci::to_index(s_.geo, h.target);
      o = OutCount{h.id, answer, answer && src == node_, src == node_,
                   answer                  ? RingSource::passed
                   : pins_.sent() >> d & 1 ? RingSource::output
                   : target == node_       ? RingSource::resent
                                           : RingSource::passed};
    }
    s_.activity->sent(node_, d, o.id, w.seq, o.answer, o.made_here, o.source);
    if (o.source == RingSource::output) s_.activity->switched(node_, o.mine, false);
  }
  struct OutCount {
    uint64_t id = 0;
    bool answer = false, made_here = false, mine = false;
    RingSource source = RingSource::passed;
  };

  // What the monitor reads of a flit's words: its own fields, and at a head its packet's.
  RingFlit ring_flit(const rtl::sci::Words& words) const {
    rtl::sci::WireFlit w;
    rtl::sci::unpack_flit_fields(words, w);
    RingFlit f{w.head, w.tail, SciKind(w.kind)};
    if (w.head) {
      w = rtl::sci::unpack(words);
      f.id = w.id;
      f.src = rtl::sci::to_index(s_.geo, w.src);
      f.dest = rtl::sci::to_index(s_.geo, w.dest);
      f.target = rtl::sci::to_index(s_.geo, w.target);
    }
    return f;
  }

  // Whether packet `pk` leaves on ring d with a failed CRC: it came so, or the link damages it.
  bool leaves_corrupt(int d, const SciPacket& pk) const {
    return pk.corrupt || (s_.p.corrupt_rate > 0 && is_send(pk.kind) && sci_link_corrupts(s_.p, node_, d, pk));
  }

  // The same to an RTL node, as words: the packet's fields as its head had them, each flit's
  // own fields, and the transmission's CRC as the link leaves it (what the receiver would
  // have rebuilt from the packet).
  void send_words(int d, const rtl::sci::Words& words, const rtl::sci::WireFlit& w, int64_t t) {
    rtl::sci::Words& head = out_head_[size_t(d)];
    if (w.head) {
      head = words;
      // (without link errors the packet is not worked out: its CRC is the head's)
      out_crc_bad_[size_t(d)] =
          s_.p.corrupt_rate > 0 ? leaves_corrupt(d, packet_of(rtl::sci::unpack(words))) : !w.crc_good;
    }
    rtl::sci::Words sent = head;
    rtl::sci::set_flit_fields(sent, w.head, w.tail, w.kind, !out_crc_bad_[size_t(d)], w.seq);
    if (out_words_[size_t(d)]->tapped())  // a flit log: the flit, its packet named by its id
      out_[size_t(d)]->show_unslotted(flit_of(w, 0, out_crc_bad_[size_t(d)]),
                                      rtl::sci::model_id(rtl::sci::get(head, rtl::sci::kIdAt, rtl::sci::kIdBits)), t);
    out_words_[size_t(d)]->send(rtl::sci::to_wire(sent), w.kind, t);
  }

  uint32_t node_;
  SciShared& s_;
  RtlDomain& domain_;
  SciCpuPort cpu_;
  Pins pins_;
  std::vector<FlitFifo> in_;  // per ring: flits on the link and in the decode stages
  std::vector<InPacket> in_packet_;
  InPacket cpu_packet_;  // the CPU's front message
  std::vector<std::optional<FlitLink>> out_;
  std::vector<std::optional<CalendarWake>> out_wake_;
  // Per ring, in the node itself (lines the clock domain requests with the node's, rather than
  // an allocation of their own each).
  template <class T>
  using PerRing = std::array<T, rtl::sci::kMaxDims>;
  PerRing<WireWords*> out_words_{}, in_words_{};  // the wire out and in, if it carries words
  uint64_t in_holding_ = 0;                       // the rings whose input FIFO holds flits
  uint32_t cpu_slot_ = 0;                         // of the message reaching the CPU
  bool ring_in_ = false, cpu_offered_ = false;
  PerRing<bool> out_crc_bad_{};
  PerRing<uint32_t> out_slot_{};             // the slot of the packet being sent
  PerRing<rtl::sci::Words> out_head_{};      // to an RTL node: the words of the packet's head
  PerRing<rtl::sci::WireFlit> out_wire_{};   // the flit last sent, its packet's fields from its head
  PerRing<OutCount> out_count_{};            // energy accounting: the packet being sent
  EdgeWake wake_ = domain_.edge_wake(s_.calendar, node_);  // for what lands on the inputs
  std::optional<SciPinMonitor> monitor_;  // verify.monitors on
};

}  // namespace kncsim
