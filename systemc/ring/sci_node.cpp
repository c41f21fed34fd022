#include "ring/sci_node.hpp"

#include <string>

namespace kncsim {

namespace {
std::vector<SciRingInterface> make_rings(uint32_t node, SciShared& s) {
  std::vector<SciRingInterface> rings;
  rings.reserve(size_t(s.p.dims));
  for (int d = 0; d < s.p.dims; ++d) rings.emplace_back(node, d, s);
  return rings;
}
}  // namespace

SciNode::SciNode(sc_core::sc_module_name name, uint32_t node, SciShared& s)
    : sc_module(name), node_(node), s_(s), cpu_(node, s), rings_(make_rings(node, s)), switch_(node, s, cpu_, rings_) {
  SC_METHOD(evaluate);
  sensitive << due_;
  dont_initialize();
}

uint64_t SciNode::hand_over(uint32_t dest, SciKind kind, bool droppable, int64_t t) {
  const uint64_t id = cpu_.hand_over(dest, kind, droppable, t);
  // From the clock process, before the calendar begins cycle t: due in t. From this node's
  // own evaluation (a reply): its switch, still to run, sees it.
  if (s_.evaluating != int64_t(node_) && id != SciModel::kDropped) wake_at(t);
  return id;
}

void SciNode::evaluate() {
  const int64_t t = s_.calendar.now();  // the clock process began this cycle before notifying us
  s_.evaluating = node_;
  for (SciRingInterface& r : rings_) r.receive(t);
  cpu_.deliver(t);
  switch_.step(t);
  for (SciRingInterface& r : rings_) r.transmit(t);
  s_.evaluating = -1;
  if (traced_) {
    for (SciRingInterface& r : rings_) r.update_pins();
    wake_at(t + 1);
    return;
  }
  int64_t next = cpu_.next_event(t);
  for (const SciRingInterface& r : rings_) {
    const int64_t at = r.next_event(t);
    if (at >= 0 && (next < 0 || at < next)) next = at;
  }
  if (next >= 0) wake_at(next);
}

void SciNode::trace(sc_core::sc_trace_file* tf) {
  for (int d = 0; d < s_.p.dims; ++d) rings_[size_t(d)].trace(tf, std::string(name()) + ".ring_" + std::to_string(d));
  traced_ = true;
  wake_at(0);
}

size_t SciNode::flits_held() const {
  size_t n = cpu_.flits_held();
  for (const SciRingInterface& r : rings_) n += r.flits_held();
  return n;
}

}  // namespace kncsim
