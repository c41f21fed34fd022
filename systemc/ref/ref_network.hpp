#pragma once
// The reference model: Pertel's SNS / FNS / ANS packet-level semantics, exactly, on any
// d-dimensional radix-R mesh. Packets move whole (Note 4.1: exact while FIFOs hold whole
// packets); timing lives in tin / tnh / tfree / tls; channels are assigned by the priority
// token (PIN) and the rotating output pointer (POUT) as the listings' simulate/findpin do.
//
// Speed without changing results: a node is evaluated only in cycles where evaluating it
// can change something (a head becomes ready, or a waiting head's output frees); in any
// other cycle the listing's simulate() is provably a no-op for that node.
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "energy/network_activity.hpp"
#include "stats/deadlock_error.hpp"
#include "flit/source_queues.hpp"
#include "sched/wake_calendar.hpp"
#include "router/priority_token.hpp"
#include "router/router_params.hpp"
#include "model/network_model.hpp"
#include "topo/mesh_geometry.hpp"
#include "traffic/injection_feed.hpp"

namespace kncsim {

struct RefParams {
  int packet_flits = 32;   // L
  bool adaptive = false;   // ANS allowed(): any profitable output
  int fifo_packets = 0;    // FNS Q; 0 = unbounded (SNS)
  int64_t deadlock_cycles = 10000;  // no packet moved this long while some are buffered
  // FNS's full-FIFO test: false = as listed, reading occupancy as it is when the node is
  // evaluated (depends on node order); true = as of the start of the cycle, like hardware.
  bool registered_fifo_check = false;
  // An output whose far FIFO is full: busy (model 2, FNS), or assigned all the same and then
  // waited on (model 1) or dropped (model 3); see FifoFullPolicy.
  FifoFullPolicy fifo_full = FifoFullPolicy::wait;
  // SNS section 3's deadlock avoidance (router.misroute_on_full): the head of a full FIFO that
  // finds no profitable output free may take any free output, its own node's local output
  // included; a packet dejected there re-enters that node's injection queue (ahead of the packets
  // waiting there, and counted with them against source_queue_packets). A FIFO is full as its
  // occupancy reads when the node is evaluated, whatever registered_fifo_check says.
  bool misroute_on_full = false;
  // Evaluate every node in every cycle, as the listing does (tests: the wake calendar skips only
  // evaluations that change nothing).
  bool every_cycle = false;
  // Packets a node's injection queue may hold; a packet generated while it is full is
  // dropped (counted). 0 = unbounded (Pertel). The source sees the queue through a
  // register: a head that left in the previous cycle still counts.
  int64_t source_queue_packets = 0;
  // Energy accounting: the flits' bits (a packet's L flits cross a link back to back, in the cycle
  // its head does); none: nothing counted.
  std::optional<Payload> payload = std::nullopt;
};

class RefNetwork final : public NetworkModel {
 public:
  RefNetwork(const MeshGeometry& geometry, const RefParams& params, InjectionFeed& feed);

  void run_until(int64_t end) override;
  int64_t now() const override { return curtime_; }
  const DeliveryCounters& counters() const override { return counters_; }
  void set_packet_sink(PacketSink* sink) { sink_ = sink; }
  // A reactive workload (a trace): asked for each cycle's packets after the feed's, and told each
  // tail with its head (a packet's L flits arrive back to back: the tail L - 1 cycles later).
  // Every packet it hands over must be L flits long (std::logic_error otherwise).
  void set_reactive_source(ReactiveSource* source) { source_ = source; }
  // Packets waiting in injection queues (the memory estimate checks it).
  int64_t packets_waiting() const { return waiting_.total(); }
  // Packets in FIFOs (injection queues included), for conservation checks.
  int64_t packets_in_network() const { return counters_.numsent - counters_.numrecd; }
  // A packet counts its L flits on a link in the cycle its head crosses.
  std::vector<ChannelLoad> channel_loads() const override;
  const NetworkActivity* activity() const override { return activity_.get(); }

 private:
  struct Packet {
    uint32_t dest, src;
    int64_t tsent, tin;
    uint64_t id;
    int32_t nhops;
    int32_t next;
    int64_t tleft = -1;  // the cycle it left its injection queue (the first time, if dejected)
  };
  struct Port {
    int64_t ready_at = 0;  // input: max(head's tin, tnh), when the head may be forwarded
    int64_t tnh = 0;       // input: time the next packet may reach the head
    int64_t tfree = 0;     // output: time the output is free again
    int32_t head = -1, tail = -1;
    int32_t len = 0;       // packets in the input FIFO
    uint32_t route = 0;    // outputs the routing function allows the head packet
    int32_t held = -1;     // input, model 1: the output assigned to its head while that FIFO was full
  };
  struct Node {
    int64_t tls = 0;        // time the last injected packet's head left (listing: starts at 0)
    int64_t local_left = -2;  // last cycle a packet left the injection queue (none: before cycle -1)
    PriorityToken token;    // PIN and POUT
    uint32_t nonempty = 0;  // inputs whose FIFO holds a packet
    uint32_t holding = 0;   // model 1: inputs holding an output whose FIFO was full (Port::held)
    // Misrouting: packets dejected here, ahead of the packets waiting at the source (input 0
    // serves them first), linked by Packet::next.
    int32_t rejoin_head = -1, rejoin_tail = -1;
  };

  void step();
  void inject(uint32_t n, uint32_t dest);
  void simulate(uint32_t n);
  void schedule(uint32_t n);
  unsigned ready_outputs(uint32_t n, unsigned wanted) const;
  void new_head(uint32_t n, int in);
  void forward(uint32_t n, int in, int out);
  void misroute(uint32_t n, unsigned stuck, unsigned left);
  void deject(uint32_t n, int32_t k);
  void rejoin(uint32_t n, int32_t k);
  void enqueue(uint32_t n, int in, int32_t pkt);
  int32_t dequeue(uint32_t n, int in);
  int32_t alloc_packet();

  Port* ports(uint32_t n) { return &ports_[size_t(n) * nports_]; }
  const Port* ports(uint32_t n) const { return &ports_[size_t(n) * nports_]; }

  const MeshGeometry& g_;
  RefParams p_;
  InjectionFeed& feed_;
  int nports_;
  unsigned all_ports_;
  int64_t curtime_ = 0;
  int64_t last_move_ = 0;  // last cycle a packet was forwarded, for the deadlock watchdog
  std::vector<Node> nodes_;
  std::vector<Port> ports_;
  std::vector<int64_t> out_flits_;  // per node and output port: flits forwarded to the neighbour
  std::vector<Packet> packets_;  // packets past their source; those still waiting are in waiting_
  std::vector<uint32_t> connected_;  // per node: its outputs with a neighbour, and the local one
  std::vector<std::pair<uint32_t, int32_t>> dejected_;  // misrouting: (node, packet) dejected this cycle
  SourceQueues waiting_;         // the injection queues (input 0), packets not yet forwarded
  int32_t free_list_ = -1;
  WakeCalendar calendar_;
  DeliveryCounters counters_;
  PacketSink* sink_ = nullptr;
  ReactiveSource* source_ = nullptr;
  std::vector<MessagePacket> handed_;  // source_'s packets of a cycle
  std::unique_ptr<NetworkActivity> activity_;  // p_.payload
};

}  // namespace kncsim
