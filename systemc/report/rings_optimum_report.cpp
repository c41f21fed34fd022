#include "report/rings_optimum_report.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <cmath>

#include "analytic/rings_optimum.hpp"

namespace kncsim {

using ojson = nlohmann::ordered_json;

namespace {

constexpr RingLinkMode kVariants[] = {RingLinkMode::synchronous, RingLinkMode::pipelined, RingLinkMode::pipelined_max,
                                      RingLinkMode::unit_delay};
constexpr RingConstraint kConstraints[] = {RingConstraint::link_width, RingConstraint::node_size,
                                           RingConstraint::bisection};

const char* paper_name(RingLinkMode m) {
  switch (m) {
    case RingLinkMode::synchronous: return "Synch";
    case RingLinkMode::pipelined: return "PipeAvg";
    case RingLinkMode::pipelined_max: return "PipeMax";
    case RingLinkMode::unit_delay: return "UnitDelay";
  }
  return "?";
}

ojson point(const RingsPoint& p) {
  return ojson{{"dims", p.dims}, {"radix", p.radix}, {"width_bits", p.width_bits}, {"latency_cycles", p.latency}};
}

}  // namespace

ojson rings_optimum_report(const ExperimentSpec& spec, const RingsExperiment& e, const std::vector<int>& message_bits) {
  const RingsDesign& d = e.design;
  ojson constraints = ojson::object();
  for (RingConstraint c : kConstraints) {
    ojson variants = ojson::object();
    for (RingLinkMode v : kVariants) {
      const RingsOptimum o = rings_optimum(d, v, c, message_bits);
      ojson integral = ojson::array(), curve = ojson::array();
      for (const RingsPoint& p : o.integral) integral.push_back(point(p));
      for (const RingsPoint& p : o.curve) curve.push_back(point(p));
      variants[to_string(v)] = ojson{{"paper_name", paper_name(v)},
                                     {"continuous", point(o.continuous)},
                                     {"best_integral", o.integral.empty() ? ojson(nullptr) : point(o.best_integral)},
                                     {"integral", integral},
                                     {"curve", curve}};
    }
    constraints[to_string(c)] = variants;
  }
  const double nodes = std::pow(double(d.radix), double(d.dims));
  return ojson{{"topology", "rings"},
               {"optimize", "Scott & Goodman 2.3: the n and k = N^(1/n) of least summed unloaded latency"},
               {"nodes", std::lround(nodes)},
               {"log2_nodes", std::log2(nodes)},
               {"message_bits", message_bits},
               {"switch_to_wire_ratio", d.switch_to_wire},
               {"t_pass", d.t_pass},
               {"t_switch", d.t_switch},
               {"width_bits", d.width_bits},
               {"node_wires", d.node_wires},
               {"bisection_wires", d.bisection_wires > 0 ? d.bisection_wires : 4 * std::lround(nodes)},
               {"constraints", constraints},
               {"config", spec.config}};
}

std::string rings_optimum_summary(const ojson& r) {
  std::string s = fmt::format(
      "optimal dimensionality of a {}-node network of rings (Scott & Goodman 2.3): least summed unloaded latency of "
      "messages of {} bits, S = {:g}\n",
      r["nodes"].get<long>(), fmt::join(r["message_bits"].get<std::vector<int>>(), " + "),
      r["switch_to_wire_ratio"].get<double>());
  s += "continuous: n, k and W fractional, as the paper's Fig. 4; integral: the best network one can build (k^n = N)\n";
  for (const auto& [c, variants] : r["constraints"].items()) {
    s += fmt::format("\n{:<11} {:<25} {:>7} {:>7} {:>10}   {:>3} {:>5} {:>10}\n", c, "variant", "n", "k", "latency",
                     "n", "k", "latency");
    for (const auto& [v, o] : variants.items()) {
      const auto& ct = o["continuous"];
      std::string integral = "none buildable";
      if (!o["best_integral"].is_null()) {
        const auto& b = o["best_integral"];
        integral = fmt::format("{:>3g} {:>5g} {:>10.1f}", b["dims"].get<double>(), b["radix"].get<double>(),
                               b["latency_cycles"].get<double>());
      }
      s += fmt::format("{:<11} {:<25} {:>7.2f} {:>7.2f} {:>10.1f}   {}\n", "",
                       v + " (" + o["paper_name"].get<std::string>() + ")", ct["dims"].get<double>(),
                       ct["radix"].get<double>(), ct["latency_cycles"].get<double>(), integral);
    }
  }
  return s;
}

}  // namespace kncsim
