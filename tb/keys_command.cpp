#include "keys_command.hpp"

#include <fmt/format.h>
#include <fmt/ostream.h>

#include <string>
#include <vector>

#include "config/schema.hpp"

namespace kncsim {

namespace {

// A table cell: no line breaks, and a '|' that does not end the cell.
std::string cell(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (c == '|') out += "\\|";
    else if (c == '\n') out += ' ';
    else out += c;
  }
  return out;
}

std::string section_of(const std::string& key) { return key.substr(0, key.find('.')); }

}  // namespace

void print_keys(std::ostream& out) {
  for (const KeySpec& s : config_schema())
    fmt::print(out, "{:<22} default {:<10} allowed: {}\n    {}\n", s.key, s.default_value, allowed_values(s), s.doc);
  for (const KeySpec& s : class_key_schema())
    fmt::print(out, "{:<22} default {:<10} allowed: {}\n    {}\n", s.key, s.default_value, allowed_values(s), s.doc);
  fmt::print(out, "classes.*.KEY          a traffic class's own {}: traffic.KEY's values; default traffic.KEY\n",
             fmt::join(class_traffic_keys(), ", "));
  for (const auto& [own, network] : class_router_keys())
    fmt::print(out, "classes.*.{:<13} a traffic class's own {}: its values; default {}\n", own, network, network);
}

void print_keys_markdown(std::ostream& out) {
  fmt::print(out,
             "# Configuration reference\n\n"
             "Every key of an experiment file (YAML) or `--set key=value`, with its default and allowed values.\n"
             "This page is the output of `kncsim keys --markdown`, the same help texts `kncsim keys` prints;\n"
             "a test keeps it in step with the binary. Regenerate it with\n"
             "`build/release/tb/kncsim keys --markdown > docs/configuration.md`.\n"
             "How the keys work together (files, lists, stopping rules, sweeps) is in the\n"
             "[user guide](user-guide.md); back to the [README](../README.md).\n");
  // Sections in the order the schema first names them; keys in schema order within each.
  std::vector<std::string> sections;
  for (const KeySpec& s : config_schema()) {
    const std::string sec = section_of(s.key);
    bool seen = false;
    for (const auto& x : sections) seen |= x == sec;
    if (!seen) sections.push_back(sec);
  }
  for (const std::string& sec : sections) {
    fmt::print(out, "\n## {}\n\n| key | default | allowed | meaning |\n|---|---|---|---|\n", sec);
    for (const KeySpec& s : config_schema()) {
      if (section_of(s.key) != sec) continue;
      fmt::print(out, "| `{}` | `{}` | {} | {}{} |\n", s.key, s.default_value.empty() ? "\"\"" : s.default_value,
                 cell(allowed_values(s)), cell(s.doc), s.why.empty() ? "" : cell(" (" + s.why + ")"));
    }
  }
  fmt::print(out,
             "\n## classes\n\nTraffic classes (PP-MESS-SIM's tasks), each `classes.NAME.KEY` with NAME a lower-case word; "
             "at most 8, numbered in the order declared ([the model](models/pp-mess-sim.md#traffic-classes)). A class "
             "sets its own keys below, and any of these traffic keys, with their values: {}; the ones it does not set "
             "it takes from `traffic.`.\n\n| key | default | allowed | meaning |\n|---|---|---|---|\n",
             fmt::join(class_traffic_keys(), ", "));
  for (const KeySpec& s : class_key_schema())
    fmt::print(out, "| `{}` | `{}` | {} | {} |\n", s.key, s.default_value, cell(allowed_values(s)), cell(s.doc));
  for (const auto& [own, network] : class_router_keys())
    fmt::print(out, "| `classes.*.{}` | `{}` | as `{}` | the class's own `{}` |\n", own, network, network, network);
}

}  // namespace kncsim
