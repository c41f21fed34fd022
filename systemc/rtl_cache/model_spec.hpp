#pragma once
// What one cached RTL model is: a family's top Verilated from a directory of sources, with a
// parameter set, in one binding. Everything that changes the built model is here or in the
// toolchain (model_toolchain.hpp); the cache key is made from both.
#include <string>
#include <vector>

namespace kncsim {

enum class RtlFamily { router, sci_node };
enum class RtlBinding { direct, signals };  // a C++ model the adapter evaluates; a SystemC-mode one

// One pin of the family's port table (router_ports.def, sci_node_ports.def): the top must
// have exactly these ports, in this order.
struct ModelPort {
  const char* name;
  bool output;
  int bits;
};

struct ModelSpec {
  RtlFamily family = RtlFamily::router;
  RtlBinding binding = RtlBinding::direct;
  std::vector<std::string> parameters;  // Verilator -G assignments, e.g. "-GDims=2"
  std::string sources_dir;              // the family's .sv files; empty: kncsim's own (rtl/wormhole/, rtl/sci/)
  std::string label;                    // for people: "router dims 2 fifo_flits 4 ... (direct)"
  std::vector<ModelPort> ports;         // the port table, checked before Verilating; empty: none
  std::string port_table;               // where the table is written, for messages
  bool toggles = false;                 // counts every signal's toggles, by module (energy.rtl_toggles)

  std::string top() const { return family == RtlFamily::router ? "kncsim_router_top" : "kncsim_sci_node_top"; }
  std::string family_name() const { return family == RtlFamily::router ? "router" : "sci_node"; }
  std::string binding_name() const { return binding == RtlBinding::direct ? "direct" : "signals"; }
  // The cache entry's name: "router-direct", "router-direct-toggles".
  std::string entry_kind() const { return family_name() + "-" + binding_name() + (toggles ? "-toggles" : ""); }
};

// The directory the sources come from (sources_dir; else $KNCSIM_RTL_DIR, or rtl/ of kncsim's
// source tree: the router's in its wormhole/, the SCI node's in its sci/); the prims both families use (the FIFO, the
// pick, the reset check): sources_dir's prim/ if it has one, else kncsim's (rtl/prim/, or
// $KNCSIM_RTL_DIR/prim/); and the sources of both in the order Verilator reads them: Verilator
// control files (*.vlt), then packages (*_pkg.sv), then the other *.sv files, each group by path.
std::string model_sources_dir(const ModelSpec& spec);
std::string model_prim_dir(const ModelSpec& spec);
std::vector<std::string> model_sources(const ModelSpec& spec);
// The headers (*.svh: the prims' assertion macros) the sources may `include, found through
// model_include_flags (-I the family's directory, then the prims'); the cache's key holds them.
std::vector<std::string> model_headers(const ModelSpec& spec);
std::vector<std::string> model_include_flags(const ModelSpec& spec);

}  // namespace kncsim
