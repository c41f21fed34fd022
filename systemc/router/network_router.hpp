#pragma once
// What the network fabric needs of a router, whatever implements it: the SystemC
// WormholeRouter or a Verilated RTL block behind its adapter. Both sit on the same links
// (FlitLink), the same injection queue and the same network interface.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <systemc>
#include <vector>

#include "energy/module_toggles.hpp"
#include "flit/flit_fifo.hpp"
#include "link/flit_link.hpp"
#include "sched/edge_wake.hpp"
#include "sched/wakeable.hpp"

namespace kncsim {

// Where the local output's flits go: the network interface's sink (always consumes).
class Ejector {
 public:
  virtual ~Ejector() = default;
  virtual void eject(const Flit& f, int64_t arrival) = 0;
};

// Where the local input's packets come from: the network interface's source, told when a
// packet's head crosses the crossbar, i.e. leaves the injection queue.
class Injector {
 public:
  virtual ~Injector() = default;
  virtual void head_left(int64_t cycle) = 0;
};

class NetworkRouter : public Wakeable {
 public:
  // Wiring, before simulation starts. Input 0's FIFO is the NI's injection queue.
  virtual FlitFifo& input_fifo(int port) = 0;
  // The FIFO of one virtual channel of an input (routers with virtual channels).
  virtual FlitFifo& input_fifo(int port, int vc) {
    (void)vc;
    return input_fifo(port);
  }
  virtual void connect_output(int port, FlitLink* link) = 0;
  virtual void connect_input(int port, FlitLink* link) = 0;
  virtual void connect_ejector(Ejector* e) = 0;
  // The injector feeding local input channel `vc` (traffic classes inject on their own channels).
  virtual void connect_injector(Injector* i, int vc = 0) = 0;
  // An RTL router: its pins drive and take the RTL flit word (rtl/wormhole/kncsim_pkg.sv flit_t), which
  // a link between two such routers carries as it is (FlitLink::carry_words), waking the
  // receiver so.
  virtual std::optional<EdgeWake> word_wake() const { return std::nullopt; }
  // Trace the link pins to a VCD file (results unchanged).
  virtual void trace(sc_core::sc_trace_file* tf, const std::vector<std::string>& port_names) = 0;
  // Also dump the router's internal signals to `path` (RTL routers; others have none).
  virtual void trace_internals(const std::string& path) { (void)path; }
  // An RTL router built with its toggles counted (energy.rtl_toggles): them, by module.
  virtual NodeToggles module_toggles() const { return {}; }
  // Counts them in one cycle in `period`, drawn from `seed` (energy.toggle_sampling).
  virtual void sample_toggles(uint32_t period, uint64_t seed) { (void)period, (void)seed; }
  // The clock process: this router is due this cycle (routers evaluated every cycle ignore it).
  virtual void notify_due() {}

  // For conservation checks and the deadlock report, by channel: port * vcs() + virtual
  // channel (the port, with one channel per link). An implementation that cannot see inside
  // (RTL) reports -1 / 0 and is left out of the waiting cycle.
  virtual int vcs() const { return 1; }
  virtual size_t flits_buffered() const = 0;
  virtual size_t input_fifo_size(int in) const = 0;
  virtual int bound_output(int in) const = 0;
  virtual int bound_input(int out) const = 0;
  virtual uint32_t route_of_front(int in) const = 0;
  // For the deadlock, starvation and drain reports, from a router with a protocol monitor: the
  // credits it holds back (flits popped and not credited upstream), and the packets it holds
  // open on outputs that have credits yet send nothing; "" if none or unknown. A router that
  // stops returning credits, or loses count of them, stalls its neighbours, far from itself.
  virtual std::string stall_report() const { return ""; }
};

}  // namespace kncsim
