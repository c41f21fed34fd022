#include "report/expectations.hpp"

#include <fmt/format.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace kncsim {
namespace {

using ojson = nlohmann::ordered_json;

constexpr const char* kOps[] = {"<=", ">=", "==", "!=", "<", ">"};  // two-character ones first
constexpr const char* kLatencyKeys[] = {"p50", "p90", "p99", "p999", "stddev", "variance", "min", "max"};

std::string trim(const std::string& s) {
  const auto b = s.find_first_not_of(" \t\r\n"), e = s.find_last_not_of(" \t\r\n");
  return b == std::string::npos ? "" : s.substr(b, e - b + 1);
}

const ojson* lookup(const ojson& root, const std::string& path) {
  const ojson* at = &root;
  std::stringstream parts(path);
  for (std::string part; std::getline(parts, part, '.');) {
    if (at->is_object()) {
      if (!at->contains(part)) return nullptr;
      at = &(*at)[part];
    } else if (at->is_array() && !part.empty() && part.find_first_not_of("0123456789") == std::string::npos) {
      const size_t i = std::stoul(part);
      if (i >= at->size()) return nullptr;
      at = &(*at)[i];
    } else {
      return nullptr;
    }
  }
  return at;
}

std::string resolved_key(const ojson& r, const std::string& key) {
  if (lookup(r, key)) return key;
  for (const char* k : kLatencyKeys)
    if (key == k) return "latency." + key;
  return key;
}

}  // namespace

Expectation parse_expectation(const std::string& text) {
  for (const char* op : kOps) {
    const auto at = text.find(op);
    if (at == std::string::npos) continue;
    Expectation e{text, trim(text.substr(0, at)), op, 0};
    const std::string rhs = trim(text.substr(at + std::string(op).size()));
    char* end = nullptr;
    e.bound = rhs == "true" ? 1 : rhs == "false" ? 0 : std::strtod(rhs.c_str(), &end);
    const bool number = rhs == "true" || rhs == "false" || (!rhs.empty() && *end == '\0' && std::isfinite(e.bound));
    if (e.key.empty() || !number || e.key.find_first_of("<>=!") != std::string::npos)
      throw ExpectationError(fmt::format("--expect '{}': expected KEY OP NUMBER (a finite number, or true/false), "
                                         "e.g. 'T<30' or 'latency.p99<=80'; OP one of <, <=, >, >=, ==, !=",
                                         text));
    return e;
  }
  throw ExpectationError(fmt::format("--expect '{}': no comparison; allowed: <, <=, >, >=, ==, !=", text));
}

ExpectationOutcome check_expectation(const ojson& r, const Expectation& e) {
  const std::string key = resolved_key(r, e.key);
  const ojson* v = lookup(r, key);
  if (!v)
    throw ExpectationError(fmt::format("--expect '{}': the result has no key '{}'{}; use a dotted path (e.g. "
                                       "latency.p99, channels.busiest.utilisation) or T, U, D, TP, AQLEN, p50, p90, "
                                       "p99, p999, stddev, variance, min, max",
                                       e.text, e.key,
                                       r.contains("latency") ? "" : " (it was run with run.statistics: basic)"));
  if (!v->is_number() && !v->is_boolean() && !v->is_null())
    throw ExpectationError(fmt::format("--expect '{}': '{}' is not a number but {}", e.text, key, v->type_name()));
  const std::string shown = fmt::format("{} {} {:g}", e.key, e.op, e.bound);
  if (v->is_null()) return {false, fmt::format("FAIL {}  ({} is not a number: the run measured none)", shown, key)};
  const double x = v->is_boolean() ? double(v->get<bool>()) : v->get<double>();
  bool ok = false;
  if (e.op == "<") ok = x < e.bound;
  if (e.op == "<=") ok = x <= e.bound;
  if (e.op == ">") ok = x > e.bound;
  if (e.op == ">=") ok = x >= e.bound;
  if (e.op == "==") ok = x == e.bound;
  if (e.op == "!=") ok = x != e.bound;
  return {ok, fmt::format("{} {}  ({} = {:.6g})", ok ? "ok  " : "FAIL", shown, key, x)};
}

ojson read_result_file(const std::string& path) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) throw ExpectationError(fmt::format("{}: not a file", path));
  std::ifstream in(path, std::ios::binary);
  if (!in) throw ExpectationError(fmt::format("{}: cannot be read", path));
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  try {
    return ojson::parse(text);
  } catch (const ojson::parse_error& ex) {
    const size_t upto = std::min(text.size(), ex.byte ? size_t(ex.byte - 1) : 0);
    const long line = 1 + long(std::count(text.begin(), text.begin() + long(upto), '\n'));
    throw ExpectationError(fmt::format("{}:{}: not a kncsim result (JSON): {}", path, line, ex.what()));
  }
}

}  // namespace kncsim
