#pragma once
// The NDF / Symult / Mosaic-style wormhole router: 2n+1 ports (local, then pred/succ per
// dimension), an input FIFO per port and virtual channel (input_unit.hpp), a crossbar, and
// channel assignment by Pertel's priority token (or round robin, or oldest first:
// vc_allocator.hpp; or Chittor's queue policies at each output: output_arbiter.hpp). A head that wins an output channel binds it until its tail has crossed;
// one flit per input port and per output port crosses each cycle (switch_allocator.hpp, with
// virtual channels). On a torus the routing function keeps the datelines (vc_classes.hpp), and
// adaptive routing there is Duato's: adaptive channels over a dimension-order escape pair.
//
// It evaluates in one SC_METHOD, only in cycles where something can change: woken by a flit
// or credit arriving, a new injection, or its own work for the next cycle. Wakes go into
// the network's WakeCalendar; at the start of each cycle the network's clock process
// notifies the routers due (a delta notification each). An idle router costs nothing.
#include <systemc>
#include <array>
#include <memory>
#include <vector>

#include "flit/packet_table.hpp"
#include "link/flit_link.hpp"
#include "model/delivery_log.hpp"
#include "router/input_unit.hpp"
#include "router/link_pins.hpp"
#include "router/network_router.hpp"
#include "router/output_arbiter.hpp"
#include "router/output_unit.hpp"
#include "router/router_params.hpp"
#include "router/routing.hpp"
#include "router/switch_allocator.hpp"
#include "router/vc_allocator.hpp"
#include "sched/wake_calendar.hpp"
#include "topo/mesh_geometry.hpp"

namespace kncsim {

class WormholeRouter final : public sc_core::sc_module, public NetworkRouter {
 public:
  SC_HAS_PROCESS(WormholeRouter);
  WormholeRouter(sc_core::sc_module_name name, uint32_t node, const MeshGeometry& g, const RouterParams& p,
                 PacketTable& packets, DeliveryLog& log, WakeCalendar& calendar);
  // The clock process: evaluate this cycle. Every write a router makes lands in a later cycle,
  // so evaluating in the clock process's own activation, in node order, sees what the next
  // delta cycle would: the kernel's event, trigger and process switch (a fifth of a loaded
  // mesh's instructions) are spared. A router with traced pins drives SystemC signals, which
  // the kernel must see at its own evaluation: it keeps the SC_METHOD.
  void notify_due() override {
    if (pins_)
      wake_.notify(sc_core::SC_ZERO_TIME);
    else
      evaluate();
  }

  // Wiring, before simulation starts.
  FlitFifo& input_fifo(int port) override { return chans_[size_t(port * vcs_)].fifo; }
  FlitFifo& input_fifo(int port, int vc) override { return chans_[size_t(port * vcs_ + vc)].fifo; }
  void connect_output(int port, FlitLink* link) override { out_[port].link = link; }
  void connect_input(int port, FlitLink* link) override {
    for (int v = 0; v < vcs_; ++v) chans_[size_t(port * vcs_ + v)].upstream = link;
  }
  void connect_ejector(Ejector* e) override { ejector_ = e; }
  void connect_injector(Injector* i, int vc = 0) override { injectors_[size_t(vc)] = i; }
  // Trace this router's link pins; it then evaluates every cycle (results are unchanged).
  void trace(sc_core::sc_trace_file* tf, const std::vector<std::string>& port_names) override;

  void wake_at(int64_t cycle) override { calendar_.wake(self_, cycle); }
  CalendarEntry calendar_entry() override { return {&calendar_, node_}; }

  // State for checks and reports, by channel (port * vcs + vc).
  int vcs() const override { return vcs_; }
  size_t flits_buffered() const override;
  size_t input_fifo_size(int in) const override { return input(in).fifo.size(); }
  int bound_output(int in) const override {
    const InputVc& v = input(in);
    return v.bound < 0 ? -1 : v.bound * vcs_ + v.out_vc;
  }
  int bound_input(int out) const override {
    const OutputUnit& o = out_[size_t(out / vcs_)];
    return out % vcs_ < o.channels ? o.holder[size_t(out % vcs_)] : -1;
  }
  uint32_t route_of_front(int in) const override;  // outputs the front head may use (0 if none)

 private:
  InputVc& input(int ch) { return chans_[size_t(ch)]; }
  const InputVc& input(int ch) const { return chans_[size_t(ch)]; }
  void evaluate();
  // Lean: the router's one class needs none of the per-class machinery (no Duato, packet or
  // hybrid switching, selection function or priority) and routes the short way. The hot path is
  // compiled twice, so the default network pays no test for what it does not use.
  template <bool Lean> void evaluate_as();
  template <bool Lean> void assign_channels_now(int64_t t, uint64_t& stripped);
  void update_pins(int64_t t);
  // The outputs a head may take. One class by dimension order or ANS takes the short way here,
  // inline: the policies' way (route_by_policy) has a frame every call would pay for.
  template <bool Lean = false>
  uint32_t route_of(const Flit& head, int in_port) const {
    if (Lean || plain_routing_) return minimal_routes(g_, node_, packets_[head.packet].dest, p_.adaptive);
    return route_by_policy(head, in_port);
  }
  uint32_t route_by_policy(const Flit& head, int in_port) const;
  // Adaptive routing with a selection function, and deflection: of the output channels a head
  // may take this cycle, those of its first output in the selection's order (minimal outputs
  // before nonminimal ones).
  uint64_t preferred(const InputVc& in, uint64_t allowed) const;
  int order_of(uint32_t ports, const PacketInfo& pk, int* out) const;
  // Output channels (port * vcs + vc) the front head of an input channel may take.
  uint64_t channels_of(const InputVc& in) const;
  uint64_t class_channels_of(const InputVc& in, const PacketInfo& pk) const;
  int priority_of(int ch) const { return policy(packets_[input(ch).fifo.front().flit.packet]).c.priority; }
  std::pair<int64_t, uint64_t> age(int ch) const;
  // The far FIFO of output channel oc takes the front head of `in` now (room for it, or its packet).
  bool head_admitted(const InputVc& in, int oc, int64_t t);
  bool strip_header(int ch, int64_t t);
  void buffer_blocked(uint64_t blocked, int64_t t);
  void commit_blocked(uint64_t blocked);
  // A flit left input channel `in`: its credit goes back, unless it repays a lent slot (hybrid).
  template <bool Lean = false>
  bool credit_departure(InputVc& in, const Flit& f, int64_t t, int flits) {
    if (!in.upstream) return false;
    if (!Lean && any_hybrid_ && in.borrowed > 0) {
      --in.borrowed;
      in.fifo.extend_capacity(-1);
      return false;
    }
    return in.upstream->departed(f, t, flits);
  }
  template <bool Lean> bool move_flit(int ch, int64_t t);
  int64_t next_wake(int64_t t) const;

  sc_core::sc_event wake_;
  WakeCalendar& calendar_;
  uint32_t node_;
  WakeCalendar::NodeBit self_;  // node_'s bit in the calendar
  const MeshGeometry& g_;
  PacketTable& packets_;
  DeliveryLog& log_;
  Ejector* ejector_ = nullptr;
  int nports_, vcs_;
  bool classes_;  // traffic classes with their own policies
  bool whole_room_ = false;     // one class: its heads need their whole packet's room on per-flit credits
  // Whether a head's admission asks its packet's length (cut-through's room, per-packet credits,
  // classes): wormhole on per-flit credits needs one slot, and never touches the packet for it.
  bool admits_by_length_ = true;
  bool plain_routing_ = false;  // one class routing by dimension order or Pertel's ANS: route_of's short way
  bool any_duato_ = false, any_store_and_forward_ = false, any_hybrid_ = false, any_prefer_ = false, any_priority_ = false;
  bool lean_ = false;  // see evaluate_as
  std::unique_ptr<LinkPins> pins_;  // only when traced
  int buffers_free_ = 0;  // hybrid: packet buffers not holding a packet
  bool rearbitrate_ = false;  // models 1 and 3: an assignment was made this cycle (evaluate the next)
  std::vector<InputVc> chans_;  // per input channel: port * vcs + vc
  std::vector<OutputUnit> out_;
  // Input channels with flits in their FIFO (on the wire included): set by the FIFOs as links
  // and the NI push into them, cleared here as they empty.
  uint64_t occupied_ = 0;
  // Input channels whose packet holds an output channel (InputVc::bound >= 0): the crossbar's
  // candidates; the others are channel assignment's.
  uint64_t bound_ = 0;
  std::array<Injector*, FlitLink::kMaxVcs> injectors_{};  // per local input channel (one class: the first only)
  VcAllocatorState va_;
  SwitchAllocatorState sa_;
  OutputArbiterState oa_;  // Chittor's queue policies' state (router.arbitration fifo_*, biased, message_source)
  // Colder state after the hot (the hot path reads these members in few cache lines): the
  // parameters, the classes' policies.
  RouterParams p_;
  // Each traffic class's policies (one class: the router's own), and what they ask of the router:
  // a head needs its whole packet's room on per-flit credits (cut-through and packet switching on
  // virtual channels); a packet leaves only once its tail is here (packet switching); a blocked
  // packet spanning hybrid_hops links is buffered (hybrid); preferred() narrows the outputs
  // (adaptive with a selection function, or deflection). The any_ flags keep the rest off the
  // default path.
  struct Policy {
    ClassPolicy c;
    bool adaptive;
    bool whole_room, store_and_forward, hybrid, prefer;
    int vc_list[FlitLink::kMaxVcs];  // its VCs in order
    int nvcs;
    bool all_vcs;             // it may use every VC: its VC numbers are the link's
    int escape_vcs;           // Duato's escape channels: 2 on a torus (datelines), 1 on a mesh
    uint64_t duato_adaptive;  // adaptive over more VCs than its escape channels: its adaptive channels (Duato)
  };
  const Policy& policy(const PacketInfo& pk) const { return policies_[pk.cls]; }
  std::vector<Policy> policies_;
};

}  // namespace kncsim
