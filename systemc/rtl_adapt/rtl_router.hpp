#pragma once
// A Verilated kncsim_router_top behind the same interface as the SystemC WormholeRouter,
// so the fabric can put it at any node. The adapter owns the RTL's clock and gives it an
// edge only in cycles where the router is not idle or has input (clock gating: an edge with
// no input on an idle router changes nothing), and it is woken through the same calendar as
// the SystemC routers. In a cycle t it works the pins in two phases:
//   t + 0.25  sample the outputs: send flits on the links, eject to the NI, return
//             credit_o upstream (all RTL routers in the same delta)
//   one delta later: present what the RTL registers at the edge (flits landing at t+1 on each
//             input link, credits landing at t+1 on each output link), and raise the clock
// The RTL's local input is a FIFO like the others. The adapter feeds it from the NI's
// unbounded injection queue one flit per cycle, the cycle before the flit may leave, while
// it has room: its front is then always the injection queue's first flit that has arrived.
// Every write to a SystemC neighbour still lands in a later cycle, so mixing SystemC and
// RTL routers changes nothing.
#include <algorithm>
#include <array>
#include <memory>
#include <string>
#include <systemc>
#include <vector>

#include "flit/packet_table.hpp"
#include "ni/delivery_log.hpp"
#include "router/network_router.hpp"
#include "rtl_adapt/flit_bits.hpp"
#include "sc/cycle_time.hpp"
#include "sched/wake_calendar.hpp"
#include "topo/mesh_geometry.hpp"
#if VM_TRACE
#include "verilated_vcd_sc.h"
#endif

namespace kncsim {

template <class VModel, int Ports>
class RtlRouter final : public sc_core::sc_module, public NetworkRouter {
 public:
  SC_HAS_PROCESS(RtlRouter);
  RtlRouter(sc_core::sc_module_name name, uint32_t node, const MeshGeometry& g, int64_t depth,
            PacketTable& packets, DeliveryLog& log, WakeCalendar& calendar)
      : sc_module(name), node_(node), g_(g), packets_(packets), log_(log), calendar_(calendar), depth_(depth),
        model_("rtl") {
    for (int p = 0; p < Ports; ++p) wires_.emplace_back(p == 0 ? FlitFifo::kUnbounded : depth);
    model_.clk_i(clk_);
    model_.rst_ni(rst_n_);
    model_.coord_i(coord_);
    model_.in_valid_i(in_valid_);
    model_.in_pop_o(in_pop_);
    model_.out_valid_o(out_valid_);
    model_.idle_o(idle_);
#define KNCSIM_BIND_PORT(k)                 \
  model_.in_flit##k##_i(in_flit_[k]);       \
  model_.out_flit##k##_o(out_flit_[k]);     \
  model_.credit##k##_i(credit_in_[k]);      \
  model_.credit##k##_o(credit_out_[k]);
    KNCSIM_BIND_PORT(0) KNCSIM_BIND_PORT(1) KNCSIM_BIND_PORT(2) KNCSIM_BIND_PORT(3)
    KNCSIM_BIND_PORT(4) KNCSIM_BIND_PORT(5) KNCSIM_BIND_PORT(6)
#undef KNCSIM_BIND_PORT
    SC_METHOD(reset);
    SC_METHOD(sample_outputs);
    dont_initialize();
    sensitive << sample_;
    SC_METHOD(present_edge_inputs);
    dont_initialize();
    sensitive << edge_;
  }

  FlitFifo& input_fifo(int port) override { return wires_[size_t(port)]; }
  void connect_output(int port, FlitLink* link) override {
    out_[size_t(port)] = link;
    if (link) link->set_rtl_sender();
  }
  void connect_input(int port, FlitLink* link) override { in_[size_t(port)] = link; }
  void connect_ejector(Ejector* e) override { ejector_ = e; }

  // A flit, credit or injected flit lands at `cycle`: the RTL registers it at the edge
  // ending cycle-1.
  void wake_at(int64_t cycle) override {
    const int64_t now = calendar_.now();
    if (cycle - 1 > now) {
      calendar_.wake(node_, cycle - 1, now);
      return;
    }
    // It lands next cycle: this cycle's edge phase must run, after every RTL router sampled.
    if (sc_core::sc_time_stamp() - cycles(now) < kSampleAt) {
      if (sample_cycle_ != now) {  // before the sampling phase: join it
        sample_cycle_ = now;
        sample_.notify(kSampleAt - (sc_core::sc_time_stamp() - cycles(now)));
      }
    } else if (edge_cycle_ != now) {  // from another RTL router's sampling phase
      edge_cycle_ = now;
      edge_.notify(sc_core::SC_ZERO_TIME);
    }
  }
  void notify_due() override {
    sample_cycle_ = calendar_.now();
    sample_.notify(kSampleAt);
  }

  void trace(sc_core::sc_trace_file* tf, const std::vector<std::string>&) override {
    const std::string n = name();
    sc_core::sc_trace(tf, clk_, n + ".clk_i");
    sc_core::sc_trace(tf, in_valid_, n + ".in_valid_i", Ports);
    sc_core::sc_trace(tf, in_pop_, n + ".in_pop_o", Ports);
    sc_core::sc_trace(tf, out_valid_, n + ".out_valid_o", Ports);
    sc_core::sc_trace(tf, idle_, n + ".idle_o");
    for (int p = 0; p < Ports; ++p) {
      const std::string k = std::to_string(p);
      sc_core::sc_trace(tf, in_flit_[p], n + ".in_flit" + k + "_i", 64);
      sc_core::sc_trace(tf, out_flit_[p], n + ".out_flit" + k + "_o", 64);
      sc_core::sc_trace(tf, credit_in_[p], n + ".credit" + k + "_i", rtl::kLenBits);
      sc_core::sc_trace(tf, credit_out_[p], n + ".credit" + k + "_o", rtl::kLenBits);
    }
  }

#if VM_TRACE
  // Every signal inside the Verilated router, to its own VCD file for GTKWave.
  void trace_internals(const std::string& path) override {
    Verilated::traceEverOn(true);
    internals_path_ = path;
  }
  void start_of_simulation() override {  // Verilator traces only elaborated models
    if (internals_path_.empty()) return;
    internals_ = std::make_unique<VerilatedVcdSc>();
    model_.trace(internals_.get(), 99);
    internals_->open(internals_path_.c_str());
  }
  ~RtlRouter() override {
    if (!internals_) return;
    internals_->close();
    (void)internals_.release();  // registered with the simulation context, which deletes it
  }
#endif

  size_t flits_buffered() const override {
    size_t n = size_t(inside_);
    for (const auto& w : wires_) n += w.size();
    return n;
  }
  size_t input_fifo_size(int in) const override { return wires_[size_t(in)].size(); }
  int bound_output(int) const override { return -1; }
  int bound_input(int) const override { return -1; }
  uint32_t route_of_front(int) const override { return 0; }

 private:
  // Time 0: an asynchronous reset pulse before any edge.
  void reset() {
    if (!reset_done_) {
      coord_.write(uint32_t(rtl::pack_coords(g_, node_)));
      rst_n_.write(false);
      reset_done_ = true;
      next_trigger(sc_core::SC_ZERO_TIME);
      return;
    }
    rst_n_.write(true);
  }

  void sample_outputs() {
    const int64_t t = calendar_.now();
    if (clk_high_) {
      clk_.write(false);
      clk_high_ = false;
    }
    const uint32_t valid = out_valid_.read(), pops = in_pop_.read();
    for (int p = 0; p < Ports; ++p) {
      if (pops >> p & 1) {
        --inside_;
        if (p == 0) --local_;
        log_.last_move = t;
      }
      const int amount = int(credit_out_[p].read());
      if (amount && in_[size_t(p)]) in_[size_t(p)]->credit(amount, t);
    }
    for (int o = 0; o < Ports; ++o) {
      if (!(valid >> o & 1)) continue;
      Flit f = rtl::unpack_flit(out_flit_[o].read());
      f.seq = f.head ? 0 : uint16_t(seq_[size_t(o)] + 1);
      seq_[size_t(o)] = f.seq;
      if (o == 0) {
        ejector_->eject(f, t + 1);
        continue;
      }
      PacketInfo& p = packets_[f.packet];
      if (f.head) ++p.hops;
      out_[size_t(o)]->send(f, t, p.flits);
    }
    if (edge_cycle_ != t) {
      edge_cycle_ = t;
      edge_.notify(sc_core::SC_ZERO_TIME);
    }
  }

  void present_edge_inputs() {
    // Without the earlier phases this cycle the previous cycle had no edge: the clock is low,
    // and no input was driven.
    const int64_t t = calendar_.now();
    uint32_t valid = 0;
    bool credits = false;
    for (int p = 0; p < Ports; ++p) {
      FlitFifo& w = wires_[size_t(p)];
      // Links deliver exactly at their arrival; the injection queue feeds as room allows.
      const bool lands = p ? !w.empty() && w.front().arrival == t + 1
                           : !w.empty() && w.front().arrival <= t + 1 && local_ < depth_;
      if (lands) {
        const Flit f = w.front().flit;
        const PacketInfo& pk = packets_[f.packet];
        in_flit_[p].write(rtl::pack_flit(f, pk.flits, rtl::pack_coords(g_, pk.dest)));
        w.pop();
        ++inside_;
        if (p == 0) ++local_;
        valid |= 1u << p;
      }
      const uint32_t c = out_[size_t(p)] ? uint32_t(out_[size_t(p)]->take_credits(t + 1)) : 0;
      if (c != credit_shadow_[size_t(p)]) {  // a signal write costs even when nothing changes
        credit_in_[p].write(c);
        credit_shadow_[size_t(p)] = c;
      }
      credits |= c != 0;
    }
    if (valid != valid_shadow_) {
      in_valid_.write(valid);
      valid_shadow_ = valid;
    }
    // Clock gating: an edge only if the router holds state or gets input.
    if (valid || credits || !idle_.read()) {
      clk_.write(true);
      clk_high_ = true;
      calendar_.wake(node_, t + 1, t);  // look again next cycle
    }
    // Injected flits still queued come back here when they may enter.
    if (!wires_[0].empty()) wake_at(std::max(t + 2, wires_[0].front().arrival));
  }

  uint32_t node_;
  const MeshGeometry& g_;
  PacketTable& packets_;
  DeliveryLog& log_;
  WakeCalendar& calendar_;
  int64_t depth_;  // flits per RTL input FIFO
  VModel model_;
  // Pins. Each has one writer by construction (the adapter's phases run one at a time), so
  // SystemC's per-write writer check is skipped: it cost as much as the write itself.
  template <class T>
  using Pin = sc_core::sc_signal<T, sc_core::SC_UNCHECKED_WRITERS>;
  Pin<bool> rst_n_{"rst_n", true};
  Pin<bool> idle_{"idle"};
  Pin<uint32_t> coord_{"coord"};
  Pin<uint32_t> in_valid_{"in_valid"};
  Pin<bool> clk_{"clk", false};  // raised at the edge phase, lowered at sampling
  Pin<uint32_t> in_pop_{"in_pop"}, out_valid_{"out_valid"};
  std::array<Pin<uint64_t>, rtl::kMaxPorts> in_flit_, out_flit_;
  std::array<Pin<uint32_t>, rtl::kMaxPorts> credit_in_, credit_out_;
  sc_core::sc_event sample_, edge_;
  std::vector<FlitFifo> wires_;  // 0: the NI's injection queue; others: flits on the wire
  std::array<FlitLink*, Ports> out_{}, in_{};
  std::array<uint16_t, Ports> seq_{};  // position of the last flit sent on each output
  Ejector* ejector_ = nullptr;
  int64_t inside_ = 0;  // flits inside the RTL FIFOs
  int64_t local_ = 0;   // of which in the local input's FIFO
  int64_t sample_cycle_ = -1, edge_cycle_ = -1;  // the cycles whose phases are scheduled
  // What the pins were last driven to.
  std::array<uint32_t, Ports> credit_shadow_{};
  uint32_t valid_shadow_ = 0;
  bool clk_high_ = false;
#if VM_TRACE
  std::unique_ptr<VerilatedVcdSc> internals_;
  std::string internals_path_;
#endif
  inline static const sc_core::sc_time kSampleAt{250, sc_core::SC_PS};
  bool reset_done_ = false;
};

}  // namespace kncsim
