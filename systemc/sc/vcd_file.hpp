#pragma once
// A VCD waveform file for `--vcd PATH` (SystemC appends ".vcd" itself, so one given is dropped).
#include <string>
#include <systemc>

namespace kncsim {

// The path without ".vcd" (also for naming files beside it).
inline std::string vcd_stem(std::string path) {
  const std::string ext = ".vcd";
  if (path.size() > ext.size() && path.compare(path.size() - ext.size(), ext.size(), ext) == 0)
    path.resize(path.size() - ext.size());
  return path;
}

inline sc_core::sc_trace_file* open_vcd(const std::string& path, sc_core::sc_time_unit unit) {
  sc_core::sc_trace_file* f = sc_core::sc_create_vcd_trace_file(vcd_stem(path).c_str());
  f->set_time_unit(1, unit);
  return f;
}

}  // namespace kncsim
