#include "diverge/first_divergence.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <sstream>
#include <stdexcept>
#include <tuple>

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
std::string port_text(int port) { return port < 0 ? "injection queue" : MeshGeometry::port_name(port); }

std::string flit_text(const std::optional<LoggedFlit>& f) {
  if (!f) return "nothing (no further flit on this output)";
  return fmt::format("cycle {}, VC {}, packet {} flit {}{}{}", f->cycle, f->vc, f->packet, f->seq,
                     f->head ? " (head)" : "", f->tail ? " (tail)" : "");
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

std::string describe(const Divergence& d, const MeshGeometry& g, const std::string& expected_name,
                     const std::string& actual_name) {
  std::string coords;
  for (int k = 0; k < g.dims(); ++k) coords += fmt::format("{}{}", k ? ", " : "", g.coord(d.node, k));
  std::string out = fmt::format("first divergence: cycle {}, node {} ({}), output port {} ({})\n", d.cycle, d.node,
                                coords, d.port, port_text(d.port));
  out += fmt::format("  expected ({}): {}\n", expected_name, flit_text(d.expected));
  out += fmt::format("  actual ({}): {}\n", actual_name, flit_text(d.actual));
  if (!d.also.empty()) {
    out += "  in the same cycle, also diverging:";
    for (const auto& [node, port] : d.also) out += fmt::format(" node {} port {} ({});", node, port, port_text(port));
    out += "\n";
  }
  out += fmt::format("  the last {} flits through this output before it (identical in both runs):\n", d.before.size());
  out += "    cycle   vc  packet      flit\n";
  for (const LoggedFlit& f : d.before)
    out += fmt::format("    {:<7} {:<3} {:<11} {}{}{}\n", f.cycle, f.vc, f.packet, f.seq, f.head ? " head" : "",
                       f.tail ? " tail" : "");
  return out;
}

}  // namespace kncsim
