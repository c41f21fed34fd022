#pragma once
// The single-router lockstep bench: the router under test (SystemC, or Verilated RTL in
// either binding) at the centre of a small mesh or torus, a stub neighbour on every network
// port, the injection queue fed at random. The stubs decide by a counter-based random
// function of (seed, stub, cycle) and send only when the link's credits allow, so two routers
// get the same stimulus exactly as long as they behave the same. run() returns every flit the
// router sent (cycle, output port, packet id, flit), sorted, and the cycles in which an
// injected packet's head left the injection queue (port -1). The RTL starts from random
// register and memory contents, so only its reset makes it behave. Used by the lockstep test
// and the mutation test.
#include <algorithm>
#include <cmath>
#include <memory>
#include <string>
#include <systemc>
#include <tuple>
#include <vector>

#include "rand/counter_rng.hpp"
#include "router/wormhole_router.hpp"
#include "rtl_adapt/rtl_variants.hpp"
#include "sc/cycle_time.hpp"
#include "sc/sim_session.hpp"
#include "sc/vcd_file.hpp"

namespace kncsim::test {

using Trace = std::vector<std::tuple<int64_t, int, uint64_t, int>>;  // cycle, output port, packet id, flit

inline bool chance(uint64_t seed, uint64_t who, int64_t cycle, uint64_t draw, double p) {
  return std::ldexp(double(counter_bits53(seed, who, uint64_t(cycle), draw)), -53) < p;
}

// A neighbour of the router under test: sends random packets into one of its inputs and
// drains one of its outputs with random back-pressure. Evaluated every cycle. With virtual
// channels it keeps a packet stream per channel (a flit a cycle on the link, on a channel
// drawn at random) and a sink per channel.
class StubNeighbour : public sc_core::sc_module, public Wakeable {
 public:
  SC_HAS_PROCESS(StubNeighbour);
  StubNeighbour(sc_core::sc_module_name n, int id, uint64_t seed, int packet_flits, int64_t fifo, bool cut_through,
                int vcs, uint32_t src, PacketTable& packets, const MeshGeometry& g, Trace& trace, int port)
      : sc_module(n), id_(id), seed_(seed), flits_(packet_flits), cut_through_(cut_through), vcs_(vcs), src_(src),
        packets_(packets), g_(g), trace_(trace), port_(port), seq_(size_t(vcs), packet_flits),
        packet_(size_t(vcs), 0), mid_packet_(size_t(vcs), false) {
    for (int v = 0; v < vcs; ++v) sinks_.emplace_back(fifo);
    SC_METHOD(cycle);
  }
  FlitLink* to_router = nullptr;    // this stub -> router input
  FlitLink* from_router = nullptr;  // router output -> this stub (writes into sinks_)
  std::vector<FlitFifo> sinks_;     // per virtual channel
  void wake_at(int64_t) override {}

 private:
  void cycle() {
    const int64_t t = current_cycle();
    if (to_router) send(t);
    // Back-pressure: take a front flit only half the time; but a cut-through receiver,
    // having credited the whole packet when its head left, streams the rest out. At most one
    // flit a cycle, as a router's input port (one credit a cycle goes back on the link), from
    // the channels in turn from one drawn at random.
    const int first = vcs_ == 1 ? 0 : int(counter_bits53(seed_, id_, uint64_t(t), 5) % uint64_t(vcs_));
    for (int i = 0; i < vcs_ && from_router; ++i) {
      const int v = (first + i) % vcs_;
      FlitFifo& sink = sinks_[size_t(v)];
      const bool streaming = mid_packet_[size_t(v)] && cut_through_;
      if (sink.empty() || sink.front().arrival > t || !(streaming || chance(seed_, id_ + 64 * v, t, 2, .5))) continue;
      const Flit f = sink.front().flit;
      mid_packet_[size_t(v)] = !f.tail;
      trace_.emplace_back(t - from_router->delay(), port_, packets_[f.packet].id, f.seq);
      sink.pop();
      from_router->departed(f, t, f.head ? packets_[f.packet].flits : 0);
      break;
    }
    next_trigger(cycles(1));
  }
  // The packet's source: on a torus, one hop behind the router under test (at random) in each
  // dimension the packet has one hop left in, so that some packets have crossed a dateline and
  // both channel classes carry traffic, while the router still lies on a minimal path from the
  // source (the SystemC router's classes from the source and the RTL's wrapped bits agree).
  uint32_t source(uint32_t dest, int64_t t) const {
    if (!g_.torus()) return src_;
    int64_t s = src_;
    for (int k = 0; k < g_.dims(); ++k) {
      const int off = g_.offset(src_, dest, k), c = g_.coord(src_, k), r = g_.radix(k);
      if ((off == 1 || off == -1) && chance(seed_, id_, t, 6 + uint64_t(k), .5))
        s += int64_t((c - off + r) % r - c) * int64_t(g_.stride(k));
    }
    return uint32_t(s);
  }
  void send(int64_t t) {
    const int v = vcs_ == 1 ? 0 : int(counter_bits53(seed_, id_, uint64_t(t), 4) % uint64_t(vcs_));
    int& seq = seq_[size_t(v)];
    if (seq == flits_) {  // between packets: start one now and then
      if (!chance(seed_, id_, t, 0, .3)) return;
      const uint32_t dest = uint32_t(counter_bits53(seed_, id_, uint64_t(t), 1) % g_.nodes());
      packet_[size_t(v)] =
          packets_.allocate(PacketInfo{uint64_t(id_) << 24 | next_id_++, source(dest, t), dest, t, 0, flits_, 0});
      seq = 0;
    }
    if (!chance(seed_, id_, t, 3, .8)) return;  // the sender pauses too
    Flit f{packet_[size_t(v)], uint16_t(seq), 0, seq == 0, seq == flits_ - 1};
    f.vc = uint8_t(v);
    if (f.head ? !to_router->admits_head(t, flits_, v) : !to_router->admits_body(t, v)) return;
    to_router->send(f, t, flits_);
    ++seq;
  }

  int id_;
  uint64_t seed_;
  int flits_;
  bool cut_through_;
  int vcs_;
  uint32_t src_;  // the router under test
  PacketTable& packets_;
  const MeshGeometry& g_;
  Trace& trace_;
  int port_;
  std::vector<int> seq_;  // per channel: next flit of the packet being sent; flits_ = none
  std::vector<uint32_t> packet_;
  std::vector<bool> mid_packet_;
  uint32_t next_id_ = 0;
};

enum class Dut { systemc, rtl_direct, rtl_signals };

// The bench: the router under test at the centre node, a stub on every network port, the
// injection queue fed at random, the local output recorded, and the cycles in which an
// injected packet's head left the injection queue (port -1).
class Bench : public sc_core::sc_module, public Ejector, public Injector {
 public:
  SC_HAS_PROCESS(Bench);
  Bench(sc_core::sc_module_name n, const RtlVariant& v, Dut dut, uint64_t seed, const std::string& vcd = "")
      : sc_module(n), g_(v.dims, v.torus ? 5 : 3, v.torus), calendar_(g_.nodes(), 64), rtl_clock_("rtl_clock", g_.nodes()),
        seed_(seed), flits_(v.cut_through ? int(v.depth / 2) : 5) {
    // The centre of a mesh; on a torus the node at (last, 0, ...), whose +x and -y outputs
    // are wraparound wires (the datelines).
    uint32_t at = 0;
    for (int k = 0; k < g_.dims(); ++k) at += uint32_t(v.torus ? (k == 0 ? g_.radix(k) - 1 : 0) : 1) * g_.stride(k);
    centre_ = at;
    RouterParams p;
    p.adaptive = v.adaptive;
    p.fifo_flits = v.depth;
    p.credits = v.cut_through ? CreditPolicy::per_packet : CreditPolicy::per_flit;
    p.vcs = v.vcs;
    p.arbitration = v.arbitration;
    if (dut != Dut::systemc) {
      // Every register and memory of the RTL starts random, not zero: what its reset leaves
      // out shows (the reset assertions, or different flits).
      randomize_rtl_initial_state(int(seed));
      router_ = v.make("dut", centre_, g_, packets_, log_, calendar_, rtl_clock_, dut == Dut::rtl_signals);
    } else {
      router_ = std::make_unique<WormholeRouter>("dut", centre_, g_, p, packets_, log_, calendar_);
    }
    router_->connect_ejector(this);
    router_->connect_injector(this);
    for (int port = 1; port < g_.ports(); ++port) {
      auto s = std::make_unique<StubNeighbour>(("stub" + std::to_string(port)).c_str(), port, seed, flits_, v.depth,
                                               v.cut_through, v.vcs, centre_, packets_, g_, trace_, port);
      links_.emplace_back(std::make_unique<FlitLink>(LinkParams{}, p.credits, router_->input_fifo(port), *router_, *s));
      for (int vc = 1; vc < v.vcs; ++vc) links_.back()->add_vc(router_->input_fifo(port, vc));
      s->to_router = links_.back().get();
      router_->connect_input(port, s->to_router);
      links_.emplace_back(std::make_unique<FlitLink>(LinkParams{}, p.credits, s->sinks_[0], *s, *router_));
      for (int vc = 1; vc < v.vcs; ++vc) links_.back()->add_vc(s->sinks_[size_t(vc)]);
      s->from_router = links_.back().get();
      router_->connect_output(port, s->from_router);
      stubs_.push_back(std::move(s));
    }
    if (!vcd.empty()) {  // the router's pins, and (RTL, signal binding) every signal inside it
      vcd_ = std::make_unique<VcdFile>(vcd, sc_core::SC_PS);
      std::vector<std::string> names;
      for (int port = 0; port < g_.ports(); ++port) names.push_back(MeshGeometry::port_name(port));
      router_->trace(vcd_->get(), names);
      router_->trace_internals(vcd_stem(vcd) + ".internals.vcd");
    }
    SC_METHOD(clock);
  }
  ~Bench() override {
    vcd_.reset();
  }
  void eject(const Flit& f, int64_t arrival) override {
    trace_.emplace_back(arrival - 1, 0, packets_[f.packet].id, f.seq);
    if (f.tail) packets_.release(f.packet);
  }
  void head_left(int64_t t) override { trace_.emplace_back(t, -1, heads_left_++, 0); }
  Trace trace_;

 private:
  // Before the routers each cycle: feed the injection queue, then wake whoever is due.
  void clock() {
    const int64_t t = current_cycle();
    if (chance(seed_, 99, t, 0, .1)) {
      const uint32_t dest = uint32_t(counter_bits53(seed_, 99, uint64_t(t), 1) % g_.nodes());
      const uint32_t k = packets_.allocate(PacketInfo{uint64_t(99) << 24 | injected_++, centre_, dest, t, 0, flits_, 0});
      const int64_t tin = std::max(t + 1, last_injected_ + 1);
      for (int i = 0; i < flits_; ++i)
        router_->input_fifo(0).push(TimedFlit{tin + i, Flit{k, uint16_t(i), 0, i == 0, i == flits_ - 1}});
      last_injected_ = tin + flits_ - 1;
      router_->wake_at(tin);
    }
    calendar_.begin_cycle(t);
    for (int64_t n; (n = calendar_.next_node()) >= 0;) router_->notify_due();
    next_trigger(cycles(1));
  }

  MeshGeometry g_;
  WakeCalendar calendar_;
  RtlDomain rtl_clock_;
  uint64_t seed_;
  int flits_;
  uint32_t centre_ = 0;
  PacketTable packets_;
  DeliveryLog log_;
  std::unique_ptr<NetworkRouter> router_;
  std::vector<std::unique_ptr<StubNeighbour>> stubs_;
  std::vector<std::unique_ptr<FlitLink>> links_;
  uint64_t injected_ = 0;
  uint64_t heads_left_ = 0;
  int64_t last_injected_ = -1;
  std::unique_ptr<VcdFile> vcd_;
};

// `vcd`: a VCD file of the router's pins (and, RTL on signals, PATH-stem.internals.vcd of its insides).
inline Trace run_lockstep(const RtlVariant& v, Dut dut, uint64_t seed, int64_t cycles_to_run, const std::string& vcd = "") {
  SimSession session;
  auto bench = std::make_unique<Bench>("bench", v, dut, seed, vcd);
  sc_core::sc_start(cycles(cycles_to_run));
  Trace t = std::move(bench->trace_);
  bench.reset();
  std::sort(t.begin(), t.end());
  return t;
}

}  // namespace kncsim::test
