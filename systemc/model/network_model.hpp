#pragma once
// What every network model promises, whichever family and implementation: Pertel's reference
// mesh, the SystemC mesh or torus (some or all routers RTL), and the three ring models (the
// reference rings, the SciNode network, its RTL nodes). The experiment, the convergence
// drivers, the statistics and the soak drive any of them through NetworkModel, and compare
// them packet for packet through PacketRecord.
#include <cstdint>
#include <vector>

#include "energy/module_toggles.hpp"
#include "model/channel_load.hpp"

namespace kncsim {

class NetworkActivity;  // energy/network_activity.hpp

// The listings' measurement accumulators, kept as exact integers.
struct DeliveryCounters {
  int64_t numsent = 0;  // packets generated (injection queue included)
  int64_t numrecd = 0;  // packets delivered
  int64_t totlat = 0;   // sum of (arrival - generation) over delivered packets
  int64_t tothops = 0;  // sum of hops over delivered packets
  int64_t dropped = 0;  // generated while the source queue was full (traffic.source_queue_packets)
  // router.misroute_on_full: hops a full FIFO's head took away from its destination, and
  // packets it left at a node not its own (to re-enter from that node's injection queue).
  int64_t misrouted = 0;
  int64_t dejected = 0;
};

// One delivered packet, for packet-for-packet comparison between models.
struct PacketRecord {
  uint64_t id;  // generation order: by cycle, then node
  uint32_t src, dest;
  int64_t tsent, tarrive;  // generation time; head arrival at the destination (after dejection)
  int32_t hops;
  // The flit-level wormhole network's history (-1 elsewhere): the routers the head crossed without
  // waiting beyond their routing delay, and the cycles it waited in all.
  int32_t cut_throughs = -1;
  int32_t blocked = -1;
  int32_t cls = 0;  // its traffic class (classes.NAME, in declaration order)
  int32_t source_wait = -1;  // of `blocked`, the cycles at its source's router (the rest: in the network)
  // The cycle its head left the source's injection queue (crossed the source router); -1 where a
  // model does not say (rings). Injection latency tleft - tsent, network latency tarrive - tleft.
  int64_t tleft = -1;
};

class PacketSink {
 public:
  virtual ~PacketSink() = default;
  virtual void deliver(const PacketRecord& r) = 0;
  // A packet was generated at `src` in `cycle` and counts in numsent once the model's clock has
  // passed `cycle` (cycles arrive in nondecreasing order). Dropped packets are not told.
  virtual void generated(uint32_t /*src*/, int64_t /*cycle*/) {}
};

// Told when a packet's last flit reaches its destination's network interface: a closed-loop
// workload's messages are complete so, and a trace's packets waiting for it may follow. `id` is
// the packet's PacketRecord id. A model may tell a tail before `arrival` (the reference model
// tells it with the head), never after the cycle it arrives in.
class TailSink {
 public:
  virtual ~TailSink() = default;
  virtual void tail_arrived(uint64_t id, uint32_t src, uint32_t dest, int64_t arrival) = 0;
};

// A packet a reactive source hands to a node's network interface (0 flits: not allowed).
struct MessagePacket {
  uint32_t node, dest;
  int flits;
};

// A workload whose packets follow the network's deliveries (closed loops, traces): a model asks
// it for each cycle's packets, in order, before that cycle's flits move, and tells it every tail
// (TailSink) by the end of the cycle it arrives in; the packets it hands over get the model's
// next ids in the order handed. Tails arriving in cycle c - 1 may not be told yet when cycle c's
// packets are asked for (the flit-level network asks a cycle ahead).
class ReactiveSource : public TailSink {
 public:
  virtual void packets_for(int64_t cycle, std::vector<MessagePacket>& out) = 0;
};

// A network under its workload, advancing cycle by cycle and counting deliveries.
class NetworkModel {
 public:
  virtual ~NetworkModel() = default;
  // Simulate every cycle from now() up to (not including) end.
  virtual void run_until(int64_t end) = 0;
  virtual int64_t now() const = 0;
  virtual const DeliveryCounters& counters() const = 0;
  // Flits sent on every inter-node link so far, one entry per link (empty if not counted).
  virtual std::vector<ChannelLoad> channel_loads() const { return {}; }
  // What energy counts (energy accounting on: the payload given to the model), or none.
  virtual const NetworkActivity* activity() const { return nullptr; }
  // RTL nodes that count their toggles (energy.rtl_toggles): per node, by module (empty for
  // the others); empty if none counts.
  virtual std::vector<NodeToggles> rtl_toggles() const { return {}; }
};

}  // namespace kncsim
