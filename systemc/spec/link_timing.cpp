#include "spec/link_timing.hpp"

#include <fmt/format.h>

#include "analytic/rings_analytic.hpp"
#include "spec/model_words.hpp"
#include <fmt/ranges.h>

#include <algorithm>

namespace kncsim {

int MeshLinkTiming::max_delay() const { return *std::max_element(delays.begin(), delays.end()); }

MeshLinkTiming mesh_link_timing(const Config& c) {
  MeshLinkTiming t;
  const std::vector<int> radices = network_radices(c);
  const int dims = int(radices.size());
  const std::string& e = c.text("link.embedding");
  t.embedding = e == "planar" ? Embedding::planar : e == "cube" ? Embedding::cube : Embedding::uniform;
  const RingLinkMode mode = ring_link_mode(c.text("link.mode"));
  t.synchronous = mode == RingLinkMode::synchronous;
  t.mode = to_string(mode);
  t.switch_to_wire = c.number("link.switch_to_wire_ratio");
  if (t.embedding != Embedding::uniform && std::adjacent_find(radices.begin(), radices.end(), std::not_equal_to<>()) != radices.end())
    throw ConfigError(fmt::format("link.embedding = {} with network.radix = [{}]: Scott & Goodman's layout folds "
                                  "dimensions of one radix; allowed: link.embedding uniform, or one network.radix",
                                  e, fmt::join(radices, ", ")));
  t.torus = network_topology(c) == NetworkTopology::torus;
  t.wiring = c.text("network.wiring") == "folded" ? Wiring::folded : Wiring::straight;
  t.lengths = neighbour_wire_lengths(dims, radices[0], t.embedding);
  // Every wire of every dimension, in neighbour-wire units (a mesh has no wraparound: its last
  // entry, unused, is taken as long as the others).
  auto wires = std::vector<std::vector<double>>(size_t(dims));
  for (int k = 0; k < dims; ++k)
    for (int x = 0; x < radices[size_t(k)]; ++x)
      wires[size_t(k)].push_back(t.torus ? link_length(x, radices[size_t(k)], t.lengths[size_t(k)], t.wiring)
                                         : t.lengths[size_t(k)]);
  t.longest = 0;
  for (const auto& w : wires) t.longest = std::max(t.longest, *std::max_element(w.begin(), w.end()));
  auto fill = [&](auto delay_of) {
    t.wire_delays.assign(size_t(dims), {});
    t.delays.clear();
    for (int k = 0; k < dims; ++k) {
      for (double l : wires[size_t(k)]) t.wire_delays[size_t(k)].push_back(delay_of(k, l));
      t.delays.push_back(*std::max_element(t.wire_delays[size_t(k)].begin(), t.wire_delays[size_t(k)].end()));
    }
  };
  t.explicit_delays = !c.is_word("link.delay");
  if (t.synchronous) {
    if (t.explicit_delays)
      throw ConfigError(fmt::format("link.delay = [{}] with link.mode synchronous, whose links take one (stretched) "
                                    "cycle; allowed: link.delay auto, or link.mode pipelined",
                                    fmt::join(c.integers("link.delay"), ", ")));
    fill([](int, double) { return 1; });
    t.cycle_time_factor = 1 + t.longest / t.switch_to_wire;
    return t;
  }
  if (t.explicit_delays && mode != RingLinkMode::pipelined)
    throw ConfigError(fmt::format("link.delay = [{}] with link.mode {}, which sets every link's delay; allowed: link.delay "
                                  "auto, or link.mode pipelined",
                                  fmt::join(c.integers("link.delay"), ", "), to_string(mode)));
  if (!t.explicit_delays) {
    if (mode == RingLinkMode::unit_delay) {  // UnitDelay: one cycle of wire, whatever its length
      fill([](int, double) { return 1; });
      return t;
    }
    const int longest = wire_cycles(t.longest, t.switch_to_wire);  // PipeMax: every wire the longest's delay
    fill([&](int, double l) { return mode == RingLinkMode::pipelined_max ? longest : wire_cycles(l, t.switch_to_wire); });
    if (t.max_delay() > kMaxLinkDelay)
      throw ConfigError(fmt::format("link.embedding = {} with link.switch_to_wire_ratio = {:g} gives wires of {} cycles; "
                                    "allowed: at most {} (a larger S, or a flatter embedding)",
                                    to_string(t.embedding), t.switch_to_wire, t.max_delay(), kMaxLinkDelay));
    return t;
  }
  const std::vector<int64_t> given = c.integers("link.delay");
  if (given.size() != 1 && int(given.size()) != dims)
    throw ConfigError(fmt::format("link.delay lists {} delays but network.dims = {}; allowed: auto, one delay, or "
                                  "exactly network.dims of them (one per dimension)",
                                  given.size(), dims));
  fill([&](int k, double) { return int(given[given.size() == 1 ? 0 : size_t(k)]); });
  return t;
}

}  // namespace kncsim
