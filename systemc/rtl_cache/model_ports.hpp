#pragma once
// The check before a model is Verilated: Verilator elaborates the sources (--xml-only, with the
// model's parameters), the top's ports must be the family's port table, in order, direction
// and width, and Verilator must have no warning (its default set: the lint). Either failure is the user's
// sources: RtlSourceError, naming Verilator's file:line or the port, its expected direction
// and width, and where the top declares it.
#include <string>
#include <vector>

#include "rtl_cache/model_spec.hpp"

namespace kncsim {

struct TopPort {
  std::string name;
  bool output = false;
  int bits = 0;
  std::string where;  // file:line of its declaration
};

struct Elaboration {
  std::vector<TopPort> ports;  // the top's, in order
  std::string warnings;        // Verilator's warnings about the sources, one per line; empty: none
};

// The top as Verilator elaborates it (its warnings not fatal, so that a port that differs is
// named before what it makes Verilator warn about); `work_dir` takes Verilator's XML and log.
// Throws RtlSourceError when Verilator refuses the sources.
Elaboration elaborate_top(const ModelSpec& spec, const std::string& work_dir);

// Empty if `top` is the table, else one line per difference.
std::vector<std::string> port_differences(const ModelSpec& spec, const std::vector<TopPort>& top);

// Verilator's messages about the sources in a log ("%Error: file.sv:12:5: ..."), for the user.
std::string verilator_messages(const std::string& log);

// Both: throws RtlSourceError on any difference, then on any warning (the lint: the build
// Verilates with warnings as errors).
void check_model_ports(const ModelSpec& spec, const std::string& work_dir);

}  // namespace kncsim
