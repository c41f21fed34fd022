#pragma once
// A node's network interface. Source: an unbounded injection queue (the listing's FIFO 0,
// the router's local input) into which a generated packet is spooled one flit per cycle
// from tin = max(generation, tls + L), tls being the previous packet's tin (Note 3.4).
// Sink: always consumes; checks that each packet's flits arrive complete and in order, and
// records the packet when its head arrives (Pertel's T is head to head).
#include <cstdint>

#include "flit/packet_table.hpp"
#include "link/link_params.hpp"
#include "ni/delivery_log.hpp"
#include "router/flit_fifo.hpp"
#include "router/network_router.hpp"
#include "topo/mesh_geometry.hpp"

namespace kncsim {

class NetworkInterface final : public Ejector {
 public:
  // `geometry` given: packets open with Symult hop-count headers, one per dimension.
  NetworkInterface(uint32_t node, PacketTable& packets, DeliveryLog& log, FlitFifo& injection_queue,
                   Wakeable& router, const MeshGeometry* hop_count_geometry = nullptr)
      : node_(node), packets_(packets), log_(log), queue_(injection_queue), router_(router),
        headers_(hop_count_geometry) {}

  void inject(uint64_t id, uint32_t dest, int flits, int64_t generated);
  void eject(const Flit& f, int64_t arrival) override;

 private:
  uint32_t node_;
  PacketTable& packets_;
  DeliveryLog& log_;
  FlitFifo& queue_;
  Wakeable& router_;
  const MeshGeometry* headers_;
  int64_t tls_ = 0;  // the listing's tls: starts at 0
  bool receiving_ = false;
  uint32_t receiving_packet_ = 0;
  uint16_t next_seq_ = 0;
};

}  // namespace kncsim
