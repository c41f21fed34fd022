#pragma once
// The SystemC top module of a wormhole network: routers, links, network interfaces and the
// traffic process that feeds them.
#include <algorithm>
#include <deque>
#include <exception>
#include <memory>
#include <string>
#include <systemc>
#include <vector>

#include "flit/packet_table.hpp"
#include "energy/network_activity.hpp"
#include "link/flit_link.hpp"
#include "net/activity_tap.hpp"
#include "net/flit_log.hpp"
#include "net/wormhole_network.hpp"
#include "model/delivery_log.hpp"
#include "ni/network_interface.hpp"
#include "flit/source_queues.hpp"
#include "router/wormhole_router.hpp"
#include "sc/rtl_domain.hpp"
#include "sc/vcd_file.hpp"
#include "verify/network_coverage.hpp"

namespace kncsim {

class WormholeFabric : public sc_core::sc_module {
 public:
  SC_HAS_PROCESS(WormholeFabric);
  WormholeFabric(sc_core::sc_module_name name, const MeshGeometry& g, const WormholeNetworkParams& p,
                 InjectionFeed& feed);
  ~WormholeFabric() override;

  // The channels waiting on each other, as text (for the deadlock report).
  std::string waiting_cycle() const;

  // Local input channels the NIs inject on: one, or with traffic classes the highest class channel + 1.
  static int injection_channels(const WormholeNetworkParams& p) {
    int most = 0;
    for (uint8_t c : p.class_channels) most = std::max(most, int(c));
    return most + 1;
  }

  const MeshGeometry& g;
  WormholeNetworkParams params;
 private:
  int channels_;  // injection channels per node (before `waiting`, which it sizes)

 public:
  PacketTable packets;
  SourceQueues waiting;  // packets behind each injection queue's front packet
  DeliveryLog log;
  WakeCalendar calendar;
  std::unique_ptr<RtlDomain> rtl_clock;  // steps the RTL routers, if any
  std::vector<std::unique_ptr<NetworkRouter>> routers;
  std::deque<FlitLink> links;
  std::vector<LinkEnd> link_ends;  // beside links
  std::vector<NetworkInterface> nis;
  std::unique_ptr<FlitLog> flit_log;  // trace.flits
  std::unique_ptr<NetworkActivity> activity;  // energy accounting (params.payload)
  std::unique_ptr<ActivityTap> activity_tap;
  std::deque<ActivityEjector> activity_ejectors;
  ReactiveSource* workload = nullptr;  // hands over packets besides the feed's, if set
  std::exception_ptr workload_error;  // what it threw inside the kernel (a bad trace record), rethrown as it is
  std::unique_ptr<NetworkCoverage> coverage;  // verify.coverage: what the RTL routers' monitors mark
  std::unique_ptr<ViolationTally> violations;  // verify.on_violation count: what they count
  bool injecting = true;  // false: the scoreboard's drain (no packet generated from then on)
  int64_t unreachable = 0;  // packets not sent: failed links or nodes leave them no way

 private:
  // The clock, once per cycle before any router: count this cycle's injections, draw the
  // next cycle's, and notify the routers due this cycle.
  void drive();
  void draw(int64_t cycle);
  void inject(uint32_t node, uint32_t dest, int64_t cycle, int flits, uint8_t cls = 0);
  void start_trace(std::string path, const std::vector<uint32_t>& nodes);
  InjectionFeed& feed_;
  std::unique_ptr<VcdFile> vcd_;  // trace.vcd
  int64_t drawn_ahead_ = 0;  // injections of the next cycle, already queued
  int64_t dropped_ahead_ = 0;  // and those dropped at a full source queue
  uint64_t next_id_ = 0;
  std::vector<MessagePacket> handed_;  // the workload's packets of a cycle
  bool started_ = false;
};

}  // namespace kncsim
