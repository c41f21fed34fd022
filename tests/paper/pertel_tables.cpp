#include "pertel_tables.hpp"

#include "spec/experiment_spec.hpp"

#include <fmt/format.h>

#include <cmath>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace kncsim::paper {

std::string TableRow::name() const {
  std::string n = source + table + "_d" + std::to_string(d) + "_R" + std::to_string(R) + "_A" + A + "_" + routing;
  if (fifo_packets != "unbounded") n += "_Q" + fifo_packets;
  for (char& c : n)
    if (c == '.') c = 'p';
    else if (c == '-') c = '_';
  return n;
}

std::vector<TableRow> load_pertel_tables(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot read " + path + " (the shared/ folder must sit beside the repository)");
  std::vector<TableRow> rows;
  std::string line;
  std::getline(in, line);  // header
  while (std::getline(in, line)) {
    if (line.empty()) continue;
    std::vector<std::string> f;
    std::stringstream ss(line);
    for (std::string cell; std::getline(ss, cell, '\t');) f.push_back(cell);
    f.resize(11);
    rows.push_back({f[0], f[1], std::stoi(f[2]), std::stoi(f[3]), std::stoi(f[4]), f[5], f[6], f[7], f[8], f[9], f[10]});
  }
  return rows;
}

DigitMatch matches_printed(double value, const std::string& printed) {
  const auto dot = printed.find('.');
  const int decimals = dot == std::string::npos ? 0 : int(printed.size() - dot - 1);
  const long long target = std::llround(std::stod(printed) * std::pow(10., decimals));
  if (std::llround(value * std::pow(10., decimals)) == target) return DigitMatch::exact;
  const std::string g = fmt::format("{:.6g}", value);
  const auto gdot = g.find('.');
  int k = gdot == std::string::npos ? 0 : int(g.size() - gdot - 1);
  if (g.find('e') != std::string::npos || k < decimals) return DigitMatch::no;
  long long n = std::llround(std::stod(g) * std::pow(10., k));
  for (; k > decimals; --k) n = (n + 5) / 10;  // half up, one digit at a time
  return n == target ? DigitMatch::stepwise : DigitMatch::no;
}

Config row_config(const TableRow& row) {
  Config c;
  c.apply_set("network.dims=" + std::to_string(row.d));
  c.apply_set("network.radix=" + std::to_string(row.R));
  c.apply_set("traffic.packet_flits=" + std::to_string(row.L));
  c.apply_set("traffic.load=" + row.A);
  c.apply_set("router.routing=" + row.routing);
  c.apply_set("router.fifo_packets=" + row.fifo_packets);
  c.apply_set("run.convergence=" + row.convergence);
  const long nodes = std::lround(std::pow(row.R, row.d));
  const long cap = row.T == "inf" ? 1L << 22 : std::max(1L, long(4e9) / nodes);
  c.apply_set("run.max_cycles=" + std::to_string(cap));
  decode(c);
  return c;
}

}  // namespace kncsim::paper
