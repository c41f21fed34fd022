#pragma once
// Every signal inside a SystemC-mode Verilated model, to a VCD file of its own (for GTKWave),
// for either RTL block's signal binding. Verilator traces only elaborated models: the file is
// opened at start of simulation. Without VM_TRACE (a model Verilated without --trace) it does
// nothing.
#include <algorithm>
#include <memory>
#include <string>
#include <vector>
#include <systemc>
#include <type_traits>

#include "io/output_file.hpp"
#if VM_TRACE
#include "verilated_vcd_sc.h"
#endif

namespace kncsim {

class RtlInternalsVcd {
 public:
  // Writes out what every open file holds so far (a run stopped at a broken rule exits
  // without closing them; the staged files are then put in place as they are).
  static void flush_all() {
#if VM_TRACE
    for (RtlInternalsVcd* v : open_files())
      if (v->file_) v->file_->flush();
#endif
  }
#if VM_TRACE
  void request(const std::string& path) {
    Verilated::traceEverOn(true);
    staged_ = std::make_unique<StagedOutput>(path, "--vcd (trace.vcd)");
  }
  // `model`: a Verilated SystemC-mode model, or a function (VerilatedVcdSc* as void*, levels)
  // that traces one (a model loaded from the cache).
  template <class Model>
  void open(Model&& model) {
    if (!staged_) return;
    file_ = std::make_unique<VerilatedVcdSc>();
    if constexpr (std::is_invocable_v<Model&, void*, int>)
      model(static_cast<void*>(file_.get()), 99);
    else
      model.trace(file_.get(), 99);
    file_->open(staged_->writer_path().c_str());
    open_files().push_back(this);
  }
  // Closes the file (before the model goes) and puts it in place.
  void close() {
    auto& all = open_files();
    all.erase(std::remove(all.begin(), all.end(), this), all.end());
    if (file_) {
      file_->close();
      // The file registered itself with the simulation context, which never deletes it (the
      // default context lives until exit): unregister it so that ours is the only owner. Its
      // sc_trace_file base is private; only a C-style cast may name it ([expr.cast]/4).
      sc_core::sc_get_curr_simcontext()->remove_trace_file((sc_core::sc_trace_file*)file_.get());
      file_.reset();
    } else if (staged_) {
      staged_->abandon();  // never opened (no cycle ran): the path keeps what it had
    }
    staged_.reset();
  }
  ~RtlInternalsVcd() { close(); }

 private:
  std::unique_ptr<StagedOutput> staged_;  // declared first: finished after file_ is gone
  std::unique_ptr<VerilatedVcdSc> file_;
  static std::vector<RtlInternalsVcd*>& open_files() {
    static std::vector<RtlInternalsVcd*> all;
    return all;
  }
#else
  void request(const std::string&) {}
  template <class Model>
  void open(Model&&) {}
  void close() {}
#endif
};

}  // namespace kncsim
