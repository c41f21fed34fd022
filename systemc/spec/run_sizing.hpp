#pragma once
// What a run's memory estimate needs, decoded before anything else of the experiment (a
// network too large for the machine is refused before any per-node table is built).
#include <cstdint>
#include <optional>
#include <vector>

#include "config/config.hpp"
#include "config/model_kinds.hpp"

namespace kncsim {

struct RunSizing {
  NetworkTopology topology = NetworkTopology::mesh;
  RouterImpl impl = RouterImpl::ref;
  std::vector<int> radices;  // per dimension (rings: network.dims copies of network.radix)
  int packet_flits = 0;      // L (meshes)
  double load = 0;           // A
  double fifo_flits = 0;     // a router input FIFO's flits; 0: unbounded
  bool finite_fifos = false;
  size_t rtl_nodes = 0;      // router.rtl_nodes as listed (router.impl rtl: every node)
  bool uniform_pattern = true;
  bool full_statistics = false;
  double source_queue_packets = 0;  // 0: unbounded
  double run_cycles = 0;            // all of a fixed run, else run.max_cycles
  std::optional<int64_t> memory_limit_mib;  // run.memory_limit; none: the machine's available memory
};

RunSizing decode_sizing(const Config& c);

}  // namespace kncsim
