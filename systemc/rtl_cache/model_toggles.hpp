#pragma once
// What a model built with its toggles counted (ModelSpec::toggles, energy.rtl_toggles) counts:
// every member of its root class that holds design state (Vmodel___024root.h: the registers and
// memories, and the nets Verilator keeps), each under the module whose instance holds it. The
// instances' modules come from Verilator's XML view of the design (--xml-only: a cell per
// instance, with its module). Left out: the top's ports (what the links carry, priced as wires;
// the clock and reset with them), Verilator's own temporaries (__V...), and anything not of
// Verilator's integer types. A module Verilator does not inline keeps its state in a class of its
// own, which is not read: the build refuses such a model (model_build.cpp). The glue
// (rtl/glue/kncsim_model_glue.cpp) gets the table in a generated header, kncsim_toggle_table.hpp,
// and counts the bits of those members that changed, once a cycle.
#include <string>
#include <vector>

namespace kncsim {

struct ToggleMember {
  std::string name;    // the root's member: kncsim_router_top__DOT__u_router__DOT__...__DOT__mem_q
  size_t module = 0;   // into ToggleTableSpec::modules
};

struct ToggleTableSpec {
  std::vector<std::string> modules;  // the modules' names, without Verilator's parameter suffix
  std::vector<ToggleMember> members;
};

// From the root header's text and the XML view's text, of a model whose top module is `top`.
ToggleTableSpec read_toggle_table(const std::string& root_header, const std::string& xml, const std::string& top);

// kncsim_toggle_table.hpp for the glue: KNCSIM_TOGGLE_MODULES (a list of strings) and
// KNCSIM_TOGGLE_MEMBERS(X), X(member, module index) per member.
std::string toggle_table_header(const ToggleTableSpec& t);

}  // namespace kncsim
