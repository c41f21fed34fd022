#pragma once
// What the bindings and the model cache share about the port tables (router_ports.def,
// sci_node_ports.def): the tables as data, for the check before a model is Verilated
// (rtl_cache/model_ports.hpp), and a pin's value at start in the signal bindings.
#include <string_view>
#include <vector>

#include "rtl_cache/model_spec.hpp"

namespace kncsim {

inline std::vector<ModelPort> router_port_table() {
  return {
#define KNCSIM_ROUTER_PIN(dir, name, type, bits) {#name, std::string_view(#dir) == "out", bits},
#include "rtl_adapt/router_ports.def"
#undef KNCSIM_ROUTER_PIN
  };
}

inline std::vector<ModelPort> sci_node_port_table() {
  return {
#define KNCSIM_SCI_FLIT
#define KNCSIM_SCI_PIN(dir, name, type, bits) {#name, std::string_view(#dir) == "out", bits},
#include "rtl_adapt/sci_node_ports.def"
#undef KNCSIM_SCI_PIN
#undef KNCSIM_SCI_FLIT
  };
}

// Active-low resets (rst_*) start high, so that asserting one is a falling edge the model
// sees; every other pin starts at 0.
constexpr bool pin_high_at_start(const char* name) {
  return name[0] == 'r' && name[1] == 's' && name[2] == 't' && name[3] == '_';
}

}  // namespace kncsim
