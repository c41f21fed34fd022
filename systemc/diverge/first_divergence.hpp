#pragma once
// Where two runs' flit logs (trace.flits) first differ: for every router output (a ring
// node's ring output), the flits it sent in order, compared between the runs; the divergence is the earliest first
// difference over all outputs (a flit that differs, or one only one run sent).
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "topo/mesh_geometry.hpp"
#include "ring/ring_geometry.hpp"

namespace kncsim {

struct LoggedFlit {
  int64_t cycle = 0;
  uint32_t node = 0;
  int port = 0;
  int vc = 0;
  uint64_t packet = 0;
  uint32_t seq = 0;
  bool head = false, tail = false;
  bool operator==(const LoggedFlit& o) const {
    return cycle == o.cycle && node == o.node && port == o.port && vc == o.vc && packet == o.packet &&
           seq == o.seq && head == o.head && tail == o.tail;
  }
};

// Reads a flit log; a malformed line throws std::runtime_error naming the file and line.
std::vector<LoggedFlit> read_flit_log(const std::string& path);

struct Divergence {
  int64_t cycle = 0;  // the earlier of the two differing flits' cycles
  uint32_t node = 0;
  int port = 0;
  std::optional<LoggedFlit> expected, actual;  // none: that run sent nothing more there
  std::vector<LoggedFlit> before;              // the last flits through that output before it (both runs')
  std::vector<std::pair<uint32_t, int>> also;  // other outputs diverging in the same cycle
};

// The first divergence of `actual` from `expected`, keeping up to `history` flits before it;
// none if the logs hold the same flits. Flits after `until` (a run that stopped early) are
// left out of both.
std::optional<Divergence> first_divergence(const std::vector<LoggedFlit>& expected,
                                           const std::vector<LoggedFlit>& actual, size_t history,
                                           int64_t until = INT64_MAX);

// How a report names what a log's numbers mean, for one family.
struct DivergenceNames {
  std::function<std::string(uint32_t)> node;  // "4 (1, 1)"
  std::function<std::string(int)> port;       // "output port 2 (+x)"; rings: "ring 0 (pin ring_out0_o)"
  std::string vc_column = "VC";               // the log's vc column: a VC, or (rings) the packet's kind
  std::function<std::string(int)> vc;
  std::function<std::string(uint64_t)> packet;  // rings: the message id as "source.nth"
};
DivergenceNames mesh_names(const MeshGeometry& g);
DivergenceNames ring_names(const RingGeometry& g);

// The report, for people: the cycle, node (and coordinates), port (and its name), both flits,
// and the history as a table.
std::string describe(const Divergence& d, const DivergenceNames& names, const std::string& expected_name,
                     const std::string& actual_name);
inline std::string describe(const Divergence& d, const MeshGeometry& g, const std::string& expected_name,
                            const std::string& actual_name) {
  return describe(d, mesh_names(g), expected_name, actual_name);
}

}  // namespace kncsim
