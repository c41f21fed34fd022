#include "energy/toggle_estimate.hpp"

#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>

namespace kncsim {
namespace {

constexpr const char* kNames[kToggleClasses] = {"storage", "allocator", "route", "crossbar", "other"};

// The module name's words: split at '_', digits and a capital after a small letter, lower case
// ("kncsim_prim_fifo": kncsim, prim, fifo; "RoundRobinArbiter": round, robin, arbiter).
std::vector<std::string> words(const std::string& module) {
  std::vector<std::string> w(1);
  char before = 0;
  for (char ch : module) {
    const auto c = static_cast<unsigned char>(ch);
    if (std::isupper(c) && std::islower(static_cast<unsigned char>(before)) && !w.back().empty()) w.emplace_back();
    if (std::isalpha(c)) w.back() += char(std::tolower(c));
    else if (!w.back().empty()) w.emplace_back();
    before = ch;
  }
  if (w.back().empty()) w.pop_back();
  return w;
}

// A word of `module` is one of `names`, or one of them with a plural s.
bool names_any(const std::vector<std::string>& module, std::initializer_list<const char*> names) {
  for (const auto& w : module)
    for (const char* n : names)
      if (w == n || w == std::string(n) + "s") return true;
  return false;
}

}  // namespace

const char* to_string(ToggleClass c) { return kNames[int(c)]; }

std::string toggle_class_names() {
  std::string s;
  for (const char* n : kNames) s += (s.empty() ? "" : ", ") + std::string(n);
  return s;
}

ToggleClass toggle_class(const std::string& module) {
  const auto w = words(module);
  if (names_any(w, {"fifo", "buffer", "buf", "queue", "mem", "memory", "ram", "sram", "regfile"})) return ToggleClass::storage;
  if (names_any(w, {"alloc", "allocator", "arb", "arbiter", "grant", "sa", "va"})) return ToggleClass::allocator;
  if (names_any(w, {"route", "routing", "rc", "decode", "decoder"})) return ToggleClass::route;
  if (names_any(w, {"xbar", "crossbar", "switch", "mux", "xb"})) return ToggleClass::crossbar;
  return ToggleClass::other;
}

ClassToggles class_toggles(const NodeToggles& t) {
  ClassToggles c{};
  for (const auto& m : t) c[size_t(toggle_class(m.module))] += m.toggles;
  return c;
}

ClassEnergy event_energy_by_class(const RouterEventEnergies& e, const RouterEvents& ev, double extra_pj) {
  ClassEnergy c{};
  c[size_t(ToggleClass::storage)] = double(ev.buffer_writes) * e.buffer_write + double(ev.buffer_reads) * e.buffer_read;
  c[size_t(ToggleClass::allocator)] =
      double(ev.switch_arbitration) * e.switch_arbitration + double(ev.vc_allocations) * e.vc_allocation;
  c[size_t(ToggleClass::route)] = double(ev.route_computations) * e.route_computation;
  c[size_t(ToggleClass::crossbar)] = double(ev.crossbar) * e.crossbar;
  c[size_t(ToggleClass::other)] = extra_pj;
  return c;
}

ToggleWeights calibrate_toggles(const std::vector<ClassEnergy>& events, const std::vector<ClassToggles>& toggles) {
  ClassEnergy e{};
  ClassToggles t{};
  for (const auto& n : events)
    for (int c = 0; c < kToggleClasses; ++c) e[size_t(c)] += n[size_t(c)];
  for (const auto& n : toggles)
    for (int c = 0; c < kToggleClasses; ++c) t[size_t(c)] += n[size_t(c)];
  ToggleWeights w;
  w.source = "this run";
  for (size_t c = 0; c < size_t(kToggleClasses); ++c) w.pj_per_toggle[c] = t[c] ? e[c] / double(t[c]) : 0;
  return w;
}

ToggleWeights read_toggle_weights(const std::string& path) {
  YAML::Node root;
  try {
    root = YAML::LoadFile(path);
  } catch (const YAML::BadFile&) {
    throw ToggleWeightsError(fmt::format("{}: cannot be read (energy.toggle_weights)", path));
  } catch (const YAML::Exception& ex) {
    throw ToggleWeightsError(fmt::format("{}:{}: not YAML: {}", path, ex.mark.line + 1, ex.msg));
  }
  if (!root.IsMap())
    throw ToggleWeightsError(fmt::format("{}: toggle weights are a YAML map of class to pJ per toggle; the classes: {}",
                                         path, toggle_class_names()));
  ToggleWeights w;
  w.source = path;
  std::array<bool, kToggleClasses> seen{};
  for (const auto& kv : root) {
    const int line = kv.first.Mark().line + 1;
    const std::string key = kv.first.as<std::string>();
    int c = 0;
    while (c < kToggleClasses && key != kNames[c]) ++c;
    if (c == kToggleClasses)
      throw ToggleWeightsError(fmt::format("{}:{}: unknown class '{}'; allowed: {}", path, line, key, toggle_class_names()));
    if (seen[size_t(c)]) throw ToggleWeightsError(fmt::format("{}:{}: '{}' appears twice; allowed: each class once", path, line, key));
    seen[size_t(c)] = true;
    const std::string text = kv.second.IsScalar() ? kv.second.Scalar() : "";
    char* end = nullptr;
    const double v = text.empty() ? NAN : std::strtod(text.c_str(), &end);
    if (text.empty() || *end || !std::isfinite(v) || v < 0)
      throw ToggleWeightsError(fmt::format("{}:{}: '{}' is '{}'; allowed: a number of pJ per toggle, 0 or more", path,
                                           line, key, text));
    w.pj_per_toggle[size_t(c)] = v;
  }
  for (int c = 0; c < kToggleClasses; ++c)
    if (!seen[size_t(c)])
      throw ToggleWeightsError(fmt::format("{}: the class '{}' is missing; the weights give every one of: {}", path,
                                           kNames[c], toggle_class_names()));
  return w;
}

ToggleEstimate estimate_toggles(const std::vector<NodeToggles>& toggles, const std::vector<ClassEnergy>& events,
                                const ToggleWeights* weights) {
  ToggleEstimate out;
  std::vector<ClassEnergy> counted_events;
  std::vector<ClassToggles> counted;
  for (size_t n = 0; n < toggles.size(); ++n) {
    if (toggles[n].empty()) continue;
    counted.push_back(class_toggles(toggles[n]));
    for (const ModuleToggles& m : toggles[n]) {
      auto it = std::find_if(out.modules.begin(), out.modules.end(), [&](const ModuleToggles& o) { return o.module == m.module; });
      if (it == out.modules.end()) out.modules.push_back(m);
      else it->toggles += m.toggles;
    }
    counted_events.push_back(events.at(n));
    out.nodes.push_back({uint32_t(n), counted.back(), 0, 0});
  }
  // A class no node's design has a toggling module for: its events' energy is priced with other.
  ClassToggles any{};
  for (const auto& t : counted)
    for (size_t c = 0; c < size_t(kToggleClasses); ++c) any[c] += t[c];
  const size_t other = size_t(ToggleClass::other);
  for (auto& e : counted_events)
    for (size_t c = 0; c < other; ++c)
      if (!any[c]) e[other] += e[c], e[c] = 0;
  out.weights = weights ? *weights : calibrate_toggles(counted_events, counted);
  for (size_t i = 0; i < out.nodes.size(); ++i) {
    NodeToggleEstimate& e = out.nodes[i];
    for (size_t c = 0; c < size_t(kToggleClasses); ++c) {
      const double tp = double(e.toggles[c]) * out.weights.pj_per_toggle[c];
      e.toggle_pj += tp;
      e.event_pj += counted_events[i][c];
      out.toggles[c] += e.toggles[c];
      out.toggle_pj_by_class[c] += tp;
      out.event_pj_by_class[c] += counted_events[i][c];
    }
    out.toggle_pj += e.toggle_pj;
    out.event_pj += e.event_pj;
  }
  return out;
}

}  // namespace kncsim
