#pragma once
// The SCI ring network as hardware (router.impl: systemc for rings): one SciNode module per
// node of the k-ary n-cube, node u's ring interface d linked to its successor's on ring d by a
// FlitLink carrying one flit per cycle (the mesh's link: no flow control, since an output
// queue only starts a packet with room for it in the ring buffer). A link delays a flit by
// its wire cycles (none for synchronous links) plus the receiver's T_decode stages. Held to
// SciRefNetwork packet for packet.
//
// Every cycle the clock process calls the testbench (on_cycle), whose messages are handed over
// in that cycle, then wakes the nodes due. Any node may be a Verilated RTL node instead (SciRtl):
// the links, calendar and packet pool are the same, and the records do not change.
#include <cstdint>
#include <functional>
#include <algorithm>
#include <memory>
#include <string>
#include <systemc>
#include <vector>

#include "model/violation_tally.hpp"
#include "ring/ring_model.hpp"
#include "ring/sci_ring_node.hpp"
#include "ring/sci_shared.hpp"
#include "sc/rtl_domain.hpp"
#include "ring/sci_rtl_maker.hpp"
#include "ring/ring_flit_log.hpp"
#include "sc/vcd_file.hpp"

namespace kncsim {

// Waveforms (--vcd): the ring-link pins and queue occupancies of the listed nodes; and the flit
// log (trace.flits).
struct SciTrace {
  std::vector<uint32_t> nodes;
  std::string vcd_path;  // empty: no waveform
  std::string flit_log_path;  // trace.flits: every flit sent on a ring (ring_flit_log.hpp); empty: none
};

// Nodes built as Verilated RTL (router.impl: rtl, router.rtl_nodes): `make` builds one (the
// testbench supplies it, so that this library needs no Verilated model); `signals` binds
// every RTL node on sc_signals (traced ones always are).
struct SciRtl {
  std::vector<uint32_t> nodes;
  bool signals = false;
  bool monitors = true;   // verify.monitors: a protocol monitor on each RTL node's ring pins
  bool coverage = false;  // verify.coverage: the monitors mark the ring coverage points
  bool count_violations = false;  // verify.on_violation count: the monitors count, not stop
  SciRtlMaker make;
};

class SciNetwork final : public sc_core::sc_module, public RingModel {
 public:
  SC_HAS_PROCESS(SciNetwork);
  SciNetwork(sc_core::sc_module_name name, const SciParams& p, const SciTrace& trace = {}, const SciRtl& rtl = {});
  ~SciNetwork() override;

  uint64_t inject(uint32_t src, uint32_t dest, SciKind kind, bool droppable = true) override;
  int64_t messages_waiting() const override { return shared_.waiting.total(); }
  bool idle() const override { return shared_.flits == 0 && shared_.active == 0; }
  uint32_t nodes() const override { return shared_.geo.nodes(); }
  int64_t flits_held() const override;
  std::vector<ChannelLoad> channel_loads() const override;
  int64_t flits_tallied() const override { return shared_.flits; }
  const RingActivity* ring_activity() const override { return activity_.get(); }
  std::vector<NodeToggles> rtl_toggles() const override {
    std::vector<NodeToggles> t;
    bool any = false;
    for (const auto& n : nodes_) {
      t.push_back(n->module_toggles());
      any = any || !t.back().empty();
    }
    return any ? t : std::vector<NodeToggles>{};
  }
  // The oldest first: the first thing owed is nearest the cause.
  const ViolationTally* violations() const override { return violations_.get(); }
  std::string held_report() const override {
    std::vector<std::pair<int64_t, std::string>> items;
    for (const auto& n : nodes_) n->stall_items(items);
    std::stable_sort(items.begin(), items.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    std::string s;
    for (size_t i = 0; i < items.size() && i < 8; ++i) s += "  " + items[i].second + "\n";
    if (items.size() > 8) s += "  ... and " + std::to_string(items.size() - 8) + " more\n";
    return s;
  }

 private:
  void drive();

  SciShared shared_;
  std::unique_ptr<RingActivity> activity_;  // SciParams::payload: energy accounting
  std::unique_ptr<RtlDomain> rtl_clock_;  // only with RTL nodes
  std::vector<std::unique_ptr<SciRingNode>> nodes_;
  std::unique_ptr<ViolationTally> violations_;  // verify.on_violation count
  std::unique_ptr<VcdFile> vcd_;  // trace.vcd
  std::unique_ptr<RingFlitLog> flit_log_;  // trace.flits
};

}  // namespace kncsim
