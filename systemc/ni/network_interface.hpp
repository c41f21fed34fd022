#pragma once
// A node's network interface. Source: an unbounded injection queue (the listing's FIFO 0,
// the router's local input) into which a generated packet is spooled one flit per cycle
// from tin = max(generation, tls + L), tls being the previous packet's tin (Note 3.4); with
// packets of different lengths (closed-loop messages), tls plus the previous packet's length.
// Only the front packet's flits exist: the packets behind it wait in the shared
// SourceQueues with what their flits will need, and the next one is spooled when the
// injection queue runs empty (its flits keep their tin-based arrival times, so the router
// sees exactly what a queue holding every flit would show it). With a cap on the packets
// waiting (traffic.source_queue_packets) a packet generated while the queue is full is
// dropped; the count is registered, as the reference model's is.
// Sink: always consumes; checks that each packet's flits arrive complete and in order, and
// records the packet when its head arrives (Pertel's T is head to head).
#include <cstdint>
#include <vector>

#include "flit/flit_fifo.hpp"
#include "flit/packet_table.hpp"
#include "link/link_params.hpp"
#include "flit/source_queues.hpp"
#include "router/network_router.hpp"
#include "sched/wakeable.hpp"
#include "model/delivery_log.hpp"
#include "topo/mesh_geometry.hpp"

namespace kncsim {

struct SourceParams {
  int packet_flits = 32;        // L
  int64_t queue_packets = 0;    // cap on packets waiting at the source; 0 = unbounded
};

class NetworkInterface final : public Ejector, public Injector, public FlitRefill {
 public:
  // `hop_count_geometry` given: packets open with Symult hop-count headers, one per dimension.
  // `queue`: its queue in `waiting` (the node, or with several injection channels one per channel).
  NetworkInterface(uint32_t node, const SourceParams& source, PacketTable& packets, SourceQueues& waiting,
                   DeliveryLog& log, FlitFifo& injection_queue, Wakeable& router,
                   const MeshGeometry* hop_count_geometry = nullptr, uint32_t queue = ~0u)
      : node_(node), queue_id_(queue == ~0u ? node : queue), source_(source), packets_(packets), waiting_(waiting),
        log_(log), queue_(injection_queue), router_(router), headers_(hop_count_geometry) {}

  // A packet generated in cycle `generated` (drawn a cycle ahead, before the routers of the
  // cycle before it evaluate), of `flits` flits (0: the network's L). False: dropped, the
  // source queue being full.
  // `cls`: its traffic class.
  bool inject(uint64_t id, uint32_t dest, int64_t generated, int flits = 0, uint8_t cls = 0);
  void eject(const Flit& f, int64_t arrival) override;
  void head_left(int64_t cycle) override;
  void refill() override;

 private:
  void spool(const WaitingPacket& w);
  [[noreturn, gnu::cold]] void refuse(const Flit& f, int64_t arrival);

  uint32_t node_;
  uint32_t queue_id_;
  SourceParams source_;
  PacketTable& packets_;
  SourceQueues& waiting_;
  DeliveryLog& log_;
  FlitFifo& queue_;
  Wakeable& router_;
  const MeshGeometry* headers_;
  int64_t tls_ = 0;     // the listing's tin of the previous packet: starts at 0
  int last_flits_ = -1;  // the previous packet's length (-1: none yet, tin >= L as in the listing)
  int64_t queued_ = 0;  // packets generated whose head has not left the injection queue
  bool receiving_ = false;
  uint32_t receiving_packet_ = 0;
  uint16_t next_seq_ = 0;
  // Packet slots spooled whose head has not left, oldest first from spooled_front_: usually one;
  // more where the router takes flits ahead of its crossbar (an RTL router's own input FIFO), or a
  // one-flit packet's pop spools the next before the router says its head left.
  std::vector<uint32_t> spooled_;
  size_t spooled_front_ = 0;
};

}  // namespace kncsim
