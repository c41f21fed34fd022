#include "verify/network_coverage.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace kncsim {
namespace {

const char* const kClass[] = {"corner", "edge", "inside"};

bool has_port(const MeshGeometry& g, uint32_t n, int p) { return p == 0 || g.connected(n, p); }

// The most hops a minimal route takes along a dimension of radix r one way (a torus's halfway
// round goes the + way).
int most_hops(const MeshGeometry& g, int dim, bool plus) {
  const int r = g.radix(dim);
  return !g.torus() ? r - 1 : plus ? r / 2 : (r - 1) / 2;
}

// On a torus every node has every port, but a short ring never takes some turns: going on
// straight takes two hops one way, turning takes one, and a - way of one hop needs radix 3.
std::string torus_refusal(const MeshGeometry& g, int in, int out) {
  if (!g.torus()) return "";
  if (in != 0) {  // it came in moving + (through a - port) or - (through a + port)
    const int j = MeshGeometry::dim_of(in);
    const bool plus = in == MeshGeometry::pred(j);
    const int hops = out != 0 && MeshGeometry::dim_of(out) == j ? 2 : 1;
    if (most_hops(g, j, plus) < hops)
      return fmt::format("a minimal route round a ring of {} goes at most {} hop(s) the {} way", g.radix(j),
                         most_hops(g, j, plus), plus ? "+" : "-");
  }
  if (out != 0) {
    const int k = MeshGeometry::dim_of(out);
    const bool plus = out == MeshGeometry::succ(k);
    if (most_hops(g, k, plus) < 1)
      return fmt::format("a minimal route round a ring of {} never goes the {} way", g.radix(k), plus ? "+" : "-");
  }
  return "";
}

// Why a head in through `in` may never leave through `out` (routing alone), or "" if it may.
std::string turn_refusal(int in, int out, bool adaptive) {
  if (in == 0 || out == 0) return "";
  if (in == out) return "a U-turn: no minimal route turns back";
  const int j = MeshGeometry::dim_of(in), k = MeshGeometry::dim_of(out);
  if (j == k && out != MeshGeometry::opposite(in)) return "a U-turn: no minimal route turns back";
  if (!adaptive && k < j)
    return fmt::format("dimension order: a packet travelling in dimension {} is done with dimension {}", j, k);
  return "";
}

}  // namespace

NetworkCoverage::NetworkCoverage(const MeshGeometry& g, bool adaptive, int vcs) : ports_(g.ports()), vcs_(vcs) {
  cls_.resize(g.nodes());
  bool present[3] = {false, false, false};
  for (uint32_t n = 0; n < g.nodes(); ++n) {
    int ends = 0;
    for (int k = 0; k < g.dims(); ++k) ends += !g.torus() && (g.coord(n, k) == 0 || g.coord(n, k) == g.radix(k) - 1);
    cls_[n] = uint8_t(ends == g.dims() && !g.torus() ? 0 : ends == 0 ? 2 : 1);
    present[cls_[n]] = true;
  }
  // Turns, by class: reachable when some node of the class has both ports and routing allows it.
  turn_base_ = int(points_.size());
  int most_requesters = 1;
  for (int c = 0; c < 3; ++c)
    for (int in = 0; in < ports_; ++in)
      for (int out = 0; out < ports_; ++out) {
        CoveragePoint p{fmt::format("turn/{}/{}>{}", kClass[c], MeshGeometry::port_name(in), MeshGeometry::port_name(out)), true, ""};
        p.why = turn_refusal(in, out, adaptive);
        if (p.why.empty()) p.why = torus_refusal(g, in, out);
        if (p.why.empty() && !present[c]) p.why = fmt::format("no {} node in this network", kClass[c]);
        if (p.why.empty()) {
          bool both = false;
          for (uint32_t n = 0; n < g.nodes() && !both; ++n)
            both = cls_[n] == c && has_port(g, n, in) && has_port(g, n, out);
          if (!both) p.why = fmt::format("no {} node has both ports", kClass[c]);
        }
        p.reachable = p.why.empty();
        points_.push_back(std::move(p));
      }
  for (uint32_t n = 0; n < g.nodes(); ++n)
    for (int out = 0; out < ports_; ++out) {
      if (!has_port(g, n, out)) continue;
      int feeders = 0;
      for (int in = 0; in < ports_; ++in)
        feeders += has_port(g, n, in) && turn_refusal(in, out, adaptive).empty() && torus_refusal(g, in, out).empty();
      most_requesters = std::max(most_requesters, feeders);
    }
  vc_base_ = int(points_.size());
  if (vcs_ > 1)
    for (int port = 1; port < ports_; ++port)
      for (int v = 0; v < vcs_; ++v) points_.push_back({fmt::format("vc/{}/{}", MeshGeometry::port_name(port), v), true, ""});
  fifo_base_ = int(points_.size());
  for (int port = 0; port < ports_; ++port)
    for (int v = 0; v < vcs_; ++v) {
      CoveragePoint p{fmt::format("fifo_full/{}/{}", MeshGeometry::port_name(port), v), true, ""};
      if (port == 0 && v > 0) {
        p.reachable = false;
        p.why = "the network interface feeds the local input on channel 0 only";
      }
      points_.push_back(std::move(p));
    }
  bp_base_ = int(points_.size());
  for (int port = 1; port < ports_; ++port) points_.push_back({"backpressure/" + MeshGeometry::port_name(port), true, ""});
  blocked_base_ = int(points_.size());
  for (int port = 1; port < ports_; ++port) points_.push_back({"head_blocked/" + MeshGeometry::port_name(port), true, ""});
  req_base_ = int(points_.size());
  for (int n = 1; n <= ports_; ++n) {
    CoveragePoint p{fmt::format("requesters/{}", n), true, ""};
    if (n > most_requesters) {
      p.reachable = false;
      p.why = fmt::format("at most {} inputs can route to one output of this network", most_requesters);
    }
    points_.push_back(std::move(p));
  }
  hit_.assign(points_.size(), 0);
}

std::vector<std::string> NetworkCoverage::hit_names() const {
  std::vector<std::string> names;
  for (size_t i = 0; i < points_.size(); ++i)
    if (hit_[i]) names.push_back(points_[i].name);
  return names;
}

}  // namespace kncsim
