#include "report/statistics_report.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <filesystem>

#include "io/output_file.hpp"

namespace kncsim {
namespace {

using ojson = nlohmann::ordered_json;

ojson number(double x) { return std::isfinite(x) ? ojson(x) : ojson(nullptr); }

ojson histogram_json(const ValueDistribution::Histogram& h, double scale) {
  ojson edges = ojson::array();
  for (int64_t e : h.edges) edges.push_back(scale == 1 ? ojson(e) : ojson(double(e) * scale));
  return ojson{{"edges", std::move(edges)}, {"counts", h.counts}};
}

ojson distribution_json(const ValueDistribution& d, double scale, bool percentiles) {
  ojson j{{"count", d.count()},
          {"mean", number(d.mean() * scale)},
          {"variance", number(d.variance() * scale * scale)},
          {"stddev", number(std::sqrt(d.variance()) * scale)},
          {"min", d.count() ? number(double(d.min()) * scale) : ojson(nullptr)},
          {"max", d.count() ? number(double(d.max()) * scale) : ojson(nullptr)}};
  if (percentiles)
    for (const auto& [name, p] : {std::pair{"p50", 50.}, {"p90", 90.}, {"p99", 99.}, {"p999", 99.9}})
      j[name] = d.count() ? number(double(d.percentile(p)) * scale) : ojson(nullptr);
  j["histogram"] = histogram_json(d.log_histogram(), scale);
  return j;
}

ojson interval_json(const BatchMeans::Interval& i, double mean, double scale) {
  // Centred on the run's mean (T), with the batch means' half width.
  const double h = i.half_width * scale;
  return ojson{{"low", number(mean - h)},  {"high", number(mean + h)},       {"half_width", number(h)},
               {"batches", i.batches},     {"batch_packets", i.batch_size}, {"method", "batch means, Student t"}};
}

std::vector<int> coords_of(const StatisticsContext& c, uint32_t n) {
  std::vector<int> x;
  for (size_t d = 0; d < c.radices.size(); ++d) x.push_back(c.coord(n, int(d)));
  return x;
}

ojson per_node_json(const RunStatistics& s, const StatisticsContext& c) {
  const auto nodes = s.nodes(c.curtime);
  const double per = (c.packet_flits ? c.packet_flits : 1) / double(std::max<int64_t>(1, c.curtime));
  ojson offered = ojson::array(), accepted = ojson::array(), delivered = ojson::array(), latency = ojson::array();
  int64_t worst = -1;
  double worst_latency = -1;
  for (size_t n = 0; n < nodes.size(); ++n) {
    offered.push_back(double(nodes[n].offered) * per);
    accepted.push_back(double(nodes[n].accepted) * per);
    delivered.push_back(double(nodes[n].delivered_from) * per);
    const double mean = nodes[n].delivered_from ? double(nodes[n].latency_sum) / double(nodes[n].delivered_from) * c.latency_scale
                                                : std::nan("");
    latency.push_back(number(mean));
    if (std::isfinite(mean) && mean > worst_latency) {
      worst_latency = mean;
      worst = int64_t(n);
    }
  }
  auto range = [](const ojson& a) {
    double lo = INFINITY, hi = -INFINITY;
    for (const auto& x : a) lo = std::min(lo, x.get<double>()), hi = std::max(hi, x.get<double>());
    return ojson{{"min", number(lo)}, {"max", number(hi)}};
  };
  ojson j{{"unit", c.packet_flits ? "flits per node-cycle" : "messages per node-cycle"},
          {"offered", std::move(offered)},
          {"accepted", std::move(accepted)},
          {"delivered", std::move(delivered)},
          {"mean_latency", std::move(latency)}};
  j["offered_range"] = range(j["offered"]);
  j["accepted_range"] = range(j["accepted"]);
  if (worst >= 0)
    j["worst"] = ojson{{"node", worst}, {"coords", coords_of(c, uint32_t(worst))}, {"mean_latency", worst_latency},
                       {"offered", j["offered"][size_t(worst)]}, {"accepted", j["accepted"][size_t(worst)]}};
  else
    j["worst"] = nullptr;
  return j;
}

// Rings count what crosses a link by kind; address + data + echo is what eq 13's maximum
// counts (nacks and the sends they retransmit come on top).
int64_t counted_flits(const ChannelLoad& l, bool rings) { return rings ? l.flits[0] + l.flits[1] + l.flits[2] : l.total(); }

ojson channels_json(const std::vector<ChannelLoad>& loads, const StatisticsContext& c) {
  const double cycles = double(std::max<int64_t>(1, c.curtime));
  ojson node = ojson::array(), dim = ojson::array(), dir = ojson::array(), flits = ojson::array(),
        util = ojson::array();
  ojson kinds[4] = {ojson::array(), ojson::array(), ojson::array(), ojson::array()};
  double sum = 0, max = -1;
  size_t argmax = 0;
  for (size_t i = 0; i < loads.size(); ++i) {
    const ChannelLoad& l = loads[i];
    node.push_back(l.node);
    dim.push_back(l.dim);
    dir.push_back(l.dir);
    flits.push_back(l.total());
    const double u = double(l.total()) / cycles;
    util.push_back(u);
    if (c.rings)
      for (int k = 0; k < 4; ++k) kinds[k].push_back(l.flits[size_t(k)]);
    sum += u;
    if (u > max) max = u, argmax = i;
  }
  ojson j{{"unit", "flits per cycle (a link carries at most 1)"}, {"count", loads.size()},
          {"mean_utilisation", number(loads.empty() ? NAN : sum / double(loads.size()))}};
  if (!loads.empty())
    j["busiest"] = ojson{{"node", loads[argmax].node},
                         {"coords", coords_of(c, loads[argmax].node)},
                         {"dim", loads[argmax].dim},
                         {"dir", loads[argmax].dir},
                         {"utilisation", max}};
  j["node"] = std::move(node);
  j["dim"] = std::move(dim);
  j["dir"] = std::move(dir);
  j["flits"] = std::move(flits);
  if (c.rings) {
    j["address"] = std::move(kinds[0]);
    j["data"] = std::move(kinds[1]);
    j["echo"] = std::move(kinds[2]);
    j["nack"] = std::move(kinds[3]);
  }
  j["utilisation"] = std::move(util);
  return j;
}

// The links crossing the middle cut of the dimension with the largest radix (the one U's B
// counts; between coordinates R/2 - 1 and R/2) both ways, and on a torus or a ring also the
// wraparound: their mean utilisation is U in expectation under uniform traffic when R is even
// (half the packets cross, each once; an odd R's cut carries (R^2 - 1)/R^2 of that).
ojson bisection_json(const std::vector<ChannelLoad>& loads, const StatisticsContext& c) {
  if (c.radices.empty()) return nullptr;
  const int dim = int(std::max_element(c.radices.begin(), c.radices.end()) - c.radices.begin());
  const int r = c.radices[size_t(dim)], mid = r / 2;
  const bool wrap = c.torus || c.rings;
  int64_t links = 0, flits = 0;
  for (const ChannelLoad& l : loads) {
    if (l.dim != dim) continue;
    const int x = c.coord(l.node, dim);
    const bool crosses = (l.dir > 0 && (x == mid - 1 || (wrap && x == r - 1))) ||
                         (l.dir < 0 && (x == mid || (wrap && x == 0)));
    if (!crosses) continue;
    ++links;
    flits += counted_flits(l, c.rings);
  }
  const double cycles = double(std::max<int64_t>(1, c.curtime));
  return ojson{{"dim", dim},
               {"links", links},
               {"flits_per_cycle", double(flits) / cycles},
               {"utilisation", number(links ? double(flits) / cycles / double(links) : NAN)},
               {"counts", c.rings ? "address, data and echo flits" : "all flits"}};
}

// run.statistics history: latency by hop count; on the flit-level network, cut-throughs and blocking.
ojson history_json(const PacketHistory& h, double scale) {
  ojson by_hops = ojson::array();
  for (const auto& [hops, m] : h.by_hops())
    by_hops.push_back(ojson{{"hops", hops},
                            {"count", m.count},
                            {"mean", number(m.mean() * scale)},
                            {"stddev", number(m.stddev() * scale)},
                            {"max", double(m.max) * scale}});
  ojson j{{"latency_by_hops", std::move(by_hops)}};
  if (!h.flit_level()) return j;
  j["cut_through"] = ojson{{"probability", number(h.cut_through_probability())},
                           {"never_waited", number(h.never_waited_fraction())},
                           {"per_packet", distribution_json(h.cuts_per_packet(), 1, true)},
                           {"counts", "routers a packet crossed without waiting beyond their routing delay, of its "
                                      "hops + 1 (its source's and its destination's included)"}};
  j["blocking"] = ojson{{"mean", number(h.blocked().mean() * scale)},
                        {"stddev", number(h.blocked().stddev() * scale)},
                        {"max", double(h.blocked().max) * scale},
                        {"counts", "cycles a packet's head waited at routers beyond their routing delay"}};
  // The mean latency's parts, which add up to it: the head's wait at its source's router, its waits
  // at routers after that, and its moving (wires, routing delays, the cycle into the sink).
  const double T = h.latency().mean(), source = h.source_wait().mean(), blocked = h.blocked().mean();
  j["latency_components"] = ojson{{"source_queue", number(source * scale)},
                                  {"network_blocking", number((blocked - source) * scale)},
                                  {"moving", number((T - blocked) * scale)},
                                  {"total", number(T * scale)},
                                  {"source_queue_max", double(h.source_wait().max) * scale},
                                  {"counts", "means over the packets delivered while collecting: cycles at the "
                                             "source's router beyond its routing delay, at routers after it, and "
                                             "the rest"}};
  return j;
}

}  // namespace

ojson classes_json(const ClassStatistics& classes, const std::vector<double>& offered_load) {
  ojson out = ojson::array();
  size_t i = 0;
  for (const ClassStatistics::Class& k : classes.classes()) {
    int64_t delivered = 0, collected = 0;
    for (int64_t x : k.delivered_from) delivered += x;
    for (int64_t x : k.collected_from) collected += x;
    ojson j{{"name", k.counts.name},
            {"nodes", k.counts.nodes.empty() ? ojson("all") : ojson(k.counts.nodes)},
            {"offered_load", i < offered_load.size() ? offered_load[i] : NAN},
            {"delivered", delivered},
            {"collected", collected},
            {"warmup_packets", k.counts.warmup_packets},
            {"packets", k.counts.packets}};
    ojson latency = distribution_json(k.latency, 1, true);
    latency["stddev"] = number(std::sqrt(k.latency.variance()));
    j["latency"] = std::move(latency);
    j["history"] = history_json(k.history, 1);
    out.push_back(std::move(j));
    ++i;
  }
  return out;
}

std::string classes_summary(const ojson& result) {
  if (!result.contains("classes") || !result["classes"].is_array()) return "";
  std::string s;
  for (const ojson& k : result["classes"]) {
    const ojson& l = k["latency"];
    s += fmt::format("class {}: {} packets collected, latency mean {} sd {} max {}\n", k["name"].get<std::string>(),
                     k["collected"].get<int64_t>(), l["mean"].is_number() ? fmt::format("{:.4g}", l["mean"].get<double>()) : "-",
                     l["stddev"].is_number() ? fmt::format("{:.4g}", l["stddev"].get<double>()) : "-",
                     l["max"].is_number() ? fmt::format("{:.4g}", l["max"].get<double>()) : "-");
  }
  return s;
}

ojson statistics_json(const RunStatistics& s, const std::vector<ChannelLoad>& channels, const StatisticsContext& c) {
  ojson j;
  ojson latency = distribution_json(s.latency(), c.latency_scale, true);
  latency["unit"] = c.latency_scale == 1 ? "cycles" : "switch cycles";
  latency["ci95"] = interval_json(s.latency_interval95(), s.latency().mean() * c.latency_scale, c.latency_scale);
  j["latency"] = std::move(latency);
  if (s.injection_latency().count())
    j["latency_split"] = {{"injection", distribution_json(s.injection_latency(), c.latency_scale, true)},
                          {"network", distribution_json(s.network_latency(), c.latency_scale, true)}};
  if (c.queues > 0 && c.curtime > 0)
    j["AQLEN_time_average"] = number(s.packets_waiting_area(c.curtime) / (double(c.curtime) * c.queues));
  j["hops"] = distribution_json(s.hops(), 1, true);
  j["per_node"] = per_node_json(s, c);
  j["channels"] = channels_json(channels, c);
  j["bisection"] = bisection_json(channels, c);
  if (const PacketHistory* h = s.history()) j["history"] = history_json(*h, c.latency_scale);
  return j;
}

std::string statistics_summary(const ojson& r) {
  if (!r.contains("latency") || !r["latency"]["count"].get<int64_t>()) return "";
  const ojson &l = r["latency"], &ci = l["ci95"], &ch = r["channels"];
  auto g = [](const ojson& x) { return x.is_null() ? std::string("nan") : fmt::format("{:.4g}", x.get<double>()); };
  std::string s = fmt::format("latency ({}): mean {} +- {} (95% CI, {} batches), sd {}, p50 {}, p90 {}, p99 {}, p99.9 {}, max {}\n",
                              l["unit"].get<std::string>(), g(l["mean"]), g(ci["half_width"]), ci["batches"].get<int>(),
                              g(l["stddev"]), g(l["p50"]), g(l["p90"]), g(l["p99"]), g(l["p999"]), g(l["max"]));
  if (r.contains("latency_split"))
    s += fmt::format("latency split: injection mean {} (p99 {}), network mean {} (p99 {}); AQLEN time average {}\n",
                     g(r["latency_split"]["injection"]["mean"]), g(r["latency_split"]["injection"]["p99"]),
                     g(r["latency_split"]["network"]["mean"]), g(r["latency_split"]["network"]["p99"]),
                     r.contains("AQLEN_time_average") ? g(r["AQLEN_time_average"]) : "-");
  if (ch.contains("busiest")) {
    const ojson& b = ch["busiest"];
    const bool rings = ch.contains("address");  // a ring's channels count flits by packet kind
    s += fmt::format("channels: mean utilisation {}, busiest {} at node {} {} ({}); bisection {}\n", g(ch["mean_utilisation"]),
                     g(b["utilisation"]), b["node"].get<int64_t>(), b["coords"].dump(),
                     rings ? fmt::format("ring {}", b["dim"].get<int>())
                           : fmt::format("{}{}", b["dir"].get<int>() > 0 ? "+" : "-", "xyzabcdefghijklmnopqrstu"[b["dim"].get<int>()]),
                     r["bisection"].is_null() ? "none" : g(r["bisection"]["utilisation"]));
  }
  return s;
}

void check_csv_dir(const std::string& dir) {
  if (dir.empty()) return;
  check_output_directory(dir, "--csv");
  for (const char* name : {"channels.csv", "nodes.csv", "energy_routers.csv", "energy_links.csv"})
    check_output_path((std::filesystem::path(dir) / name).string(), "--csv");
}

namespace {
std::string cell(const ojson& x) {
  if (x.is_null()) return "";
  if (x.is_number_float()) return fmt::format("{:.6g}", x.get<double>());
  return x.dump();
}
}  // namespace

void write_statistics_csv(const ojson& r, const std::vector<int>& radices, const std::string& dir) {
  if (dir.empty() || !r.contains("channels")) return;  // closed loops and traces keep no tables
  namespace fs = std::filesystem;
  const bool rings = r["channels"].contains("address");  // a ring's channels count flits by packet kind
  // Node n's coordinates: n = x0 + x1 R0 + x2 R0 R1 + .. (meshes, tori and rings alike).
  auto coords = [&](size_t n) {
    std::string s;
    for (int radix : radices) s += fmt::format(",{}", n % size_t(radix)), n /= size_t(radix);
    return s;
  };
  std::string head;
  for (size_t d = 0; d < radices.size(); ++d) head += fmt::format(",x{}", d);

  const ojson& ch = r["channels"];
  std::string text = "node" + head + (rings ? ",ring" : ",dim,dir") + ",flits" +
                     (rings ? ",address,data,echo,nack" : "") + ",utilisation\n";
  for (size_t i = 0; i < ch["node"].size(); ++i) {
    const size_t n = ch["node"][i].get<size_t>();
    text += cell(ch["node"][i]);
    text += coords(n) + "," + cell(ch["dim"][i]);
    if (!rings) text += "," + cell(ch["dir"][i]);
    text += "," + cell(ch["flits"][i]);
    if (rings)
      for (const char* k : {"address", "data", "echo", "nack"}) text += "," + cell(ch[k][i]);
    text += "," + cell(ch["utilisation"][i]) + "\n";
  }
  write_output_file((fs::path(dir) / "channels.csv").string(), text, "--csv");

  const ojson& pn = r["per_node"];
  text = "node" + head + ",offered,accepted,delivered,mean_latency\n";
  for (size_t n = 0; n < pn["offered"].size(); ++n) {
    text += std::to_string(n) + coords(n) + "," + cell(pn["offered"][n]) + "," + cell(pn["accepted"][n]) + "," +
            cell(pn["delivered"][n]) + "," + cell(pn["mean_latency"][n]) + "\n";
  }
  write_output_file((fs::path(dir) / "nodes.csv").string(), text, "--csv");
}

}  // namespace kncsim
