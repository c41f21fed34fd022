#include "config/contention_spec.hpp"

#include "config/model_words.hpp"

namespace kncsim {

ContentionSpec decode_contention(const Config& c) {
  const NetworkTopology topology = network_topology(c);
  if (topology == NetworkTopology::rings)
    throw ConfigError("kncsim contention models a mesh or torus with fixed routing; allowed network.topology: mesh, "
                      "torus");
  if (adaptive_routing(c))
    throw ConfigError("kncsim contention needs a fixed route per path (Chittor's assumption 4); allowed "
                      "router.routing: dor");
  ContentionSpec s;
  s.radices = network_radices(c);
  s.torus = topology == NetworkTopology::torus;
  s.placement = process_placement(c, s.geometry());
  return s;
}

}  // namespace kncsim
