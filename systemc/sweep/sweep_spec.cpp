#include "sweep/sweep_spec.hpp"

#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <set>

#include "experiment/experiment.hpp"
#include "spec/experiment_spec.hpp"
#include "config/schema.hpp"
#include "experiment/rtl_attach.hpp"

namespace kncsim {
namespace {

namespace fs = std::filesystem;
using ojson = nlohmann::ordered_json;

constexpr const char* kTopKeys[] = {"base",  "set",    "grid",   "points", "seeds", "repetitions", "stop_at_saturation",
                                    "record", "output"};
constexpr int64_t kMaxPoints = 1000000;

int line_of(const YAML::Node& n) { return n.Mark().line + 1; }

// A value as YAML text in flow style ("0.3", "[8, 8]", quoted where it must be), to apply as
// "key: text".
std::string yaml_text(const YAML::Node& n) {
  YAML::Emitter e;
  e << YAML::Flow << n;
  return e.c_str();
}

struct Assignment {
  std::string key, text;
  int line;
};

class Reader {
 public:
  explicit Reader(std::string path) : path_(std::move(path)) {}

  [[noreturn]] void fail(int line, const std::string& msg) const {
    throw SweepError(fmt::format("{}:{}: {}", path_, line, msg));
  }

  // key: value pairs of a map (the values as YAML text).
  std::vector<Assignment> assignments(const YAML::Node& map, const char* what) const {
    if (!map.IsMap()) fail(line_of(map), fmt::format("'{}' must be a map of configuration keys to values", what));
    std::vector<Assignment> out;
    for (const auto& kv : map) {
      if (kv.second.IsMap()) fail(line_of(kv.first), fmt::format("'{}' in '{}': a value must be a scalar or a list", kv.first.Scalar(), what));
      out.push_back({kv.first.Scalar(), yaml_text(kv.second), line_of(kv.first)});
    }
    return out;
  }

  // A grid axis: a non-empty list, or a range {from, to, step} with both ends included.
  std::vector<std::string> axis(const std::string& key, const YAML::Node& v) const {
    const int line = line_of(v);
    std::vector<std::string> values;
    if (v.IsSequence()) {
      for (const auto& item : v) values.push_back(yaml_text(item));
    } else if (v.IsMap()) {
      std::set<std::string> given;
      for (const auto& kv : v) {
        const std::string k = kv.first.Scalar();
        if (k != "from" && k != "to" && k != "step")
          fail(line_of(kv.first), fmt::format("grid key '{}': unknown range field '{}'; allowed: from, to, step", key, k));
        given.insert(k);
      }
      if (given.size() != 3) fail(line, fmt::format("grid key '{}': a range needs from, to and step", key));
      double from = 0, to = 0, step = 0;
      try {
        from = v["from"].as<double>(), to = v["to"].as<double>(), step = v["step"].as<double>();
      } catch (const YAML::Exception&) {
        fail(line, fmt::format("grid key '{}': from, to and step must be numbers", key));
      }
      if (!(step > 0) || !(to >= from) || !std::isfinite(to))
        fail(line, fmt::format("grid key '{}': a range needs step > 0 and to >= from", key));
      const double n = std::floor((to - from) / step + 1e-9) + 1;
      if (n > double(kMaxPoints)) fail(line, fmt::format("grid key '{}': the range has {:g} values; allowed: at most {}", key, n, kMaxPoints));
      for (int64_t i = 0; i < int64_t(n); ++i) values.push_back(fmt::format("{:.12g}", from + double(i) * step));
    } else {
      fail(line, fmt::format("grid key '{}' must be a list of values or a range {{from, to, step}}", key));
    }
    if (values.empty())
      fail(line, fmt::format("grid key '{}' has no values; allowed: a non-empty list or a range {{from, to, step}}", key));
    return values;
  }

  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

uint64_t fnv1a(const std::string& s) {
  uint64_t h = 1469598103934665603ull;
  for (unsigned char c : s) h = (h ^ c) * 1099511628211ull;
  return h;
}

ojson scalar_json(const YAML::Node& n) {
  if (n.IsSequence()) {
    ojson a = ojson::array();
    for (const auto& item : n) a.push_back(scalar_json(item));
    return a;
  }
  const std::string& s = n.Scalar();
  if (s == "true" || s == "false") return ojson(s == "true");
  size_t used = 0;
  try {
    const long long i = std::stoll(s, &used);
    if (used == s.size()) return ojson(int64_t(i));
  } catch (const std::exception&) {  // not an integer (".9" starts with none)
  }
  try {
    const double d = std::stod(s, &used);
    if (used == s.size()) return ojson(d);
  } catch (const std::exception&) {
  }
  return ojson(s);
}

}  // namespace

ojson point_params_json(const SweepPoint& p) {
  ojson j = ojson::object();
  for (const auto& [key, text] : p.params) j[key] = scalar_json(YAML::Load(text));
  return j;
}

SweepSpec load_sweep(const std::string& path) {
  Reader rd(path);
  YAML::Node root;
  try {
    root = YAML::LoadFile(path);
  } catch (const YAML::BadFile&) {
    throw SweepError(fmt::format("{}: cannot be read", path));
  } catch (const YAML::Exception& e) {
    throw SweepError(fmt::format("{}:{}: not a sweep file (YAML): {}", path, e.mark.line + 1, e.msg));
  }
  if (!root.IsMap()) rd.fail(1, "a sweep file is a map of: base, set, grid, points, seeds, repetitions, stop_at_saturation, record, output");
  for (const auto& kv : root) {
    const std::string k = kv.first.Scalar();
    if (std::find(std::begin(kTopKeys), std::end(kTopKeys), k) == std::end(kTopKeys))
      rd.fail(line_of(kv.first), fmt::format("unknown key '{}'; allowed: {}", k, fmt::join(kTopKeys, ", ")));
  }
  const fs::path dir = fs::path(path).parent_path();
  auto relative = [&](const std::string& p) { return fs::path(p).is_absolute() ? fs::path(p) : dir / p; };

  SweepSpec s;
  s.path = path;
  // Beside the file, named after it without .yaml (a file without an extension: NAME.out).
  const fs::path file(path);
  s.output_dir = (file.parent_path() / (file.has_extension() ? file.stem().string() : file.filename().string() + ".out")).string();
  if (root["output"]) s.output_dir = relative(root["output"].Scalar()).string();
  if (const auto r = root["record"]) {
    if (r.Scalar() != "summary" && r.Scalar() != "full")
      rd.fail(line_of(r), fmt::format("record '{}'; allowed: summary, full", r.Scalar()));
    s.full_record = r.Scalar() == "full";
  }

  std::string base;
  if (const auto b = root["base"]) {
    base = relative(b.Scalar()).string();
    if (!fs::is_regular_file(base)) rd.fail(line_of(b), fmt::format("base config '{}' does not exist", base));
  }
  const std::vector<Assignment> sets = root["set"] ? rd.assignments(root["set"], "set") : std::vector<Assignment>{};

  // The axes: explicit point sets, then the grid's keys (the first slowest).
  std::vector<std::vector<Assignment>> entries{{}};
  if (const auto pts = root["points"]) {
    if (!pts.IsSequence() || pts.size() == 0) rd.fail(line_of(pts), "'points' must be a non-empty list of maps of keys to values");
    entries.clear();
    for (const auto& p : pts) entries.push_back(rd.assignments(p, "points"));
  }
  std::vector<std::pair<Assignment, std::vector<std::string>>> grid;
  if (const auto g = root["grid"]) {
    if (!g.IsMap() || g.size() == 0) rd.fail(line_of(g), "'grid' must be a non-empty map of keys to lists or ranges");
    for (const auto& kv : g) grid.push_back({{kv.first.Scalar(), "", line_of(kv.first)}, rd.axis(kv.first.Scalar(), kv.second)});
  }
  std::vector<std::optional<int64_t>> seeds{std::nullopt};
  if (root["seeds"] && root["repetitions"]) rd.fail(line_of(root["repetitions"]), "give seeds or repetitions, not both");
  if (const auto sd = root["seeds"]) {
    if (!sd.IsSequence() || sd.size() == 0) rd.fail(line_of(sd), "'seeds' must be a non-empty list of integers");
    seeds.clear();
    for (const auto& x : sd) {
      try {
        seeds.push_back(x.as<int64_t>());
      } catch (const YAML::Exception&) {
        rd.fail(line_of(x), fmt::format("seed '{}' is not an integer", yaml_text(x)));
      }
    }
  }
  if (const auto rp = root["repetitions"]) {
    int64_t n = 0;
    try {
      n = rp.as<int64_t>();
    } catch (const YAML::Exception&) {
    }
    if (n < 1 || n > kMaxPoints) rd.fail(line_of(rp), fmt::format("repetitions must be an integer from 1 to {}", kMaxPoints));
    seeds.clear();
    for (int64_t i = 1; i <= n; ++i) seeds.push_back(i);
  }
  if (const auto st = root["stop_at_saturation"]) {
    if (st.IsScalar()) {
      if (st.Scalar() != "true" && st.Scalar() != "false")
        rd.fail(line_of(st), "stop_at_saturation: allowed: true, false, or a map {key, latency_bound, detect}");
      s.stop_at_saturation = st.Scalar() == "true";
      s.detect_saturation = s.stop_at_saturation;
    } else if (st.IsMap()) {
      s.stop_at_saturation = true;
      s.detect_saturation = true;
      for (const auto& kv : st) {
        const std::string k = kv.first.Scalar();
        if (k == "key") {
          s.load_key = kv.second.Scalar();
        } else if (k == "latency_bound") {
          try {
            s.latency_bound = kv.second.as<double>();
          } catch (const YAML::Exception&) {
          }
          if (!(s.latency_bound > 0)) rd.fail(line_of(kv.second), "stop_at_saturation.latency_bound must be a number > 0");
        } else if (k == "detect") {
          if (!kv.second.IsScalar() || (kv.second.Scalar() != "true" && kv.second.Scalar() != "false"))
            rd.fail(line_of(kv.second), "stop_at_saturation.detect: allowed: true, false");
          s.detect_saturation = kv.second.Scalar() == "true";
        } else {
          rd.fail(line_of(kv.first),
                  fmt::format("stop_at_saturation: unknown key '{}'; allowed: key, latency_bound, detect", k));
        }
      }
    } else {
      rd.fail(line_of(st), "stop_at_saturation: allowed: true, false, or a map {key, latency_bound, detect}");
    }
  }

  // A key is set in one place only.
  std::map<std::string, std::string> where;
  auto claim = [&](const Assignment& a, const std::string& place) {
    const auto [it, fresh] = where.emplace(a.key, place);
    if (!fresh && it->second != place)
      rd.fail(a.line, fmt::format("key '{}' is both in {} and in {}; allowed: one place", a.key, it->second, place));
  };
  for (const auto& a : sets) claim(a, "set");
  for (const auto& e : entries)
    for (const auto& a : e) {
      claim(a, "points");
      if (std::find(s.varied_keys.begin(), s.varied_keys.end(), a.key) == s.varied_keys.end()) s.varied_keys.push_back(a.key);
    }
  for (const auto& [a, values] : grid) {
    claim(a, "grid");
    s.varied_keys.push_back(a.key);
  }
  if (seeds.front() && where.count("traffic.seed"))
    throw SweepError(fmt::format("{}: traffic.seed is in {} while seeds/repetitions also set it; allowed: one of them", path,
                                 where["traffic.seed"]));
  // stop_at_saturation's detection sets these keys on every point.
  if (s.detect_saturation)
    for (const char* key : {"run.saturation", "run.latency_bound"})
      if (where.count(key))
        throw SweepError(fmt::format("{}: {} is in {} while stop_at_saturation sets it on every point; allowed: one of "
                                     "them (stop_at_saturation: {{detect: false}} keeps each point's own)",
                                     path, key, where[key]));
  if (s.stop_at_saturation && std::find(s.varied_keys.begin(), s.varied_keys.end(), s.load_key) == s.varied_keys.end())
    throw SweepError(fmt::format("{}: stop_at_saturation: its key '{}' is not varied by the grid or points", path, s.load_key));

  // Expand: every entry x every grid combination x every seed.
  int64_t combos = 1;
  for (const auto& [a, values] : grid) combos *= int64_t(values.size());
  const int64_t total = combos * int64_t(entries.size()) * int64_t(seeds.size());
  if (total > kMaxPoints) throw SweepError(fmt::format("{}: {} points; allowed: at most {}", path, total, kMaxPoints));
  auto apply = [&](Config& c, const std::string& key, const std::string& text, int line) {
    c.merge_yaml(fmt::format("{}: {}", key, text), fmt::format("{} line {}", path, line));
  };
  for (const auto& entry : entries)
    for (int64_t combo = 0; combo < combos; ++combo)
      for (const auto& seed : seeds) {
        SweepPoint p;
        p.index = int(s.points.size());
        std::string resolved;  // the point's configuration, every key resolved: its identity
        try {
          p.config.apply_set("run.threads=1");  // a sweep runs points side by side: one core each
          if (!base.empty()) p.config.merge_file(base);
          for (const auto& a : sets) apply(p.config, a.key, a.text, a.line);
          for (const auto& a : entry) {
            p.params.push_back({a.key, a.text});  // first, so that an error names the point with it
            apply(p.config, a.key, a.text, a.line);
          }
          int64_t rest = combo;
          std::vector<int64_t> digits(grid.size());
          for (size_t i = grid.size(); i-- > 0;) digits[i] = rest % int64_t(grid[i].second.size()), rest /= int64_t(grid[i].second.size());
          for (size_t i = 0; i < grid.size(); ++i) {
            const std::string& text = grid[i].second[size_t(digits[i])];
            p.params.push_back({grid[i].first.key, text});
            apply(p.config, grid[i].first.key, text, grid[i].first.line);
          }
          if (seed) p.config.apply_set(fmt::format("traffic.seed={}", *seed));
          if (s.detect_saturation) {
            p.config.apply_set("run.saturation=detect");
            p.config.apply_set(fmt::format("run.latency_bound={}", s.latency_bound));
          }
          p.seed = seed;
          // Every combination a run would refuse, and every point too large for this machine.
          const ExperimentSpec spec = decode(p.config, check_run_memory);
          resolved = spec.config.dump();
          p.nodes = 1;
          for (int r : spec.sizing.radices) p.nodes *= r;
          if (s.stop_at_saturation) {
            const std::optional<double> load = numeric_key(p.config, s.load_key);
            if (!load)
              throw ConfigError(fmt::format("stop_at_saturation: key '{}' is not a number key; allowed: a numeric key such as traffic.load", s.load_key));
            p.load = *load;
          }
        } catch (const ConfigError& e) {
          std::string at;
          for (const auto& [k, v] : p.params) at += fmt::format("{}{}={}", at.empty() ? "" : ", ", k, v);
          throw SweepError(fmt::format("{}: point {} ({}): {}", path, p.index, at.empty() ? "base and set only" : at, e.what()));
        }
        p.id = fmt::format("{:016x}", fnv1a(resolved));
        s.points.push_back(std::move(p));
      }

  // Tasks: a load series (everything else equal, loads ascending) with stop_at_saturation, else a point each.
  if (!s.stop_at_saturation) {
    for (const auto& p : s.points) s.tasks.push_back({p.index});
  } else {
    std::map<std::string, size_t> series;
    for (const auto& p : s.points) {
      std::string k;
      for (const auto& [key, text] : p.params)
        if (key != s.load_key) k += key + "=" + text + ";";
      k += p.seed ? std::to_string(*p.seed) : "-";
      const auto [it, fresh] = series.emplace(k, s.tasks.size());
      if (fresh) s.tasks.emplace_back();
      s.tasks[it->second].push_back(p.index);
    }
    for (auto& t : s.tasks)
      std::stable_sort(t.begin(), t.end(), [&](int a, int b) { return s.points[size_t(a)].load < s.points[size_t(b)].load; });
  }
  for (size_t t = 0; t < s.tasks.size(); ++t)
    for (int i : s.tasks[t]) s.points[size_t(i)].task = int(t);
  // Two points with the same resolved configuration would share a result file.
  std::map<std::string, int> ids;
  for (const auto& p : s.points)
    if (const auto [it, fresh] = ids.emplace(p.id, p.index); !fresh)
      throw SweepError(fmt::format("{}: points {} and {} have the same configuration; allowed: each point once", path,
                                   it->second, p.index));
  return s;
}

}  // namespace kncsim
