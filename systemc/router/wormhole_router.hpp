#pragma once
// The NDF / Symult / Mosaic-style wormhole router: 2n+1 ports (local, then pred/succ per
// dimension), an input FIFO per port, a crossbar, and Pertel's priority-token channel
// assignment. A head that wins an output binds it until its tail has crossed; one flit per
// input and per output crosses each cycle.
//
// It evaluates in one SC_METHOD, only in cycles where something can change: woken by a flit
// or credit arriving, a new injection, or its own work for the next cycle. Wakes go into
// the network's WakeCalendar; at the start of each cycle the network's clock process
// notifies the routers due (a delta notification each). An idle router costs nothing.
#include <systemc>
#include <memory>
#include <vector>

#include "flit/packet_table.hpp"
#include "link/flit_link.hpp"
#include "stats/delivery_log.hpp"
#include "router/link_pins.hpp"
#include "router/network_router.hpp"
#include "router/priority_token.hpp"
#include "router/router_params.hpp"
#include "sched/wake_calendar.hpp"
#include "topo/mesh_geometry.hpp"

namespace kncsim {

class WormholeRouter final : public sc_core::sc_module, public NetworkRouter {
 public:
  SC_HAS_PROCESS(WormholeRouter);
  WormholeRouter(sc_core::sc_module_name name, uint32_t node, const MeshGeometry& g, const RouterParams& p,
                 PacketTable& packets, DeliveryLog& log, WakeCalendar& calendar);
  // The clock process: evaluate this cycle.
  void notify_due() { wake_.notify(sc_core::SC_ZERO_TIME); }

  // Wiring, before simulation starts.
  FlitFifo& input_fifo(int port) { return in_[port].fifo; }
  void connect_output(int port, FlitLink* link) { out_[port].link = link; }
  void connect_input(int port, FlitLink* link) { in_[port].upstream = link; }
  void connect_ejector(Ejector* e) { ejector_ = e; }
  void connect_injector(Injector* i) { injector_ = i; }
  // Trace this router's link pins; it then evaluates every cycle (results are unchanged).
  void trace(sc_core::sc_trace_file* tf, const std::vector<std::string>& port_names);

  void wake_at(int64_t cycle) override;

  // State for checks and reports.
  size_t flits_buffered() const override;
  size_t input_fifo_size(int in) const override { return in_[in].fifo.size(); }
  int bound_output(int in) const override { return in_[in].bound; }
  int bound_input(int out) const override { return out_[out].bound; }
  uint32_t route_of_front(int in) const override;  // outputs the front head may use (0 if none)

 private:
  struct InPort {
    FlitFifo fifo;
    FlitLink* upstream = nullptr;  // null for the local port (the NI's injection queue)
    int bound = -1;                // output this input's packet holds
    bool routed = false;           // route/eligible are valid for the front head
    bool promote = false;          // hop-count format: a header was stripped; the next flit leads
    uint32_t route = 0;
    int64_t eligible = 0;          // first cycle the front head may request
    int64_t front_since = 0;       // cycle the front flit became the front
  };
  struct OutPort {
    FlitLink* link = nullptr;  // null for the local output
    int bound = -1;            // input holding this output
  };

  void evaluate();
  void update_pins(int64_t t);
  uint32_t route_of(const Flit& head) const;
  bool strip_header(int in, int64_t t);
  bool move_flit(int in, int64_t t);
  int64_t next_wake(int64_t t) const;

  sc_core::sc_event wake_;
  WakeCalendar& calendar_;
  uint32_t node_;
  const MeshGeometry& g_;
  RouterParams p_;
  PacketTable& packets_;
  DeliveryLog& log_;
  Ejector* ejector_ = nullptr;
  Injector* injector_ = nullptr;
  int nports_;
  std::vector<InPort> in_;
  std::vector<OutPort> out_;
  unsigned occupied_ = 0;  // inputs with flits in their FIFO (on the wire included), this evaluation
  PriorityToken token_;
  std::unique_ptr<LinkPins> pins_;  // only when traced
};

}  // namespace kncsim
