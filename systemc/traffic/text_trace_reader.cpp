#include "traffic/text_trace_reader.hpp"

#include <fmt/format.h>

#include <cerrno>
#include <cstdlib>
#include <sstream>
#include <vector>

namespace kncsim {

TextTraceReader::TextTraceReader(const std::string& path) : path_(path), in_(path) {
  if (!in_) throw TraceError(fmt::format("{}: cannot be read", path));
}

std::string TextTraceReader::where() const { return fmt::format("{}:{}", path_, line_); }

void TextTraceReader::fail(const std::string& what) const {
  throw TraceError(fmt::format("{}:{}: {}; a line is: cycle src dst flits [id [dep ...]]", path_, line_, what));
}

bool TextTraceReader::next(TracePacket& p) {
  static const char* const kFields[] = {"cycle", "src", "dst", "flits", "id"};
  for (std::string text; std::getline(in_, text);) {
    ++line_;
    std::istringstream words(text);
    std::vector<std::string> w;
    for (std::string s; words >> s;) w.push_back(s);
    if (w.empty() || w[0][0] == '#') continue;
    if (w.size() < 4) fail(fmt::format("{} field{}, the {} missing", w.size(), w.size() == 1 ? "" : "s", kFields[w.size()]));
    std::vector<uint64_t> v;
    for (size_t i = 0; i < w.size(); ++i) {
      char* end = nullptr;
      errno = 0;
      const unsigned long long x = std::strtoull(w[i].c_str(), &end, 10);
      if (*end || w[i][0] == '-' || errno == ERANGE)
        fail(fmt::format("the {} is '{}', not a whole number", i < 5 ? kFields[i] : "dependency", w[i]));
      v.push_back(x);
    }
    if (v[1] > UINT32_MAX || v[2] > UINT32_MAX) fail(fmt::format("node {} is beyond any network", std::max(v[1], v[2])));
    if (v[3] == 0 || v[3] > UINT32_MAX) fail(fmt::format("a packet of {} flits; allowed: 1 or more", v[3]));
    p = TracePacket{};
    p.cycle = v[0];
    p.src = uint32_t(v[1]);
    p.dst = uint32_t(v[2]);
    p.flits = uint32_t(v[3]);
    p.id = v.size() > 4 ? v[4] : packets_;
    if (!seen_.insert(p.id).second) fail(fmt::format("packet id {} given twice", p.id));
    for (size_t i = 5; i < v.size(); ++i) {
      if (!seen_.count(v[i])) fail(fmt::format("packet {} waits for packet {}, which no earlier line has", p.id, v[i]));
      p.waits_for.push_back(v[i]);
    }
    ++packets_;
    return true;
  }
  return false;
}

}  // namespace kncsim
