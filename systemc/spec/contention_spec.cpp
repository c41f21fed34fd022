#include "spec/contention_spec.hpp"

#include "config/config_json.hpp"
#include "spec/key_rules.hpp"
#include "spec/model_words.hpp"
#include "spec/run_sizing.hpp"

namespace kncsim {

ContentionSpec decode_contention(const Config& c, const BeforeTables& before) {
  KeyRules rules = check_key_rules(c);
  const RunOutputs outputs = decode_outputs(c);
  if (before) {
    const RunSizing sizing = decode_sizing(c);
    before(DecodedSoFar{rules.warnings, sizing, outputs});
  }
  const NetworkTopology topology = network_topology(c);
  if (topology == NetworkTopology::rings || topology == NetworkTopology::hexagonal)
    throw ConfigError("kncsim contention models a mesh or torus with fixed routing; allowed network.topology: mesh, "
                      "torus");
  if (adaptive_routing(c))
    throw ConfigError("kncsim contention needs a fixed route per path (Chittor's assumption 4); allowed "
                      "router.routing: dor");
  ContentionSpec s;
  s.radices = network_radices(c);
  s.torus = topology == NetworkTopology::torus;
  s.placement = process_placement(c, s.geometry());
  s.outputs = outputs;
  s.warnings = std::move(rules.warnings);
  s.config = resolved_config_json(c);
  return s;
}

}  // namespace kncsim
