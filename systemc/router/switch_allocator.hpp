#pragma once
// Switch allocation (as Garnet's SwitchAllocator), for routers with virtual channels: of the
// input channels whose front flit may cross toward the output channel they hold, at most one
// per input port and one per output port crosses the crossbar each cycle. The outputs are
// served from a start that moves on after every cycle in which a flit crossed (not every
// evaluation: when a router evaluates is the simulator's business, and hardware clock-gated
// while idle sees the same sequence); each takes, among its candidates whose input
// port is still free, the next after its last winner (round robin, and with the priority
// token, which is a channel-assignment policy), or the oldest packet (oldest_first). With one
// channel per link no two inputs hold one output, and the router skips this.
#include <cstdint>
#include <vector>

#include "router/priority_token.hpp"
#include "router/router_params.hpp"

namespace kncsim {

struct SwitchAllocatorState {
  explicit SwitchAllocatorState(int ports) : last(size_t(ports), -1) {}
  int start = 0;          // the output served first this cycle
  std::vector<int> last;  // per output port: its last winner (an input channel)
};

// wants[o]: input channels (port * vcs + vc) with a flit for output port o; age(in): its
// packet's (tsent, id), smaller is older; grant(in, o) for each crossing.
template <class Age, class Grant>
void allocate_switch(Arbitration policy, SwitchAllocatorState& s, int ports, int vcs, const uint64_t* wants,
                     Age&& age, Grant&& grant) {
  const int channels = ports * vcs;
  uint64_t port_free = ~uint64_t{0};  // input ports that have not crossed yet
  for (int i = 0; i < ports; ++i) {
    const int o = (s.start + i) % ports;
    int best = -1;
    for (uint64_t m = wants[o]; m; m &= m - 1) {
      const int in = lowest_bit(m);
      if (!(port_free >> (in / vcs) & 1)) continue;
      if (best < 0) {
        best = in;
      } else if (policy == Arbitration::oldest_first) {
        if (age(in) < age(best)) best = in;
      } else {  // the first after the last winner, cyclically
        const int after = (in - s.last[size_t(o)] - 1 + channels) % channels;
        if (after < (best - s.last[size_t(o)] - 1 + channels) % channels) best = in;
      }
    }
    if (best < 0) continue;
    s.last[size_t(o)] = best;
    port_free &= ~(uint64_t{1} << (best / vcs));
    grant(best, o);
  }
  if (port_free != ~uint64_t{0}) s.start = (s.start + 1) % ports;
}

}  // namespace kncsim
