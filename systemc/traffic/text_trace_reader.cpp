#include "traffic/text_trace_reader.hpp"

#include <fmt/format.h>

#include <cctype>
#include <charconv>
#include <vector>

namespace kncsim {

TextTraceReader::TextTraceReader(const std::string& path, bool check_ids)
    : path_(path), in_(path), check_ids_(check_ids) {
  if (!in_) throw TraceError(fmt::format("{}: cannot be read", path));
}

std::string TextTraceReader::where() const { return fmt::format("{}:{}", path_, line_); }

void TextTraceReader::fail(const std::string& what) const {
  throw TraceError(fmt::format("{}:{}: {}; a line is: cycle src dst flits [id [dep ...]]", path_, line_, what));
}

bool TextTraceReader::next(TracePacket& p) {
  static const char* const kFields[] = {"cycle", "src", "dst", "flits", "id"};
  while (std::getline(in_, text_)) {
    ++line_;
    // The line's words, as numbers (from_chars: no locale, no copies).
    words_.clear();
    const char* c = text_.data();
    const char* const end = c + text_.size();
    for (;;) {
      while (c < end && std::isspace(static_cast<unsigned char>(*c))) ++c;
      if (c == end) break;
      const char* w = c;
      while (c < end && !std::isspace(static_cast<unsigned char>(*c))) ++c;
      if (words_.empty() && *w == '#') break;  // a comment line
      uint64_t x = 0;
      const auto [stop, err] = std::from_chars(w, c, x);
      if (stop != c || err != std::errc()) {
        const size_t i = words_.size();
        fail(fmt::format("the {} is '{}', not a whole number", i < 5 ? kFields[i] : "dependency", std::string(w, c)));
      }
      words_.push_back(x);
    }
    const std::vector<uint64_t>& v = words_;
    if (v.empty()) continue;
    if (v.size() < 4) fail(fmt::format("{} field{}, the {} missing", v.size(), v.size() == 1 ? "" : "s", kFields[v.size()]));
    if (v[0] > uint64_t(INT64_MAX)) fail(fmt::format("cycle {}; allowed: up to {}", v[0], INT64_MAX));
    if (v[1] >= kMaxNode || v[2] >= kMaxNode)
      fail(fmt::format("node {} is beyond any network (allowed: below {})", std::max(v[1], v[2]), kMaxNode));
    if (v[3] == 0 || v[3] > kMaxFlits) fail(fmt::format("a packet of {} flits; allowed: 1..{}", v[3], kMaxFlits));
    p.cycle = v[0];
    p.src = uint32_t(v[1]);
    p.dst = uint32_t(v[2]);
    p.flits = uint32_t(v[3]);
    p.bytes = p.address = 0;
    p.type = p.src_type = p.dst_type = 0;
    p.id = v.size() > 4 ? v[4] : packets_;
    p.waits_for.assign(v.begin() + std::min<size_t>(v.size(), 5), v.end());
    if (check_ids_) {
      for (uint64_t d : p.waits_for)  // (before its own id is known: a packet cannot wait for itself)
        if (!seen_.count(d)) fail(fmt::format("packet {} waits for packet {}, which no earlier line has", p.id, d));
      if (!seen_.insert(p.id).second) fail(fmt::format("packet id {} given twice", p.id));
    }
    ++packets_;
    return true;
  }
  return false;
}

}  // namespace kncsim
