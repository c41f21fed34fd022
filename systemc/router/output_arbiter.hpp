#pragma once
// Chittor's queue policies (thesis section 5.6.5) for channel assignment: each output port
// grants its free channels, one head at a time, to the best of the heads that may take one.
//   fifo_fixed       the head that started requesting first; ties by a fixed order of input
//                    ports (the local port first, then MeshGeometry's order)
//   fifo_lru         the same, ties to the input port that least recently requested the port
//                    (the request cycle of its last winning head there)
//   biased_priority  the input with the lowest priority number; each input starts at its base
//                    (bias_local for the local port, bias_network for the others), loses 1 each
//                    cycle it competes for an output and loses, and is reset when it wins; ties
//                    by port order
//   message_source   a clock hand per output port at the source node of the last packet it
//                    granted: the head whose source comes first after the hand (mod N) wins;
//                    ties by request cycle, then port order
// Outputs are visited from a start that moves on after each cycle with a grant, so with adaptive
// routing no port always picks first. An input channel is port * vcs + vc.
#include <cstdint>
#include <tuple>
#include <vector>

#include "router/priority_token.hpp"
#include "router/router_params.hpp"

namespace kncsim {

struct OutputArbiterState {
  OutputArbiterState() = default;
  OutputArbiterState(Arbitration policy, int ports, int vcs, uint32_t nodes, int bias_local, int bias_network)
      : nodes(nodes), bias_local(bias_local), bias_network(bias_network) {
    if (policy == Arbitration::fifo_lru) last_request.assign(size_t(ports) * size_t(ports), -1);
    if (policy == Arbitration::biased_priority) {
      priority.resize(size_t(ports) * size_t(vcs));
      for (size_t ch = 0; ch < priority.size(); ++ch) priority[ch] = base(int(ch) / vcs);
    }
    if (policy == Arbitration::message_source) hand.assign(size_t(ports), 0);
  }
  int base(int port) const { return port == 0 ? bias_local : bias_network; }

  int start = 0;                      // the output port visited first
  std::vector<int64_t> last_request;  // fifo_lru: [out_port * ports + in_port]
  std::vector<int> priority;          // biased_priority: per input channel
  std::vector<uint32_t> hand;         // message_source: per output port, a source node
  uint32_t nodes = 1;
  int bias_local = 9, bias_network = 4;
};

constexpr bool is_output_arbitration(Arbitration a) {
  return a == Arbitration::fifo_fixed || a == Arbitration::fifo_lru || a == Arbitration::biased_priority ||
         a == Arbitration::message_source;
}

// ready: input channels with a head requesting; allowed(in): the output channels it may take
// (free and admitted); request(in): the cycle its head started requesting; source(in): its
// packet's source node; grant(in, out) for each assignment.
template <class Allowed, class Request, class Source, class Grant>
void arbitrate_outputs(Arbitration policy, OutputArbiterState& s, int ports, int vcs, uint64_t ready,
                       Allowed&& allowed, Request&& request, Source&& source, Grant&& grant) {
  const uint64_t port_channels = vcs >= 64 ? ~uint64_t{0} : (uint64_t{1} << vcs) - 1;
  uint64_t left = ready, taken = 0, competed = 0, won = 0;
  auto key = [&](int in, int o) {
    const int port = in / vcs;
    switch (policy) {
      case Arbitration::fifo_lru:
        return std::make_tuple(request(in), s.last_request[size_t(o * ports + port)], int64_t(port));
      case Arbitration::biased_priority:
        return std::make_tuple(int64_t(s.priority[size_t(in)]), int64_t(port), int64_t(0));
      case Arbitration::message_source: {
        const uint32_t after = (source(in) + s.nodes - s.hand[size_t(o)] - 1) % s.nodes;
        return std::make_tuple(int64_t(after), request(in), int64_t(port));
      }
      default:  // fifo_fixed
        return std::make_tuple(request(in), int64_t(port), int64_t(0));
    }
  };
  for (int i = 0; i < ports && left; ++i) {
    const int o = (s.start + i) % ports;
    const uint64_t mask = port_channels << (o * vcs);
    for (;;) {
      int best = -1;
      for (uint64_t m = left; m; m &= m - 1) {
        const int in = lowest_bit(m);
        if (!(allowed(in) & mask & ~taken)) continue;
        competed |= uint64_t{1} << in;
        if (best < 0 || key(in, o) < key(best, o)) best = in;
      }
      if (best < 0) break;
      const int out = lowest_bit(allowed(best) & mask & ~taken);
      if (policy == Arbitration::fifo_lru) s.last_request[size_t(o * ports + best / vcs)] = request(best);
      if (policy == Arbitration::message_source) s.hand[size_t(o)] = source(best);
      grant(best, out);
      left &= ~(uint64_t{1} << best);
      taken |= uint64_t{1} << out;
      won |= uint64_t{1} << best;
    }
  }
  if (policy == Arbitration::biased_priority) {
    for (uint64_t m = competed & ~won; m; m &= m - 1) --s.priority[size_t(lowest_bit(m))];
    for (uint64_t m = won; m; m &= m - 1) s.priority[size_t(lowest_bit(m))] = s.base(lowest_bit(m) / vcs);
  }
  if (won) s.start = s.start + 1 == ports ? 0 : s.start + 1;
}

}  // namespace kncsim
