#include "diverge/first_divergence.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <sstream>
#include <stdexcept>
#include <tuple>

#include "ring/sci_packet.hpp"

namespace kncsim {

std::vector<LoggedFlit> read_flit_log(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error(fmt::format("{}: cannot read the flit log", path));
  std::vector<LoggedFlit> flits;
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream s(line);
    LoggedFlit f;
    int head = 0, tail = 0;
    std::string rest;
    if (!(s >> f.cycle >> f.node >> f.port >> f.vc >> f.packet >> f.seq >> head >> tail) || (s >> rest))
      throw std::runtime_error(fmt::format("{}:{}: not a flit log line (cycle node port vc packet seq head tail): '{}'",
                                           path, number, line));
    f.head = head != 0;
    f.tail = tail != 0;
    flits.push_back(f);
  }
  return flits;
}

namespace {

using Output = std::pair<uint32_t, int>;  // node, port

std::map<Output, std::vector<LoggedFlit>> by_output(const std::vector<LoggedFlit>& log, int64_t until) {
  std::map<Output, std::vector<LoggedFlit>> outputs;
  for (const LoggedFlit& f : log)
    if (f.cycle <= until) outputs[{f.node, f.port}].push_back(f);
  for (auto& [output, flits] : outputs)
    std::sort(flits.begin(), flits.end(), [](const LoggedFlit& a, const LoggedFlit& b) {
      return std::tie(a.cycle, a.vc, a.packet, a.seq) < std::tie(b.cycle, b.vc, b.packet, b.seq);
    });
  return outputs;
}

// A router output's name; -1 is the lockstep bench's record of heads leaving the injection queue.
std::string flit_text(const std::optional<LoggedFlit>& f, const DivergenceNames& names) {
  if (!f) return "nothing (no further flit on this output)";
  return fmt::format("cycle {}, {} {}, packet {} flit {}{}{}", f->cycle, names.vc_column, names.vc(f->vc),
                     names.packet(f->packet), f->seq, f->head ? " (head)" : "", f->tail ? " (tail)" : "");
}

template <class Geometry>
std::string coordinates(const Geometry& g, uint32_t node) {
  std::string coords;
  for (int k = 0; k < g.dims(); ++k) coords += fmt::format("{}{}", k ? ", " : "", g.coord(node, k));
  return fmt::format("{} ({})", node, coords);
}

}  // namespace

std::optional<Divergence> first_divergence(const std::vector<LoggedFlit>& expected,
                                           const std::vector<LoggedFlit>& actual, size_t history, int64_t until) {
  const auto a = by_output(expected, until), b = by_output(actual, until);
  std::vector<Output> outputs;
  for (const auto& [o, _] : a) outputs.push_back(o);
  for (const auto& [o, _] : b) outputs.push_back(o);
  std::sort(outputs.begin(), outputs.end());
  outputs.erase(std::unique(outputs.begin(), outputs.end()), outputs.end());
  static const std::vector<LoggedFlit> none;
  std::vector<Divergence> found;
  for (const Output& o : outputs) {
    const auto ia = a.find(o), ib = b.find(o);
    const std::vector<LoggedFlit>& x = ia == a.end() ? none : ia->second;
    const std::vector<LoggedFlit>& y = ib == b.end() ? none : ib->second;
    size_t i = 0;
    while (i < x.size() && i < y.size() && x[i] == y[i]) ++i;
    if (i == x.size() && i == y.size()) continue;
    Divergence d;
    d.node = o.first;
    d.port = o.second;
    if (i < x.size()) d.expected = x[i];
    if (i < y.size()) d.actual = y[i];
    d.cycle = std::min(d.expected ? d.expected->cycle : INT64_MAX, d.actual ? d.actual->cycle : INT64_MAX);
    d.before.assign(x.begin() + ptrdiff_t(i - std::min(i, history)), x.begin() + ptrdiff_t(i));
    found.push_back(std::move(d));
  }
  if (found.empty()) return std::nullopt;
  auto first = std::min_element(found.begin(), found.end(), [](const Divergence& l, const Divergence& r) {
    return std::tie(l.cycle, l.node, l.port) < std::tie(r.cycle, r.node, r.port);
  });
  Divergence d = *first;
  for (const Divergence& other : found)
    if (other.cycle == d.cycle && !(other.node == d.node && other.port == d.port))
      d.also.emplace_back(other.node, other.port);
  return d;
}

DivergenceNames mesh_names(const MeshGeometry& g) {
  DivergenceNames n;
  n.node = [g](uint32_t node) { return coordinates(g, node); };
  n.port = [](int port) {
    return port < 0 ? std::string("the injection queue")
                    : fmt::format("output port {} ({})", port, MeshGeometry::port_name(port));
  };
  n.vc = [](int vc) { return std::to_string(vc); };
  n.packet = [](uint64_t id) { return std::to_string(id); };
  return n;
}

DivergenceNames ring_names(const RingGeometry& g) {
  DivergenceNames n;
  n.node = [g](uint32_t node) { return coordinates(g, node); };
  n.port = [](int ring) { return fmt::format("ring {} (pin ring_out{}_o)", ring, ring); };
  n.vc_column = "kind";
  n.vc = [](int kind) {
    static const char* const names[] = {"address", "data", "echo", "nack"};
    return kind >= 0 && kind < 4 ? std::string(names[kind]) : std::to_string(kind);
  };
  n.packet = [](uint64_t id) {
    return fmt::format("{}.{}", id >> kSciIdNodeShift, id & ((uint64_t{1} << kSciIdNodeShift) - 1));
  };
  return n;
}

std::string describe(const Divergence& d, const DivergenceNames& names, const std::string& expected_name,
                     const std::string& actual_name) {
  std::string out =
      fmt::format("first divergence: cycle {}, node {}, {}\n", d.cycle, names.node(d.node), names.port(d.port));
  out += fmt::format("  expected ({}): {}\n", expected_name, flit_text(d.expected, names));
  out += fmt::format("  actual ({}): {}\n", actual_name, flit_text(d.actual, names));
  if (!d.also.empty()) {
    out += "  in the same cycle, also diverging:";
    for (const auto& [node, port] : d.also) out += fmt::format(" node {} {};", node, names.port(port));
    out += "\n";
  }
  out += fmt::format("  the last {} flits through this output before it (identical in both runs):\n", d.before.size());
  out += fmt::format("    cycle   {:<8} packet      flit\n", names.vc_column);
  for (const LoggedFlit& f : d.before)
    out += fmt::format("    {:<7} {:<8} {:<11} {}{}{}\n", f.cycle, names.vc(f.vc), names.packet(f.packet), f.seq,
                       f.head ? " head" : "", f.tail ? " tail" : "");
  return out;
}

}  // namespace kncsim
