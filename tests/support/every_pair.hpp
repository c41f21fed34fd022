#pragma once
// Zero-load measurements: every (source, destination) pair of a network sent alone, `gap`
// cycles apart from cycle 5 (gap: longer than any packet takes), and the records delivered.
#include <map>
#include <vector>

#include "net/wormhole_network.hpp"
#include "support/test_streams.hpp"

namespace kncsim {

inline std::vector<PacketRecord> every_pair_alone(const MeshGeometry& g, const WormholeNetworkParams& p, int64_t gap) {
  std::map<int64_t, std::vector<Injection>> sends;
  int64_t at = 5;
  for (uint32_t s = 0; s < g.nodes(); ++s)
    for (uint32_t d = 0; d < g.nodes(); ++d, at += gap) sends[at] = {{s, d}};
  InjectionFeed feed(std::make_unique<ListStream>(sends), g.nodes(), false);
  WormholeNetwork net(g, p, feed);
  Recorder rec;
  net.set_packet_sink(&rec);
  net.run_until(at + gap);
  return rec.records;
}

}  // namespace kncsim
