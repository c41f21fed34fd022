#pragma once
// kncsim's plain trace format, for users' own traces: a packet per line,
//   cycle src dst flits [id [dep ...]]
// the cycle it may enter at, its source and destination nodes, its length in flits, and
// optionally its id and the ids of the packets it waits for (each an earlier line's). Blank
// lines and lines starting with # are skipped. Without an id a packet's id is its line's index
// among the packets (0, 1, ...), and it waits for nothing. TraceError names the file and the
// line: a missing or non-numeric field, a zero-flit packet, an id given twice, a wait for an id
// no earlier line has.
#include <cstdint>
#include <fstream>
#include <string>
#include <unordered_set>
#include <vector>

#include "traffic/trace_packet.hpp"

namespace kncsim {

class TextTraceReader final : public TraceSource {
 public:
  static constexpr uint64_t kMaxFlits = uint64_t{1} << 20;  // traffic.packet_flits' bound
  static constexpr uint64_t kMaxNode = uint64_t{1} << 30;   // beyond any network kncsim builds
  // With `check_ids`, ids given twice and waits for ids no earlier line has are refused, which
  // keeps every id read (the check done once, when a run is decoded); without, nothing is kept.
  explicit TextTraceReader(const std::string& path, bool check_ids = true);
  bool next(TracePacket& p) override;  // false at the end
  std::string where() const override;
  uint64_t line() const { return line_; }

 private:
  [[noreturn]] void fail(const std::string& what) const;

  std::string path_;
  std::ifstream in_;
  uint64_t line_ = 0, packets_ = 0;
  bool check_ids_;
  std::unordered_set<uint64_t> seen_;
  std::string text_;              // the line read
  std::vector<uint64_t> words_;   // its numbers
};

}  // namespace kncsim
