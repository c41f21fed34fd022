#include "spec/energy_spec.hpp"

#include <fmt/format.h>

#include "energy/router_energies.hpp"
#include "spec/model_words.hpp"
#include "spec/network_geometry.hpp"

namespace kncsim {

bool energy_on(const Config& c) { return c.text("energy.technology") != "none" || !c.text("energy.table").empty(); }

void validate_energy(const Config& c) {
  if (!energy_on(c)) {
    if (c.text("energy.rtl_toggles") == "on" || !c.text("energy.toggle_weights").empty())
      throw ConfigError(fmt::format("energy.rtl_toggles = {}{} with no energy accounting: the toggles are priced beside "
                                    "the events; allowed: energy.technology 45nm, 32nm or 22nm, or energy.table FILE",
                                    c.text("energy.rtl_toggles"),
                                    c.text("energy.toggle_weights").empty() ? "" : " and energy.toggle_weights given"));
    return;
  }
  if (c.text("energy.technology") != "none" && !c.text("energy.table").empty())
    throw ConfigError(fmt::format("energy.technology = {} and energy.table = {}: give one; allowed: energy.technology "
                                  "none with a table file, or no energy.table",
                                  c.text("energy.technology"), c.text("energy.table")));
  if (network_topology(c) == NetworkTopology::rings && router_impl(c) == RouterImpl::single_node)
    throw ConfigError("energy.technology or energy.table with rings and router.impl single_node: the single-node model "
                      "has no network; allowed: router.impl ref, systemc or rtl");
  if (c.text("energy.rtl_toggles") == "on" && router_impl(c) != RouterImpl::rtl && c.integers("router.rtl_nodes").empty())
    throw ConfigError(fmt::format("energy.rtl_toggles on with router.impl {} and no router.rtl_nodes: toggles are counted "
                                  "inside RTL models; allowed: router.impl rtl, router.rtl_nodes, or energy.rtl_toggles off",
                                  c.text("router.impl")));
  if (c.text("energy.rtl_toggles") == "on" && (c.text("router.rtl_binding") == "signals" || !c.text("trace.vcd").empty()))
    throw ConfigError(fmt::format("energy.rtl_toggles on with {}: toggles are counted in the C++ binding only (a "
                                  "SystemC-mode model, as traced nodes have, keeps every signal for the trace and "
                                  "would count more than the same design does); allowed: router.rtl_binding direct "
                                  "and no trace.vcd, or energy.rtl_toggles off",
                                  c.text("router.rtl_binding") == "signals" ? "router.rtl_binding signals"
                                                                            : "trace.vcd = " + c.text("trace.vcd")));
  if (c.text("energy.rtl_toggles") != "on" && !c.text("energy.toggle_weights").empty())
    throw ConfigError(fmt::format("energy.toggle_weights = {} with energy.rtl_toggles off: the weights price RTL "
                                  "toggles; allowed: energy.rtl_toggles on, or no energy.toggle_weights",
                                  c.text("energy.toggle_weights")));
  if (!c.text("network.overrides").empty())
    throw ConfigError(fmt::format("energy.technology or energy.table with network.overrides = {}: the overridden wires' "
                                  "lengths are not known to the energy model; allowed: no network.overrides",
                                  c.text("network.overrides")));
}

namespace {

TechnologyTable energy_table(const Config& c) {
  const std::string& file = c.text("energy.table");
  try {
    return file.empty() ? builtin_technology(c.text("energy.technology")) : read_technology_table(file);
  } catch (const EnergyTableError& e) {
    throw ConfigError(fmt::format("energy.table: {}", e.what()));
  }
}

void scale_router(EnergyModel& m) {
  const ScaledRouter scaled = router_energies(m.table, m.shape);
  m.router = scaled.events;
  m.router_leakage_mw = scaled.leakage_mw.total();
}

void put_toggles(const Config& c, EnergyModel& m) {
  m.rtl_toggles = c.text("energy.rtl_toggles") == "on";
  m.toggle_sampling = uint32_t(c.integer("energy.toggle_sampling"));
  const std::string& file = c.text("energy.toggle_weights");
  if (file.empty()) return;
  try {
    m.toggle_weights = read_toggle_weights(file);
  } catch (const ToggleWeightsError& e) {
    throw ConfigError(fmt::format("energy.toggle_weights: {}", e.what()));
  }
}

}  // namespace

std::optional<Payload> energy_payload(const Config& c, int bits) {
  if (!energy_on(c)) return std::nullopt;
  const std::string& kind = c.text("traffic.payload");
  const PayloadKind k = kind == "zeros" ? PayloadKind::zeros : kind == "checkerboard" ? PayloadKind::checkerboard
                                                                                        : PayloadKind::random;
  const uint64_t seed = c.is_word("traffic.seed") ? 1 : uint64_t(c.integer("traffic.seed"));
  return Payload(k, seed, bits);
}

std::optional<EnergyModel> energy_model(const Config& c, const MeshGeometry& g, const MeshLinkTiming& links, int vcs,
                                        int64_t fifo_flits) {
  if (!energy_on(c)) return std::nullopt;
  EnergyModel m;
  m.table = energy_table(c);
  m.shape.flit_bits = int(c.integer("energy.flit_bits"));
  m.shape.ports = g.ports();
  m.shape.vcs = vcs;
  m.shape.buffer_flits = !c.is_word("energy.buffer_flits") ? int(c.integer("energy.buffer_flits"))
                         : fifo_flits > 0                  ? int(std::min<int64_t>(fifo_flits, 65536))
                                                           : m.table.reference.buffer_flits;
  scale_router(m);
  put_toggles(c, m);
  m.clock_ghz = c.number("energy.clock_ghz");
  m.cycle_stretch = links.cycle_time_factor;
  m.pipelined = !links.synchronous && link_kind(c) == LinkKind::pipelined;  // handshake wires: none either
  const double mm = c.number("energy.mm_per_unit");
  // Per dimension, each wire c -> c + 1 (a torus's wraparound last): its length and its cycles
  // (a hexagonal mesh's wires all alike: the first dimension's).
  for (int k = 0; k < g.dims(); ++k) {
    std::vector<double> lengths;
    std::vector<int> cycles;
    if (g.hex_edge() > 0) {
      lengths.push_back(mm * links.lengths.front());
      cycles.push_back(links.delays.front());
    } else {
      for (int w = 0; w < g.radix(k); ++w) {
        lengths.push_back(mm * (links.torus ? link_length(w, g.radix(k), links.lengths[size_t(k)], links.wiring)
                                            : links.lengths[size_t(k)]));
        cycles.push_back(links.wire_delays[size_t(k)][size_t(w)]);
      }
    }
    m.wire_mm.push_back(std::move(lengths));
    m.wire_cycles.push_back(std::move(cycles));
  }
  return m;
}

std::optional<EnergyModel> ring_energy_model(const Config& c, int dims, int width_bits, int input_queue_flits,
                                             const std::vector<double>& wire_lengths, const std::vector<int>& wire_cycles,
                                             bool synchronous, double stretch) {
  if (!energy_on(c)) return std::nullopt;
  EnergyModel m;
  m.table = energy_table(c);
  m.shape = RouterShape{width_bits, dims + 1, 1,
                        !c.is_word("energy.buffer_flits") ? int(c.integer("energy.buffer_flits"))
                                                          : std::max(1, std::min(input_queue_flits, 65536))};
  scale_router(m);
  put_toggles(c, m);
  m.clock_ghz = c.number("energy.clock_ghz");
  m.cycle_stretch = stretch;
  m.pipelined = !synchronous;
  const double mm = c.number("energy.mm_per_unit");
  for (int d = 0; d < dims; ++d) {
    m.wire_mm.push_back({mm * wire_lengths.at(size_t(d))});
    m.wire_cycles.push_back({wire_cycles.at(size_t(d))});
  }
  return m;
}

}  // namespace kncsim
