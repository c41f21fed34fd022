#pragma once
// A wormhole network's flit log (trace.flits, the file: flit_log_file.hpp): one line per flit
// sent on a link or handed to a network interface, in the cycle it left its router (port as
// MeshGeometry numbers them, 0 = the local output; packet = the packet's id). Two runs of one
// configuration give the same lines, in some order within a cycle, exactly when their routers
// behave the same: kncsim diverge sorts and compares them.
#include <cstdint>
#include <deque>
#include <string>
#include <vector>

#include "flit/packet_table.hpp"
#include "link/flit_log_file.hpp"
#include "link/flit_tap.hpp"
#include "net/link_end.hpp"
#include "router/network_router.hpp"

namespace kncsim {

class FlitLog final : public FlitTap {
 public:
  // `links` (the fabric's, one per link) must outlive the log.
  FlitLog(const std::string& path, const PacketTable& packets, const std::vector<LinkEnd>& links);

  void sent(uint32_t link, const Flit& f, int64_t cycle) override;
  // The ejector to give the router at `node`: logs each flit, then hands it to `next`.
  Ejector* ejector(uint32_t node, Ejector& next);

 private:
  class NodeEjector final : public Ejector {
   public:
    NodeEjector(FlitLog& log, uint32_t node, Ejector& next) : log_(log), node_(node), next_(next) {}
    void eject(const Flit& f, int64_t arrival) override {
      log_.write(arrival - 1, node_, 0, f);  // it left the router the cycle before it arrives
      next_.eject(f, arrival);
    }

   private:
    FlitLog& log_;
    uint32_t node_;
    Ejector& next_;
  };
  void write(int64_t cycle, uint32_t node, int port, const Flit& f);

  FlitLogFile file_;
  const PacketTable& packets_;
  const std::vector<LinkEnd>& links_;
  std::deque<NodeEjector> ejectors_;
};

}  // namespace kncsim
