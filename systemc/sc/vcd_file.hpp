#pragma once
// The VCD waveform of `--vcd PATH` (trace.vcd): SystemC's trace file of the link pins, staged
// and put in place by the output layer (io/output_file.hpp) when it is closed.
#include <memory>
#include <string>
#include <systemc>

#include "io/output_file.hpp"

namespace kncsim {

// The path without ".vcd" (also for naming files beside it).
inline std::string vcd_stem(std::string path) {
  const std::string ext = ".vcd";
  if (path.size() > ext.size() && path.compare(path.size() - ext.size(), ext.size(), ext) == 0)
    path.resize(path.size() - ext.size());
  return path;
}

// Where `--vcd PATH` writes: PATH itself when it is a device, FIFO, socket or descriptor
// (/dev/null, /dev/fd/63), else PATH with ".vcd" added unless it has it.
inline std::string vcd_output_path(const std::string& path) {
  if (!resolve_output_target(path, "--vcd (trace.vcd)").replaced()) return path;
  return vcd_stem(path) + ".vcd";
}

// SystemC's VCD writer, writing where the output layer says; closed and put in place on
// destruction.
class VcdFile {
 public:
  VcdFile(const std::string& path, sc_core::sc_time_unit unit)
      : staged_(vcd_output_path(path), "--vcd (trace.vcd)", ".vcd"),
        file_(sc_core::sc_create_vcd_trace_file(vcd_stem(staged_.writer_path()).c_str())) {
    file_->set_time_unit(1, unit);
  }
  ~VcdFile() {
    sc_core::sc_close_vcd_trace_file(file_);  // then staged_ puts it in place
  }
  VcdFile(const VcdFile&) = delete;
  VcdFile& operator=(const VcdFile&) = delete;
  sc_core::sc_trace_file* get() const { return file_; }

 private:
  StagedOutput staged_;
  sc_core::sc_trace_file* file_;
};

}  // namespace kncsim
