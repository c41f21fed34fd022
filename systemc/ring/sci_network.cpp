#include "ring/sci_network.hpp"

#include "ring/sci_node.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>

#include "sc/cycle_time.hpp"
#include "sc/process_teardown.hpp"
#include "sc/vcd_file.hpp"

namespace kncsim {

namespace {
int64_t wake_horizon(const SciParams& p) {
  const int wire = p.wire_cycles.empty() ? 0 : *std::max_element(p.wire_cycles.begin(), p.wire_cycles.end());
  return int64_t(wire) + p.decode_cycles + p.t_pass + p.t_switch + std::max(p.address_flits, p.data_flits) + 2;
}
}  // namespace

SciNetwork::SciNetwork(sc_core::sc_module_name name, const SciParams& p, const SciTrace& trace, const SciRtl& rtl)
    : sc_module(name), RingModel(p.dims, p.radix), shared_(p, wake_horizon(p), counters_, deliver_) {
  if (const std::string why = sci_params_refusal(p); !why.empty()) throw std::invalid_argument("SciParams: " + why);
  const uint32_t n = shared_.geo.nodes();
  std::vector<bool> is_rtl(n), traced(n);
  for (uint32_t u : rtl.nodes) is_rtl.at(u) = true;
  for (uint32_t u : trace.nodes) traced.at(u) = !trace.vcd_path.empty();
  if (!rtl.nodes.empty()) {
    if (!rtl.make) throw std::invalid_argument("SciNetwork: RTL nodes asked for, but no way to build them");
    rtl_clock_ = std::make_unique<RtlDomain>("rtl_clock", n);
  }
  if (p.payload) {  // energy accounting: every node counts (RTL nodes at their pins)
    activity_ = std::make_unique<RingActivity>(n, p.dims, *p.payload);
    shared_.activity = activity_.get();
  }
  if (rtl.count_violations) {  // before the nodes: their monitors count into it
    violations_ = std::make_unique<ViolationTally>();
    shared_.violations = violations_.get();
  }
  nodes_.reserve(n);
  for (uint32_t u = 0; u < n; ++u) {
    const std::string node_name = fmt::format("node_{}", u);
    if (is_rtl[u])
      nodes_.push_back(rtl.make(node_name.c_str(), u, shared_, *rtl_clock_, rtl.signals || traced[u]));
    else
      nodes_.push_back(std::make_unique<SciNode>(node_name.c_str(), u, shared_));
  }
  for (uint32_t u = 0; u < n; ++u)
    for (int d = 0; d < p.dims; ++d) {
      // The receiver's decode stages are counted into the wire: a flit is usable from when it is decoded.
      const LinkParams link{p.wire_cycles[size_t(d)] + p.decode_cycles, LinkKind::pipelined};
      nodes_[u]->connect_ring(d, link, nodes_[shared_.geo.downstream(u, d)]->ring_input(d));
    }
  if (!trace.flit_log_path.empty()) {
    flit_log_ = std::make_unique<RingFlitLog>(trace.flit_log_path, shared_.packets, p.dims);
    for (uint32_t u = 0; u < n; ++u)
      for (int d = 0; d < p.dims; ++d) nodes_[u]->tap_ring(d, flit_log_.get(), u * uint32_t(p.dims) + uint32_t(d));
  }
  if (!trace.vcd_path.empty()) {
    vcd_ = std::make_unique<VcdFile>(trace.vcd_path, rtl.nodes.empty() ? sc_core::SC_NS : sc_core::SC_PS);
    const std::string stem = vcd_stem(vcd_output_path(trace.vcd_path));
    for (uint32_t u : trace.nodes) {
      nodes_.at(u)->trace(vcd_->get());
      nodes_.at(u)->trace_internals(fmt::format("{}.node_{}.vcd", stem, u));  // RTL nodes: every signal inside
    }
  }
  SC_METHOD(drive);
}

SciNetwork::~SciNetwork() {
  vcd_.reset();  // closed while the signals it traces still exist
  // Newest first, their processes killed: linear, not quadratic (sc/process_teardown.hpp).
  while (!nodes_.empty()) {
    if (auto* m = dynamic_cast<sc_core::sc_object*>(nodes_.back().get())) kill_processes(*m);
    nodes_.pop_back();
  }
}

uint64_t SciNetwork::inject(uint32_t src, uint32_t dest, SciKind kind, bool droppable) {
  if (shared_.evaluating >= 0 && int64_t(src) != shared_.evaluating)
    throw std::logic_error("SCI: a delivery may hand over a message only at the delivering node");
  return nodes_.at(src)->hand_over(dest, kind, droppable, current_cycle());
}

std::vector<ChannelLoad> SciNetwork::channel_loads() const {
  std::vector<ChannelLoad> out;
  for (uint32_t u = 0; u < nodes(); ++u)
    for (int d = 0; d < shared_.p.dims; ++d) out.push_back(ChannelLoad{u, d, 1, nodes_[u]->ring_flits_sent(d)});
  return out;
}

int64_t SciNetwork::flits_held() const {
  int64_t held = shared_.unmade_flits;
  for (const auto& node : nodes_) held += int64_t(node->flits_held());
  return held;
}

void SciNetwork::drive() {
  const int64_t t = current_cycle();
  if (cycle_) cycle_(t);
  shared_.calendar.begin_cycle(t);
  for (int64_t u; (u = shared_.calendar.next_node()) >= 0;) nodes_[size_t(u)]->notify_due();
  next_trigger(cycles(1));
}

}  // namespace kncsim
