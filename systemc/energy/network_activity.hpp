#pragma once
// What a mesh or torus network did, as energy counts it: per output port of every node the flits
// and heads that left through it (port 0: to the node's own network interface) and the wires
// they flipped, and per node the flits its network interface handed in and the hop-count
// headers its router consumed. Every event a router spends energy on follows from these
// (energy/router_events.hpp), so any model that counts them (the reference model, the SystemC
// network, RTL nodes at their pins) is priced alike, and two models that move the same flits
// the same way count the same.
#include <cstdint>
#include <vector>

#include "energy/payload.hpp"

namespace kncsim {

struct PortActivity {  // 32 bytes: every flit on every hop touches one
  int64_t flits = 0, heads = 0;
  int64_t toggles = 0;     // wires flipped (inter-node links only)
  uint64_t last_word = 0;  // flits of at most 64 bits: the bits the wires hold
  // A flit onto these wires (wire i of `wide`, which holds the last flits when they are wider).
  void carry(const Payload& p, std::vector<WideWire>& wide, size_t i, uint64_t packet, uint32_t seq, bool head) {
    ++flits;
    heads += head;
    toggles += flip(p, last_word, wide, i, packet, seq);
  }
};

struct NodeActivity {
  int64_t injected_flits = 0;  // into the router's local input
  int64_t delivered_flits = 0, delivered_packets = 0;  // of its local output's, those for this node
  int64_t stripped = 0;  // hop-count headers consumed (read from a FIFO, never across the crossbar)
};

class NetworkActivity {
 public:
  NetworkActivity(uint32_t nodes, int ports, const Payload& payload)
      : ports_(ports), payload_(payload), out_(size_t(nodes) * size_t(ports)),
        wide_(payload.bits() > 64 ? out_.size() : 0), nodes_(nodes) {}

  int ports() const { return ports_; }
  uint32_t nodes() const { return uint32_t(nodes_.size()); }
  const Payload& payload() const { return payload_; }
  const PortActivity& out(uint32_t node, int port) const { return out_[size_t(node) * size_t(ports_) + size_t(port)]; }
  const NodeActivity& node(uint32_t n) const { return nodes_[n]; }

  // A flit left `node` through inter-node output `port`: its wires take its bits.
  void link_flit(uint32_t node, int port, uint64_t packet, uint32_t seq, bool head) {
    const size_t i = size_t(node) * size_t(ports_) + size_t(port);
    out_[i].carry(payload_, wide_, i, packet, seq, head);
  }
  // A whole packet's `count` flits, back to back (the reference model's packets).
  void link_packet(uint32_t node, int port, uint64_t packet, uint32_t count) {
    for (uint32_t i = 0; i < count; ++i) link_flit(node, port, packet, i, i == 0);
  }
  // Flits out through the local output: delivered, or (misrouting) dejected to re-enter.
  void ejected(uint32_t node, int64_t flits, int64_t heads, bool delivered = true) {
    PortActivity& a = out_[size_t(node) * size_t(ports_)];
    a.flits += flits;
    a.heads += heads;
    if (!delivered) return;
    nodes_[node].delivered_flits += flits;
    nodes_[node].delivered_packets += heads;
  }
  void injected(uint32_t node, int64_t flits) {
    nodes_[node].injected_flits += flits;
  }
  void stripped(uint32_t node) { ++nodes_[node].stripped; }

 private:
  int ports_;
  Payload payload_;
  std::vector<PortActivity> out_;
  std::vector<WideWire> wide_;  // flits wider than 64 bits: per port, the last flit it carried
  std::vector<NodeActivity> nodes_;
};

}  // namespace kncsim
