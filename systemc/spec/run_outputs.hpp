#pragma once
// The files a run writes besides its JSON, decoded first: kncsim checks every one before
// anything is built or simulated.
#include <string>

#include "config/config.hpp"

namespace kncsim {

struct RunOutputs {
  std::string vcd;    // trace.vcd (empty: none)
  std::string flits;  // trace.flits (empty: none)
  // RTL nodes among trace.nodes: each writes every signal inside it to PATH.router_N.vcd
  // beside the VCD.
  bool rtl_internals = false;
  bool full_statistics = false;  // run.statistics full: the tables --csv writes exist
  // The per-channel and per-node tables exist (not for closed loops and traces, which keep
  // none); with energy accounting, --csv also writes the energy's tables.
  bool channel_tables = true;
  bool energy_tables = false;
  // --trace-out: the run's generated packets as a text trace (empty: none). Not a key: the command
  // line's (request_trace_out).
  std::string trace_out;
};

RunOutputs decode_outputs(const Config& c);

}  // namespace kncsim
