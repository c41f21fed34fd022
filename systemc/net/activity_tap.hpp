#pragma once
// Energy accounting at a wormhole network's pins: every flit a link sends (a SystemC router's or
// an RTL node's, the same FlitTap the flit log uses) and every flit a router hands its network
// interface goes into the network's activity (energy/network_activity.hpp). It sees the wires,
// not the routers' insides, so RTL nodes are counted exactly as SystemC ones.
#include <cstdint>
#include <vector>

#include "energy/network_activity.hpp"
#include "flit/packet_table.hpp"
#include "link/flit_tap.hpp"
#include "net/link_end.hpp"
#include "router/network_router.hpp"

namespace kncsim {

class ActivityTap final : public FlitTap {
 public:
  // `next`: a flit log that also watches the links, or none.
  ActivityTap(NetworkActivity& a, const PacketTable& packets, const std::vector<LinkEnd>& links, FlitTap* next)
      : a_(a), packets_(packets), links_(links), next_(next) {}
  void sent(uint32_t link, const Flit& f, int64_t cycle) override {
    const LinkEnd& end = links_[link];
    a_.link_flit(end.node, end.port, packets_[f.packet].id, f.seq, f.head);
    if (next_) next_->sent(link, f, cycle);
  }

 private:
  NetworkActivity& a_;
  const PacketTable& packets_;
  const std::vector<LinkEnd>& links_;
  FlitTap* next_;
};

// Counts a node's ejected flits, then hands each on.
class ActivityEjector final : public Ejector {
 public:
  ActivityEjector(NetworkActivity& a, uint32_t node, Ejector& next) : a_(a), node_(node), next_(next) {}
  void eject(const Flit& f, int64_t arrival) override {
    a_.ejected(node_, 1, f.head ? 1 : 0);
    next_.eject(f, arrival);
  }

 private:
  NetworkActivity& a_;
  uint32_t node_;
  Ejector& next_;
};

}  // namespace kncsim
