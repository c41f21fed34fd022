#pragma once
// Network-level functional coverage of a router design, gathered by the protocol monitors on
// the RTL routers' pins (router_pin_monitor.hpp), so it is independent of the design's insides.
// Its points, each named as kncsim verify reports it:
//   turn/<class>/<in>><out>  a head in through input port <in> left through output <out> at a
//                            node of that class (corner: at an end of every dimension; edge: of
//                            some; inside: of none; a torus's nodes are all inside)
//   vc/<port>/<v>            a flit left output <port> on virtual channel v (more than one VC)
//   fifo_full/<port>/<v>     input <port>'s FIFO of channel v was full (no room for a flit, or
//                            cut-through, for a packet)
//   backpressure/<port>      output <port> could not send its next flit for want of room
//                            downstream (wormhole: credits gone inside a packet; cut-through: no
//                            room for another packet after a tail)
//   head_blocked/<port>      a head left output <port> only once room came back downstream
//                            after it arrived (the channel idle, waiting on a full FIFO)
//   requesters/<n>           n inputs at once held a head bound for one output, each its
//                            channel's next packet (DOR: its one output; adaptive: any
//                            profitable one)
// Every point is listed whether or not the network can reach it; the unreachable ones say why
// (a U-turn, a turn dimension order forbids, a port no node of the class has).
#include <cstdint>
#include <string>
#include <vector>

#include "topo/mesh_geometry.hpp"

namespace kncsim {

struct CoveragePoint {
  std::string name;
  bool reachable = true;
  std::string why;  // an unreachable point: why no run can hit it
};

class NetworkCoverage {
 public:
  NetworkCoverage(const MeshGeometry& g, bool adaptive, int vcs);

  // Every point of this network, in a fixed order (the hit flags' order).
  const std::vector<CoveragePoint>& points() const { return points_; }
  std::vector<std::string> hit_names() const;

  void turn(uint32_t node, int in, int out) { hit_[size_t(turn_base_ + (cls_[node] * ports_ + in) * ports_ + out)] = 1; }
  void vc_used(int port, int vc) {
    if (vcs_ > 1) hit_[size_t(vc_base_ + (port - 1) * vcs_ + vc)] = 1;
  }
  void fifo_full(int port, int vc) { hit_[size_t(fifo_base_ + port * vcs_ + vc)] = 1; }
  void backpressure(int port) { hit_[size_t(bp_base_ + port - 1)] = 1; }
  void head_blocked(int port) { hit_[size_t(blocked_base_ + port - 1)] = 1; }
  void requesters(int n) {
    if (n >= 1 && n <= ports_) hit_[size_t(req_base_ + n - 1)] = 1;
  }

 private:
  int ports_, vcs_;
  std::vector<uint8_t> cls_;  // by node: 0 corner, 1 edge, 2 inside
  int turn_base_ = 0, vc_base_ = 0, fifo_base_ = 0, bp_base_ = 0, blocked_base_ = 0, req_base_ = 0;
  std::vector<CoveragePoint> points_;
  std::vector<uint8_t> hit_;
};

}  // namespace kncsim
