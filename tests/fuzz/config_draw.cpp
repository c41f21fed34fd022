// Draws the fuzz configurations. A valid draw pins the keys that decide whether a network is
// accepted and how long it runs (small networks, a few hundred cycles), and gives every other
// schema key, including keys added to the schema later, a random in-range value now and then.
// A broken draw starts from a valid one and breaks it in one way.
#include "config_draw.hpp"

#include "spec/experiment_spec.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <limits>
#include <set>
#include <stdexcept>

#include "config/config.hpp"
#include "config/schema.hpp"
#include "rtl/rtl_limits.hpp"
#include "rtl_adapt/rtl_variants.hpp"

namespace kncsim::fuzz {
namespace {

constexpr int64_t kInt64Max = std::numeric_limits<int64_t>::max();

// ------------------------------------------------------------------ random helpers

int64_t between(Rng& rng, int64_t lo, int64_t hi) { return std::uniform_int_distribution<int64_t>(lo, hi)(rng); }
double real(Rng& rng, double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(rng); }
bool chance(Rng& rng, double p) { return std::bernoulli_distribution(p)(rng); }
template <class T>
T pick(Rng& rng, const std::vector<T>& v) {
  return v.at(size_t(between(rng, 0, int64_t(v.size()) - 1)));
}

std::string num(double v, int digits = 6) {
  char b[64];
  std::snprintf(b, sizeof b, "%.*g", digits, v);
  return b;
}

std::string list(const std::vector<int64_t>& v) {
  std::string s = "[";
  for (size_t i = 0; i < v.size(); ++i) s += (i ? ", " : "") + std::to_string(v[i]);
  return s + "]";
}

std::string repeat(const std::string& s, size_t n) {
  std::string r;
  r.reserve(s.size() * n);
  for (size_t i = 0; i < n; ++i) r += s;
  return r;
}

// ------------------------------------------------------------------ the schema

const KeySpec& spec(const std::string& key) {
  const KeySpec* s = find_key(key);
  if (!s) throw std::logic_error("config fuzz: the schema has no key " + key);
  return *s;
}

std::string choice(Rng& rng, const std::string& key) { return pick(rng, spec(key).choices); }

bool has_max(const KeySpec& s) { return s.max >= s.min; }
bool numeric(const KeySpec& s) { return s.kind != KeyKind::choice && s.kind != KeyKind::text; }
bool integral(const KeySpec& s) { return numeric(s) && s.kind != KeyKind::number && s.kind != KeyKind::numbers; }

// Integer bounds of a key (the schema keeps them as doubles, where 2^63 - 1 does not fit).
int64_t int_min(const KeySpec& s) {
  const auto m = int64_t(std::ceil(s.min));
  return s.min_exclusive && double(m) == s.min ? m + 1 : m;
}
int64_t int_max(const KeySpec& s) { return !has_max(s) || s.max >= 9.2e18 ? kInt64Max : int64_t(s.max); }

std::vector<const KeySpec*> schema_keys(const std::function<bool(const KeySpec&)>& keep) {
  std::vector<const KeySpec*> out;
  for (const auto& s : config_schema())
    if (keep(s)) out.push_back(&s);
  return out;
}

// A small in-range value for any key, from its kind and bounds alone.
std::string generic_value(Rng& rng, const KeySpec& s) {
  auto small_int = [&] {
    const int64_t lo = int_min(s), span = chance(rng, 0.7) ? 9 : 1000;
    return std::to_string(between(rng, lo, std::min(int_max(s), lo + span)));
  };
  switch (s.kind) {
    case KeyKind::choice:
      return pick(rng, s.choices);
    case KeyKind::integer_or_choice:
      return chance(rng, 0.4) ? pick(rng, s.choices) : small_int();
    case KeyKind::integer:
      return small_int();
    case KeyKind::integers:
      return chance(rng, 0.7) ? small_int() : "[" + small_int() + ", " + small_int() + "]";
    case KeyKind::number:
    case KeyKind::numbers: {
      const double hi = has_max(s) ? s.max : s.min + 2;
      return num(hi - (hi - s.min) * real(rng, 0, 0.999));  // in (min, hi]
    }
    case KeyKind::text:
      return "\"\"";
  }
  return "";
}

// ------------------------------------------------------------------ a config being drawn

// Dotted keys with their YAML value text, in order. add() may repeat a key.
class Draft {
 public:
  void set(const std::string& key, const std::string& value) {
    auto it = find(key);
    if (it == entries_.end()) return add(key, value);
    it->second = value;
    entries_.erase(std::remove_if(it + 1, entries_.end(), [&](const auto& e) { return e.first == key; }),
                   entries_.end());
  }
  void add(const std::string& key, const std::string& value) { entries_.emplace_back(key, value); }
  void erase(const std::string& key) {
    entries_.erase(std::remove_if(entries_.begin(), entries_.end(), [&](const auto& e) { return e.first == key; }),
                   entries_.end());
  }
  // The keys starting with `prefix` first, each group in its order.
  void move_to_front(const std::string& prefix) {
    std::stable_partition(entries_.begin(), entries_.end(),
                          [&](const auto& e) { return e.first.compare(0, prefix.size(), prefix) == 0; });
  }
  bool has(const std::string& key) const { return find(key) != entries_.end(); }
  std::string get(const std::string& key, const std::string& otherwise) const {
    auto it = find(key);
    return it == entries_.end() ? otherwise : it->second;
  }
  const std::vector<std::pair<std::string, std::string>>& entries() const { return entries_; }

  // The file, laid out as block sections, flow sections, or top-level dotted keys.
  std::string yaml(Rng& rng) const {
    const int layout = int(between(rng, 0, 9));  // 0..6 block, 7..8 flow, 9 dotted
    std::string out = chance(rng, 0.2) ? "# drawn by the kncsim config fuzzer\n" : "";
    if (layout == 9) {
      for (const auto& [k, v] : entries_) out += k + ": " + v + "\n";
      return out;
    }
    struct Section {
      std::string name, value;  // value: a top-level key without a dot
      std::vector<std::pair<std::string, std::string>> keys;
    };
    std::vector<Section> sections;
    for (const auto& [k, v] : entries_) {
      const auto dot = k.find('.');
      if (dot == std::string::npos) {
        sections.push_back({k, v, {}});
        continue;
      }
      const std::string name = k.substr(0, dot);
      auto it = std::find_if(sections.begin(), sections.end(),
                             [&](const Section& s) { return s.name == name && s.value.empty(); });
      if (it == sections.end()) it = sections.insert(sections.end(), {name, "", {}});
      it->keys.emplace_back(k.substr(dot + 1), v);
    }
    for (const auto& s : sections) {
      if (s.keys.empty()) {
        out += s.name + ": " + s.value + "\n";
      } else if (layout >= 7) {
        out += s.name + ": {";
        for (size_t i = 0; i < s.keys.size(); ++i) out += (i ? ", " : "") + s.keys[i].first + ": " + s.keys[i].second;
        out += "}\n";
      } else {
        out += s.name + ":\n";
        for (const auto& [k, v] : s.keys) out += "  " + k + ": " + v + "\n";
      }
    }
    return out;
  }

 private:
  using Entries = std::vector<std::pair<std::string, std::string>>;
  Entries::iterator find(const std::string& key) {
    return std::find_if(entries_.begin(), entries_.end(), [&](const auto& e) { return e.first == key; });
  }
  Entries::const_iterator find(const std::string& key) const {
    return std::find_if(entries_.begin(), entries_.end(), [&](const auto& e) { return e.first == key; });
  }
  Entries entries_;
};

// ------------------------------------------------------------------ valid draws

struct Base {
  Draft d;
  int64_t nodes = 0;
  bool rings = false;
  bool deadlock_allowed = false;
};

// Keys the families set (or leave at their default) on purpose; fill_generic() draws the rest.
const std::set<std::string>& mesh_keys() {
  static const std::set<std::string> keys = {
      "network.dims",         "network.radix",         "network.topology",    "router.model",  "network.overrides",
      "router.impl",          "router.rtl_nodes",      "router.rtl_binding",  "router.routing",
      "router.fifo_packets",  "router.fifo_flits",     "router.flow_control", "router.routing_delay",
      "router.packet_format", "router.fifo_check",     "link.delay",          "link.kind",
      "link.embedding",       "link.mode",             "link.switch_to_wire_ratio",
      "traffic.pattern",      "traffic.hotspot_nodes", "traffic.load",        "traffic.packet_flits",
      "traffic.stream",       "traffic.seed",          "run.convergence",     "run.cycles",
      "run.max_cycles",       "run.deadlock_cycles",   "trace.vcd",           "trace.nodes",
      "network.wiring",       "router.vcs",            "router.arbitration",  "router.allow_deadlock",
      // The scoreboard's bounds make a verdict, not a run: drawn on purpose, large enough to keep.
      "verify.drain_cycles",  "verify.starvation_cycles",
      // PP-MESS-SIM's workload and switching: their rules tie them to others (put_workload).
      "traffic.packet_length", "traffic.packet_length_params", "traffic.interarrival", "traffic.interarrival_params",
      "traffic.hop_probabilities", "traffic.mru_stack", "traffic.hotspot_probabilities", "traffic.rotation",
      "router.hybrid_hops", "router.buffer_packets", "router.selection", "router.deflections"};
  return keys;
}
const std::set<std::string>& ring_keys() {
  static const std::set<std::string> keys = [] {
    std::set<std::string> k = mesh_keys();
    k.insert({"router.ring_buffer_flits", "router.input_queue_flits", "router.output_queue_flits", "router.t_pass",
              "router.t_switch", "router.sci_accept", "link.constraint",
              "link.width_bits", "link.node_wires", "link.bisection_wires"});
    return k;
  }();
  return keys;
}

void fill_generic(Base& b, Rng& rng, const std::set<std::string>& pinned) {
  for (const auto& s : config_schema())
    if (!pinned.count(s.key) && !b.d.has(s.key) && chance(rng, 0.15)) b.d.set(s.key, generic_value(rng, s));
}

// Radices for 1..max_dims dimensions with at most max_nodes nodes.
std::vector<int64_t> draw_radices(Rng& rng, int min_dims, int max_dims, double max_nodes, int64_t max_radix) {
  std::vector<int64_t> r(size_t(between(rng, min_dims, max_dims)));
  for (auto& x : r) x = between(rng, 2, chance(rng, 0.7) ? std::min<int64_t>(8, max_radix) : max_radix);
  auto nodes = [&] {
    double n = 1;
    for (auto x : r) n *= double(x);
    return n;
  };
  while (nodes() > max_nodes) {
    auto big = std::max_element(r.begin(), r.end());
    if (*big == 2) break;  // min_dims radix-2 dimensions always fit the budgets used here
    *big = std::max<int64_t>(2, *big / 2);
  }
  return r;
}

int64_t product(const std::vector<int64_t>& r) {
  int64_t n = 1;
  for (auto x : r) n *= x;
  return n;
}

void put_network(Base& b, Rng& rng, const std::vector<int64_t>& r) {
  const bool same = std::all_of(r.begin(), r.end(), [&](int64_t x) { return x == r[0]; });
  if (r.size() != 2 || chance(rng, 0.7)) b.d.set("network.dims", std::to_string(r.size()));
  b.d.set("network.radix", same && chance(rng, 0.6) ? std::to_string(r[0]) : list(r));
  b.nodes = product(r);
}

// One node, or a short list of them.
std::string nodes_value(Rng& rng, int64_t nodes, int max_count) {
  if (chance(rng, 0.4)) return std::to_string(between(rng, 0, nodes - 1));
  std::vector<int64_t> v(size_t(between(rng, 1, max_count)));
  for (auto& x : v) x = between(rng, 0, nodes - 1);
  return list(v);
}

int64_t packet_flits(Rng& rng, int64_t max) {
  return chance(rng, 0.5) ? std::min(max, pick(rng, std::vector<int64_t>{1, 2, 4, 8, 16, 32})) : between(rng, 1, max);
}

// Whether the rules between keys (decode) take pattern p on these radices (transpose, bit reversal and the graph
// patterns need particular shapes): asked of it, so that most valid draws run.
bool pattern_fits(const std::string& p, const std::vector<int64_t>& r) {
  Config c;
  c.set_value("network.dims", std::to_string(r.size()), "the fuzzer");
  c.apply_set("network.radix=" + list(r));
  c.set_value("traffic.pattern", p, "the fuzzer");
  try {
    decode(c);
    return true;
  } catch (const ConfigError&) {
    return false;
  }
}

// Traffic on a mesh; returns the load.
double put_traffic(Base& b, Rng& rng, const std::vector<int64_t>& r, int64_t L) {
  if (chance(rng, 0.6)) {
    std::vector<std::string> fits;
    for (const auto& p : spec("traffic.pattern").choices)
      if (pattern_fits(p, r)) fits.push_back(p);
    const std::string p = pick(rng, fits);
    b.d.set("traffic.pattern", p);
    if (p == "hotspot" || chance(rng, 0.1)) b.d.set("traffic.hotspot_nodes", nodes_value(rng, b.nodes, 4));
  }
  const double load = chance(rng, 0.1) ? real(rng, 1, 2) : real(rng, 0.02, 0.95);
  b.d.set("traffic.load", num(load, 3));
  b.d.set("traffic.packet_flits", std::to_string(L));
  const std::string stream = chance(rng, 0.5) ? choice(rng, "traffic.stream") : "legacy";
  if (stream != "legacy" || chance(rng, 0.3)) b.d.set("traffic.stream", stream);
  if (chance(rng, 0.4))  // legacy seeds are srand48's 32 bits
    b.d.set("traffic.seed",
            std::to_string(stream == "legacy" ? between(rng, 0, 4294967295) : between(rng, 0, kInt64Max)));
  if (chance(rng, 0.2)) {  // energy accounting: a built-in table, its payload, wires and router
    b.d.set("energy.technology", pick(rng, std::vector<std::string>{"45nm", "32nm", "22nm"}));
    if (chance(rng, 0.4)) b.d.set("traffic.payload", choice(rng, "traffic.payload"));
    if (chance(rng, 0.3)) b.d.set("energy.flit_bits", std::to_string(between(rng, 1, 300)));
    if (chance(rng, 0.3)) b.d.set("energy.mm_per_unit", num(real(rng, 0.05, 5), 3));
    if (chance(rng, 0.2)) b.d.set("energy.buffer_flits", std::to_string(between(rng, 1, 64)));
    if (chance(rng, 0.2)) b.d.set("energy.clock_ghz", num(real(rng, 0.2, 4), 3));
  }
  return load;
}

// PP-MESS-SIM's distributions on the flit-level mesh: lengths within L (the FIFOs are sized by
// it), gaps, an MRU stack, hop-uniform and rotated destinations, hot spots with their own odds.
const std::string kTextTraceFile = std::string("\"") + KNCSIM_SOURCE_DIR + "/tests/data/traces/small.txt\"";
const std::string kNetraceFile = std::string("\"") + KNCSIM_SOURCE_DIR + "/tests/data/netrace/example.tra.bz2\"";

// An application trace (issue 55): the Netrace sample (64 nodes: smaller networks refuse it,
// naming the file) or a small text one, its keys drawn (a region of a text trace is refused).
void put_trace(Base& b, Rng& rng) {
  const bool text = chance(rng, 0.5);
  b.d.set("traffic.workload", "trace");
  b.d.set("traffic.trace_format", text ? "text" : "netrace");
  b.d.set("traffic.trace_file", text ? kTextTraceFile : kNetraceFile);
  if (chance(rng, 0.3)) b.d.set("traffic.trace_dependencies", "off");
  if (chance(rng, 0.2)) b.d.set("traffic.trace_cycles", std::to_string(between(rng, 1, 5000)));
  if (chance(rng, 0.2)) b.d.set("traffic.trace_region", std::to_string(between(rng, 0, 2)));
  if (chance(rng, 0.2)) b.d.set("traffic.mapping", "random");
  if (chance(rng, 0.2))  // on fewer than 72 nodes, refused naming its line
    b.d.set("traffic.trace_placement", std::string("\"") + KNCSIM_SOURCE_DIR + "/tests/data/traces/mc_row.txt\"");
}

void put_workload(Base& b, Rng& rng, const std::vector<int64_t>& r, int64_t L, bool hop_count) {
  const int64_t least = hop_count ? int64_t(r.size()) + 1 : 1;
  if (L > least && chance(rng, 0.3)) {
    if (chance(rng, 0.5)) {
      b.d.set("traffic.packet_length", "uniform");
      b.d.set("traffic.packet_length_params", list(std::vector<int64_t>{between(rng, least, L), L}));
    } else {
      const double p = real(rng, 0.05, 0.95);
      b.d.set("traffic.packet_length", "discrete");
      b.d.set("traffic.packet_length_params",
              "[" + num(p, 6) + ", " + std::to_string(L) + ", " + num(1 - p, 6) + ", " + std::to_string(between(rng, least, L)) + "]");
    }
  }
  if (chance(rng, 0.3)) {
    const std::string gaps = pick(rng, std::vector<std::string>{"exponential", "uniform", "normal", "two_stage_normal"});
    b.d.set("traffic.interarrival", gaps);
    if (gaps == "normal") b.d.set("traffic.interarrival_params", "[" + num(real(rng, 5, 200), 4) + ", " + num(real(rng, 0, 20), 4) + "]");
    if (gaps == "two_stage_normal")
      b.d.set("traffic.interarrival_params", "[" + num(real(rng, 0, 1), 4) + ", " + num(real(rng, 1, 10), 4) + ", 1, " +
                                                 num(real(rng, 20, 400), 4) + ", 5]");
    if (gaps == "uniform" && chance(rng, 0.5))
      b.d.set("traffic.interarrival_params", list(std::vector<int64_t>{between(rng, 0, 50), between(rng, 50, 300)}));
    if (gaps == "exponential" && chance(rng, 0.5)) b.d.set("traffic.interarrival_params", num(real(rng, 2, 500), 4));
  }
  if (chance(rng, 0.2)) b.d.set("traffic.mru_stack", "[" + num(real(rng, 0, 0.5), 4) + ", " + num(real(rng, 0, 0.3), 4) + "]");
  const std::string pattern = b.d.get("traffic.pattern", "uniform");
  if (pattern == "uniform" && chance(rng, 0.15)) {
    b.d.set("traffic.pattern", "hop_uniform");
    b.d.set("traffic.hop_probabilities", chance(rng, 0.5) ? "1" : "[0.5, 0.25, 0.25]");
  }
  if (pattern == "hotspot" && chance(rng, 0.4)) {
    const std::string hot = b.d.get("traffic.hotspot_nodes", "0");
    const size_t count = hot[0] == '[' ? size_t(std::count(hot.begin(), hot.end(), ',')) + 1 : 1;
    std::string p = "[";
    for (size_t i = 0; i < count; ++i) p += (i ? ", " : "") + num(0.9 / double(count), 6);
    b.d.set("traffic.hotspot_probabilities", p + "]");
  }
  if (pattern == "graph" && r.size() == 2 && chance(rng, 0.3)) {  // Chittor's careful trees (the rules say if they fit)
    b.d.set("traffic.graph", "binary_tree");
    b.d.set("traffic.mapping", chance(rng, 0.5) ? "gordon" : "youn_singh");
  }
  if (pattern == "graph" && r.size() == 2 && chance(rng, 0.1)) {  // Chittor's schemes A and B (the rules say if they fit)
    b.d.set("traffic.graph", "mesh3d");
    b.d.set("traffic.mapping", chance(rng, 0.5) ? "planes_in_a_row" : "folded_planes");
  }
  if (pattern == "dimension_rotation" && r.size() > 2 && chance(rng, 0.5))
    b.d.set("traffic.rotation", std::to_string(between(rng, 1, int64_t(r.size()) - 1)));
}

// Stopping rule: mostly a fixed few hundred cycles, always capped at 2000.
void put_run(Base& b, Rng& rng, double load, bool fixed_only) {
  if (fixed_only || load >= 1 || chance(rng, 0.8)) {
    const int64_t cycles = between(rng, 50, 400);
    b.d.set("run.convergence", "fixed");
    b.d.set("run.cycles", std::to_string(cycles));
    b.d.set("run.max_cycles", std::to_string(between(rng, cycles, 2000)));
  } else {
    const std::string rule = chance(rng, 0.5) ? "sns" : "sns4";
    if (rule != "sns4" || chance(rng, 0.5)) b.d.set("run.convergence", rule);  // sns4 is the default
    b.d.set("run.max_cycles", std::to_string(between(rng, 200, 2000)));
  }
  if (chance(rng, 0.3)) b.d.set("run.deadlock_cycles", std::to_string(between(rng, 1000, 5000)));
}

// The flit-level network's wires: an embedding (planar and cube need one radix), S, and then
// either synchronous links or pipelined ones whose delays come from the layout, or are given
// (one, or one per dimension).
void put_mesh_links(Base& b, Rng& rng, const std::vector<int64_t>& r, int64_t max_delay) {
  const bool one_radix = std::all_of(r.begin(), r.end(), [&](int64_t x) { return x == r[0]; });
  if (chance(rng, 0.3)) b.d.set("link.embedding", one_radix ? choice(rng, "link.embedding") : "uniform");
  if (chance(rng, 0.3)) b.d.set("link.switch_to_wire_ratio", num(real(rng, 0.5, 4), 3));
  if (chance(rng, 0.2)) {
    b.d.set("link.mode", "synchronous");
  } else if (chance(rng, 0.4)) {
    if (chance(rng, 0.5)) {
      b.d.set("link.delay", std::to_string(between(rng, 1, max_delay)));
    } else {
      std::string list = "[";
      for (size_t k = 0; k < r.size(); ++k) list += (k ? "," : "") + std::to_string(between(rng, 1, max_delay));
      b.d.set("link.delay", list + "]");
    }
  }
}

void put_mesh_router(Base& b, Rng& rng, const std::string& impl) {
  if (impl != "ref" || chance(rng, 0.5)) b.d.set("router.impl", impl);
  if (chance(rng, 0.2)) b.d.set("network.topology", "mesh");  // (valid_systemc may make it a torus)
  if (chance(rng, 0.2)) b.d.set("router.model", "wormhole");
}

Base valid_ref(Rng& rng) {
  Base b;
  const auto r = draw_radices(rng, 1, 6, 4096, 64);
  put_network(b, rng, r);
  put_mesh_router(b, rng, "ref");
  const bool adaptive = chance(rng, 0.4), finite = chance(rng, 0.5);
  if (adaptive || chance(rng, 0.3)) b.d.set("router.routing", adaptive ? "adaptive" : "dor");
  if (finite) b.d.set("router.fifo_packets", std::to_string(between(rng, 1, 4)));
  if (chance(rng, 0.3)) b.d.set("router.fifo_check", choice(rng, "router.fifo_check"));
  if (finite && chance(rng, 0.3)) b.d.set("router.fifo_full_policy", choice(rng, "router.fifo_full_policy"));
  // Pertel's misrouting: a full FIFO's head may go anywhere, so no deadlock may be reported.
  const bool misroute = finite && b.d.get("router.fifo_full_policy", "wait") == "wait" && chance(rng, 0.3);
  if (misroute || chance(rng, 0.05)) b.d.set("router.misroute_on_full", misroute ? "on" : "off");
  if (chance(rng, 0.1)) b.d.set("router.flow_control", "cut_through");  // the only ones ref takes
  if (chance(rng, 0.1)) b.d.set("link.delay", "1");
  put_run(b, rng, put_traffic(b, rng, r, packet_flits(rng, 64)), false);
  b.deadlock_allowed = adaptive && finite && !misroute;
  fill_generic(b, rng, mesh_keys());
  return b;
}

// A network.overrides file valid on any network (a slow, narrow wire and a failed node).
const std::string kOverridesFile = std::string("\"") + KNCSIM_SOURCE_DIR + "/tests/data/overrides/any_network.overrides\"";

Base valid_systemc(Rng& rng) {
  Base b;
  const auto r = draw_radices(rng, 1, 8, 256, 16);
  put_network(b, rng, r);
  put_mesh_router(b, rng, "systemc");
  const bool adaptive = chance(rng, 0.4);
  if (adaptive || chance(rng, 0.3)) b.d.set("router.routing", adaptive ? "adaptive" : "dor");
  const int64_t L = packet_flits(rng, 32);
  const std::string flow = choice(rng, "router.flow_control");
  const bool whole = flow == "cut_through" || flow == "packet";
  int fifo = int(between(rng, 0, 2));  // unbounded, packets, flits
  if (flow == "hybrid" && fifo == 0) fifo = 2;  // hybrid stalls short packets in finite FIFOs
  if (fifo == 1) b.d.set("router.fifo_packets", std::to_string(between(rng, 1, 4)));
  if (fifo == 2)
    b.d.set("router.fifo_flits", std::to_string(whole ? between(rng, L, 2 * L + 4) : between(rng, 1, 2 * L)));
  const bool set_flow = fifo != 0 || flow == "packet" || chance(rng, 0.2);
  if (set_flow) b.d.set("router.flow_control", flow);
  const std::string effective_flow = set_flow ? flow : "cut_through";
  if (flow == "hybrid" && chance(rng, 0.6)) {
    b.d.set("router.hybrid_hops", std::to_string(between(rng, 1, 4)));
    b.d.set("router.buffer_packets", std::to_string(between(rng, 1, 3)));
  }
  if (chance(rng, 0.3)) b.d.set("router.routing_delay", std::to_string(between(rng, 0, 3)));
  const bool hop_count = !adaptive && L > int64_t(r.size()) &&
                         (effective_flow == "wormhole" || (fifo == 0 && effective_flow == "cut_through")) &&
                         chance(rng, 0.3);
  if (hop_count) b.d.set("router.packet_format", "hop_count");
  put_mesh_links(b, rng, r, 4);
  if (chance(rng, 0.3)) b.d.set("link.kind", choice(rng, "link.kind"));
  if (chance(rng, 0.1)) {
    b.d.set("trace.vcd", "trace.vcd");  // the child runs in the case directory
    b.d.set("trace.nodes", nodes_value(rng, b.nodes, 3));
  }
  // Virtual channels (within the router's 63 channels), their arbitration, and tori: those
  // deadlock-free (datelines with 2 channels, Duato with 3), or allowed to deadlock.
  const int64_t most_vcs = std::min<int64_t>(4, 63 / (2 * int64_t(r.size()) + 1));
  int64_t vcs = chance(rng, 0.3) ? between(rng, 1, most_vcs) : 1;
  const bool torus = chance(rng, 0.3);
  bool allow = false;
  if (torus) {
    b.d.set("network.topology", "torus");
    if (chance(rng, 0.5)) b.d.set("network.wiring", choice(rng, "network.wiring"));
    allow = chance(rng, 0.2);
    const int64_t needed = adaptive ? 3 : 2;
    if (!allow && vcs < needed) vcs = std::min(needed, most_vcs);
    if (vcs < needed) allow = true;  // too many dimensions for the channels the routing needs
    if (allow) b.d.set("router.allow_deadlock", "true");
  }
  if (vcs != 1 || chance(rng, 0.2)) b.d.set("router.vcs", std::to_string(vcs));
  // PP-MESS-SIM's routing on meshes: oblivious, adaptive with a selection, deflection (those that
  // can deadlock on finite FIFOs allowed to, as a study).
  bool pp_routing = false;
  if (!torus && !hop_count && chance(rng, 0.25)) {
    const std::string routing = pick(rng, std::vector<std::string>{"oblivious", "adaptive", "deflection"});
    const std::string sel = choice(rng, "router.selection");
    b.d.set("router.routing", routing);
    b.d.set("router.selection", sel);
    if (routing == "deflection" && chance(rng, 0.5)) b.d.set("router.deflections", std::to_string(between(rng, 0, 3)));
    const bool dor_order = routing == "oblivious" && (sel == "auto" || sel == "dimension_order");
    if (routing != "adaptive" && !dor_order && fifo != 0) {
      b.d.set("router.allow_deadlock", "true");
      allow = true;
    }
    pp_routing = routing != "oblivious" || !dor_order;
  }
  if (chance(rng, 0.3)) b.d.set("router.arbitration", choice(rng, "router.arbitration"));
  if (fifo != 0 && chance(rng, 0.2)) b.d.set("router.fifo_full_policy", choice(rng, "router.fifo_full_policy"));
  if (b.d.get("router.arbitration", "priority_token") == "biased_priority" && chance(rng, 0.5)) {  // Chittor's base priorities
    b.d.set("router.bias_local", std::to_string(between(rng, 0, 12)));
    b.d.set("router.bias_network", std::to_string(between(rng, 0, 12)));
  }
  put_run(b, rng, put_traffic(b, rng, r, L), false);
  put_workload(b, rng, r, L, hop_count);
  // Chittor's shell with his uniform reference or with gaps between a message's packets (the
  // rules refuse what does not fit: a graph pattern with random destinations, one-packet messages).
  if (chance(rng, 0.05)) {
    b.d.set("traffic.workload", "closed_loop");
    b.d.set("traffic.loop_classes", "shell");
    b.d.set("traffic.loops", "2");
    b.d.set("traffic.message_flits", std::to_string(between(rng, 1, 64)));
    b.d.set("traffic.packet_payload_flits", std::to_string(between(rng, 1, 32)));
    if (chance(rng, 0.5)) b.d.set("traffic.loop_destinations", "random");
    if (chance(rng, 0.5)) b.d.set("traffic.packet_gap_cycles", std::to_string(between(rng, 0, 40)));
  }
  if (chance(rng, 0.05)) put_trace(b, rng);
  if (chance(rng, 0.1)) b.d.set("network.overrides", kOverridesFile);
  // Traffic classes (meshes and tori): each its load, nodes, gaps, VCs, routing, switching and
  // priority (a torus class short of its datelines' VCs is the rules' to refuse).
  if (!hop_count && chance(rng, 0.15)) {
    const int count = int(between(rng, 1, 3));
    for (int k = 0; k < count; ++k) {
      const std::string c = "classes.c" + std::to_string(k) + ".";
      b.d.set(c + "load", num(real(rng, 0.02, 0.4), 3));
      if (chance(rng, 0.3)) b.d.set(c + "nodes", nodes_value(rng, b.nodes, 4));
      if (chance(rng, 0.3)) b.d.set(c + "interarrival", "exponential");
      if (chance(rng, 0.3)) b.d.set(c + "priority", std::to_string(between(rng, 0, 2)));
      if (vcs > 1 && chance(rng, 0.5)) b.d.set(c + "vcs", std::to_string(between(rng, 0, vcs - 1)));
      if (fifo != 0 && chance(rng, 0.3)) b.d.set(c + "switching", "wormhole");
      if (chance(rng, 0.2)) b.d.set(c + "pattern", "bit_complement");
    }
    if (chance(rng, 0.3)) {
      b.d.set("run.convergence", "packets");
      b.d.set("run.max_cycles", std::to_string(between(rng, 200, 2000)));
      for (int k = 0; k < count; ++k) b.d.set("classes.c" + std::to_string(k) + ".packets", std::to_string(between(rng, 1, 5)));
    }
  }
  b.deadlock_allowed = ((adaptive || pp_routing) && fifo != 0) || (allow && fifo != 0);
  fill_generic(b, rng, mesh_keys());
  return b;
}

// All routers RTL (mixed = false) or some (router.rtl_nodes); the parameters come from a
// Verilated variant this build has.
Base valid_rtl(Rng& rng, bool mixed) {
  const auto& variants = rtl_variants();
  const RtlVariant& v = variants.at(size_t(between(rng, 0, int64_t(variants.size()) - 1)));
  Base b;
  const auto r = draw_radices(rng, v.dims, v.dims, rtl::kMaxRadix, 16);
  put_network(b, rng, r);
  put_mesh_router(b, rng, mixed ? "systemc" : "rtl");
  if (v.torus) b.d.set("network.topology", "torus");
  if (v.vcs != 1 || chance(rng, 0.2)) b.d.set("router.vcs", std::to_string(v.vcs));
  if (v.arbitration != Arbitration::priority_token || chance(rng, 0.2))
    b.d.set("router.arbitration", v.arbitration == Arbitration::round_robin    ? "round_robin"
                                  : v.arbitration == Arbitration::oldest_first ? "oldest_first"
                                                                               : "priority_token");
  if (mixed) b.d.set("router.rtl_nodes", nodes_value(rng, b.nodes, 8));
  if (v.adaptive || chance(rng, 0.3)) b.d.set("router.routing", v.adaptive ? "adaptive" : "dor");
  if (!v.cut_through || chance(rng, 0.3)) b.d.set("router.flow_control", v.cut_through ? "cut_through" : "wormhole");
  const int64_t L = v.cut_through ? between(rng, 1, std::min<int64_t>(v.depth, 32)) : between(rng, 1, 16);
  if (v.depth % L == 0 && chance(rng, 0.4))
    b.d.set("router.fifo_packets", std::to_string(v.depth / L));
  else
    b.d.set("router.fifo_flits", std::to_string(v.depth));
  if (chance(rng, 0.5))  // the signal binding only where the tests' models include it
    b.d.set("router.rtl_binding", rtl_variant_tests_signals(v) ? choice(rng, "router.rtl_binding") : "direct");
  if (chance(rng, 0.3)) b.d.set("verify.monitors", choice(rng, "verify.monitors"));  // on (default) or off
  // The scoreboard's drain, long enough for any short draw to empty (or to report its deadlock).
  if (chance(rng, 0.2)) b.d.set("verify.drain_cycles", std::to_string(between(rng, 100000, 200000)));
  put_mesh_links(b, rng, r, 3);
  put_run(b, rng, put_traffic(b, rng, r, L), false);
  b.deadlock_allowed = v.adaptive;
  fill_generic(b, rng, mesh_keys());
  return b;
}

// Scott & Goodman's rings: one radix k, SCI nodes, any stopping rule.
Base valid_rings(Rng& rng) {
  Base b;
  b.rings = true;
  const int64_t dims = between(rng, 1, 4);
  const auto kmax = int64_t(std::floor(std::pow(256.0, 1.0 / double(dims)) + 1e-9));
  const int64_t k = between(rng, 2, kmax);
  put_network(b, rng, std::vector<int64_t>(size_t(dims), k));
  b.d.set("network.topology", "rings");
  b.d.set("router.model", "sci");
  if (chance(rng, 0.2)) {
    b.d.set("router.impl", "ref");
  } else if (chance(rng, 0.4)) {
    b.d.set("router.impl", "systemc");  // the ring network of SciNode modules
    if (chance(rng, 0.3)) {             // with some Verilated RTL nodes among them
      b.d.set("router.rtl_nodes", nodes_value(rng, b.nodes, 8));
      b.d.set("router.active_buffer_packets", std::to_string(between(rng, 1, 8)));
    }
  } else if (chance(rng, 0.25)) {
    b.d.set("router.impl", "rtl");  // every node RTL (refused if the network is outside its limits)
    b.d.set("router.active_buffer_packets", std::to_string(between(rng, 1, 8)));
    if (chance(rng, 0.2)) b.d.set("router.rtl_binding", "signals");
  }
  if (chance(rng, 0.3)) b.d.set("router.sci_accept", "stomp");
  if (chance(rng, 0.4)) b.d.set("router.t_pass", std::to_string(between(rng, 1, 3)));
  if (chance(rng, 0.4)) b.d.set("router.t_switch", std::to_string(between(rng, 1, 4)));
  if (chance(rng, 0.5)) b.d.set("link.mode", choice(rng, "link.mode"));
  if (chance(rng, 0.5)) b.d.set("link.switch_to_wire_ratio", num(real(rng, 0.5, 4), 3));
  const std::string constraint = choice(rng, "link.constraint");
  if (constraint != "link_width" || chance(rng, 0.3)) b.d.set("link.constraint", constraint);
  // Wide enough links: W = width_bits, node_wires / 2n, or k * bisection_wires / 2N.
  if (constraint == "link_width" && chance(rng, 0.5)) b.d.set("link.width_bits", std::to_string(between(rng, 8, 128)));
  if (constraint == "node_size" && chance(rng, 0.7))
    b.d.set("link.node_wires", std::to_string(between(rng, 2 * dims * 8, 512)));
  if (constraint == "bisection" && chance(rng, 0.6))
    b.d.set("link.bisection_wires", std::to_string(between(rng, 4 * b.nodes / k, 16 * b.nodes)));
  if (chance(rng, 0.2)) b.d.set("router.output_queue_flits", std::to_string(between(rng, 1, 64)));
  if (chance(rng, 0.15)) {  // energy accounting (RTL ring nodes count at their pins)
    b.d.set("energy.technology", pick(rng, std::vector<std::string>{"45nm", "32nm", "22nm"}));
    if (chance(rng, 0.3)) {  // and their toggles (refused without RTL nodes)
      b.d.set("energy.rtl_toggles", "on");
      if (chance(rng, 0.5)) b.d.set("energy.toggle_sampling", std::to_string(between(rng, 1, 128)));
      if (chance(rng, 0.1)) b.d.set("energy.toggle_weights", "no_such_weights.yaml");  // refused, named
    }
    if (chance(rng, 0.4)) b.d.set("traffic.payload", choice(rng, "traffic.payload"));
    if (chance(rng, 0.3)) b.d.set("energy.mm_per_unit", num(real(rng, 0.05, 5), 3));
  }
  const double load = chance(rng, 0.1) ? real(rng, 1, 1.5) : real(rng, 0.05, 0.9);
  b.d.set("traffic.load", num(load, 3));
  if (chance(rng, 0.3)) b.d.set("traffic.stream", "counter");
  if (chance(rng, 0.3)) b.d.set("traffic.seed", std::to_string(between(rng, 0, 4294967295)));
  put_run(b, rng, load, false);
  fill_generic(b, rng, ring_keys());
  if (chance(rng, 0.05)) put_trace(b, rng);  // after the generic keys: its workload stands
  return b;
}

// PP-MESS-SIM's hexagonal mesh (SystemC only): an edge, a dateline pair or more (or one channel
// allowed to deadlock), the patterns without coordinates, and the switching schemes.
Base valid_hexagonal(Rng& rng) {
  Base b;
  const int64_t e = between(rng, 2, 9);
  b.d.set("network.topology", "hexagonal");
  if (chance(rng, 0.3)) b.d.set("network.dims", "2");
  b.d.set("network.radix", std::to_string(e));
  b.nodes = 3 * e * (e - 1) + 1;
  b.d.set("router.impl", "systemc");
  if (chance(rng, 0.2)) b.d.set("router.model", "wormhole");
  const bool allow = chance(rng, 0.15);
  const int64_t vcs = allow ? between(rng, 1, 4) : between(rng, 2, 4);
  b.d.set("router.vcs", std::to_string(vcs));
  if (allow) b.d.set("router.allow_deadlock", "true");
  if (chance(rng, 0.3)) b.d.set("router.routing", allow && chance(rng, 0.5) ? "adaptive" : "dor");
  const int64_t L = packet_flits(rng, 16);
  const bool finite = chance(rng, 0.6), whole = chance(rng, 0.4);
  if (finite) b.d.set("router.fifo_flits", std::to_string(whole ? between(rng, L, 2 * L + 4) : between(rng, 1, 2 * L)));
  if (whole || finite) b.d.set("router.flow_control", whole ? pick(rng, std::vector<std::string>{"cut_through", "packet"}) : "wormhole");
  if (chance(rng, 0.3)) b.d.set("router.arbitration", choice(rng, "router.arbitration"));
  if (chance(rng, 0.3)) b.d.set("link.delay", std::to_string(between(rng, 1, 3)));
  if (chance(rng, 0.3)) b.d.set("router.routing_delay", std::to_string(between(rng, 0, 2)));
  const std::string p = pick(rng, std::vector<std::string>{"uniform", "hotspot", "hop_uniform", "bit_complement"});
  if (p != "uniform" || chance(rng, 0.3)) b.d.set("traffic.pattern", p);
  if (p == "hotspot") b.d.set("traffic.hotspot_nodes", nodes_value(rng, b.nodes, 3));
  if (p == "hop_uniform") b.d.set("traffic.hop_probabilities", chance(rng, 0.5) ? "1" : "[0.5, 0.5]");
  const double load = chance(rng, 0.1) ? real(rng, 1, 2) : real(rng, 0.02, 0.95);
  b.d.set("traffic.load", num(load, 3));
  b.d.set("traffic.packet_flits", std::to_string(L));
  put_run(b, rng, load, false);
  if (chance(rng, 0.2)) b.d.set("network.overrides", kOverridesFile);
  b.deadlock_allowed = allow && finite;
  fill_generic(b, rng, mesh_keys());
  return b;
}

enum Family { kRef, kSystemc, kRtl, kMixed, kRings, kHexagonal };

Base valid_family(Rng& rng, Family f) {
  switch (f) {
    case kRef:
      return valid_ref(rng);
    case kSystemc:
      return valid_systemc(rng);
    case kRtl:
      return valid_rtl(rng, false);
    case kMixed:
      return valid_rtl(rng, true);
    case kHexagonal:
      return valid_hexagonal(rng);
    case kRings:
      break;
  }
  return valid_rings(rng);
}

Base valid_any(Rng& rng) {
  return valid_family(rng, Family(std::discrete_distribution<int>({25, 25, 15, 10, 25, 6})(rng)));
}

FuzzCase from(const Base& b, Rng& rng) {
  FuzzCase c;
  c.text = b.d.yaml(rng);
  c.deadlock_allowed = b.deadlock_allowed;
  c.rings = b.rings;
  return c;
}

// Keys at their schema bounds, or at huge in-range values where the schema sets no bound.
// network.* and the run length stay pinned: those bounds are legitimately slow.
FuzzCase valid_boundary(Rng& rng) {
  Base b = valid_any(rng);
  const auto keys = schema_keys([](const KeySpec& s) {
    return numeric(s) && s.key.rfind("network.", 0) != 0 && s.key != "run.cycles" && s.key != "run.max_cycles";
  });
  for (int64_t i = between(rng, 1, 2); i > 0; --i) {
    const KeySpec& s = *pick(rng, keys);
    std::vector<std::string> v;
    if (integral(s)) {
      v.push_back(std::to_string(int_min(s)));
      if (has_max(s)) v.push_back(std::to_string(int_max(s)));
      for (int64_t big : {int64_t(2147483647), int64_t(2147483648), int64_t(4294967296), int64_t(1) << 53,
                          int64_t(1) << 62, kInt64Max})
        if (big <= int_max(s)) v.push_back(std::to_string(big));
    } else {
      v.push_back(s.min_exclusive ? num(s.min + 1e-300) : num(s.min));
      if (has_max(s)) v.push_back(num(s.max));
      if (!has_max(s)) v.insert(v.end(), {"1e9", "1e300", "1.7976931348623157e308"});
    }
    b.d.set(s.key, pick(rng, v));
  }
  FuzzCase c = from(b, rng);
  c.deadlock_allowed = true;
  return c;
}

// ------------------------------------------------------------------ broken on purpose

FuzzCase wrong_type(Rng& rng) {
  Base b = valid_any(rng);
  const KeySpec& s = *pick(rng, schema_keys([](const KeySpec&) { return true; }));
  struct Bad {
    std::string value;
    bool refuse;
  };
  // An empty map adds no key at all, so kncsim keeps the default: not a refusal we demand.
  std::vector<Bad> v = {
      {"[1, 2]", s.kind != KeyKind::integers && s.kind != KeyKind::numbers},       {"{a: 1}", true}, {"{}", false}, {"[]", true}, {"[[8]]", true},
      {"!!binary aGVsbG8=", s.kind != KeyKind::text}};
  const std::string now = b.d.get(s.key, s.default_value);
  if (now.find_first_of("[{\"") == std::string::npos && !now.empty()) {
    v.push_back({"'" + now + "'", false});  // quoted: still the same scalar
    v.push_back({"!!str " + now, false});
  }
  if (numeric(s)) {
    for (const char* w : {"fast", "eight", "0x10", "1_000", "12abc", "\"\"", "~", "true", "1 2", "1,5"})
      v.push_back({w, true});
    for (const char* w : {"2.5", "1e3"}) v.push_back({w, integral(s)});  // numbers, for a number key
    if (integral(s) && now.find_first_not_of("0123456789") == std::string::npos && !now.empty())
      v.push_back({"+" + now, false});  // from_chars after a '+': the same integer
  }
  if (s.kind == KeyKind::integers || s.kind == KeyKind::numbers)
    for (const char* w : {"[8, [8]]", "[8, {a: 1}]", "[none]", "[1, none]", "[2, unbounded, 3]", "[1, ~]", "[1, \"\"]"})
      v.push_back({w, true});
  if (s.kind == KeyKind::choice)
    for (const char* w : {"3", "-1", "1.5", "yes", "~"}) v.push_back({w, true});
  if (!s.choices.empty()) {
    std::string c = pick(rng, s.choices), upper = c;
    std::transform(upper.begin(), upper.end(), upper.begin(), [](unsigned char ch) { return char(std::toupper(ch)); });
    v.push_back({"[" + c + "]", true});
    v.push_back({"\"" + c + " \"", true});
    if (upper != c) v.push_back({upper, true});
  }
  if (s.kind == KeyKind::text) v.push_back({"true", false});
  const Bad bad = pick(rng, v);
  b.d.set(s.key, bad.value);
  FuzzCase c = from(b, rng);
  c.must_refuse = bad.refuse;
  c.broken = s.key + " = '" + bad.value + "'";
  return c;
}

FuzzCase out_of_range(Rng& rng) {
  Base b = valid_any(rng);
  const KeySpec& s = *pick(rng, schema_keys(numeric));
  std::vector<std::string> v = {"-1", "-99999999999999999999", "1e400", "-1e400"};  // every min is >= 0
  if (integral(s) || has_max(s)) v.push_back("99999999999999999999");               // past int64, or past the max
  if (integral(s)) {
    v.push_back(std::to_string(int_min(s) - 1));
    if (has_max(s)) v.push_back(int_max(s) == kInt64Max ? "9223372036854775808" : std::to_string(int_max(s) + 1));
    v.insert(v.end(), {"18446744073709551616", "-9223372036854775809"});
  } else {
    v.push_back(num(s.min - 0.5));
    if (s.min_exclusive) v.insert(v.end(), {num(s.min), "-0.0"});
    if (has_max(s)) v.insert(v.end(), {num(s.max + 1e-9 * std::max(1.0, s.max), 17), num(2 * s.max + 1)});
  }
  std::string bad = pick(rng, v);
  if ((s.kind == KeyKind::integers || s.kind == KeyKind::numbers) && chance(rng, 0.3)) bad = "[2, " + bad + "]";
  b.d.set(s.key, bad);
  FuzzCase c = from(b, rng);
  c.must_refuse = true;
  return c;
}

FuzzCase nan_inf(Rng& rng) {
  Base b = valid_any(rng);
  const auto number_keys = schema_keys([](const KeySpec& s) { return s.kind == KeyKind::number; });
  const KeySpec& s = *pick(rng, chance(rng, 0.6) ? number_keys : schema_keys(numeric));
  b.d.set(s.key, pick(rng, std::vector<std::string>{".nan", ".NaN", ".NAN", ".inf", ".Inf", "-.inf", "+.inf", "nan",
                                                    "NaN", "inf", "-inf", "Infinity", "-Infinity", "1e999", "-1e999"}));
  FuzzCase c = from(b, rng);
  c.must_refuse = true;
  return c;
}

FuzzCase huge_list(Rng& rng) {
  Base b = valid_any(rng);
  const auto lists = schema_keys([](const KeySpec& s) { return s.kind == KeyKind::integers; });
  const KeySpec& s = *pick(rng, chance(rng, 0.7) ? lists : schema_keys([](const KeySpec&) { return true; }));
  const auto n = size_t(pick(rng, std::vector<int64_t>{1000, 10000, 100000, 200000}));
  const bool node_list = s.kind == KeyKind::integers && s.key != "network.radix";
  std::string v = "[";
  for (size_t i = 0; i < n; ++i) {
    v += i ? ", " : "";
    v += node_list                  ? std::to_string(between(rng, 0, b.nodes - 1))
         : s.key == "network.radix" ? "2"
                                    : generic_value(rng, s);
  }
  b.d.set(s.key, v + "]");
  if (s.key == "traffic.hotspot_nodes" && chance(rng, 0.7)) b.d.set("traffic.pattern", "hotspot");
  FuzzCase c = from(b, rng);
  // A scalar key given a list is the schema's to refuse; n radices for fewer dimensions, the rules'.
  c.must_refuse = !node_list && s.key != "network.radix";
  c.deadlock_allowed = true;
  return c;
}

std::string misspell(Rng& rng, const std::string& key) {
  for (int tries = 0; tries < 50; ++tries) {
    std::string m = key;
    const auto i = size_t(between(rng, 0, int64_t(m.size()) - 1));
    const char letter = char('a' + between(rng, 0, 25));
    switch (between(rng, 0, 4)) {
      case 0:
        m.erase(i, 1);
        break;
      case 1:
        m.insert(i, 1, letter);
        break;
      case 2:
        m[i] = letter;
        break;
      case 3:
        if (i + 1 < m.size()) std::swap(m[i], m[i + 1]);
        break;
      default:
        m[i] = char(std::toupper(static_cast<unsigned char>(m[i])));
        break;
    }
    if (m != key && !find_key(m) && !m.empty() && m.front() != '.' && m.back() != '.') return m;
  }
  return key + "x";
}

FuzzCase unknown_key(Rng& rng) {
  Base b = valid_any(rng);
  const KeySpec& s = *pick(rng, schema_keys([](const KeySpec&) { return true; }));
  const std::string section = s.key.substr(0, s.key.find('.'));
  const std::string value = b.d.get(s.key, generic_value(rng, s));
  switch (between(rng, 0, 4)) {
    case 0:  // misspelt, instead of the real key
      b.d.erase(s.key);
      b.d.add(misspell(rng, s.key), value);
      break;
    case 1:  // a made-up key in a real section
      b.d.add(section + "." + pick(rng, std::vector<std::string>{"speed", "colour", "radixes", "size", "enable", "x"}),
              "1");
      break;
    case 2:  // a made-up section
      b.d.add(pick(rng, std::vector<std::string>{"routing", "nettwork", "sim", "Network", "links"}) + "." +
                  s.key.substr(s.key.find('.') + 1),
              value);
      break;
    case 3:  // one level too deep
      b.d.add(s.key + ".value", value);
      break;
    default:  // a bare word at the top
      b.d.add(pick(rng, std::vector<std::string>{"dims", "radix", "load", "cycles", "verbose"}), value);
      break;
  }
  FuzzCase c = from(b, rng);
  c.must_refuse = true;
  return c;
}

// Combinations at the edges of the rules between keys, each set on a family where the rest
// runs: most are refused, and the verdict is the rules' own (config_fuzz_test asks them).
FuzzCase incompatible(Rng& rng) {
  struct Pair {
    Family family;
    std::vector<std::pair<std::string, std::string>> keys;  // "" erases the key; {nodes}: one past the last node
  };
  const std::vector<Pair> pairs = {
      {kRef, {{"router.fifo_flits", "8"}}},
      {kRef, {{"router.packet_format", "hop_count"}}},
      {kRef, {{"traffic.load", "1.5"}, {"run.convergence", "sns4"}, {"run.saturation", "off"}}},
      {kRef, {{"traffic.stream", "legacy"}, {"traffic.seed", "4294967296"}}},
      {kRef, {{"run.convergence", "fixed"}, {"run.cycles", "500"}, {"run.max_cycles", "100"}}},
      {kRef, {{"trace.vcd", "x.vcd"}}},
      {kRef, {{"link.kind", "handshake"}}},
      {kRef, {{"link.delay", "3"}}},
      {kRef, {{"router.fifo_packets", "2"}, {"router.flow_control", "wormhole"}}},
      {kRef, {{"network.dims", "2"}, {"network.radix", "[4, 8]"}, {"traffic.pattern", "transpose"}}},
      {kRef, {{"network.dims", "2"}, {"network.radix", "[3, 5]"}, {"traffic.pattern", "bit_reversal"}}},
      {kRef, {{"network.dims", "3"}, {"network.radix", "[4, 4]"}}},
      {kRef, {{"network.dims", "16"}, {"network.radix", "2"}}},
      {kSystemc, {{"router.fifo_flits", "64"}, {"router.fifo_packets", "2"}}},
      {kSystemc, {{"router.model", "sci"}}},
      {kSystemc, {{"router.packet_format", "hop_count"}, {"router.routing", "adaptive"}}},
      {kSystemc,
       {{"router.fifo_packets", ""},
        {"router.flow_control", "cut_through"},
        {"traffic.packet_flits", "8"},
        {"router.fifo_flits", "4"}}},
      {kSystemc, {{"link.delay", "5"}, {"run.deadlock_cycles", "10"}}},
      {kSystemc,
       {{"router.routing", "dor"},
        {"router.packet_format", "hop_count"},
        {"network.dims", "2"},
        {"network.radix", "4"},
        {"traffic.packet_flits", "2"}}},
      {kSystemc,
       {{"router.routing", "dor"},
        {"router.packet_format", "hop_count"},
        {"router.fifo_packets", ""},
        {"router.fifo_flits", "64"},
        {"router.flow_control", "cut_through"},
        {"traffic.packet_flits", "8"}}},
      {kSystemc, {{"traffic.pattern", "hotspot"}, {"traffic.hotspot_nodes", "[0, {nodes}]"}}},
      {kSystemc, {{"trace.nodes", "{nodes}"}}},
      {kSystemc, {{"network.topology", "torus"}, {"router.vcs", "1"}, {"router.allow_deadlock", "false"}}},
      {kSystemc, {{"network.topology", "mesh"}, {"network.wiring", "folded"}}},
      {kHexagonal, {{"router.impl", "rtl"}}},
      {kHexagonal, {{"network.dims", "3"}}},
      {kHexagonal, {{"router.vcs", "1"}, {"router.allow_deadlock", "false"}}},
      {kHexagonal, {{"traffic.pattern", "transpose"}}},
      {kSystemc, {{"network.dims", "8"}, {"network.radix", "2"}, {"router.vcs", "4"}}},
      {kSystemc, {{"router.vcs", "2"}, {"router.fifo_flits", ""}, {"router.fifo_packets", "2"},
                  {"router.flow_control", "cut_through"}}},
      {kRef, {{"router.vcs", "2"}}},
      {kRef, {{"router.arbitration", "round_robin"}}},
      {kRef, {{"router.arbitration", "fifo_lru"}}},
      {kRef, {{"router.fifo_full_policy", "abort"}, {"router.fifo_packets", ""}, {"router.fifo_flits", ""}}},
      {kRtl, {{"router.fifo_full_policy", "assign_blocked"}}},
      {kRings, {{"router.fifo_full_policy", "abort"}}},
      {kRtl, {{"router.arbitration", "message_source"}}},
      {kRings, {{"router.arbitration", "biased_priority"}}},
      {kSystemc, {{"router.arbitration", "fifo_fixed"}, {"router.bias_network", "2"}}},
      {kRef, {{"network.topology", "torus"}}},
      {kRtl, {{"router.vcs", "5"}}},
      {kRings, {{"router.vcs", "2"}}},
      {kRtl, {{"router.fifo_flits", ""}, {"router.fifo_packets", ""}}},
      {kRtl, {{"router.routing_delay", "2"}}},
      {kRtl, {{"network.dims", "4"}, {"network.radix", "2"}}},
      {kRtl, {{"link.kind", "handshake"}}},
      {kRtl, {{"router.packet_format", "hop_count"}}},
      {kRtl, {{"router.flow_control", "wormhole"}, {"traffic.packet_flits", "2000"}}},
      {kRtl, {{"network.dims", "1"}, {"network.radix", "300"}}},
      {kRtl, {{"router.rtl_sources", "/no/such/rtl"}}},
      {kMixed, {{"router.rtl_nodes", "{nodes}"}}},
      {kRings, {{"router.impl", "rtl"}, {"router.active_buffer_packets", "unbounded"}}},
      {kRings, {{"router.impl", "rtl"}, {"router.active_buffer_packets", "9"}}},
      {kRings, {{"router.impl", "rtl"}, {"router.active_buffer_packets", "2"}, {"network.dims", "5"},
                {"network.radix", "2"}}},
      {kRings, {{"router.impl", "systemc"}, {"router.active_buffer_packets", "2"}, {"router.rtl_nodes", "{nodes}"}}},
      {kRings, {{"router.model", "wormhole"}}},
      {kRings, {{"network.dims", "2"}, {"network.radix", "[4, 8]"}}},
      {kRings, {{"traffic.load", "1.2"}, {"run.convergence", "sns"}, {"run.saturation", "off"}}},
      // Pinned to 20-flit data packets: at a drawn width a packet may be one flit, and fit.
      {kRings, {{"router.ring_buffer_flits", "1"}, {"link.constraint", "link_width"}, {"link.width_bits", "32"},
                {"traffic.data_bits", "640"}}},
      {kRings, {{"router.input_queue_flits", "1"}, {"link.constraint", "link_width"}, {"link.width_bits", "32"},
                {"traffic.data_bits", "640"}}},
      {kRings, {{"traffic.echo_bits", "64"}, {"traffic.address_bits", "8"}, {"link.constraint", "link_width"},
                {"link.width_bits", "8"}}},
      {kRtl, {{"router.rtl_nodes", "[none]"}}},
      {kRings, {{"router.impl", "ref"}, {"router.rtl_nodes", "0"}}},  // (a drawn systemc base may take RTL nodes)
      {kRings, {{"router.impl", "single_node"}, {"run.convergence", "sns"}}},  // the single-node model: ci only
      {kRings, {{"router.impl", "single_node"}, {"run.convergence", "ci"}, {"router.sci_accept", "stomp"}}},
      {kRings, {{"trace.vcd", "x.vcd"}, {"router.impl", "ref"}}},  // the ring modules take a VCD
      {kRings,  // W = node_wires / 2n = 2 / 4: under a bit
       {{"link.constraint", "node_size"}, {"link.node_wires", "2"}, {"network.dims", "2"}, {"network.radix", "4"}}},
  };
  const Pair& p = pairs.at(size_t(between(rng, 0, int64_t(pairs.size()) - 1)));
  Base b = valid_family(rng, p.family);
  for (auto [key, value] : p.keys) {
    if (const auto at = value.find("{nodes}"); at != std::string::npos) value.replace(at, 7, std::to_string(b.nodes));
    value.empty() ? b.d.erase(key) : b.d.set(key, value);
  }
  FuzzCase c = from(b, rng);
  for (const auto& [key, value] : p.keys) c.broken += (c.broken.empty() ? "" : ", ") + key + " = '" + value + "'";
  return c;
}

std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> lines;
  size_t start = 0;
  for (size_t nl; (nl = text.find('\n', start)) != std::string::npos; start = nl + 1)
    lines.push_back(text.substr(start, nl - start));
  if (start < text.size()) lines.push_back(text.substr(start));
  return lines;
}

std::string join_lines(const std::vector<std::string>& lines) {
  std::string s;
  for (const auto& l : lines) s += l + "\n";
  return s;
}

// YAML that should not parse (some edits happen to leave a valid file; those may run).
FuzzCase malformed_yaml(Rng& rng) {
  Base b = valid_any(rng);
  auto lines = split_lines(b.d.yaml(rng));
  auto any_line = [&]() -> std::string& { return lines.at(size_t(between(rng, 0, int64_t(lines.size()) - 1))); };
  auto after_colon = [&](std::string& l, const std::string& insert) {
    const auto colon = l.find(": ");
    l.insert(colon == std::string::npos ? l.size() : colon + 2, insert);
  };
  switch (between(rng, 0, 10)) {
    case 0:  // an unclosed flow collection
      after_colon(any_line(), pick(rng, std::vector<std::string>{"[", "{", "[1, ", "{a: "}));
      break;
    case 1:  // indentation that matches no level
      any_line().insert(0, pick(rng, std::vector<std::string>{" ", "   ", "     "}));
      break;
    case 2:  // a tab, which YAML forbids in indentation
      any_line().insert(0, "\t");
      break;
    case 3:  // an unterminated quote
      after_colon(any_line(), pick(rng, std::vector<std::string>{"\"", "'", "\"abc", "'x\\"}));
      break;
    case 4:  // YAML indicator characters anywhere
      for (int64_t i = between(rng, 1, 4); i > 0; --i) {
        std::string& l = any_line();
        l.insert(size_t(between(rng, 0, int64_t(l.size()))), 1,
                 pick(rng, std::vector<char>{'[', ']', '{', '}', ':', ',', '"', '\'', '#', '&',
                                             '*', '!', '|', '>', '-', '?', '%', '@',  '`', '\t'}));
      }
      break;
    case 5: {  // cut short, maybe mid-token. The run keys come first, so that what is left
      // keeps the draw's short run (a cut that drops run.max_cycles would leave the default, a
      // saturated run of 2^24 cycles, minutes past the child's time limit).
      b.d.move_to_front("run.");
      const std::string joined = b.d.yaml(rng);
      return FuzzCase{"", joined.substr(0, size_t(between(rng, 0, int64_t(joined.size())))) +
                              pick(rng, std::vector<std::string>{"[", "{", "\"", ": :", ""})};
    }
    case 6:  // a mapping value where none may start
      any_line() += ": extra";
      break;
    case 7:  // undefined aliases, bad tags
      after_colon(any_line(), pick(rng, std::vector<std::string>{"*nope ", "&a *a ", "!<!> "}));
      break;
    case 8:  // bad directives, several documents
      lines.insert(lines.begin(), pick(rng, std::vector<std::string>{"%YAML 9.9\n---", "%FOO bar\n---", "--- !<tag> [",
                                                                     "...\n---\n- a", "%YAML 1.2\n%YAML 1.2\n---"}));
      break;
    case 9:  // a sequence entry inside a mapping
      any_line() = "- " + any_line();
      break;
    default:  // complex keys, merge keys
      lines.insert(lines.begin() + between(rng, 0, int64_t(lines.size())),
                   pick(rng, std::vector<std::string>{"? [a, b]\n: 1", "{a: 1}: 2", "[x]: y", "<<: *base",
                                                      "? |\n  block\n: 3"}));
      break;
  }
  return FuzzCase{"", join_lines(lines)};
}

FuzzCase binary_garbage(Rng& rng) {
  std::string s;
  const auto n = size_t(between(rng, 1, chance(rng, 0.8) ? 512 : 16384));
  auto byte = [&] { return char(between(rng, 0, 255)); };
  switch (between(rng, 0, 5)) {
    case 0:  // uniform bytes
      for (size_t i = 0; i < n; ++i) s += byte();
      break;
    case 1:  // mostly text, with NULs and stray high bytes
      for (size_t i = 0; i < n; ++i)
        s += chance(rng, 0.9) ? char(between(rng, 32, 126))
                              : pick(rng, std::vector<char>{'\0', '\n', '\xff', '\x80', '\xc0', '\t', '\r'});
      break;
    case 2:  // invalid UTF-8: overlong, surrogate, 5-byte, truncated sequences
      for (size_t i = 0; i < n; ++i)
        s += pick(rng, std::vector<std::string>{"\xc0\x80", "\xed\xa0\x80", "\xf8\x88\x80\x80\x80", "\xff\xfe", "\x80",
                                                "\xe2\x82", "a"});
      break;
    case 3:  // a byte-order mark (UTF-8, -16, -32), then bytes
      s = pick(rng, std::vector<std::string>{"\xef\xbb\xbf", std::string("\xff\xfe", 2), std::string("\xfe\xff", 2),
                                             std::string("\x00\x00\xfe\xff", 4), std::string("\xff\xfe\x00\x00", 4)});
      for (size_t i = 0; i < n; ++i) s += byte();
      break;
    case 4:  // NULs in a real config
      s = valid_any(rng).d.yaml(rng);
      s.insert(size_t(between(rng, 0, int64_t(s.size()))), std::string(1 + n % 8, '\0'));
      break;
    default:  // random bytes over a real config
      s = valid_any(rng).d.yaml(rng);
      for (size_t i = 0; i < 1 + n % 16; ++i) s[size_t(between(rng, 0, int64_t(s.size()) - 1))] = byte();
      break;
  }
  return FuzzCase{"", s};
}

FuzzCase empty(Rng& rng) {
  // No keys at all is the default experiment (8x8 mesh, sns4): it runs.
  return FuzzCase{"", pick(rng, std::vector<std::string>{"", "\n", "   \n\t\n", "# only a comment\n", "---\n", "...\n",
                                                         "~\n", "null\n", "--- ~\n", "network:\n", "network: {}\n",
                                                         "network:\nrouter:\nrun:\n", std::string(3, '\0')})};
}

FuzzCase top_level(Rng& rng) {
  FuzzCase c{"", pick(rng, std::vector<std::string>{"42\n", "hello\n", "[network, router]\n", "- network\n- router\n",
                                                    "\"quoted\"\n", "true\n", "!!binary aGVsbG8=\n", "|\n  a block\n",
                                                    "- {network: {dims: 2}}\n", "3.14\n", ".nan\n"})};
  c.must_refuse = true;
  return c;
}

FuzzCase deep_nesting(Rng& rng) {
  const auto depth = size_t(pick(rng, std::vector<int64_t>{50, 500, 1999, 2001, 10000, 100000}));
  std::string nest;
  switch (between(rng, 0, 3)) {
    case 0:
      nest = repeat("{a: ", depth) + "1" + repeat("}", depth);
      break;
    case 1:
      nest = repeat("[", depth) + "8" + repeat("]", depth);
      break;
    case 2:
      nest = repeat("[{a: ", depth) + "1" + repeat("}]", depth);
      break;
    default: {  // block indentation, kept to a modest depth: the file grows with its square
      const size_t d = std::min<size_t>(depth, 300);
      for (size_t i = 0; i < d; ++i) nest += "\n" + std::string(2 * (i + 2), ' ') + "a:";
      nest += " 1";
    }
  }
  const std::string where =
      pick(rng, std::vector<std::string>{"network:\n  radix: ", "router:\n  impl: ", "deep:\n  x: "});
  FuzzCase c{"", chance(rng, 0.2) ? nest + "\n" : where + nest + "\n"};
  c.must_refuse = true;
  return c;
}

FuzzCase long_string(Rng& rng) {
  Base b = valid_systemc(rng);  // systemc takes trace.vcd, so a long path reaches the VCD writer
  const auto n = size_t(pick(rng, std::vector<int64_t>{300, 5000, 100000, 1000000}));
  bool refuse = true;
  switch (between(rng, 0, 5)) {
    case 0:
      b.d.add("network." + std::string(n, 'k'), "1");
      break;
    case 1:
      b.d.add(std::string(n, 's') + ".key", "1");
      break;
    case 2:
      b.d.set("router.routing", "dor" + std::string(n, 'x'));
      break;
    case 3:
      b.d.set("traffic.packet_flits", std::string(n, '1'));
      break;
    case 4:
      b.d.set("traffic.load", "0." + std::string(n, '3')), refuse = false;
      break;  // a long but valid number
    default:  // a path too long for the file system, or in a directory that does not exist
      b.d.set("trace.vcd", chance(rng, 0.5) ? "\"" + std::string(n, 't') + ".vcd\"" : "no/such/dir/x.vcd");
      b.d.set("trace.nodes", "0");
      refuse = false;
  }
  FuzzCase c = from(b, rng);
  c.must_refuse = refuse;
  return c;
}

FuzzCase duplicate_keys(Rng& rng) {
  Base b = valid_any(rng);
  const auto& entries = b.d.entries();
  const auto [key, value] = entries.at(size_t(between(rng, 0, int64_t(entries.size()) - 1)));
  FuzzCase c = from(b, rng);
  // The same key again, in its section or in a second block of that section. Values that size
  // the network or the run stay as they were, so that either copy runs quickly.
  const bool sizing = key.rfind("network.", 0) == 0 || key == "run.cycles" || key == "run.max_cycles";
  const std::string again = sizing ? value : generic_value(rng, spec(key));
  const auto dot = key.find('.');
  if (chance(rng, 0.5)) {
    c.text += key.substr(0, dot) + ":\n  " + key.substr(dot + 1) + ": " + again + "\n";
  } else {
    b.d.add(key, again);
    c.text = b.d.yaml(rng);
  }
  c.deadlock_allowed = true;
  return c;
}

// Networks far too big to build: 2^24 nodes, the node-count limit, on every implementation.
FuzzCase huge_network(Rng& rng) {
  Base b;
  b.d.set("traffic.load", "0.1");
  b.d.set("run.convergence", "fixed");
  b.d.set("run.cycles", "50");
  b.d.set("run.max_cycles", "100");
  // RTL routers take radices up to 256, so 2^24 RTL nodes need the variant with the most dimensions.
  const RtlVariant* rtl = &rtl_variants().at(0);
  for (const auto& v : rtl_variants())
    if (v.dims > rtl->dims) rtl = &v;
  auto put_rtl = [&](const std::string& impl) {
    b.d.set("network.dims", std::to_string(rtl->dims));
    b.d.set("network.radix", rtl->dims == 3 ? "256" : "4096");
    b.d.set("router.impl", impl);
    b.d.set("router.fifo_flits", std::to_string(rtl->depth));
    b.d.set("router.flow_control", rtl->cut_through ? "cut_through" : "wormhole");
    b.d.set("router.routing", rtl->adaptive ? "adaptive" : "dor");
    b.d.set("traffic.packet_flits", "1");
  };
  switch (between(rng, 0, 5)) {
    case 0:
      b.d.set("network.radix", "[4096, 4096]"), b.d.set("router.impl", "systemc");
      break;
    case 1:
      b.d.set("network.dims", "3"), b.d.set("network.radix", "256"), b.d.set("router.impl", "systemc");
      break;
    case 2:
      b.d.set("network.radix", "[4096, 4096]");
      break;  // ref: about 300 bytes a node
    case 3:
      put_rtl("systemc"), b.d.set("router.rtl_nodes", "[0, 1]");
      break;
    case 4:
      put_rtl("rtl");
      break;
    default:
      b.d.set("network.topology", "rings"), b.d.set("router.model", "sci");
      chance(rng, 0.5) ? (b.d.set("network.dims", "24"), b.d.set("network.radix", "2"))
                       : (b.d.set("network.dims", "2"), b.d.set("network.radix", "4096"));
  }
  // With a memory budget key, half the cases name a budget, so that the refusal does not
  // depend on this machine's free memory (ref's 2^24 nodes fit a large machine).
  if (find_key("run.memory_limit") && (chance(rng, 0.5) || b.d.get("router.impl", "ref") == "ref"))
    b.d.set("run.memory_limit", "2048");
  FuzzCase c = from(b, rng);
  c.deadlock_allowed = true;
  return c;
}

struct Kind {
  std::string name;
  double weight;
  std::function<FuzzCase(Rng&)> draw;
};

const std::vector<Kind>& kinds() {
  static const std::vector<Kind> k = {
      {"valid_ref", 8, [](Rng& r) { return from(valid_ref(r), r); }},
      {"valid_systemc", 9, [](Rng& r) { return from(valid_systemc(r), r); }},
      {"valid_rtl", 7, [](Rng& r) { return from(valid_rtl(r, false), r); }},
      {"valid_mixed", 6, [](Rng& r) { return from(valid_rtl(r, true), r); }},
      {"valid_rings", 9, [](Rng& r) { return from(valid_rings(r), r); }},
      {"valid_hexagonal", 4, [](Rng& r) { return from(valid_hexagonal(r), r); }},
      {"valid_boundary", 5, valid_boundary},
      {"wrong_type", 6, wrong_type},
      {"out_of_range", 6, out_of_range},
      {"nan_inf", 4, nan_inf},
      {"huge_list", 3, huge_list},
      {"unknown_key", 5, unknown_key},
      {"incompatible", 7, incompatible},
      {"malformed_yaml", 6, malformed_yaml},
      {"binary_garbage", 4, binary_garbage},
      {"empty", 1.5, empty},
      {"top_level", 1.5, top_level},
      {"deep_nesting", 2, deep_nesting},
      {"long_string", 3, long_string},
      {"duplicate_keys", 3, duplicate_keys},
      {"huge_network", 0.4, huge_network},
  };
  return k;
}

}  // namespace

const std::vector<std::string>& case_kinds() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> n;
    for (const auto& k : kinds()) n.push_back(k.name);
    return n;
  }();
  return names;
}

FuzzCase draw_case(uint64_t seed, uint64_t index) {
  std::seed_seq seq{uint32_t(seed), uint32_t(seed >> 32), uint32_t(index), uint32_t(index >> 32)};
  Rng rng(seq);
  std::vector<double> weights;
  for (const auto& k : kinds()) weights.push_back(k.weight);
  const Kind& kind = kinds()[size_t(std::discrete_distribution<int>(weights.begin(), weights.end())(rng))];
  FuzzCase c = kind.draw(rng);
  c.kind = kind.name;
  return c;
}

}  // namespace kncsim::fuzz
