#pragma once
// A Verilated kncsim_router_top behind the same interface as the SystemC WormholeRouter,
// so the fabric can put it at any node. `Pins` is how the model is bound: RtlSignalPins
// (SystemC-mode model on sc_signals) or RtlDirectPins (C++ model, evaluated directly); the
// cycle behaviour is the same. The network's RtlDomain steps the router in cycles where it is
// not idle or has input (clock gating: an edge with no input on an idle router changes
// nothing); it is woken through the same calendar as the SystemC routers. In a cycle t:
//   sample  hand the outputs on: send flits on the links, eject to the NI, return credit_o
//           upstream
//   present set what the RTL registers at the edge (flits landing at t+1 on each input
//           link, credits landing at t+1 on each output link)
//   edge    raise the clock
// With virtual channels each link input has a wire per VC (the link writes a flit into its
// VC's), a flit's VC rides in the RTL flit, and a credit pin carries its VC.
// The RTL's local input is a FIFO like the others. The adapter feeds it from the NI's
// unbounded injection queue one flit per cycle, the cycle before the flit may leave, while
// it has room: its front is then always the injection queue's first flit that has arrived.
// Every write to a SystemC neighbour still lands in a later cycle, so mixing SystemC and
// RTL routers changes nothing. Between two RTL routers the link carries the output pins' word
// as it is (link/wire_words.hpp): the receiver's input pins take it without the packet being
// looked up and the flit rebuilt (they hold the same bits; the equivalence tests compare).
// Unless switched off (verify.monitors), a protocol monitor (verify/router_pin_monitor.hpp)
// judges what crosses the pins before anything is handed on, and stops the run at the first
// broken rule, naming this node, the port and the cycle.
#include <algorithm>
#include <array>
#include <optional>
#include <string>
#include <systemc>
#include <vector>

#include "flit/packet_table.hpp"
#include "link/wire_words.hpp"
#include "model/delivery_log.hpp"
#include "model/violation_tally.hpp"
#include "router/network_router.hpp"
#include "rtl_adapt/flit_bits.hpp"
#include "rtl_adapt/rtl_protocol_stop.hpp"
#include "sc/rtl_domain.hpp"
#include "rtl_adapt/rtl_model_abi.hpp"
#include "sched/wake_calendar.hpp"
#include "topo/mesh_geometry.hpp"
#include "verify/router_pin_monitor.hpp"

namespace kncsim {

template <class Pins, int Ports>
class RtlRouter final : public sc_core::sc_module, public NetworkRouter, public RtlNode {
 public:
  // `model`: the Verilated router (rtl_model_abi.hpp) in Pins' binding; `monitor`: the
  // monitor's parameters (ports and channels as this router's), or none.
  RtlRouter(sc_core::sc_module_name name, const rtl_abi::ModelApi& model, uint32_t node, const MeshGeometry& g,
            int64_t depth, int vcs, bool ages, PacketTable& packets, DeliveryLog& log, WakeCalendar& calendar,
            RtlDomain& domain, std::optional<RouterMonitorParams> monitor = std::nullopt)
      : sc_module(name), node_(node), g_(g), packets_(packets), log_(log), calendar_(calendar),
        domain_(domain), depth_(depth), vcs_(vcs), ages_(ages), pins_(model, std::string(this->name()) + ".rtl"), seq_(size_t(Ports * vcs), 0), local_heads_(size_t(depth)) {
    for (int c = 0; c < Ports * vcs_; ++c) wires_.emplace_back(c == 0 ? FlitFifo::kUnbounded : depth);
    for (int c = 0; c < Ports * vcs_; ++c) wires_[size_t(c)].set_occupancy_mask(&holding_, uint64_t{1} << c);
    domain_.add(node_, this, Pins::kNeedsDelta);
    if (monitor) {
      monitor->coverage = log_.coverage;          // the network's coverage points, if it gathers them
      monitor->count = log_.violations != nullptr;  // verify.on_violation count
    }
    if (monitor)
      monitor_.emplace(node_, g_, *monitor, packets_, [this](const std::string& rule, int64_t t, const std::string& report) {
        if (log_.violations) return log_.violations->count(rule, std::string(this->name()) + ": " + report);
        rtl::protocol_stop(std::string(this->name()) + ": " + report, node_, t);
      });
  }

  FlitFifo& input_fifo(int port) override { return wires_[size_t(port * vcs_)]; }
  FlitFifo& input_fifo(int port, int vc) override { return wires_[size_t(port * vcs_ + vc)]; }
  int vcs() const override { return vcs_; }
  std::optional<EdgeWake> word_wake() const override { return wake_; }
  void connect_output(int port, FlitLink* link) override {
    out_[size_t(port)] = link;
    if (link) link->set_rtl_sender(&credits_coming_, uint64_t{1} << port);
    if (monitor_ && port != 0) monitor_->set_output_linked(port, link != nullptr);
    out_words_[size_t(port)] = link ? link->words() : nullptr;
  }
  void connect_input(int port, FlitLink* link) override {
    in_[size_t(port)] = link;
    in_words_[size_t(port)] = link ? link->words() : nullptr;
    if (in_words_[size_t(port)]) word_ins_ |= 1u << port;
  }
  void connect_ejector(Ejector* e) override { ejector_ = e; }
  void connect_injector(Injector* i, int vc = 0) override {
    if (vc == 0) injector_ = i;  // one class: RTL nodes refuse traffic classes' own channels
  }

  // A flit, credit or injected flit lands at `cycle`: the RTL registers it at the edge
  // ending cycle-1.
  void wake_at(int64_t cycle) override { domain_.wake(wake_, cycle); }
  void notify_due() override { domain_.sample_now(node_, calendar_.now()); }

  void trace(sc_core::sc_trace_file* tf, const std::vector<std::string>&) override {
    pins_.trace(tf, name(), Ports);
  }
  void trace_internals(const std::string& path) override { pins_.trace_internals(path); }
  NodeToggles module_toggles() const override { return pins_.module_toggles(); }
  void sample_toggles(uint32_t period, uint64_t seed) override { pins_.sample_toggles(period, seed); }
  void start_of_simulation() override { pins_.start_of_simulation(); }

  size_t flits_buffered() const override {
    size_t n = size_t(inside_);
    for (const auto& w : wires_) n += w.size();
    for (uint32_t m = word_ins_; m; m &= m - 1) n += in_words_[size_t(__builtin_ctz(m))]->size();
    return n;
  }
  size_t input_fifo_size(int in) const override { return wires_[size_t(in)].size(); }  // by channel
  int bound_output(int) const override { return -1; }
  int bound_input(int) const override { return -1; }
  uint32_t route_of_front(int) const override { return 0; }
  std::string stall_report() const override { return monitor_ ? monitor_->stall_report() : ""; }

  void assert_reset() override {
    pins_.assert_reset(uint32_t(rtl::pack_coords(g_, node_)), uint32_t(rtl::pack_last(g_)));
  }
  void release_reset() override { pins_.release_reset(); }

  void sample(int64_t t) override {
    pins_.clock_low();
    const uint32_t valid = pins_.out_valid(), pops = pins_.in_pop();
    // The monitor (verify.monitors) sees each pin before anything is handed on.
    if (monitor_) monitor_->outputs_driven(valid, t);
    for (int p = 0; p < Ports; ++p) {
      if (pops >> p & 1) {
        if (monitor_) monitor_->popped(p, t);
        --inside_;
        if (p == 0) local_left(t);
        log_.last_move = t;
      }
      const int amount = int(pins_.credit_out(p));
      if (amount && in_[size_t(p)]) {
        const int vc = pins_.credit_out_vc(p);
        if (monitor_) monitor_->credit_out(p, vc, amount, t);
        in_[size_t(p)]->credit(amount, t, vc);
      }
    }
    for (int o = 0; o < Ports; ++o) {
      if (!(valid >> o & 1)) continue;
      const uint64_t word = pins_.out_flit(o);
      Flit f = rtl::unpack_flit(word);
      if (monitor_) monitor_->flit_out(o, f, rtl::unpack_dest(word), rtl::unpack_len(word), t);
      // A tag past every slot cannot go on (monitors off, or counting): nothing to hand on.
      if (!packets_.holds(f.packet)) [[unlikely]]
        rtl::protocol_stop(std::string(name()) + ": output " + MeshGeometry::port_name(o) + " sent a flit whose tag " +
                           std::to_string(f.packet) + " names no packet [cycle " + std::to_string(t) + "]");
      if (g_.torus()) check_dateline_bits(word, f, o, t);
      const bool words = out_words_[size_t(o)] != nullptr;  // to an RTL neighbour: the word itself
      const bool logged = words && out_words_[size_t(o)]->tapped();
      if (!words || logged) {  // the flit, for a SystemC neighbour or a flit log
        uint16_t& seq = seq_[size_t(o * vcs_ + f.vc)];  // packets interleave on a link's channels
        f.seq = f.head ? 0 : uint16_t(seq + 1);
        seq = f.seq;
      }
      if (words) {
        if (f.head) {
          PacketInfo& pk = packets_[f.packet];
          ++pk.hops;
          pk.at = g_.neighbour(node_, o);
          pk.since = t;
        }
        if (logged) out_[size_t(o)]->show(f, t);
        out_words_[size_t(o)]->send(WireWord{word, 0}, 0, t);
        continue;
      }
      if (o == 0) {
        ejector_->eject(f, t + 1);
        continue;
      }
      PacketInfo& p = packets_[f.packet];
      if (f.head) {
        ++p.hops;
        p.at = g_.neighbour(node_, o);
        p.since = t;
      }
      out_[size_t(o)]->send(f, t, p.flits);
    }
  }

  // The inputs of cycle t; true (a delta cycle before the edge, signal binding) for a model
  // whose derived clocks need their low phase with these inputs.
  bool present(int64_t t) override {
    // Without a sample this cycle the previous cycle had no edge: the clock is low, and no
    // input was driven.
    pins_.clock_low();
    uint32_t valid = 0, credit_vcs = 0;
    // From RTL neighbours, the words their outputs drove (an input takes one a cycle).
    for (uint32_t m = word_ins_; m; m &= m - 1) {
      const int p = __builtin_ctz(m);
      WireWords& w = *in_words_[size_t(p)];
      if (w.empty() || w.front_at() != t + 1) continue;
      const uint64_t word = w.front()[0];
      pins_.set_in_flit(p, word);
      if (monitor_)
        monitor_->flit_in(p, int(rtl::unpack_flit(word).vc), word >> 63 & 1, rtl::unpack_len(word),
                          uint32_t(word & rtl::kMaxTag), t);
      if (ages_) {
        const PacketInfo& pk = packets_[uint32_t(word & rtl::kMaxTag)];
        pins_.set_in_age(p, rtl::pack_age(pk.tsent, pk.id));
      }
      w.pop();
      ++inside_;
      valid |= 1u << p;
    }
    // Links deliver exactly at their arrival (a flit a cycle, on one of the link's channels: a
    // port's channels come in ascending order); the injection queue feeds as room allows. Only
    // the wires holding flits are looked at.
    for (uint64_t m = holding_; m; m &= m - 1) {
      const int c = __builtin_ctzll(m), p = c / vcs_;
      if (valid >> p & 1) continue;
      FlitFifo& w = wires_[size_t(c)];
      const bool lands = p ? w.front().arrival == t + 1 : w.front().arrival <= t + 1 && local_ < depth_;
      if (!lands) continue;
      const Flit f = w.front().flit;
      const PacketInfo& pk = packets_[f.packet];
      pins_.set_in_flit(p, rtl::pack_flit(f, pk.flits, rtl::pack_coords(g_, pk.dest),
                                          rtl::wrapped_at(g_, node_, pk.src, pk.dest)));
      if (ages_) pins_.set_in_age(p, rtl::pack_age(pk.tsent, pk.id));
      if (monitor_) monitor_->flit_in(p, c % vcs_, f.head, pk.flits, f.packet, t);
      w.pop();
      if (w.empty()) holding_ &= ~(uint64_t{1} << c);
      ++inside_;
      if (p == 0) local_heads_[size_t((local_first_ + local_++) % depth_)] = f.seq == 0;
      valid |= 1u << p;
    }
    // Credits, from the output links that have some on the wire; a credit pin driven at the
    // last edge and not now goes back to 0.
    uint32_t credit_pins = 0;
    for (uint64_t m = credits_coming_; m; m &= m - 1) {
      const int p = __builtin_ctzll(m);
      int vc = 0;
      const uint32_t c = uint32_t(out_[size_t(p)]->take_credits(t + 1, &vc));
      if (!c) continue;
      if (monitor_) monitor_->credit_in(p, vc, int(c), t);
      pins_.set_credit_in(p, c);
      credit_vcs |= uint32_t(vc) << (p * rtl::kVcBits);
      credit_pins |= 1u << p;
    }
    for (uint32_t m = credit_pins_ & ~credit_pins; m; m &= m - 1) pins_.set_credit_in(__builtin_ctz(m), 0);
    credit_pins_ = credit_pins;
    if (vcs_ > 1) pins_.set_credit_vcs(credit_vcs);
    pins_.set_in_valid(valid);
    in_valid_ = valid;
    return pins_.needs_low_phase();
  }

  void edge(int64_t t) override {
    // Clock gating: an edge only if the router holds state or gets input.
    if (in_valid_ || credit_pins_ || !pins_.idle()) {
      pins_.clock_high();
      calendar_.wake(node_, t + 1, t);  // look again next cycle
    }
    // Injected flits still queued come back here when they may enter.
    if (!wires_[0].empty()) wake_at(std::max(t + 2, wires_[0].front().arrival));
  }

private:
  // The flits that routers exchange are rebuilt from the packet's route at each input (a
  // SystemC neighbour has no such bits), so the dateline bits the RTL sends are checked here:
  // they must say which wraparounds the packet has taken on reaching the node downstream.
  // Wrong bits put a packet on the wrong channel class, which a later hop would hide.
  void check_dateline_bits(uint64_t word, const Flit& f, int o, int64_t t) const {
    const PacketInfo& pk = packets_[f.packet];
    const uint32_t at = o == 0 ? node_ : g_.neighbour(node_, o);
    const uint32_t want = rtl::wrapped_at(g_, at, pk.src, pk.dest);
    const uint32_t sent = rtl::unpack_wrapped(word);
    if (sent == want) return;
    rtl::protocol_stop(std::string(name()) + ": output " + MeshGeometry::port_name(o) + " sent packet " +
                       std::to_string(pk.id) + "'s " + (f.head ? "head" : "flit") + " with wrapped bits " +
                       std::to_string(sent) + "; its route reaches node " + std::to_string(at) +
                       " having taken the wraparounds " + std::to_string(want) + " (bit k: dimension k) [cycle " +
                       std::to_string(t) + "]");
  }

  // The RTL's local FIFO popped its front flit in cycle t: a packet's first flit leaving it
  // has left its source (what a SystemC router tells the NI when its crossbar takes it).
  void local_left(int64_t t) {
    if (local_heads_[size_t(local_first_)]) injector_->head_left(t);
    local_first_ = (local_first_ + 1) % depth_;
    --local_;
  }

  uint32_t node_;
  const MeshGeometry& g_;
  PacketTable& packets_;
  DeliveryLog& log_;
  WakeCalendar& calendar_;
  RtlDomain& domain_;
  int64_t depth_;  // flits per RTL input FIFO
  int vcs_;        // virtual channels per link
  bool ages_;      // an oldest-first router: each flit comes with its packet's age
  Pins pins_;
  std::vector<FlitFifo> wires_;  // by channel (port * vcs + vc); 0: the NI's injection queue; others: flits on the wire
  uint64_t holding_ = 0;         // the wires holding flits (set by their pushes, cleared here)
  std::array<FlitLink*, Ports> out_{}, in_{};
  uint32_t word_ins_ = 0;                      // the inputs whose flits come as words
  std::array<WireWords*, Ports> out_words_{}, in_words_{};  // the links carrying words, their wires
  uint64_t credits_coming_ = 0;                // the outputs with credits on the wire back
  uint32_t credit_pins_ = 0;                   // the credit_i pins driven (not 0)
  uint32_t in_valid_ = 0;                      // the in_valid_i pins set for this cycle's edge
  std::vector<uint16_t> seq_;  // position of the last flit sent on each output channel
  Ejector* ejector_ = nullptr;
  Injector* injector_ = nullptr;
  int64_t inside_ = 0;  // flits inside the RTL FIFOs
  int64_t local_ = 0;   // of which in the local input's FIFO
  std::vector<bool> local_heads_;  // ring over the local FIFO's flits: which open a packet
  int64_t local_first_ = 0;
  EdgeWake wake_ = domain_.edge_wake(calendar_, node_);  // for what lands on the inputs
  std::optional<RouterPinMonitor> monitor_;  // verify.monitors on
};

}  // namespace kncsim
