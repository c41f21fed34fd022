#include "sc/rtl_domain.hpp"

#include <algorithm>

#include "sc/cycle_time.hpp"

namespace kncsim {

namespace {
const sc_core::sc_time kSampleAt{250, sc_core::SC_PS};
}

RtlDomain::RtlDomain(sc_core::sc_module_name name, uint32_t nodes)
    : sc_module(name), nodes_(nodes, nullptr), to_sample_(nodes), to_edge_(nodes) {
  SC_METHOD(run);  // runs at time 0 for the reset pulse
}

void RtlDomain::add(uint32_t node, RtlNode* r, bool needs_delta) {
  nodes_.at(node) = r;
  needs_delta_ |= needs_delta;
}

void RtlDomain::schedule(int64_t cycle) {
  if (scheduled_ == cycle) return;
  scheduled_ = cycle;
  step_.notify(cycles(cycle) + kSampleAt - sc_core::sc_time_stamp());
}

void RtlDomain::sample_now(uint32_t node, int64_t cycle) {
  to_sample_.set(node);
  schedule(cycle);
}

// Takes the nodes out of `set` and calls f on each in ascending order, with the memory of the
// nodes a little further on requested meanwhile: in a network of thousands of RTL nodes, a
// node's models and wires are rarely in cache, and one node at a time would stall on each.
// (No phase adds nodes to the set it is visiting; a node added anyway is visited after.)
template <class F>
void RtlDomain::visit(NodeBitmap& set, F&& f) {
  constexpr size_t kAhead = 4;
  do {
    order_.clear();
    set.drain([&](uint32_t n) { order_.push_back(n); });
    const size_t count = order_.size();
    for (size_t i = 0; i < count; ++i) {
      if (i + 2 * kAhead < count) {  // the table of hot lines misses too: it is fetched earlier
        const void* const* table = &hot_[size_t(order_[i + 2 * kAhead]) * RtlNode::kHotLines];
        for (size_t k = 0; k < RtlNode::kHotLines; k += 64 / sizeof(void*)) __builtin_prefetch(table + k);
      }
      if (i + kAhead < count) {
        const void* const* lines = &hot_[size_t(order_[i + kAhead]) * RtlNode::kHotLines];
        for (size_t k = 0; k < RtlNode::kHotLines && lines[k]; ++k) __builtin_prefetch(lines[k]);
      }
      f(order_[i]);
    }
  } while (!order_.empty() && set.any());
}

void RtlDomain::run() {
  const int64_t t = current_cycle();
  switch (phase_) {
    case Phase::reset:  // time 0: an asynchronous reset pulse before any edge
      hot_.assign(nodes_.size() * RtlNode::kHotLines, nullptr);
      for (size_t n = 0; n < nodes_.size(); ++n) {
        if (!nodes_[n]) continue;
        nodes_[n]->assert_reset();
        std::vector<const void*> lines;
        nodes_[n]->hot_lines(lines);
        std::copy_n(lines.begin(), std::min(lines.size(), RtlNode::kHotLines), hot_.begin() + ptrdiff_t(n * RtlNode::kHotLines));
      }
      phase_ = Phase::released;
      next_trigger(sc_core::SC_ZERO_TIME);
      return;
    case Phase::released:
      for (RtlNode* r : nodes_)
        if (r) r->release_reset();
      phase_ = Phase::idle;
      next_trigger(step_);
      return;
    case Phase::idle:  // a cycle with work
      phase_ = Phase::sampled;
      visit(to_sample_, [&](uint32_t n) {
        to_edge_.set(n);
        nodes_[n]->sample(t);
      });
      if (needs_delta_) {  // let the sampled models see their pins change
        next_trigger(sc_core::SC_ZERO_TIME);
        return;
      }
      [[fallthrough]];
    case Phase::sampled: {
      if (!needs_delta_) {  // direct models: each node's inputs and edge together, one visit
        phase_ = Phase::idle;
        visit(to_edge_, [&](uint32_t n) {
          nodes_[n]->present(t);
          nodes_[n]->edge(t);
        });
        next_trigger(step_);
        return;
      }
      phase_ = Phase::presented;
      bool settle = false;
      to_edge_.for_each([&](uint32_t n) { settle |= nodes_[n]->present(t); });
      if (settle && needs_delta_) {  // the inputs update, then the models evaluate: two deltas
        phase_ = Phase::settling;
        next_trigger(sc_core::SC_ZERO_TIME);
        return;
      }
    }
      [[fallthrough]];
    case Phase::settling:
      if (phase_ == Phase::settling) {
        phase_ = Phase::presented;
        next_trigger(sc_core::SC_ZERO_TIME);
        return;
      }
      [[fallthrough]];
    case Phase::presented:
      phase_ = Phase::idle;
      to_edge_.drain([&](uint32_t n) { nodes_[n]->edge(t); });
      next_trigger(step_);
      return;
  }
}

}  // namespace kncsim
