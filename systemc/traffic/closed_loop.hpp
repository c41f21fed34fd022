#pragma once
// Chittor's closed-loop workload (§3.1, chapter 4): every node with a process runs a base loop
// over its graph neighbours, one message to and one from each per loop:
//   class A   send to each neighbour, receive from each neighbour, compute
//   class B   receive from each neighbour, send to each neighbour, compute
// (pattern AA: every node is A; AB: the graph's two colour classes, as in Figures 4.3 and 4.10).
// The shell is chapter 5's simulator shell instead: a node computes, sends one message to its
// next neighbour in turn and waits until that message has arrived; it receives without a step
// of its own, so a loop is one message to each neighbour and edges may run one way.
// The node's processor does one thing at a time: a send costs it α_s + β_s·M cycles, after
// which the message's packets go to the network interface at once (M payload flits cut into
// packets of at most P); a receive waits for the message's last packet to arrive, then costs
// α_r + β_r·M; a computation lasts c cycles, c drawn per (node, loop) from `compute`.
//
// With a half-duplex node (the Symult's, §4.2.3: one processor-to-router channel, and "any node
// hardware involved in sending or receiving a message, including the CPU") a message holds both
// its ends, channel and processor, from the start of its send until its receive overhead, which
// runs as it arrives, is done. A send waits until both ends are free and the receiver is not
// computing (waiting sends are granted oldest first); the sender's send step lasts until its
// message is received, and a receive step only waits for that.
//
// The workload is a discrete-event state machine with a network behind an interface: the
// simulated network hands it each packet's tail arrival (tail_arrived) and takes the packets
// due in each cycle (packets_for); `ideal_run` replays it on a contention-free network
// (every message's packets arrive after the same fixed delay), which gives the applied node
// traffic (Definition 24: the data rate under contention-free conditions).
#include <cstdint>
#include <deque>
#include <functional>
#include <queue>
#include <string>
#include <tuple>
#include <vector>

#include "model/network_model.hpp"

namespace kncsim {

enum class LoopClasses : uint8_t {
  aa,     // every node: send to each neighbour, receive from each, compute
  ab,     // the graph's colour classes: A as aa, B receives, sends, then computes
  shell,  // Chittor's simulator shell: per neighbour, compute, send, wait for the message to arrive
};
// traffic.loop_classes' value; throws std::invalid_argument for another name.
LoopClasses loop_classes_named(const std::string& name);

struct ClosedLoopSpec {
  LoopClasses classes = LoopClasses::aa;
  int64_t compute_mean = 0;          // c̄, cycles
  bool compute_uniform = true;       // c uniform on the integers 0..2c̄, else c = c̄
  int64_t message_flits = 1;         // M, payload flits per message
  int64_t packet_payload_flits = 0;  // P; 0: a message is one packet
  // G: a message's next packet is handed over G cycles after the previous one's last flit could
  // have left (its length later: Chittor 5.6.3's processing overhead per packet); 0: together.
  int64_t packet_gap_cycles = 0;
  // The shell only: each message goes to a node drawn uniformly among the others (Chittor 5.6.4's
  // uniform reference, "selecting the destination node randomly each time a message was
  // generated"), one message a loop, every node sending; the graph is not used.
  bool random_destinations = false;
  int header_flits = 0;              // added to each packet (hop-count headers)
  double send_fixed = 0, send_per_flit = 0;        // α_s, β_s
  double receive_fixed = 0, receive_per_flit = 0;  // α_r, β_r
  bool half_duplex = false;  // one node channel a message, in or out, overheads included
  uint64_t seed = 1;
  int64_t warmup_loops = 2;  // loops each node runs before it is measured
  int64_t loops = 20;        // loops measured at each node
};

// One node's measured loops.
struct LoopRecord {
  uint32_t node = 0;
  int64_t loops = 0;         // measured loops completed
  int64_t loop_cycles = 0;   // their total length
  int64_t compute_cycles = 0;  // of which computing
  int64_t payload_flits = 0;   // sent in them
  double loop_time() const { return loops ? double(loop_cycles) / double(loops) : 0; }
  double compute_time() const { return loops ? double(compute_cycles) / double(loops) : 0; }
  double communication_time() const { return loop_time() - compute_time(); }  // τ
  double node_traffic() const { return loop_cycles ? double(payload_flits) / double(loop_cycles) : 0; }  // λ_n
};

class ClosedLoopWorkload final : public ReactiveSource {
 public:
  // sends_to[n]: the nodes n's process sends to (its graph neighbours, mapped). Throws
  // std::invalid_argument for AA and AB unless every edge runs both ways (a loop exchanges a
  // message with each neighbour; a node no one answers would send without bound), and for AB
  // on a graph that is not bipartite.
  ClosedLoopWorkload(const ClosedLoopSpec& spec, const std::vector<std::vector<uint32_t>>& sends_to);

  // The packets handed over in `cycle` (called once a cycle, in order, before the network
  // moves that cycle's flits). Steps that fell due earlier, through tail arrivals told late,
  // take place now.
  void packets_for(int64_t cycle, std::vector<MessagePacket>& out) override;
  void tail_arrived(uint64_t id, uint32_t src, uint32_t dest, int64_t arrival) override;

  // Every active node has run its warm-up and measured loops.
  bool done() const { return nodes_done_ == active_; }
  // The same loops on a contention-free network: each message's packets all arrive
  // `delay(src, dest, flits, packets)` cycles after they are handed over (the message's total
  // flits, headers included, in `packets` packets), told after that cycle's steps as a network
  // tells them. Stops when every node is done, or at cycle `until`.
  std::vector<LoopRecord> ideal_run(const std::function<int64_t(uint32_t, uint32_t, int64_t, int64_t)>& delay,
                                    int64_t until) const;

  // Each node's measured loops completed so far (all of them once done()).
  std::vector<LoopRecord> records() const;
  uint32_t active_nodes() const { return active_; }
  int64_t packets_per_message() const { return packets_per_message_; }
  int64_t message_packet_flits(int64_t k) const;  // the k-th packet of a message

 private:
  enum class Op : uint8_t { send, receive, compute };
  struct Step {
    Op op;
    uint32_t slot;  // send: index into sends_to; receive: the incoming slot; compute: its draw
  };
  struct Node {
    std::vector<Step> program;
    size_t step = 0;
    bool busy = false;     // the current step has started and ends at its event
    bool waiting = false;  // blocked in a receive, or for the node channels of a send
    bool granted = false;    // half duplex: the send about to start holds both ends
    bool delivered = false;  // half duplex: the send's message has been received: the step ends
    int64_t loop = 0;      // loops begun
    uint32_t drawn = 0;    // random_destinations: the destination of this loop's message
    int64_t next_packet = 0;  // packet_gap_cycles: the earliest cycle its next packet may be handed over
    int64_t loop_start = 0, measured_from = -1;
    int64_t loop_compute = 0, loop_flits = 0;  // of the loop under way, counted when it ends
    LoopRecord record;
  };
  struct Incoming {
    uint32_t from = 0;
    int64_t packets = 0;            // arrived so far
    std::deque<int64_t> complete;   // arrival of each message completed and not yet received
  };
  using Event = std::pair<int64_t, uint32_t>;  // (cycle, node)
  struct Release {  // half duplex: a message frees its two node channels
    int64_t at;
    uint32_t sender, receiver;
    // A total order: the network may tell a cycle's tails in any order.
    bool operator>(const Release& o) const {
      return std::tie(at, sender, receiver) > std::tie(o.at, o.sender, o.receiver);
    }
  };

  void run_node(uint32_t n, int64_t t, std::vector<MessagePacket>* out);
  bool next_step(uint32_t n, int64_t t);  // true: a new loop began
  bool measured(const Node& x) const { return x.loop >= spec_.warmup_loops && x.loop < spec_.warmup_loops + spec_.loops; }
  int64_t compute_cycles(uint32_t n, int64_t loop, uint32_t draw) const;
  uint32_t waiter(uint32_t slot) const;  // the node whose receive step takes the slot's messages
  void hand_over(uint32_t n, uint32_t dest, int64_t t, std::vector<MessagePacket>* out);
  uint32_t slot_of(uint32_t receiver, uint32_t sender) const;
  uint32_t destination(uint32_t n, uint32_t slot) const;  // of node n's send step `slot`
  uint32_t draw_destination(uint32_t n, int64_t loop) const;  // random_destinations: uniform over the others
  static constexpr uint32_t kDestinationDraw = 0xde57;  // the draw index apart from compute times' (0, 1, ..)
  void message_arrived(uint32_t slot, int64_t arrival);
  void run_events(int64_t until, std::vector<MessagePacket>* out);
  bool take_channels(uint32_t sender, uint32_t receiver);  // both ends free: hold them
  void release_channels(int64_t at);  // every release due at `at`, then the grants
  void grant_waiting(int64_t at);  // the waiting sends whose ends are free now

  ClosedLoopSpec spec_;
  std::vector<std::vector<uint32_t>> sends_to_;
  std::vector<Node> nodes_;
  std::vector<Incoming> incoming_;        // every (receiver, sender) pair, by receiver then sender
  std::vector<uint32_t> incoming_first_;  // node n's pairs: incoming_first_[n] .. [n + 1]
  std::vector<uint32_t> owner_;           // each pair's receiver
  std::priority_queue<Event, std::vector<Event>, std::greater<Event>> events_;
  std::priority_queue<Release, std::vector<Release>, std::greater<Release>> releases_;
  std::vector<bool> channel_busy_;      // half duplex: each node's channel
  std::deque<uint32_t> waiting_sends_;  // half duplex: nodes whose send waits, oldest first
  int64_t packets_per_message_ = 1;
  int64_t send_cost_ = 0, receive_cost_ = 0;
  int64_t floor_ = 0;  // the earliest cycle a step may still take place
  uint32_t active_ = 0, nodes_done_ = 0;
  // The contention-free network (ideal_run): a message's arrival for each packet, directly.
  const std::function<int64_t(uint32_t, uint32_t, int64_t, int64_t)>* ideal_delay_ = nullptr;
  // Its messages' arrivals (cycle, slot), told after that cycle's steps as the network tells them.
  std::priority_queue<std::pair<int64_t, uint32_t>, std::vector<std::pair<int64_t, uint32_t>>, std::greater<>>
      ideal_arrivals_;
  // A message's later packets, spaced by packet_gap_cycles: (cycle due, order handed, packet).
  struct Spaced {
    int64_t at;
    uint64_t order;
    MessagePacket packet;
    bool operator>(const Spaced& o) const { return std::tie(at, order) > std::tie(o.at, o.order); }
  };
  std::priority_queue<Spaced, std::vector<Spaced>, std::greater<Spaced>> spaced_;
  uint64_t spaced_order_ = 0;
};

}  // namespace kncsim
