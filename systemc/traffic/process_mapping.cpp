#include "traffic/process_mapping.hpp"

#include <fmt/format.h>

#include <charconv>
#include <cmath>
#include <fstream>
#include <numeric>
#include <sstream>
#include <stdexcept>

#include "rand/counter_rng.hpp"
#include "traffic/process_graph.hpp"

namespace kncsim {

ProcessMapping identity_mapping(uint32_t processes) {
  ProcessMapping m(processes);
  std::iota(m.begin(), m.end(), 0u);
  return m;
}

ProcessMapping random_mapping(uint32_t processes, uint32_t nodes, uint64_t seed) {
  std::vector<uint32_t> free(nodes);
  std::iota(free.begin(), free.end(), 0u);
  ProcessMapping m(processes);
  for (uint32_t p = 0; p < processes; ++p) {  // Fisher-Yates over the free nodes, counter-based draws
    const double u = std::ldexp(double(counter_bits53(seed, p, 0, 7)), -53);
    const uint32_t pick = p + std::min(nodes - p - 1, uint32_t(u * double(nodes - p)));
    std::swap(free[p], free[pick]);
    m[p] = free[p];
  }
  return m;
}

ProcessMapping lcg_low_bits_mapping(uint32_t processes, uint32_t nodes, LcgGenerator generator, uint32_t seed) {
  Lcg rand(generator, seed);
  std::vector<bool> taken(nodes, false);
  ProcessMapping m(processes);
  // Both generators have full period, so x mod N takes every value: every draw ends. A guard all
  // the same, far past any N kncsim builds.
  uint64_t draws = 0;
  for (uint32_t p = 0; p < processes; ++p) {
    uint32_t node;
    do {
      if (++draws > (uint64_t{1} << 33)) throw std::logic_error("lcg_low_bits_mapping: no free node drawn");
      node = rand.next() % nodes;
    } while (taken[node]);
    taken[node] = true;
    m[p] = node;
  }
  return m;
}

ProcessMapping read_mapping_file(const std::string& path, uint32_t processes, uint32_t nodes) {
  std::ifstream in(path);
  if (!in) throw GraphFileError(fmt::format("cannot read mapping file '{}'", path));
  const std::string format = fmt::format("one line 'process node' per process 0..{}, on distinct nodes 0..{}",
                                         processes - 1, nodes - 1);
  std::vector<int> process_line(processes, 0), node_line(nodes, 0);
  ProcessMapping m(processes);
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    auto fail = [&](const std::string& why) {
      return GraphFileError(fmt::format("{}:{}: {}: '{}'; allowed: {}", path, number, why, line, format));
    };
    std::istringstream words(line.substr(0, line.find('#')));
    std::vector<std::string> w;
    for (std::string s; words >> s;) w.push_back(s);
    if (w.empty()) continue;
    long value[2] = {0, 0};
    for (size_t i = 0; i < 2 && w.size() == 2; ++i) {
      const auto [end, ec] = std::from_chars(w[i].data(), w[i].data() + w[i].size(), value[i]);
      if (ec != std::errc() || end != w[i].data() + w[i].size() || value[i] < 0) w.clear();
    }
    if (w.size() != 2) throw fail("malformed line");
    const long p = value[0], n = value[1];
    if (p >= long(processes)) throw fail(fmt::format("process {} does not exist", p));
    if (n >= long(nodes)) throw fail(fmt::format("node {} is outside the network", n));
    if (process_line[size_t(p)]) throw fail(fmt::format("process {} was mapped on line {} already", p, process_line[size_t(p)]));
    if (node_line[size_t(n)])
      throw fail(fmt::format("node {} holds a process from line {} already (a mapping is one-to-one)", n, node_line[size_t(n)]));
    process_line[size_t(p)] = node_line[size_t(n)] = number;
    m[size_t(p)] = uint32_t(n);
  }
  for (uint32_t p = 0; p < processes; ++p)
    if (!process_line[p]) throw GraphFileError(fmt::format("{}: process {} is not mapped; allowed: {}", path, p, format));
  return m;
}

}  // namespace kncsim
