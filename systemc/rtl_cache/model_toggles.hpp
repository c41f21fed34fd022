#pragma once
// What a model built with its toggles counted (ModelSpec::toggles, energy.rtl_toggles) counts:
// every member of its root class that holds design state (Vmodel___024root.h: the ports, the
// registers and memories, the nets Verilator keeps), each under the module whose instance holds
// it. The instances' modules come from Verilator's XML view of the design (--xml-only: a cell
// per instance, with its module); Verilator's own temporaries (__V...) are left out, as are the
// top's clock and reset (the clock tree's energy is priced per cycle). The glue
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
// A SystemC-mode model's ports are sc_in/sc_out members: counted through the copies Verilator
// keeps of them (__Vcellinp...), so not at all here; its inner state is counted alike.
ToggleTableSpec read_toggle_table(const std::string& root_header, const std::string& xml, const std::string& top);

// kncsim_toggle_table.hpp for the glue: KNCSIM_TOGGLE_MODULES (a list of strings) and
// KNCSIM_TOGGLE_MEMBERS(X), X(member, module index) per member.
std::string toggle_table_header(const ToggleTableSpec& t);

}  // namespace kncsim
