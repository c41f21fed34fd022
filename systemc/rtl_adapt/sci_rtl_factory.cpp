#include "rtl_adapt/sci_rtl_factory.hpp"

#include <array>

#include "rtl_adapt/port_table.hpp"
#include "rtl_adapt/rtl_coverage.hpp"
#include "rtl_adapt/rtl_model_loader.hpp"
#include "rtl_adapt/rtl_sci_node.hpp"
#include "rtl_adapt/sci_pins_direct.hpp"
#include "rtl_adapt/sci_pins_signals.hpp"
#include "rtl_adapt/rtl_toggles.hpp"

namespace kncsim {

static_assert(rtl::sci::kMaxDims == 4, "the top has four ring ports (ring_in0_i .. ring_in3_i)");

ModelSpec rtl_sci_model_spec(bool signal_binding, const std::string& sources_dir, bool toggles) {
  ModelSpec s;
  s.family = RtlFamily::sci_node;
  s.binding = signal_binding ? RtlBinding::signals : RtlBinding::direct;
  s.sources_dir = sources_dir;
  s.ports = sci_node_port_table();
  s.port_table = "systemc/rtl_adapt/sci_node_ports.def";
  s.toggles = toggles;
  s.label = "SCI ring node" + (sources_dir.empty() ? std::string() : " from " + sources_dir) + " (" +
            s.binding_name() + " binding" + (toggles ? ", toggles counted" : "") + ")";
  return s;
}

SciRtlMaker rtl_sci_maker(const std::string& sources_dir, bool monitored, SciCoverage* coverage, bool toggles,
                          uint32_t toggle_period) {
  std::array<const rtl_abi::ModelApi*, 2> models{};  // direct, signals; loaded once per maker
  return [sources_dir, models, monitored, coverage, toggles, toggle_period](const char* name, uint32_t node, SciShared& s, RtlDomain& domain,
                                                    bool signals) mutable -> std::unique_ptr<SciRingNode> {
    const rtl_abi::ModelApi*& model = models[signals ? 1 : 0];
    if (!model) model = &load_rtl_model(rtl_sci_model_spec(signals, sources_dir, toggles));
    std::unique_ptr<SciRingNode> r;
    if (signals)
      r = std::make_unique<RtlSciNode<SciSignalPins>>(name, *model, node, s, domain, monitored, coverage);
    else
      r = std::make_unique<RtlSciNode<SciDirectPins>>(name, *model, node, s, domain, monitored, coverage);
    if (toggles) r->sample_toggles(toggle_period, toggle_seed(node));
    write_coverage_at_exit();  // after a model made Verilator's context
    return r;
  };
}

}  // namespace kncsim
