// The config fuzzer: thousands of configurations drawn from the schema, valid ones and ones
// broken on purpose, each given to `kncsim run FILE --json OUT` in a child process. Every one
// must run (exit 0 with a JSON result), be refused (exit 2 with a message naming a key or the
// file), or report a deadlock where its routing allows one. Nothing may crash, hang, run out of
// memory or exit otherwise.
//
// Which of run and refused is right comes from kncsim's own rules, asked in this process: the
// schema, the decoding into an ExperimentSpec (decode, with its rules between keys) and the memory estimate, the
// checks `kncsim run` makes before it builds anything. The fuzzer keeps no copy of the rules
// between keys: a run must agree with them (a refusal they do not make is a check missing from
// them; a run they refuse is a check the run skipped). Only values the schema's table itself
// rules out (a word for a number, past a bound, NaN) are also demanded by construction.
//
// The cases are split over 8 shards (8 CTest tests, so that CTest runs them in parallel); case i
// belongs to shard i % 8 and depends only on (seed, i). Environment:
//   KNCSIM_FUZZ_SEED       seed of the draws (default 1)
//   KNCSIM_FUZZ_CASES      cases over all shards (default 2000)
//   KNCSIM_FUZZ_TIMEOUT    seconds per case before it is killed as a hang (default 60)
//   KNCSIM_FUZZ_MEMORY_MB  resident megabytes per case before it is killed (default 4096)
//   KNCSIM_FUZZ_CASE       run only this case (to repeat a failure; other shards run nothing)
// scripts/fuzz_config.sh runs long campaigns.
#include <gtest/gtest.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <regex>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <vector>

#include "child_run.hpp"
#include "config/config.hpp"
#include "spec/experiment_spec.hpp"
#include "spec/run_sizing.hpp"
#include "config/schema.hpp"
#include "config_draw.hpp"
#include "io/output_file.hpp"
#include "experiment/memory_estimate.hpp"
#include "experiment/run_outputs_check.hpp"

namespace kncsim::fuzz {
namespace {

constexpr int kShards = 8;
constexpr int kShownFailures = 20;  // per shard; the rest are counted

// The accepted outcomes come first; from crash on, each is a failure. The table's column names:
// exit = any other exit code, json = exit 0 without a usable --json result, accepted = exit 0 for
// a configuration the rules refuse (or the validator accepting a value the schema rules out),
// late = exit 2 for one the rules accept, dl_dor = a deadlock reported where none can happen
// (dimension-order routing or unbounded FIFOs).
enum Outcome {
  ran,
  refused,
  deadlock,
  crash,
  hang,
  memory,
  unnamed,
  bad_exit,
  bad_json,
  accepted,
  late,
  bad_deadlock,
  kOutcomes
};
const std::array<const char*, kOutcomes> kOutcomeNames = {
    "ran", "refused", "deadlock", "crash", "hang", "memory", "unnamed", "exit", "json", "accepted", "late", "dl_dor"};
bool is_failure(Outcome o) { return o >= crash; }

uint64_t env_or(const char* name, uint64_t otherwise) {
  const char* v = std::getenv(name);
  if (!v || !*v) return otherwise;
  char* end = nullptr;
  errno = 0;
  const unsigned long long x = std::strtoull(v, &end, 10);
  if (*end || errno || *v == '-')
    throw std::invalid_argument(std::string(name) + " must be an integer >= 0, not '" + v + "'");
  return x;
}

struct Settings {
  uint64_t seed = env_or("KNCSIM_FUZZ_SEED", 1);
  uint64_t cases = env_or("KNCSIM_FUZZ_CASES", 2000);
  int64_t only = std::getenv("KNCSIM_FUZZ_CASE") ? int64_t(env_or("KNCSIM_FUZZ_CASE", 0)) : -1;
  ChildLimits limits{double(env_or("KNCSIM_FUZZ_TIMEOUT", 60)), long(env_or("KNCSIM_FUZZ_MEMORY_MB", 4096))};
};

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), {}};
}

void write_file(const std::string& path, const std::string& bytes) {
  std::ofstream out(path, std::ios::binary);
  out << bytes;
  if (!out) throw std::runtime_error("config fuzz: cannot write " + path);
}

// Printable text: bytes outside ASCII as \xNN; long text cut.
std::string shown(const std::string& s, size_t max = 1500) {
  std::string out;
  for (size_t i = 0; i < s.size() && i < max; ++i) {
    const auto ch = static_cast<unsigned char>(s[i]);
    if (ch == '\n' || ch == '\t' || (ch >= 32 && ch < 127)) {
      out += char(ch);
    } else {
      char b[8];
      std::snprintf(b, sizeof b, "\\x%02x", ch);
      out += b;
    }
  }
  if (s.size() > max) out += "\n... (" + std::to_string(s.size() - max) + " more bytes)";
  return out;
}

bool names_key_or_file(const std::string& err, const std::string& path) {
  if (err.find(path) != std::string::npos) return true;
  for (const auto& s : config_schema())
    if (err.find(s.key) != std::string::npos) return true;
  // A traffic class's own key: classes.NAME.KEY (the schema holds KEY; the names are the config's).
  static const std::regex class_key(R"(classes\.[A-Za-z0-9_]+\.[a-z_]+)");
  return std::regex_search(err, class_key);
}

struct Verdict {
  Outcome outcome;
  std::string why;  // for failures
};

// What kncsim's rules say of a config file, before anything is built (in the order kncsim run
// asks them: the file and the decoding with its rules between keys, the output files, the
// memory estimate):
// `refusal` empty if it may run, else the refusal as kncsim run would print it. `either`: the
// verdict hangs on the machine's available memory, read by the child at another moment
// (an estimate within a factor of 2 of MemAvailable), so both verdicts stand. `dir`: where the
// child runs, for the output files' relative paths.
struct RulesVerdict {
  std::string refusal;
  bool either = false;
};

RulesVerdict rules_verdict(const std::string& path, const std::string& dir) {
  try {
    Config c;
    c.merge_file(path);
    const ExperimentSpec spec = decode(c);
    RunOutputs out = spec.outputs;
    for (std::string* p : {&out.vcd, &out.flits})
      if (!p->empty() && p->front() != '/' && *p != "-") *p = dir + "/" + *p;
    check_run_outputs(out, "", "");
    const RunSizing& sizing = spec.sizing;
    const MemoryEstimate e = estimate_memory(sizing);
    const bool near = !sizing.memory_limit_mib && e.limit_bytes > 0 && e.peak_bytes > e.limit_bytes / 2 &&
                      e.peak_bytes < 2 * e.limit_bytes;
    try {
      check_memory(sizing, e);
    } catch (const ConfigError& m) {
      return {m.what(), near};
    }
    return {"", near};
  } catch (const ConfigError& e) {
    return {e.what()};
  } catch (const OutputError& e) {
    return {e.what()};
  } catch (const std::exception& e) {  // a bug in the rules themselves: the child must not run it
    return {std::string("the rules threw ") + e.what()};
  }
}

Verdict classify(const FuzzCase& c, const ChildResult& r, const std::string& config_path, const std::string& json_path,
                 const std::string& err, const RulesVerdict& rules) {
  std::ostringstream why;
  const std::string& refusal = rules.refusal;
  if (r.over_memory) {
    why << "killed above " << r.peak_resident_mb << " MB resident after " << r.seconds << " s";
    return {memory, why.str()};
  }
  if (r.timed_out) {
    why << "killed after " << r.seconds << " s (" << r.peak_resident_mb << " MB resident)";
    return {hang, why.str()};
  }
  if (r.signal) {
    why << "killed by signal " << r.signal << " (" << strsignal(r.signal) << ")";
    return {crash, why.str()};
  }
  if (c.must_refuse && refusal.empty())
    return {accepted, "the rules accept a value the schema rules out (" + c.broken + ")"};
  if (r.exit_code == 0) {
    const auto j = nlohmann::json::parse(read_file(json_path), nullptr, false);
    if (j.is_discarded() || !j.is_object() || !j.contains("curtime") || !j["curtime"].is_number())
      return {bad_json, "exit 0, but the --json file does not parse or has no curtime"};
    if (c.rings && !(j.contains("topology") && j["topology"] == "rings"))
      return {bad_json, "exit 0 for a ring network, but the JSON does not say topology: rings"};
    if (!refusal.empty() && !rules.either) return {accepted, "exit 0 for a configuration the rules refuse: " + refusal};
    return {ran, ""};
  }
  if (r.exit_code == 2) {
    if (refusal.empty() && !rules.either)
      return {late, "exit 2, though the schema, the decoding, the output checks and the memory estimate "
                    "accept it"};
    if (!err.empty() && names_key_or_file(err, config_path)) return {refused, ""};
    return {unnamed, "exit 2, but stderr names no key and not the file"};
  }
  if (r.exit_code == 1 && err.find("deadlock") != std::string::npos) {
    if (c.deadlock_allowed) return {deadlock, ""};
    return {bad_deadlock, "a deadlock reported with dimension-order routing or unbounded FIFOs"};
  }
  why << "exit code " << r.exit_code;
  return {bad_exit, why.str()};
}

// Outcome counts per kind of case.
struct Tally {
  std::map<std::string, std::array<long, kOutcomes>> by_kind;
  long cases = 0;
  double seconds = 0;

  void add(const std::string& kind, Outcome o) {
    by_kind[kind][o] += 1;  // operator[] zero-fills a new row
    ++cases;
  }
  void merge(const Tally& t) {
    for (const auto& [kind, row] : t.by_kind)
      for (int o = 0; o < kOutcomes; ++o) by_kind[kind][o] += row[o];
    cases += t.cases;
    seconds += t.seconds;
  }

  std::string table(const Settings& s) const {
    std::ostringstream out;
    auto line = [&](const std::string& name, const std::array<long, kOutcomes>& row) {
      long n = 0;
      for (long x : row) n += x;
      out << "[fuzz] " << std::left << std::setw(16) << name << std::right << std::setw(7) << n;
      for (long x : row) out << std::setw(9) << x;
      out << "\n";
    };
    out << "[fuzz] config fuzz: " << cases << " cases, seed " << s.seed << ", " << std::fixed << std::setprecision(1)
        << seconds << " s in the shards\n";
    out << "[fuzz] " << std::left << std::setw(16) << "kind" << std::right << std::setw(7) << "cases";
    for (const char* name : kOutcomeNames) out << std::setw(9) << name;
    out << "\n";
    std::array<long, kOutcomes> total{}, valid{};
    for (const auto& kind : case_kinds()) {  // every kind, drawn or not: the same rows in every table
      auto it = by_kind.find(kind);
      const std::array<long, kOutcomes> row = it == by_kind.end() ? std::array<long, kOutcomes>{} : it->second;
      line(kind, row);
      for (int o = 0; o < kOutcomes; ++o) {
        total[o] += row[o];
        if (kind.rfind("valid_", 0) == 0) valid[o] += row[o];
      }
    }
    line("total", total);
    long valid_cases = 0, failures = 0;
    for (int o = 0; o < kOutcomes; ++o) {
      valid_cases += valid[o];
      if (is_failure(Outcome(o))) failures += total[o];
    }
    out << "[fuzz] valid draws that ran: " << valid[ran] << " of " << valid_cases << " ("
        << (valid_cases ? 100 * valid[ran] / valid_cases : 0) << "%); failures: " << failures << "\n";
    return out.str();
  }
};

class ConfigFuzz : public ::testing::TestWithParam<int> {
 public:
  // The table over every shard this process ran (one shard under CTest, all when run directly).
  static void TearDownTestSuite() { std::cout << suite_tally().table(Settings()); }

 protected:
  static Tally& suite_tally() {
    static Tally t;
    return t;
  }
};

TEST_P(ConfigFuzz, EveryCaseRunsOrIsRefusedWithAMessage) {
  const Settings s;
  const int shard = GetParam();
  namespace fs = std::filesystem;
  const std::string dir =
      ::testing::TempDir() + "kncsim_fuzz_" + std::to_string(getpid()) + "_shard" + std::to_string(shard);
  fs::create_directories(dir);
  const std::string json = dir + "/result.json", out = dir + "/stdout.txt", err = dir + "/stderr.txt";

  Tally tally;
  int failures = 0;
  const auto start = std::chrono::steady_clock::now();
  std::vector<uint64_t> indices;
  if (s.only >= 0) {
    if (uint64_t(s.only) % kShards == uint64_t(shard)) indices.push_back(uint64_t(s.only));
  } else {
    for (uint64_t i = uint64_t(shard); i < s.cases; i += kShards) indices.push_back(i);
  }
  for (const uint64_t i : indices) {
    const FuzzCase c = draw_case(s.seed, i);
    const std::string config = dir + "/case_" + std::to_string(i) + ".yaml";
    write_file(config, c.text);
    fs::remove(json);
    const ChildResult r = run_child({KNCSIM_BIN, "run", config, "--json", json}, dir, out, err, s.limits);
    const std::string err_text = read_file(err);
    const Verdict v = classify(c, r, config, json, err_text, rules_verdict(config, dir));
    tally.add(c.kind, v.outcome);
    if (!is_failure(v.outcome)) {
      fs::remove(config);
      continue;
    }
    if (++failures <= kShownFailures)
      ADD_FAILURE() << "case " << i << " (" << c.kind << (c.broken.empty() ? "" : ": " + c.broken)
                    << "; repeat with KNCSIM_FUZZ_SEED=" << s.seed << " KNCSIM_FUZZ_CASE=" << i << "): " << v.why
                    << "\nconfig " << config << " (" << c.text.size() << " bytes):\n"
                    << shown(c.text) << "\nstderr:\n"
                    << shown(err_text);
  }
  tally.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (failures > kShownFailures) ADD_FAILURE() << failures - kShownFailures << " more failures in this shard not shown";
  if (failures == 0) fs::remove_all(dir);  // else the failing configs stay for a rerun
  suite_tally().merge(tally);
  std::cout << "[fuzz] shard " << shard << ": " << tally.cases << " cases, " << failures << " failures, "
            << tally.seconds << " s\n";
}

INSTANTIATE_TEST_SUITE_P(Shards, ConfigFuzz, ::testing::Range(0, kShards),
                         [](const ::testing::TestParamInfo<int>& info) {
                           return "shard" + std::to_string(info.param);
                         });

}  // namespace
}  // namespace kncsim::fuzz
