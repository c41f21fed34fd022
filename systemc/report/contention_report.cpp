#include "report/contention_report.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <numeric>

#include "contention/contention_parameters.hpp"
#include "contention/single_path_model.hpp"
#include "spec/contention_spec.hpp"
#include "topo/mesh_geometry.hpp"

namespace kncsim {
namespace {

std::string coords(const MeshGeometry& g, uint32_t node) {
  std::vector<int> x;
  for (int k = 0; k < g.dims(); ++k) x.push_back(g.coord(node, k));
  return fmt::format("({})", fmt::join(x, ","));
}

nlohmann::ordered_json channel_json(const MeshGeometry& g, const ContentionChannel& c) {
  return {{"node", c.node}, {"coords", coords(g, c.node)}, {"port", MeshGeometry::port_name(c.port)}, {"load", c.load}};
}

nlohmann::ordered_json path_json(const MeshGeometry& g, const ContentionResult& r, const ContentionPath& p) {
  nlohmann::ordered_json j = {{"from", p.from},       {"to", p.to},         {"src", p.src},
                              {"dst", p.dst},         {"physical", p.physical}, {"logical", p.logical},
                              {"nu", p.nu},           {"saturation", 1.0 / (p.nu + 1)}};
  if (p.bottleneck_channel >= 0) j["bottleneck"] = channel_json(g, r.channels[size_t(p.bottleneck_channel)]);
  return j;
}

// The single-path model's predictions at each applied node traffic:
// - Chittor's average node (delta_avg paths at nu_avg) and worst node (at nu_max);
// - every node from its own paths: their mean, their least, and the mean of eq 3.13's thresholds
//   min(lambda_a, delta / (nu_m + 1)) node by node, what the average sending node carries when
//   every node pushes (Lemma 3 inverts the mean nu instead: below it for a spread of levels);
// - eq 3.32's network traffic lambda_t = D_avg lambda_n / (2 dims): a node's data against the
//   network's capacity per node, 2 dims channels out over the mean distance (the thesis's 4 for
//   a 2D mesh).
// Each node's predictions go into `nodes`.
nlohmann::ordered_json theta_model_json(const MeshGeometry& g, const ContentionResult& r,
                                        const std::vector<double>& applied, nlohmann::ordered_json& nodes) {
  using ojson = nlohmann::ordered_json;
  const ContentionSummary& s = r.summary;
  std::vector<std::vector<double>> nus(g.nodes());
  for (const ContentionPath& p : r.paths) nus[p.src].push_back(double(p.nu));
  auto series = [&](double delta, double nu) {
    ojson actual = ojson::array(), theta = ojson::array(), threshold = ojson::array();
    for (double a : applied) {
      const NodePrediction p = predict_node(delta, nu, a);
      actual.push_back(p.actual);
      theta.push_back(p.theta);
      threshold.push_back(p.threshold);
    }
    return ojson{{"paths", delta}, {"nu", nu}, {"actual", actual}, {"theta", theta}, {"threshold", threshold}};
  };
  ojson mean_actual = ojson::array(), mean_theta = ojson::array(), mean_threshold = ojson::array(),
        least_actual = ojson::array(), least_node = ojson::array(), network_traffic = ojson::array();
  const double per_node_channels = 2.0 * g.dims();
  for (double a : applied) {
    double sum_actual = 0, sum_theta = 0, sum_threshold = 0, least = 2;
    long count = 0, least_at = -1;
    for (size_t i = 0; i < r.nodes.size(); ++i) {
      const auto& own = nus[r.nodes[i].node];
      if (own.empty()) continue;
      const NodePrediction p = predict_node(own, a);
      nodes[i]["theta_model"]["actual"].push_back(p.actual);
      nodes[i]["theta_model"]["theta"].push_back(p.theta);
      sum_actual += p.actual;
      sum_theta += p.theta;
      sum_threshold += p.threshold;
      ++count;
      if (p.actual < least) least = p.actual, least_at = long(r.nodes[i].node);
    }
    mean_actual.push_back(count ? sum_actual / double(count) : 0.0);
    mean_theta.push_back(count ? sum_theta / double(count) : 1.0);
    mean_threshold.push_back(count ? sum_threshold / double(count) : 0.0);
    least_actual.push_back(count ? least : 0.0);
    least_node.push_back(least_at);
    network_traffic.push_back(s.physical_avg * predict_node(s.degree_avg, s.nu_avg, a).actual / per_node_channels);
  }
  return ojson{{"applied", applied},
               {"average_node", series(s.degree_avg, s.nu_avg)},
               {"worst_node", series(s.degree_avg, double(s.nu_max))},
               {"nodes", {{"actual_mean", mean_actual}, {"theta_mean", mean_theta}, {"threshold_mean", mean_threshold},
                          {"actual_least", least_actual}, {"least_node", least_node}}},
               {"network_traffic",
                {{"channels_per_node", per_node_channels},
                 {"average_node", network_traffic},
                 {"at_saturation", s.physical_avg * s.avg_node_saturation / per_node_channels}}}};
}

nlohmann::ordered_json summary_json(const ContentionSummary& s) {
  return {{"physical_length", {{"avg", s.physical_avg}, {"max", s.physical_max}}},
          {"logical_length", {{"avg", s.logical_avg}, {"max", s.logical_max}}},
          {"channel_load", {{"avg", s.chi_avg}, {"max", s.chi_max}}},
          {"contention_level", {{"avg", s.nu_avg}, {"max", s.nu_max}}},
          {"saturation",
           {{"path_min", s.path_saturation_min},
            {"average_node", s.avg_node_saturation},
            {"worst_node", s.worst_node_saturation},
            {"least_node_bound", s.least_node_bound}}}};
}

// Work bounds: 4 million paths, 4e9 steps of the contention sets (seconds each way).
constexpr size_t kMaxPaths = 4'000'000;
constexpr double kMaxSteps = 4e9;

}  // namespace

nlohmann::ordered_json contention_report(const ContentionSpec& spec, int top, const std::vector<double>& applied) {
  const MeshGeometry g = spec.geometry();
  const ProcessPlacement& placement = spec.placement;
  if (num_edges(placement.graph) > kMaxPaths)
    throw ConfigError(fmt::format("{} has {} paths; kncsim contention takes at most {} (a complete graph, traffic.pattern "
                                  "uniform, has N(N-1)); allowed: a smaller network or another pattern",
                                  placement.graph_name, num_edges(placement.graph), kMaxPaths));
  ContentionResult r, dor;
  const bool own_routes = !placement.routes.empty();
  try {
    r = analyse_contention(g, placement.graph, placement.mapping, kMaxSteps, own_routes ? &placement.routes : nullptr);
    // Beside the mapping's own paths, dimension order's: what the simulated networks route by.
    if (own_routes) dor = analyse_contention(g, placement.graph, placement.mapping, kMaxSteps);
  } catch (const ContentionTooLarge& e) {
    throw ConfigError(fmt::format("{}: {} (seconds of work); allowed: a smaller network or a sparser graph",
                                  placement.graph_name, e.what()));
  }
  const ContentionSummary& s = r.summary;

  nlohmann::ordered_json j;
  j["network"] = {{"radix", spec.radices},
                  {"topology", spec.torus ? "torus" : "mesh"},
                  {"nodes", g.nodes()},
                  {"channels", r.channels.size()},
                  {"routing", own_routes ? "mapping" : "dor"}};
  j["graph"] = {{"name", placement.graph_name},
                {"processes", num_vertices(placement.graph)},
                {"edges", num_edges(placement.graph)},
                {"paths", r.paths.size()},
                {"degree_avg", s.degree_avg},
                {"degree_max", s.degree_max}};
  j["mapping"] = placement.mapping_name;
  j["summary"] = summary_json(s);
  if (own_routes) j["dimension_order"] = summary_json(dor.summary);
  // Chittor's random-mapping closed forms are for a square 2D mesh.
  if (g.dims() == 2 && g.uniform() && !g.torus()) {
    const RandomMappingEstimates e = random_mapping_estimates(s.degree_avg, g.nodes());
    j["random_mapping_estimates"] = {{"C", e.c},
                                     {"physical_length", {{"avg", e.physical_avg}, {"max", e.physical_max}}},
                                     {"channel_load", {{"avg", e.chi_avg}, {"max", e.chi_max}}},
                                     {"contention_level", {{"avg", e.nu_avg}, {"max", e.nu_max}}},
                                     {"saturation", {{"average_node", e.avg_node_saturation},
                                                     {"worst_node", e.worst_node_saturation}}}};
  } else {
    j["random_mapping_estimates"] = nullptr;
  }

  std::vector<size_t> by_load(r.channels.size()), by_nu(r.paths.size()), by_bound;
  std::iota(by_load.begin(), by_load.end(), 0);
  std::iota(by_nu.begin(), by_nu.end(), 0);
  std::stable_sort(by_load.begin(), by_load.end(), [&](size_t a, size_t b) { return r.channels[a].load > r.channels[b].load; });
  std::stable_sort(by_nu.begin(), by_nu.end(), [&](size_t a, size_t b) { return r.paths[a].nu > r.paths[b].nu; });
  for (size_t i = 0; i < r.nodes.size(); ++i)
    if (r.nodes[i].degree > 0) by_bound.push_back(i);
  std::stable_sort(by_bound.begin(), by_bound.end(), [&](size_t a, size_t b) { return r.nodes[a].bound < r.nodes[b].bound; });
  auto& b = j["bottlenecks"];
  b["channels"] = nlohmann::ordered_json::array();
  b["paths"] = nlohmann::ordered_json::array();
  b["nodes"] = nlohmann::ordered_json::array();
  for (size_t i = 0; i < std::min(by_load.size(), size_t(top)); ++i)
    b["channels"].push_back(channel_json(g, r.channels[by_load[i]]));
  for (size_t i = 0; i < std::min(by_nu.size(), size_t(top)); ++i)
    b["paths"].push_back(path_json(g, r, r.paths[by_nu[i]]));
  for (size_t i = 0; i < std::min(by_bound.size(), size_t(top)); ++i) {
    const ContentionNode& n = r.nodes[by_bound[i]];
    b["nodes"].push_back({{"node", n.node}, {"coords", coords(g, n.node)}, {"process", n.process}, {"degree", n.degree},
                          {"worst_nu", n.worst_nu}, {"bound", n.bound}});
  }
  auto& channels = j["channels"] = nlohmann::ordered_json::array();
  for (const auto& ch : r.channels) channels.push_back({{"node", ch.node}, {"port", ch.port}, {"load", ch.load}});
  auto& paths = j["paths"] = nlohmann::ordered_json::array();
  for (const auto& p : r.paths)
    paths.push_back({{"from", p.from}, {"to", p.to}, {"src", p.src}, {"dst", p.dst}, {"physical", p.physical},
                     {"logical", p.logical}, {"nu", p.nu}});
  j["config"] = spec.config;
  auto& nodes = j["nodes"] = nlohmann::ordered_json::array();
  for (const auto& n : r.nodes)
    nodes.push_back({{"node", n.node}, {"process", n.process}, {"degree", n.degree}, {"worst_nu", n.worst_nu},
                     {"bound", n.bound}});
  if (!applied.empty()) j["theta_model"] = theta_model_json(g, r, applied, nodes);
  return j;
}

std::string contention_summary(const nlohmann::ordered_json& j) {
  const auto& s = j["summary"];
  const auto& sat = s["saturation"];
  std::string out = fmt::format(
      "{} {} ({} nodes, {} channels, {} routing); graph {} ({} processes, {} paths, degree avg {:.3g} max {}); "
      "mapping {}\n",
      fmt::join(j["network"]["radix"].get<std::vector<int>>(), "x"), j["network"]["topology"].get<std::string>(),
      j["network"]["nodes"].get<long>(), j["network"]["channels"].get<long>(), j["network"]["routing"].get<std::string>(),
      j["graph"]["name"].get<std::string>(), j["graph"]["processes"].get<long>(), j["graph"]["paths"].get<long>(),
      j["graph"]["degree_avg"].get<double>(), j["graph"]["degree_max"].get<int>(), j["mapping"].get<std::string>());
  const auto& e = j["random_mapping_estimates"];
  auto row = [&](const char* name, const char* key) {
    std::string line = fmt::format("  {:<28} avg {:>8.3f}   max {:>6}", name, s[key]["avg"].get<double>(), s[key]["max"].get<int>());
    if (!e.is_null() && e.contains(key))
      line += fmt::format("    random-mapping estimate avg {:.3g}, max {:.3g}", e[key]["avg"].get<double>(), e[key]["max"].get<double>());
    return line + "\n";
  };
  out += row("physical path length D", "physical_length");
  out += row("logical path length d", "logical_length");
  out += row("channel load chi", "channel_load");
  out += row("path contention level nu", "contention_level");
  out += fmt::format("  saturation path traffic      1/(nu_max+1) = {:.4f}\n", sat["path_min"].get<double>());
  out += fmt::format("  saturation node traffic      average node {:.4f} (Lemma 3), worst node {:.4f} (Lemma 4), "
                     "least Lemma 5 bound {:.4f}\n",
                     sat["average_node"].get<double>(), sat["worst_node"].get<double>(),
                     sat["least_node_bound"].get<double>());
  if (j.contains("dimension_order")) {
    const auto& d = j["dimension_order"];
    out += fmt::format("  the mapping's own paths; under dimension order (what the networks route by): D avg {:.3f} "
                       "max {}, chi avg {:.3f} max {}, nu avg {:.3f} max {}, average node {:.4f}, worst node {:.4f}\n",
                       d["physical_length"]["avg"].get<double>(), d["physical_length"]["max"].get<int>(),
                       d["channel_load"]["avg"].get<double>(), d["channel_load"]["max"].get<int>(),
                       d["contention_level"]["avg"].get<double>(), d["contention_level"]["max"].get<int>(),
                       d["saturation"]["average_node"].get<double>(), d["saturation"]["worst_node"].get<double>());
  }
  if (!e.is_null())
    out += fmt::format("  random-mapping estimates     C = {:.4g}: average node 2/sqrt(N) = {:.4f} (Lemma 6), worst node "
                       "1/sqrt(N) = {:.4f} (Lemma 7)\n",
                       e["C"].get<double>(), e["saturation"]["average_node"].get<double>(),
                       e["saturation"]["worst_node"].get<double>());
  if (j.contains("theta_model")) {
    const auto& t = j["theta_model"];
    out += fmt::format(
        "single-path model (section 3.2): actual node traffic lambda_n and normalised communication time theta at "
        "applied node traffic lambda_a; average node {:.3g} paths at nu {:.3g}, worst node at nu {:.3g}; network "
        "traffic lambda_t = D_avg lambda_n / {:g} (eq 3.32), {:.4f} at Lemma 3's saturation\n",
        t["average_node"]["paths"].get<double>(), t["average_node"]["nu"].get<double>(),
        t["worst_node"]["nu"].get<double>(), t["network_traffic"]["channels_per_node"].get<double>(),
        t["network_traffic"]["at_saturation"].get<double>());
    out += fmt::format("  {:>9} {:>19} {:>19} {:>19} {:>10} {:>9}\n", "lambda_a", "average node", "worst node",
                       "nodes: mean", "least", "lambda_t");
    const auto& av = t["average_node"];
    const auto& wo = t["worst_node"];
    const auto& nd = t["nodes"];
    for (size_t i = 0; i < t["applied"].size(); ++i)
      out += fmt::format("  {:>9.4f} {:>8.4f} theta {:>5.3g} {:>8.4f} theta {:>5.3g} {:>8.4f} theta {:>5.3g} {:>10.4f} {:>9.4f}\n",
                         t["applied"][i].get<double>(), av["actual"][i].get<double>(), av["theta"][i].get<double>(),
                         wo["actual"][i].get<double>(), wo["theta"][i].get<double>(), nd["actual_mean"][i].get<double>(),
                         nd["theta_mean"][i].get<double>(), nd["actual_least"][i].get<double>(),
                         t["network_traffic"]["average_node"][i].get<double>());
  }
  const auto& b = j["bottlenecks"];
  if (!b["channels"].empty()) {
    out += "bottleneck channels (load):";
    for (const auto& c : b["channels"])
      out += fmt::format(" {}{} {}", c["coords"].get<std::string>(), c["port"].get<std::string>(), c["load"].get<int>());
    out += "\n";
  }
  if (!b["paths"].empty()) {
    out += "bottleneck paths (nu; D, d; busiest channel):\n";
    for (const auto& p : b["paths"])
      out += fmt::format("  process {} -> {} (node {} -> {}): nu {}; D {}, d {}; {}{} load {}\n", p["from"].get<long>(),
                         p["to"].get<long>(), p["src"].get<long>(), p["dst"].get<long>(), p["nu"].get<int>(),
                         p["physical"].get<int>(), p["logical"].get<int>(), p["bottleneck"]["coords"].get<std::string>(),
                         p["bottleneck"]["port"].get<std::string>(), p["bottleneck"]["load"].get<int>());
  }
  return out;
}

}  // namespace kncsim
