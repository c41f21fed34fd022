#include "spec/run_sizing.hpp"

#include "spec/model_words.hpp"
#include "spec/traffic_distributions.hpp"

namespace kncsim {

RunSizing decode_sizing(const Config& c) {
  RunSizing s;
  s.topology = network_topology(c);
  s.impl = router_impl(c);
  s.radices = network_radices(c);
  if (s.topology == NetworkTopology::rings)
    s.radices = std::vector<int>(size_t(c.integer("network.dims")), s.radices.front());
  s.packet_flits = longest_packet_flits(c);
  s.load = c.number("traffic.load");
  const int64_t fifo = router_params(c, s.packet_flits).fifo_flits;
  s.finite_fifos = fifo >= 0;
  s.fifo_flits = fifo >= 0 ? double(fifo) : 0;
  s.rtl_nodes = c.integers("router.rtl_nodes").size();
  s.uniform_pattern = c.text("traffic.pattern") == "uniform";
  s.full_statistics = c.text("run.statistics") != "basic";
  s.source_queue_packets =
      c.is_word("traffic.source_queue_packets") ? 0 : double(c.integer("traffic.source_queue_packets"));
  s.run_cycles = double(c.text("run.convergence") == "fixed" ? c.integer("run.cycles") : c.integer("run.max_cycles"));
  if (!c.is_word("run.memory_limit")) s.memory_limit_mib = c.integer("run.memory_limit");
  return s;
}

}  // namespace kncsim
