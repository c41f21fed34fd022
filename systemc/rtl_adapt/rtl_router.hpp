#pragma once
// A Verilated kncsim_router behind the same interface as the SystemC WormholeRouter, so
// the fabric can put it at any node. The RTL is clocked every cycle (posedge at t + 0.5);
// the adapter works its pins in three phases of cycle t:
//   t + 0.1   drive the injection-queue front (input 0 is combinational: no FIFO in RTL)
//   t + 0.25  sample outputs: send flits on the links, eject to the NI, pop the injection
//             queue, return credit_o upstream
//   t + 0.375 present what the RTL registers at the edge: flits arriving at t+1 on each
//             input link, and credits landing at t+1 on each output link
// Every write to a SystemC neighbour still lands in a later cycle, so mixing SystemC and
// RTL routers changes nothing.
#include <array>
#include <type_traits>
#include <memory>
#include <string>
#include <systemc>
#include <vector>

#include "flit/packet_table.hpp"
#include "ni/delivery_log.hpp"
#include "router/network_router.hpp"
#include "rtl_adapt/flit_bits.hpp"
#include "sc/cycle_time.hpp"
#include "topo/mesh_geometry.hpp"

namespace kncsim {

template <class VModel, int Ports>
class RtlRouter final : public sc_core::sc_module, public NetworkRouter {
 public:
  static constexpr int kFlitW = Ports * rtl::kFlitBits;
  static constexpr int kCreditW = Ports * rtl::kCreditBits;
  // Verilator's port types: up to 64 bits an integer, wider an sc_bv.
  using CreditWord = std::conditional_t<(kCreditW <= 64), uint64_t, sc_dt::sc_bv<kCreditW>>;

  SC_HAS_PROCESS(RtlRouter);
  RtlRouter(sc_core::sc_module_name name, uint32_t node, const MeshGeometry& g, int64_t depth,
            PacketTable& packets, DeliveryLog& log, sc_core::sc_clock& clock)
      : sc_module(name), node_(node), g_(g), packets_(packets), log_(log), model_("rtl") {
    for (int p = 0; p < Ports; ++p) wires_.emplace_back(p == 0 ? FlitFifo::kUnbounded : depth);
    model_.clk_i(clock);
    model_.rst_ni(rst_n_);
    model_.coord_i(coord_);
    model_.in_valid_i(in_valid_);
    model_.in_flit_i(in_flit_);
    model_.in_pop_o(in_pop_);
    model_.credit_o(credit_o_);
    model_.out_valid_o(out_valid_);
    model_.out_flit_o(out_flit_);
    model_.credit_i(credit_i_);
    SC_METHOD(start);
    SC_METHOD(drive_injection);
    dont_initialize();
    sensitive << phase_a_;
    SC_METHOD(sample_outputs);
    dont_initialize();
    sensitive << phase_b_;
    SC_METHOD(present_edge_inputs);
    dont_initialize();
    sensitive << phase_c_;
  }

  FlitFifo& input_fifo(int port) override { return wires_[size_t(port)]; }
  void connect_output(int port, FlitLink* link) override {
    out_[size_t(port)] = link;
    if (link) link->set_rtl_sender();
  }
  void connect_input(int port, FlitLink* link) override { in_[size_t(port)] = link; }
  void connect_ejector(Ejector* e) override { ejector_ = e; }
  void wake_at(int64_t) override {}  // evaluated every cycle
  void trace(sc_core::sc_trace_file* tf, const std::vector<std::string>&) override {
    const std::string n = name();
    sc_core::sc_trace(tf, in_valid_, n + ".in_valid_i");
    sc_core::sc_trace(tf, in_pop_, n + ".in_pop_o");
    sc_core::sc_trace(tf, out_valid_, n + ".out_valid_o");
    sc_core::sc_trace(tf, in_flit_, n + ".in_flit_i");
    sc_core::sc_trace(tf, out_flit_, n + ".out_flit_o");
    sc_core::sc_trace(tf, credit_o_, n + ".credit_o");
    sc_core::sc_trace(tf, credit_i_, n + ".credit_i");
  }

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
  // Time 0: a reset pulse before the first edge, then the phases of every cycle.
  void start() {
    if (!started_) {
      coord_.write(rtl::pack_coords(g_, node_));
      rst_n_.write(false);
      started_ = true;
      next_trigger(sc_core::sc_time(10, sc_core::SC_PS));
      return;
    }
    rst_n_.write(true);
    phase_a_.notify(sc_core::sc_time(90, sc_core::SC_PS));
  }

  void drive_injection() {
    const int64_t t = current_cycle();
    const FlitFifo& inj = wires_[0];
    uint32_t valid = 0;
    if (!inj.empty() && inj.front().arrival <= t) {
      const Flit& f = inj.front().flit;
      const PacketInfo& p = packets_[f.packet];
      rtl::put_flit(in_flit_buf_, 0, f, p.flits, g_, p.dest);
      valid = 1;
    }
    in_valid_.write(valid);
    in_flit_.write(in_flit_buf_);
    phase_b_.notify(sc_core::sc_time(150, sc_core::SC_PS));
    phase_a_.notify(cycles(1));
  }

  void sample_outputs() {
    const int64_t t = current_cycle();
    const uint32_t valid = out_valid_.read(), pops = in_pop_.read();
    const sc_dt::sc_bv<kFlitW> flits = out_flit_.read();
    const CreditWord credits = credit_o_.read();
    for (int p = 0; p < Ports; ++p) {
      if (pops >> p & 1) {
        if (p == 0) {
          wires_[0].pop();
        } else {
          --inside_;
        }
        log_.last_move = t;
      }
      const int amount = int(rtl::get_field(credits, p * rtl::kCreditBits, rtl::kCreditBits));
      if (amount && in_[size_t(p)]) in_[size_t(p)]->credit(amount, t);
    }
    for (int o = 0; o < Ports; ++o) {
      if (!(valid >> o & 1)) continue;
      const Flit f = rtl::get_flit(flits, o);
      if (o == 0) {
        ejector_->eject(f, t + 1);
        continue;
      }
      PacketInfo& p = packets_[f.packet];
      if (f.head) ++p.hops;
      out_[size_t(o)]->send(f, t, p.flits);
    }
    phase_c_.notify(sc_core::sc_time(125, sc_core::SC_PS));
  }

  void present_edge_inputs() {
    const int64_t t = current_cycle();
    uint32_t valid = in_valid_.read() & 1u;
    for (int p = 1; p < Ports; ++p) {
      FlitFifo& w = wires_[size_t(p)];
      if (w.empty() || w.front().arrival != t + 1) continue;
      const Flit f = w.front().flit;
      const PacketInfo& pk = packets_[f.packet];
      rtl::put_flit(in_flit_buf_, p, f, pk.flits, g_, pk.dest);
      w.pop();
      ++inside_;
      valid |= 1u << p;
    }
    in_valid_.write(valid);
    in_flit_.write(in_flit_buf_);
    for (int o = 0; o < Ports; ++o) {
      const int64_t c = out_[size_t(o)] ? out_[size_t(o)]->take_credits(t + 1) : 0;
      rtl::set_field(credit_buf_, o * rtl::kCreditBits, rtl::kCreditBits, uint64_t(c));
    }
    credit_i_.write(credit_buf_);
  }

  uint32_t node_;
  const MeshGeometry& g_;
  PacketTable& packets_;
  DeliveryLog& log_;
  VModel model_;
  sc_core::sc_signal<bool> rst_n_{"rst_n", true};
  sc_core::sc_signal<uint64_t> coord_{"coord"};
  // The injection phase and the edge phase both drive the inputs.
  sc_core::sc_signal<uint32_t, sc_core::SC_MANY_WRITERS> in_valid_{"in_valid"};
  sc_core::sc_signal<sc_dt::sc_bv<kFlitW>, sc_core::SC_MANY_WRITERS> in_flit_{"in_flit"};
  sc_core::sc_signal<uint32_t> in_pop_{"in_pop"}, out_valid_{"out_valid"};
  sc_core::sc_signal<sc_dt::sc_bv<kFlitW>> out_flit_{"out_flit"};
  sc_core::sc_signal<CreditWord> credit_o_{"credit_o"}, credit_i_{"credit_i"};
  sc_dt::sc_bv<kFlitW> in_flit_buf_;
  CreditWord credit_buf_{};
  sc_core::sc_event phase_a_, phase_b_, phase_c_;
  std::vector<FlitFifo> wires_;  // 0: the NI's injection queue; others: flits on the wire
  std::array<FlitLink*, Ports> out_{}, in_{};
  Ejector* ejector_ = nullptr;
  int64_t inside_ = 0;  // flits inside the RTL FIFOs
  bool started_ = false;
};

}  // namespace kncsim
