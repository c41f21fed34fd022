#include "spec/process_placement.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace kncsim {

ProcessPlacement process_placement(const Config& c, const MeshGeometry& g) {
  ProcessPlacement p;
  const std::string& pattern = c.text("traffic.pattern");
  const std::string& mapping = c.text("traffic.mapping");
  // A careful mapping lays out one kind of graph (`graph`, "a binary tree"), on the network's radices.
  const auto laid_out = [&](const char* graph, const char* what) {
    if (pattern != "graph" || c.text("traffic.graph") != graph)
      throw ConfigError(fmt::format("traffic.mapping {} lays out {}, and the process graph is {}; allowed: traffic.pattern "
                                    "graph with traffic.graph {}",
                                    mapping, what, p.graph_name, graph));
    std::vector<int> radices;
    for (int k = 0; k < g.dims(); ++k) radices.push_back(g.radix(k));
    return radices;
  };
  try {
    if (pattern != "graph") {
      if (pattern == "hotspot" || pattern == "hop_uniform")
        throw ConfigError(fmt::format("traffic.pattern = {} draws its destinations at random, so it has no process "
                                      "graph; allowed here: uniform, transpose, bit_complement, bit_reversal, "
                                      "dimension_rotation, nearest_neighbour, graph",
                                      pattern));
      p.graph = pattern_graph(pattern_kind(pattern), g, int(c.integer("traffic.rotation")));
      p.graph_name = pattern;
    } else if (c.text("traffic.graph") == "file") {
      p.graph = read_graph_file(c.text("traffic.graph_file"));
      p.graph_name = "file " + c.text("traffic.graph_file");
    } else {
      const GraphKind kind = graph_kind(c.text("traffic.graph"));
      const std::vector<int64_t> shape =
          c.is_word("traffic.graph_shape") ? default_graph_shape(kind, g.nodes()) : c.integers("traffic.graph_shape");
      p.graph = builtin_graph(kind, shape);
      p.graph_name = fmt::format("{} {}", c.text("traffic.graph"), fmt::join(shape, "x"));
    }
    const auto processes = uint32_t(num_vertices(p.graph));
    if (processes > g.nodes())
      throw ConfigError(fmt::format("{}: {} processes do not fit on the {}-node network (one process per node at most)",
                                    p.graph_name, processes, g.nodes()));
    if (mapping == "identity") {
      p.mapping = identity_mapping(processes);
      p.mapping_name = "identity";
    } else if (mapping == "random") {
      p.mapping = random_mapping(processes, g.nodes(), uint64_t(c.integer("traffic.mapping_seed")));
      p.mapping_name = fmt::format("random (seed {})", c.integer("traffic.mapping_seed"));
    } else if (mapping == "random_lcg_low_bits") {
      const bool bsd = c.text("traffic.mapping_generator") == "bsd_rand";
      const int64_t seed = c.integer("traffic.mapping_seed");
      if (seed > int64_t{0xffffffff})
        throw ConfigError(fmt::format("traffic.mapping_seed = {} with traffic.mapping random_lcg_low_bits: srand takes "
                                      "an unsigned 32-bit seed; allowed: 0..4294967295",
                                      seed));
      p.mapping = lcg_low_bits_mapping(processes, g.nodes(), bsd ? LcgGenerator::bsd_rand : LcgGenerator::lcg69069,
                                       uint32_t(seed));
      p.mapping_name = fmt::format("random_lcg_low_bits ({}, seed {})", c.text("traffic.mapping_generator"), seed);
    } else if (mapping == "gordon") {
      const std::vector<int> radices = laid_out("binary_tree", "a binary tree");
      p.mapping = h_tree_mapping(processes, radices);
      if (p.mapping.empty()) {
        const auto [w, h] = h_tree_extent(processes);
        throw ConfigError(fmt::format("traffic.mapping gordon: {}'s H-tree takes {} x {} nodes, and the network is {}; "
                                      "allowed: a 2D mesh of at least {} x {} (either way round), or a smaller "
                                      "traffic.graph_shape",
                                      p.graph_name, w, h, fmt::join(radices, "x"), w, h));
      }
      p.mapping_name = "gordon (H-tree)";
    } else if (mapping == "youn_singh") {
      const std::vector<int> radices = laid_out("binary_tree", "a binary tree");
      RoutedMapping routed = youn_singh_mapping(processes, radices);
      if (routed.mapping.empty()) {
        const auto [w, h] = youn_singh_extent(processes);
        throw ConfigError(fmt::format("traffic.mapping youn_singh: {}'s tiles take {} x {} nodes, and the "
                                      "network is {}; allowed: a 2D network of at least {} x {} (either way round), or a "
                                      "smaller traffic.graph_shape",
                                      p.graph_name, w, h, fmt::join(radices, "x"), w, h));
      }
      p.mapping = std::move(routed.mapping);
      p.routes = std::move(routed.routes);
      p.mapping_name = "youn_singh (tiles, one node spare)";
    } else if (mapping == "planes_in_a_row" || mapping == "folded_planes") {
      const std::vector<int> radices = laid_out("mesh3d", "a 3D mesh's planes");
      const std::vector<int64_t> shape = c.is_word("traffic.graph_shape")
                                             ? default_graph_shape(GraphKind::mesh3d, g.nodes())
                                             : c.integers("traffic.graph_shape");
      const bool row = mapping == "planes_in_a_row";
      p.mapping = row ? planes_in_a_row_mapping(shape, radices) : folded_planes_mapping(shape, radices);
      if (p.mapping.empty()) {
        const auto [cols, rows] = mesh3d_layout_extent(mapping, shape);
        throw ConfigError(fmt::format("traffic.mapping {}: {}'s planes {} take {} x {} nodes, and the network is {}; "
                                      "allowed: a 2D mesh of at least {} x {} (either way round)",
                                      mapping, p.graph_name, row ? "side by side" : "folded and stacked", cols, rows,
                                      fmt::join(radices, "x"), cols, rows));
      }
      p.mapping_name = row ? "planes_in_a_row (Chittor's scheme A)" : "folded_planes (Chittor's scheme B)";
    } else {
      p.mapping = read_mapping_file(c.text("traffic.mapping_file"), processes, g.nodes());
      p.mapping_name = "file " + c.text("traffic.mapping_file");
    }
  } catch (const GraphFileError& e) {
    throw ConfigError(e.what());
  }
  return p;
}

std::vector<std::vector<uint32_t>> node_destinations(const ProcessPlacement& p, uint32_t nodes) {
  std::vector<std::vector<uint32_t>> to(nodes);
  for (auto [e, end] = edges(p.graph); e != end; ++e)
    to[p.mapping[source(*e, p.graph)]].push_back(p.mapping[target(*e, p.graph)]);
  return to;
}

}  // namespace kncsim
