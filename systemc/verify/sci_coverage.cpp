#include "verify/sci_coverage.hpp"

#include <fmt/format.h>

namespace kncsim {

SciCoverage::SciCoverage(int dims, int radix, bool bounded_active, bool stomp) {
  static const char* const kNames[] = {"pass", "echo", "nack", "retransmission", "active_full", "pass_with_active_full",
                                       "stomped_echo"};
  for (int d = 0; d < dims; ++d)
    for (int p = 0; p < int(SciPoint::count); ++p) {
      CoveragePoint c{fmt::format("ring{}/{}", d, kNames[p]), true, ""};
      if (!bounded_active && (p == int(SciPoint::active_full) || p == int(SciPoint::pass_with_active_full)))
        c.why = "router.active_buffer_packets unbounded: the active buffer is never full";
      if (!stomp && p == int(SciPoint::stomped_echo)) c.why = "router.sci_accept whole_packet: no echo is stomped";
      if (radix == 2 && (p == int(SciPoint::pass) || p == int(SciPoint::pass_with_active_full)))
        c.why = "rings of 2 nodes: every packet and answer leaves a ring at the next node";
      c.reachable = c.why.empty();
      points_.push_back(std::move(c));
    }
  hit_.assign(points_.size(), 0);
}

std::vector<std::string> SciCoverage::hit_names() const {
  std::vector<std::string> names;
  for (size_t i = 0; i < points_.size(); ++i)
    if (hit_[i]) names.push_back(points_[i].name);
  return names;
}

}  // namespace kncsim
