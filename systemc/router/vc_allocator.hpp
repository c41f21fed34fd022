#pragma once
// Channel assignment (as Garnet's VC allocation): heads at the front of input channels that
// hold no output get an output channel, each input and output channel at most once a cycle.
// Three policies (router.arbitration):
//   priority_token  Pertel's (priority_token.hpp), over input and output channels; with one
//                   virtual channel exactly the listing's assignment
//   round_robin     inputs in turn from a pointer that moves past the first one granted, each
//                   taking the first free channel it may use
//   oldest_first    inputs by their packet's age (generation time, then id), each taking the
//                   first free channel it may use
// Masks index channels as port * vcs + vc, up to 64.
#include <algorithm>
#include <cstdint>

#include "router/priority_token.hpp"
#include "router/router_params.hpp"

namespace kncsim {

struct VcAllocatorState {
  PriorityToken token;
  int next = 0;  // round robin: the input channel first in turn
};

// route(in): output channels input channel `in` may take; age(in): its packet's (tsent, id),
// smaller is older; grant(in, out) for each assignment.
template <class Route, class Age, class Grant>
void allocate_channels(Arbitration policy, VcAllocatorState& s, int channels, uint64_t ready, Route&& route,
                       Age&& age, uint64_t free, Grant&& grant) {
  if (!ready) return;
  if (policy == Arbitration::priority_token) {
    assign_channels(s.token, channels, ready, route, free, grant);
    return;
  }
  if (policy == Arbitration::round_robin) {
    // In turn from s.next: the inputs at or above it, then those below (two masks, no list).
    const uint64_t from = s.next >= 64 ? 0 : ~uint64_t{0} << s.next;
    bool first = true;
    auto serve = [&](uint64_t part) {
      for (uint64_t m = part; m; m &= m - 1) {
        const int in = lowest_bit(m);
        const uint64_t cand = route(in) & free;
        if (!cand) continue;
        const int out = lowest_bit(cand);
        grant(in, out);
        free &= ~(uint64_t{1} << out);
        if (first) s.next = in + 1 == channels ? 0 : in + 1;  // in < channels: no division
        first = false;
      }
    };
    serve(ready & from);
    serve(ready & ~from);
    return;
  }
  int order[64], n = 0;
  for (uint64_t m = ready; m; m &= m - 1) order[n++] = lowest_bit(m);
  std::stable_sort(order, order + n, [&](int a, int b) { return age(a) < age(b); });
  for (int i = 0; i < n; ++i) {
    const uint64_t cand = route(order[i]) & free;
    if (!cand) continue;
    const int out = lowest_bit(cand);
    grant(order[i], out);
    free &= ~(uint64_t{1} << out);
  }
}

}  // namespace kncsim
