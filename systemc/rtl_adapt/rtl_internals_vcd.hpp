#pragma once
// Every signal inside a SystemC-mode Verilated model, to a VCD file of its own (for GTKWave),
// for either RTL block's signal binding. Verilator traces only elaborated models: the file is
// opened at start of simulation. Without VM_TRACE (a model Verilated without --trace) it does
// nothing.
#include <memory>
#include <string>
#include <systemc>

#include "io/output_file.hpp"
#if VM_TRACE
#include "verilated_vcd_sc.h"
#endif

namespace kncsim {

class RtlInternalsVcd {
 public:
#if VM_TRACE
  void request(const std::string& path) {
    Verilated::traceEverOn(true);
    staged_ = std::make_unique<StagedOutput>(path, "--vcd (trace.vcd)");
  }
  template <class VModel>
  void open(VModel& model) {
    if (!staged_) return;
    file_ = std::make_unique<VerilatedVcdSc>();
    model.trace(file_.get(), 99);
    file_->open(staged_->writer_path().c_str());
  }
  ~RtlInternalsVcd() {
    if (!file_) return;
    file_->close();
    // The file registered itself with the simulation context, which never deletes it (the
    // default context lives until exit): unregister it so that ours is the only owner. Its
    // sc_trace_file base is private; only a C-style cast may name it ([expr.cast]/4).
    sc_core::sc_get_curr_simcontext()->remove_trace_file((sc_core::sc_trace_file*)file_.get());
  }  // then staged_ puts it in place

 private:
  std::unique_ptr<StagedOutput> staged_;  // declared first: finished after file_ is gone
  std::unique_ptr<VerilatedVcdSc> file_;
#else
  void request(const std::string&) {}
  template <class VModel>
  void open(VModel&) {}
#endif
};

}  // namespace kncsim
