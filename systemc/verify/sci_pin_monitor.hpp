#pragma once
// A protocol monitor on the ring pins of one SCI ring node, independent of the node's RTL and
// its assertions, like the wormhole router's (router_pin_monitor.hpp). Per ring it follows what
// comes in (each packet's fate is decided by where it is going: a send packet leaves the ring at
// the node whose coordinate is its destination's, an echo or nack at the node whose active
// buffer holds its packet, its target; everything else passes) and judges what goes out:
//   RingFraming_M      on a ring output, a head inside a packet, a flit outside one, or a tail
//                      not at its kind's length
//   NotFromRing_M      a packet out that did not come in on the ring to pass, is no answer owed,
//                      and is not this node's own (a duplicate, or one made up)
//   PassOrder_M        a passing packet out ahead of one that came in on the ring before it
//                      (the ring buffer is a FIFO)
//   PassCorrupt_M      a passing packet out with other fields (source, destination, target)
//   MissedExit_M       a send packet passed on at the node where it leaves the ring
//   RingOrder_M        a packet entering a ring that dimension order does not take it to (the
//                      lower dimensions done, this one still to go)
//   AnswerMisdirected_M an echo or nack for a packet taken off here, not to where it entered
//   EchoForNothing_M   an echo or nack taken off here for a packet this node's active buffer
//                      does not hold
//   ResendWithoutNack_M this node's packet sent again with no nack for it
//   ActiveBound_M      more packets out and unanswered than router.active_buffer_packets
// Each send packet taken off the ring here is owed exactly one echo or nack; each nack, a
// retransmission; each passing packet, its way out. What is still owed when a run stops
// (stall_report) is named in the drain's and the deadlock's reports.
#include <cstdint>
#include <deque>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "ring/ring_geometry.hpp"
#include "ring/sci_packet.hpp"

namespace kncsim {

class SciCoverage;  // verify/sci_coverage.hpp

// A flit on a ring as the monitor reads it: its own fields, and at a head its packet's (node
// indices, not the wire's coordinates).
struct RingFlit {
  bool head = false, tail = false;
  SciKind kind = SciKind::address;  // as this flit carries it (a stomped echo's later flits say nack)
  uint64_t id = 0;                  // head: the message
  uint32_t src = 0, dest = 0, target = 0;
};

struct SciMonitorParams {
  int dims = 2;
  int address_flits = 4, data_flits = 20, echo_flits = 2;
  int active_packets = 0;  // per ring interface; 0 = unbounded
  SciCoverage* coverage = nullptr;
};

class SciPinMonitor {
 public:
  using Report = std::function<void(const std::string& rule, int64_t cycle, const std::string& report)>;
  SciPinMonitor(uint32_t node, const RingGeometry& g, const SciMonitorParams& p, Report broken);

  // A flit landing on ring d's input at t + 1; a flit out on ring d in cycle t. False when a rule
  // broke, after the report (which, in a run, does not return).
  bool ring_in(int d, const RingFlit& f, int64_t t);
  bool ring_out(int d, const RingFlit& f, int64_t t);
  // What this node still owes or holds: answers not sent, nacked packets not sent again,
  // passing packets not out; each with the cycle it has been owed since.
  void stall_items(std::vector<std::pair<int64_t, std::string>>& out) const;

 private:
  struct Packet {
    uint64_t id = 0;
    SciKind kind = SciKind::address;
    uint32_t src = 0, dest = 0, target = 0;
    int64_t since = 0;
    bool nacked = false;
  };
  struct Ring {
    std::deque<Packet> passing;   // came in to pass, not yet out, in order
    std::vector<Packet> answers;  // send packets taken off here, their echo or nack owed
    std::vector<Packet> active;   // this node's packets on the ring, unanswered (nacked: to go again)
    Packet in;                    // the packet coming in (its head's fields)
    bool in_strip = false, in_open = false;
    Packet out;                   // the packet going out
    bool out_open = false;
    int out_next = 0, out_flits = 0;
  };
  int flits_of(SciKind k) const;
  bool leaves_here(int d, const Packet& p) const;
  bool out_head(int d, Ring& r, const RingFlit& f, int64_t t);
  void answer_in(int d, Ring& r, SciKind kind, int64_t t);
  [[gnu::cold]] bool broke(const std::string& rule, int d, const std::string& what, int64_t t);
  std::string node_text() const;
  static std::string packet_text(const Packet& p);

  uint32_t node_;
  const RingGeometry& g_;
  SciMonitorParams p_;
  Report broken_;
  std::vector<Ring> rings_;
};

}  // namespace kncsim
