#include "diverge/vcd_window.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <fstream>
#include <map>
#include <sstream>
#include <string>

#include "io/output_file.hpp"

namespace kncsim {

namespace {

// A value change's signal id and the change itself ("1!", "b0101 #", "r0.5 %").
bool parse_change(const std::string& line, std::string& id) {
  if (line.empty()) return false;
  const char c = line[0];
  if (c == 'b' || c == 'B' || c == 'r' || c == 'R') {
    const size_t space = line.find(' ');
    if (space == std::string::npos) return false;
    id = line.substr(space + 1);
    return true;
  }
  if (c == '0' || c == '1' || c == 'x' || c == 'X' || c == 'z' || c == 'Z') {
    id = line.substr(1);
    return true;
  }
  return false;
}

// The file's time units per nanosecond, from its header's "$timescale 1 ps $end" (on one line
// or several); 1 if it has none.
uint64_t units_per_ns(const std::string& header) {
  const size_t at = header.find("$timescale");
  if (at == std::string::npos) return 1;
  std::istringstream s(header.substr(at + 10));
  std::string word, text;
  while (s >> word && word != "$end") text += word;  // "1ps", "10ns"
  size_t digits = 0;
  while (digits < text.size() && std::isdigit(static_cast<unsigned char>(text[digits]))) ++digits;
  const uint64_t m = digits ? std::stoull(text.substr(0, digits)) : 1;
  const std::string unit = text.substr(digits);
  const uint64_t per_ns = unit == "fs" ? 1000000 : unit == "ps" ? 1000 : 1;
  return std::max<uint64_t>(1, per_ns / std::max<uint64_t>(1, m));
}

}  // namespace

bool cut_vcd_window(const std::string& path, uint64_t from_cycle, uint64_t to_cycle) {
  std::ifstream in(path);
  if (!in) return false;
  std::ostringstream header, body;
  std::string line;
  bool defined = false;
  while (std::getline(in, line)) {
    header << line << '\n';
    if (line.find("$enddefinitions") != std::string::npos) {
      defined = true;
      break;
    }
  }
  if (!defined) return false;
  const uint64_t scale = units_per_ns(header.str()), from = from_cycle * scale, to = to_cycle * scale;
  std::map<std::string, std::string> value;  // by id: its last change before the window
  uint64_t now = 0;
  bool opened = false;  // the window's first time stamp is written
  std::string id;
  while (std::getline(in, line)) {
    if (!line.empty() && line[0] == '#') {
      now = std::stoull(line.substr(1));
      if (now > to) break;
      if (now >= from && !opened) {
        body << '#' << from << "\n$dumpvars\n";
        for (const auto& [signal, change] : value) body << change << '\n';
        body << "$end\n";
        opened = true;
      }
      if (opened && now > from) body << line << '\n';
      continue;
    }
    if (!parse_change(line, id)) continue;  // $dumpvars, $end and the like
    if (opened)
      body << line << '\n';
    else
      value[id] = line;
  }
  if (!opened) {  // nothing changed inside the window: the values at its start
    body << '#' << from << "\n$dumpvars\n";
    for (const auto& [signal, change] : value) body << change << '\n';
    body << "$end\n";
  }
  in.close();
  write_output_file(path, header.str() + body.str(), "kncsim diverge");
  return true;
}

}  // namespace kncsim
