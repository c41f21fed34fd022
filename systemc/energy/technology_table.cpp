#include "energy/technology_table.hpp"

#include <yaml-cpp/yaml.h>

#include <fmt/format.h>

#include <cmath>
#include <functional>
#include <map>
#include <set>
#include <vector>

namespace kncsim {
namespace {

// DSENT's D flip-flop (DFFQ, size X1) per bit and clock, taking random data: its CK, DFFD and DFFQ
// events with no load (the router's PipelineReg2_0), in fJ.
constexpr double kDff45 = 3.11945 + 1.36701 + 1.50758, kDff32 = 1.73014 + 0.75355 + 0.83446,
                 kDff22 = 0.89784 + 0.34967 + 0.37971;

// A field of the file: its dotted name, where it goes, and its range.
struct Field {
  const char* name;
  std::function<void(TechnologyTable&, double)> set;
  double lo, hi;
  bool integer;
  const char* unit;
};

const std::vector<Field>& fields() {
  constexpr double inf = INFINITY;
  static const std::vector<Field> f = {
      {"reference_router.flit_bits", [](TechnologyTable& t, double v) { t.reference.flit_bits = int(v); }, 1, 1024, true, "bits"},
      {"reference_router.ports", [](TechnologyTable& t, double v) { t.reference.ports = int(v); }, 2, 64, true, "ports"},
      {"reference_router.vcs", [](TechnologyTable& t, double v) { t.reference.vcs = int(v); }, 1, 64, true, "virtual channels"},
      {"reference_router.buffer_flits", [](TechnologyTable& t, double v) { t.reference.buffer_flits = int(v); }, 1, 65536, true,
       "flits per virtual channel"},
      {"reference_router.clock_ghz", [](TechnologyTable& t, double v) { t.reference_ghz = v; }, 1e-6, 1e6, false, "GHz"},
      {"router_pj.buffer_write", [](TechnologyTable& t, double v) { t.router.buffer_write = v; }, 0, inf, false, "pJ"},
      {"router_pj.buffer_read", [](TechnologyTable& t, double v) { t.router.buffer_read = v; }, 0, inf, false, "pJ"},
      {"router_pj.crossbar", [](TechnologyTable& t, double v) { t.router.crossbar = v; }, 0, inf, false, "pJ"},
      {"router_pj.switch_arbitration", [](TechnologyTable& t, double v) { t.router.switch_arbitration = v; }, 0, inf, false, "pJ"},
      {"router_pj.vc_allocation", [](TechnologyTable& t, double v) { t.router.vc_allocation = v; }, 0, inf, false, "pJ"},
      {"router_pj.route_computation", [](TechnologyTable& t, double v) { t.router.route_computation = v; }, 0, inf, false, "pJ"},
      {"router_pj.clock_per_cycle", [](TechnologyTable& t, double v) { t.router.clock = v; }, 0, inf, false, "pJ"},
      {"router_leakage_mw.buffers", [](TechnologyTable& t, double v) { t.leakage_mw.buffers = v; }, 0, inf, false, "mW"},
      {"router_leakage_mw.pipeline", [](TechnologyTable& t, double v) { t.leakage_mw.pipeline = v; }, 0, inf, false, "mW"},
      {"router_leakage_mw.crossbar", [](TechnologyTable& t, double v) { t.leakage_mw.crossbar = v; }, 0, inf, false, "mW"},
      {"router_leakage_mw.switch_allocator", [](TechnologyTable& t, double v) { t.leakage_mw.switch_allocator = v; }, 0, inf,
       false, "mW"},
      {"router_leakage_mw.clock", [](TechnologyTable& t, double v) { t.leakage_mw.clock = v; }, 0, inf, false, "mW"},
      {"wire.fj_per_toggle_mm", [](TechnologyTable& t, double v) { t.wire_fj_per_toggle_mm = v; }, 0, inf, false, "fJ"},
      {"wire.leakage_uw_per_mm", [](TechnologyTable& t, double v) { t.wire_leakage_uw_per_mm = v; }, 0, inf, false, "uW"},
      {"latch_fj_per_bit", [](TechnologyTable& t, double v) { t.latch_fj_per_bit = v; }, 0, inf, false, "fJ"},
  };
  return f;
}

std::string field_names() {
  std::string s;
  for (const Field& f : fields()) s += (s.empty() ? "" : ", ") + std::string(f.name);
  return s + ", technology, source";
}

void walk(const YAML::Node& node, const std::string& prefix, const std::string& path,
          std::map<std::string, std::pair<std::string, int>>& values) {
  for (const auto& kv : node) {
    const std::string key = prefix.empty() ? kv.first.Scalar() : prefix + "." + kv.first.Scalar();
    const int line = kv.first.Mark().line + 1;
    if (values.count(key))
      throw EnergyTableError(fmt::format("{}:{}: '{}' appears twice; allowed: each field once", path, line, key));
    if (kv.second.IsMap()) {
      values[key] = {"", line};
      walk(kv.second, key, path, values);
    } else if (kv.second.IsScalar()) {
      values[key] = {kv.second.Scalar(), line};
    } else {
      throw EnergyTableError(fmt::format("{}:{}: '{}' must be a number or a word", path, line, key));
    }
  }
}

}  // namespace

TechnologyTable read_technology_table(const std::string& path) {
  YAML::Node root;
  try {
    root = YAML::LoadFile(path);
  } catch (const YAML::BadFile&) {
    throw EnergyTableError(fmt::format("{}: cannot be read (energy.table)", path));
  } catch (const YAML::Exception& e) {
    throw EnergyTableError(fmt::format("{}:{}: not YAML: {}", path, e.mark.line + 1, e.msg));
  }
  if (!root.IsMap()) throw EnergyTableError(fmt::format("{}: a technology table is a YAML map; its fields: {}", path, field_names()));
  std::map<std::string, std::pair<std::string, int>> values;
  walk(root, "", path, values);
  std::set<std::string> known{"technology", "source", "reference_router", "router_pj", "router_leakage_mw", "wire"};
  for (const Field& f : fields()) known.insert(f.name);
  for (const auto& [key, v] : values)
    if (!known.count(key))
      throw EnergyTableError(fmt::format("{}:{}: unknown field '{}'; allowed: {}", path, v.second, key, field_names()));
  TechnologyTable t;
  t.name = values.count("technology") ? values["technology"].first : path;
  t.source = values.count("source") ? values["source"].first : "";
  for (const Field& f : fields()) {
    const auto it = values.find(f.name);
    if (it == values.end())
      throw EnergyTableError(fmt::format("{}: the field '{}' ({}) is missing; a table gives every one of: {}", path,
                                         f.name, f.unit, field_names()));
    const auto& [text, line] = it->second;
    double v = NAN;
    size_t used = 0;
    try {
      v = std::stod(text, &used);
    } catch (const std::exception&) {
      used = 0;
    }
    if (used == 0 || used != text.size() || !std::isfinite(v))
      throw EnergyTableError(fmt::format("{}:{}: '{}' is '{}'; allowed: a finite number ({})", path, line, f.name, text, f.unit));
    if (v < f.lo || v > f.hi || (f.integer && v != std::floor(v)))
      throw EnergyTableError(fmt::format("{}:{}: '{}' is {}; allowed: {} {} to {} ({})", path, line, f.name, text,
                                         f.integer ? "an integer" : "a number", f.lo, f.hi, f.unit));
    f.set(t, v);
  }
  return t;
}

// DSENT 0.91 (gem5's ext/dsent as first added, commit e8ed7b1d1b), configs/router.cfg and
// configs/electrical-link.cfg at 1 GHz: a 5-port router, 64-bit flits, one virtual network of 4
// virtual channels with 4 flit buffers each, DFFRAM buffers, a multiplexer crossbar, on
// Bulk45LVT / Bulk32LVT / Bulk22LVT; a 64-bit repeated link of 1 mm. The numbers are the ones
// DSENT printed (docs/energy.md has the commands and the raw lines); DSENT's events assume random
// data (a bit flips with probability 1/2), so a link's Send energy over 64 bits, times 2, is its
// energy per flipping bit. DSENT has no VC allocator or route computation model: 0 here.
TechnologyTable builtin_technology(const std::string& name) {
  TechnologyTable t;
  t.name = name;
  t.reference = RouterShape{64, 5, 4, 4};
  t.reference_ghz = 1;
  const auto set = [&t](double write, double read, double xbar, double sa1, double sa2, double clock,
                        RouterLeakage leak, double send_64_pj, double link_leak_w, double dff_fj) {
    t.router = RouterEventEnergies{write, read, xbar, sa1 + sa2, 0, 0, clock};
    t.leakage_mw = leak;
    t.wire_fj_per_toggle_mm = send_64_pj * 1000 / 32;   // 64 bits, half of them flipping
    t.wire_leakage_uw_per_mm = link_leak_w * 1e6 / 64;  // per wire
    t.latch_fj_per_bit = dff_fj;
  };
  if (name == "45nm") {
    t.source = "DSENT 0.91, Bulk45LVT (1.0 V), 1 GHz";
    set(2.40369, 2.13524, 1.07367, 0.0814981, 0.13333, 0.537081,
        RouterLeakage{12.2338, 0.521041 * 2 + 0.104208 * 5, 0.837701 + 0.0244238, 0.403505, 0.0171181}, 2.58317,
        2.77357e-05, kDff45);
  } else if (name == "32nm") {
    t.source = "DSENT 0.91, Bulk32LVT (0.9 V), 1 GHz";
    set(1.32736, 1.17204, 0.591408, 0.0448458, 0.073377, 0.297923,
        RouterLeakage{10.4317, 0.449959 * 2 + 0.0899918 * 5, 0.700842 + 0.0210918, 0.339912, 0.0129161}, 2.07333,
        2.18209e-05, kDff32);
  } else if (name == "22nm") {
    t.source = "DSENT 0.91, Bulk22LVT (0.8 V), 1 GHz";
    set(0.634108, 0.535554, 0.272484, 0.020623, 0.0337796, 0.164883,
        RouterLeakage{8.94757, 0.385827 * 2 + 0.0771654 * 5, 0.620941 + 0.0180856, 0.258278, 0.00952509}, 1.50928,
        1.54331e-05, kDff22);
  } else {
    throw std::invalid_argument("builtin_technology: no table '" + name + "'; allowed: 45nm, 32nm, 22nm");
  }
  return t;
}

}  // namespace kncsim
