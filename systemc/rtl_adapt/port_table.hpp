#pragma once
// What the signal bindings share about the port tables (router_ports.def, sci_node_ports.def):
// a pin's value at start. Active-low resets (rst_*) start high, so that asserting one is a
// falling edge the model sees; every other pin starts at 0.
namespace kncsim {

constexpr bool pin_high_at_start(const char* name) {
  return name[0] == 'r' && name[1] == 's' && name[2] == 't' && name[3] == '_';
}

}  // namespace kncsim
