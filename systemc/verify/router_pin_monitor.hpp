#pragma once
// A protocol monitor on the pins of one router, independent of the router's RTL and of its
// assertions: it sees what the adapter sees (the flits and credits that cross the node's
// boundary) and judges them by what every wormhole router must do, whatever its pipeline,
// allocator or routing order. The first broken rule is reported at its cause (this node, this
// port, this cycle), not as a symptom at a sink several hops later. The rules:
//   NoCredit_M          a flit sent on an output channel with no credit left (cut-through: a
//                       head without its packet's room)
//   CreditBeyondDepth_M a credit from downstream beyond the FIFO's depth
//   CreditForNoFlit_M   a credit returned upstream for no flit: beyond the flits its input popped
//                       (wormhole: a credit a flit, returned when it leaves or later) or the
//                       input channel received
//   PopEmpty_M          an input popped with no flit in it
//   NoSuchOutput_M      a flit on an output the router does not have, or with no link
//   VcRange_M           a flit on a virtual channel past the link's
//   UnknownPacket_M     a flit whose tag names no packet
//   HeadInsidePacket_M  a head on an output channel whose packet has not ended
//   BodyOutsidePacket_M a body flit on an output channel with no packet open
//   Interleaved_M       a flit of another packet inside an open packet on the channel
//   Framing_M           a tail not at the packet's last flit, or its last flit not a tail
//   Misrouted_M         a head on an output that brings it no closer to its destination (every
//                       kncsim routing is minimal; any dimension order or adaptive choice passes)
//   HeaderCorrupt_M     a flit whose destination or length field differs from its packet's
//   NotHeld_M           a head of a packet the router does not hold (never received, or sent
//                       on already: a duplicated packet)
//   VcClass_M           on a torus, a head on a VC its routing does not allow: the dateline
//                       classes (even VCs until the packet takes the dimension's wraparound, odd
//                       ones after; router/vc_classes.hpp), with Duato's adaptive routing the
//                       escape class only on the dimension-order output
// With a NetworkCoverage (verify.coverage), it also marks the coverage points it sees
// (network_coverage.hpp): turns, VCs, full FIFOs, back-pressure, blocked heads, requesters.
#include <array>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "flit/flit.hpp"
#include "flit/packet_table.hpp"
#include "topo/mesh_geometry.hpp"
#include "verify/network_coverage.hpp"

namespace kncsim {

struct RouterMonitorParams {
  int ports = 5;          // 2 * dims + 1
  int vcs = 1;            // channels per link
  int64_t depth = 4;      // flits per input channel FIFO (the credits an output channel starts with)
  bool packet_credits = false;  // cut-through: a head takes and returns its packet's room (len credits)
  int coord_bits = 7;     // bits of a coordinate in the flit's destination field
  bool adaptive = false;  // the routing the network configures (coverage: which output a head requests)
  NetworkCoverage* coverage = nullptr;  // the network's coverage points, or none
  // verify.on_violation count: after a broken rule the monitor goes on as if the flit or credit
  // were right (a packet opened, credits taken), so that what follows is judged on its own.
  bool count = false;
};

class RouterPinMonitor {
 public:
  // `broken` gets the report of a broken rule (the adapters' stops the run: it does not return).
  using Report = std::function<void(const std::string& rule, int64_t cycle, const std::string& report)>;

  RouterPinMonitor(uint32_t node, const MeshGeometry& g, const RouterMonitorParams& p, const PacketTable& packets,
                   Report broken);

  // The outputs with a link (the local output, port 0, always has the sink).
  void set_output_linked(int port, bool linked) { linked_[size_t(port)] = linked; }
  // The inputs whose popped flits are not credited back (wormhole), and since when none was;
  // the output channels holding a packet open with credits left, and their last flit: "" if
  // none (the deadlock report's hint at a router that withholds credits or loses count).
  std::string stall_report() const;

  // What crosses the boundary in cycle t. `dest_coords` and `len` are the flit's header fields
  // (the RTL carries them in every flit). Each returns false when a rule broke, after the
  // report (which, in a run, does not return: nothing broken is handed on).
  // (The checks of every flit and credit are inline; a broken rule's report is out of line.)
  [[gnu::always_inline]] bool flit_out(int port, const Flit& f, uint64_t dest_coords, int len, int64_t t) {
    // A body flit that follows its head as it should; heads, and anything else, out of line.
    if (!f.head && linked_[size_t(port)] && f.vc < p_.vcs) {
      OutChannel& ch = out_[size_t(port * p_.vcs + f.vc)];
      const int index = ch.next;
      const int64_t needs = port != 0 && !p_.packet_credits ? 1 : 0;
      if (ch.open && f.packet == ch.packet && dest_coords == ch.dest_field && len == ch.flits &&
          f.tail == (index == ch.flits - 1) && needs <= ch.credits) {
        ch.credits -= needs;
        if (p_.coverage) covered_flit(port, ch, needs, f.tail, t);
        ch.open = !f.tail;
        ch.next = index + 1;
        history_[size_t(port)][seen_[size_t(port)]++ % kHistory] = Seen{t, ch.id, index, false, f.tail, int(f.vc)};
        return true;
      }
    }
    return flit_out_slow(port, f, dest_coords, len, t);
  }
  [[gnu::always_inline]] bool outputs_driven(uint32_t valid_mask, int64_t t) {  // valid bits past the router's ports
    return (valid_mask >> p_.ports) == 0 || outputs_broken(valid_mask, t);
  }
  [[gnu::always_inline]] bool credit_in(int port, int vc, int amount, int64_t t) {
    if (vc >= p_.vcs) return credit_in_broken(port, vc, amount, t);
    if (out_[size_t(port * p_.vcs + vc)].credits + amount > p_.depth && !credit_in_broken(port, vc, amount, t))
      return false;
    OutChannel& ch = out_[size_t(port * p_.vcs + vc)];
    if (p_.coverage) room_came_back(ch, amount, t);
    ch.credits += amount;
    return true;
  }
  // A flit landing on input `port`, channel `vc`, in cycle t + 1 (`slot`: its packet's tag).
  [[gnu::always_inline]] void flit_in(int port, int vc, bool head, int len, uint32_t slot, int64_t t) {
    const size_t c = size_t(port * p_.vcs + vc);
    held_[c] += !p_.packet_credits ? 1 : head ? len : 0;
    ++in_port_[size_t(port)];
    if (head) head_in(port, vc, slot, t + 1);
    if (p_.coverage && (p_.packet_credits ? head && held_[c] + len > p_.depth : held_[c] >= p_.depth))
      p_.coverage->fifo_full(port, vc);
  }
  [[gnu::always_inline]] bool popped(int port, int64_t t) {
    if (in_port_[size_t(port)] <= 0) return pop_broken(port, t);
    --in_port_[size_t(port)];
    if (owed_[size_t(port)]++ == 0) owed_since_[size_t(port)] = t;
    return true;
  }
  [[gnu::always_inline]] bool credit_out(int port, int vc, int amount, int64_t t) {
    if (vc >= p_.vcs || (!p_.packet_credits && amount > owed_[size_t(port)]) || amount > held_[size_t(port * p_.vcs + vc)])
      return credit_out_broken(port, vc, amount, t);
    if (!p_.packet_credits) owed_[size_t(port)] -= amount;
    owed_since_[size_t(port)] = t;
    held_[size_t(port * p_.vcs + vc)] -= amount;
    return true;
  }

 private:
  struct Seen {
    int64_t cycle;
    uint64_t packet;  // its id (the slot is reused)
    int index;
    bool head, tail;
    int vc;
  };
  struct HeadIn {  // a head received and not yet sent on: its packet, when it landed, where it may go
    uint32_t slot;
    int64_t arrival;
    uint32_t want;
  };
  struct OutChannel {  // an output channel: its credits, and the packet open on it (its head's)
    int64_t credits = 0;
    // Coverage: the last cycles the room for a flit (cut-through: a packet) downstream went and came
    // back, and, when it came back, since when it had been gone and whether a packet was open.
    int64_t room_gone_at = -1, room_back_at = -1, gone_before_back = -1;
    bool room_back_open = false;
    bool open = false;
    uint32_t packet = 0;  // slot
    uint64_t id = 0;
    int flits = 0;
    uint64_t dest_field = 0;
    int next = 0;  // the index of the packet's next flit on this channel
  };
  bool flit_out_slow(int port, const Flit& f, uint64_t dest_coords, int len, int64_t t);
  [[gnu::noinline]] void head_in(int port, int vc, uint32_t slot, int64_t arrival);
  // The input port a head left through `port` came in on (-1: the router does not hold it); it
  // is no longer held.
  int head_out(uint32_t slot, int port, int vc);
  [[gnu::cold]] void covered_flit(int port, OutChannel& ch, int64_t needs, bool tail, int64_t t);
  void count_requesters(uint32_t want);
  [[gnu::cold]] void room_came_back(OutChannel& ch, int amount, int64_t t);
  [[gnu::cold]] bool outputs_broken(uint32_t valid_mask, int64_t t);
  [[gnu::cold]] bool credit_in_broken(int port, int vc, int amount, int64_t t);
  [[gnu::cold]] bool pop_broken(int port, int64_t t);
  [[gnu::cold]] bool credit_out_broken(int port, int vc, int amount, int64_t t);
  // Reports a broken rule; true if the monitor goes on as if it were right (counting), else false.
  [[gnu::cold]] bool broke(const std::string& rule, int port, int vc, const std::string& what, int64_t t,
             const Flit* f = nullptr, int index = -1, int history_port = -1);
  uint32_t profitable(uint32_t dest) const;  // the outputs of minimal routes to dest (local: there)
  uint32_t vc_classes(const PacketInfo& pk, int port) const;  // the VCs a head may take on `port`
  std::string node_text() const;
  std::string port_text(int port, int vc) const;
  std::string history_text(int port) const;

  uint32_t node_;
  const MeshGeometry& g_;
  RouterMonitorParams p_;
  const PacketTable& packets_;
  Report broken_;
  std::array<bool, 8> linked_{};
  std::vector<OutChannel> out_;     // by output channel (port * vcs + vc)
  std::vector<int64_t> held_;       // by input channel: flits received minus credits returned
  std::array<int64_t, 8> in_port_{};  // by input port: flits received minus pops
  std::array<int64_t, 8> owed_{};     // by input port: flits popped minus credits returned (wormhole)
  std::array<int64_t, 8> owed_since_{};  // by input port: the last credit returned, or the pop that began owing
  static constexpr size_t kHistory = 4;
  std::array<std::array<Seen, kHistory>, 8> history_{};  // the last flits out of each port
  std::array<size_t, 8> seen_{};                          // flits out of each port so far
  std::vector<std::vector<HeadIn>> heads_;  // by input channel: the heads received, oldest first
};

}  // namespace kncsim
