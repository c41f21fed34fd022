#include "config/config.hpp"

#include <yaml-cpp/yaml.h>

#include <cctype>
#include <algorithm>
#include <charconv>
#include <cmath>
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <fstream>
#include <optional>
#include <sstream>

#include "config/schema.hpp"

namespace kncsim {
namespace {

// The first line (1-based) whose value opens a quote it does not close there, or 0. YAML lets a
// quoted scalar run on over lines, and yaml-cpp also lets one run to the end of the file: an
// unclosed quote then swallows every key after it (found by the config fuzzer: `mapping_file:
// '""` took the run: section with it). No kncsim value spans lines, so a quote must close on its own.
int unclosed_quote_line(const std::string& text) {
  std::istringstream lines(text);
  std::string line;
  for (int number = 1; std::getline(lines, line); ++number) {
    size_t i = line.find_first_not_of(" \t");
    if (i == std::string::npos || line[i] == '#') continue;
    if (line.compare(i, 2, "- ") == 0) {  // a block list's item
      i = line.find_first_not_of(" \t", i + 2);
    } else {  // key: value
      const size_t colon = line.find(": ", i);
      const size_t key_end = line.find_first_of("'\"{[#", i);
      if (colon == std::string::npos || (key_end != std::string::npos && key_end < colon)) continue;
      i = line.find_first_not_of(" \t", colon + 2);
    }
    if (i == std::string::npos || (line[i] != '\'' && line[i] != '"')) continue;
    const char q = line[i];
    bool closed = false;
    for (size_t j = i + 1; j < line.size() && !closed; ++j) {
      if (q == '"' && line[j] == '\\') {
        ++j;  // an escaped character
      } else if (line[j] == q) {
        if (q == '\'' && j + 1 < line.size() && line[j + 1] == '\'') {
          ++j;  // '' is a quote inside single quotes
        } else {
          closed = true;
        }
      }
    }
    if (!closed) return number;
  }
  return 0;
}

bool parse_int(const std::string& s, int64_t& v) {
  const char* b = s.data();
  const char* e = b + s.size();
  if (b != e && *b == '+') ++b;
  auto [p, ec] = std::from_chars(b, e, v);
  return ec == std::errc() && p == e && b != e;
}

bool parse_number(const std::string& s, double& v) {
  if (s.empty()) return false;
  std::istringstream in(s);
  in.imbue(std::locale::classic());
  in >> v;
  return in && in.peek() == std::char_traits<char>::eof() && std::isfinite(v);
}

size_t edit_distance(const std::string& a, const std::string& b) {
  std::vector<size_t> row(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    size_t diag = row[0];
    row[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      const size_t up = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diag + (a[i - 1] != b[j - 1])});
      diag = up;
    }
  }
  return row[b.size()];
}

[[noreturn]] void unknown_key(const std::string& key, const std::string& origin) {
  std::string name, sub;
  if (split_class_key(key, name, sub) || key.compare(0, 8, "classes.") == 0) {
    std::vector<std::string> allowed;
    for (const auto& s : class_key_schema()) allowed.push_back(s.key.substr(10));
    for (const auto& k : class_traffic_keys()) allowed.push_back(k);
    for (const auto& [own, network] : class_router_keys()) allowed.push_back(own);
    throw ConfigError(fmt::format("unknown key '{}' in {}; a traffic class is classes.NAME.KEY with KEY one of: {}",
                                  key, origin, fmt::join(allowed, ", ")));
  }
  std::vector<std::string> known;
  const std::string* best = nullptr;
  size_t best_d = 4;
  for (const auto& s : config_schema()) {
    known.push_back(s.key);
    const size_t d = edit_distance(key, s.key);
    if (d < best_d) best_d = d, best = &s.key;
  }
  std::string hint = best ? fmt::format(" (did you mean '{}'?)", *best) : "";
  throw ConfigError(fmt::format("unknown key '{}' in {}{}; allowed keys: {}", key, origin, hint,
                                fmt::join(known, ", ")));
}

bool is_list_kind(KeyKind k) { return k == KeyKind::integers || k == KeyKind::numbers; }

struct FlatValue {
  std::string key;
  std::vector<std::string> items;  // one scalar, or a list's elements
  bool list;
};

// A prefix of some schema key ("traffic", "link"), or a traffic class ("classes", "classes.NAME").
bool is_section(const std::string& name) {
  if (name == "classes" || (name.compare(0, 8, "classes.") == 0 && name.find('.', 8) == std::string::npos))
    return true;
  for (const auto& s : config_schema())
    if (s.key.compare(0, name.size() + 1, name + ".") == 0) return true;
  return false;
}

// YAML allows a key once per mapping; yaml-cpp keeps both and the last would silently win.
// `seen` maps every dotted key (sections included) to the line where it was set.
void flatten(const YAML::Node& node, const std::string& prefix, const std::string& origin,
             std::vector<FlatValue>& out, std::map<std::string, int>& seen) {
  for (const auto& kv : node) {
    const std::string key = prefix.empty() ? kv.first.Scalar() : prefix + "." + kv.first.Scalar();
    const int line = kv.first.Mark().line + 1;
    if (const auto [it, fresh] = seen.emplace(key, line); !fresh)
      throw ConfigError(fmt::format("key '{}' appears twice in {}: line {} and line {}; allowed: each key once",
                                    key, origin, it->second, line));
    const YAML::Node& v = kv.second;
    if (v.IsMap() && find_key(key)) {  // a key given a section ("load: {}"): not silently nothing
      throw ConfigError(fmt::format("key '{}' in {} (line {}) must be a single value, not a map; allowed: {}", key,
                                    origin, line, allowed_values(*find_key(key))));
    } else if (v.IsMap()) {
      if (v.size() == 0 && !is_section(key)) unknown_key(key, origin);
      flatten(v, key, origin, out, seen);
    } else if (v.IsScalar() || v.IsNull()) {  // "vcd:" with nothing after it is an empty value
      out.push_back({key, {v.IsNull() ? std::string() : v.Scalar()}, false});
    } else if (v.IsSequence() && find_key(key) && is_list_kind(find_key(key)->kind)) {
      FlatValue f{key, {}, true};
      for (const auto& item : v) {
        if (!item.IsScalar())
          throw ConfigError(fmt::format("key '{}' in {} must be a flat list; allowed: {}", key, origin,
                                        allowed_values(*find_key(key))));
        f.items.push_back(item.Scalar());
      }
      out.push_back(std::move(f));
    } else {
      if (!find_key(key)) unknown_key(key, origin);
      throw ConfigError(fmt::format("key '{}' in {} must be a single value; allowed: {}", key, origin,
                                    allowed_values(*find_key(key))));
    }
  }
}

}  // namespace

// A key of a traffic class names its class, first seen here: the classes keep the order they were
// declared in (a class's index is its packets' class number).
void Config::note_class(const std::string& key, const std::string& origin) {
  std::string name, sub;
  if (!split_class_key(key, name, sub)) return;
  const bool word = !name.empty() && std::islower(static_cast<unsigned char>(name[0])) &&
                    std::all_of(name.begin(), name.end(), [](char ch) {
                      return std::islower(static_cast<unsigned char>(ch)) || std::isdigit(static_cast<unsigned char>(ch)) || ch == '_';
                    });
  if (!word)
    throw ConfigError(fmt::format("traffic class name '{}' (key '{}', from {}); allowed: a lower-case word of letters, "
                                  "digits and _, starting with a letter",
                                  name, key, origin));
  if (std::find(classes_.begin(), classes_.end(), name) != classes_.end()) return;
  constexpr size_t kMaxClasses = 8;
  if (classes_.size() == kMaxClasses)
    throw ConfigError(fmt::format("traffic class '{}' (from {}) is a {}th class; allowed: at most {} classes", name,
                                  origin, kMaxClasses + 1, kMaxClasses));
  classes_.push_back(name);
}

bool Config::has(const std::string& key) const { return values_.count(key) != 0; }

Config::Config() {
  for (const auto& s : config_schema()) set_scalar(s.key, s.default_value, "the schema defaults");
}

void Config::set_scalar(const std::string& key, const std::string& scalar, const std::string& origin) {
  const KeySpec* spec = find_key(key);
  if (!spec) unknown_key(key, origin);
  note_class(key, origin);
  auto bad = [&]() -> ConfigError {
    return ConfigError(fmt::format("key '{}' has bad value '{}' (from {}); allowed: {}{}", key, scalar, origin,
                                   allowed_values(*spec), spec->why.empty() ? "" : " (" + spec->why + ")"));
  };
  auto in_range = [&](double v) {
    const bool lo = spec->min_exclusive ? v > spec->min : v >= spec->min;
    const bool hi = spec->max < spec->min || v <= spec->max;
    return lo && hi;
  };
  for (const auto& w : spec->choices) {
    if (scalar == w) {
      values_[key] = scalar;
      return;
    }
  }
  int64_t i = 0;
  double d = 0;
  switch (spec->kind) {
    case KeyKind::text:
      values_[key] = scalar;
      return;
    case KeyKind::choice:
      throw bad();
    case KeyKind::integer:
    case KeyKind::integer_or_choice:
    case KeyKind::integers:
      if (!parse_int(scalar, i) || !in_range(double(i))) throw bad();
      values_[key] = i;
      return;
    case KeyKind::number:
    case KeyKind::numbers:
      if (!parse_number(scalar, d) || !in_range(d)) throw bad();
      values_[key] = d;
      return;
  }
}

void Config::set_list(const std::string& key, const std::vector<std::string>& items, const std::string& origin) {
  const KeySpec* spec = find_key(key);
  std::vector<int64_t> values;
  std::vector<double> reals;
  for (const auto& item : items) {
    set_scalar(key, item, origin);  // checks each element
    const ConfigValue& v = values_[key];
    if (std::holds_alternative<std::string>(v))  // a word ("none") stands alone, not in a list
      throw ConfigError(fmt::format("key '{}' (from {}) lists '{}'; allowed: {} (a word alone, not in a list)", key,
                                    origin, item, allowed_values(*spec)));
    if (const auto* i = std::get_if<int64_t>(&v)) values.push_back(*i);
    if (const auto* d = std::get_if<double>(&v)) reals.push_back(*d);
  }
  if (items.empty())
    throw ConfigError(fmt::format("key '{}' (from {}) is an empty list; allowed: {}", key, origin, allowed_values(*spec)));
  if (spec->kind == KeyKind::numbers)
    values_[key] = reals;
  else
    values_[key] = values;
}

void Config::merge_yaml(const std::string& text, const std::string& origin) {
  if (const int line = unclosed_quote_line(text))
    throw ConfigError(fmt::format("malformed YAML in {}: line {} opens a quoted value it does not close; allowed: a "
                                  "value quoted on one line (a quote left open swallows the keys after it)",
                                  origin, line));
  YAML::Node root;
  try {
    root = YAML::Load(text);
  } catch (const YAML::Exception& e) {
    throw ConfigError(fmt::format("malformed YAML in {}: {}", origin, e.what()));
  }
  if (root.IsNull()) return;
  if (!root.IsMap())
    throw ConfigError(fmt::format("{} must be a YAML mapping of sections (network:, router:, traffic:, run:)", origin));
  std::vector<FlatValue> flat;
  std::map<std::string, int> seen;
  flatten(root, "", origin, flat, seen);
  for (const auto& f : flat) {
    if (f.list) {
      set_list(f.key, f.items, origin);
    } else {
      set_scalar(f.key, f.items[0], origin);
    }
  }
}

void Config::merge_file(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw ConfigError(fmt::format("cannot read config file '{}'", path));
  std::stringstream ss;
  ss << in.rdbuf();
  merge_yaml(ss.str(), path);
}

void Config::set_value(const std::string& key, const std::string& scalar, const std::string& origin) {
  set_scalar(key, scalar, origin);
}

void Config::apply_set(const std::string& assignment) {
  const auto eq = assignment.find('=');
  if (eq == std::string::npos || eq == 0)
    throw ConfigError(fmt::format("--set '{}' must look like key=value, e.g. traffic.load=0.5", assignment));
  const std::string key = assignment.substr(0, eq);
  YAML::Node v;
  try {
    v = YAML::Load(assignment.substr(eq + 1));
  } catch (const YAML::Exception& e) {
    throw ConfigError(fmt::format("malformed value in --set '{}': {}", assignment, e.what()));
  }
  if (!find_key(key)) unknown_key(key, "--set");
  if (v.IsNull() && find_key(key)->kind == KeyKind::text) {  // "trace.vcd=": none
    set_scalar(key, "", "--set");
    return;
  }
  if (v.IsSequence() && is_list_kind(find_key(key)->kind)) {
    std::vector<std::string> items;
    for (const auto& item : v) items.push_back(item.IsScalar() ? item.Scalar() : std::string("[..]"));
    set_list(key, items, "--set");
    return;
  }
  if (!v.IsScalar())
    throw ConfigError(fmt::format("key '{}' (from --set) needs a single value; allowed: {}", key,
                                  allowed_values(*find_key(key))));
  set_scalar(key, v.Scalar(), "--set");
}

const ConfigValue& Config::at(const std::string& key) const {
  auto it = values_.find(key);
  if (it == values_.end()) throw std::logic_error("Config: no key " + key);
  return it->second;
}

int64_t Config::integer(const std::string& key) const {
  const auto& v = at(key);
  if (auto* i = std::get_if<int64_t>(&v)) return *i;
  throw std::logic_error("Config: " + key + " is not an integer");
}

double Config::number(const std::string& key) const {
  const auto& v = at(key);
  if (auto* d = std::get_if<double>(&v)) return *d;
  if (auto* i = std::get_if<int64_t>(&v)) return double(*i);
  throw std::logic_error("Config: " + key + " is not a number");
}

const std::string& Config::text(const std::string& key) const {
  const auto& v = at(key);
  if (auto* s = std::get_if<std::string>(&v)) return *s;
  throw std::logic_error("Config: " + key + " is not a word");
}

std::vector<int64_t> Config::integers(const std::string& key) const {
  const auto& v = at(key);
  if (std::holds_alternative<std::string>(v)) return {};  // "none"
  if (auto* list = std::get_if<std::vector<int64_t>>(&v)) return *list;
  return {integer(key)};
}

std::vector<double> Config::numbers(const std::string& key) const {
  const auto& v = at(key);
  if (std::holds_alternative<std::string>(v)) return {};  // "none"
  if (auto* list = std::get_if<std::vector<double>>(&v)) return *list;
  return {number(key)};
}

std::optional<double> numeric_key(const Config& c, const std::string& key) {
  const KeySpec* k = find_key(key);
  if (!k || (k->kind != KeyKind::number && k->kind != KeyKind::integer)) return std::nullopt;
  return c.number(key);
}

std::vector<int> network_radices(const Config& c) {
  const std::vector<int64_t> r = c.integers("network.radix");
  const int64_t dims = c.integer("network.dims");
  if (r.size() == 1) return std::vector<int>(size_t(dims), int(r[0]));
  if (int64_t(r.size()) != dims)
    throw ConfigError(fmt::format("network.radix lists {} radices but network.dims = {}; allowed: one radix, or "
                                  "exactly network.dims of them",
                                  r.size(), dims));
  return std::vector<int>(r.begin(), r.end());
}

bool Config::is_word(const std::string& key) const { return std::holds_alternative<std::string>(at(key)); }

}  // namespace kncsim
