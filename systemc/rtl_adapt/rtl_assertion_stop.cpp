// What a failed RTL assertion does. Each assertion's $fatal has printed its report (the
// model's hierarchical name, which holds the node's, the module, the rule's name and its
// details); Verilator then calls vl_stop, which kncsim_rtl defines here (it is built with
// VL_USER_STOP). The run stops with exit 1 and the cycle: a broken rule is never counted and
// carried on past, and nothing after it is trusted.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <string>
#include <systemc>

#include "io/output_file.hpp"
#include "rtl_adapt/rtl_internals_vcd.hpp"
#include "rtl_adapt/rtl_protocol_stop.hpp"
#include "sc/cycle_time.hpp"
#include "verilated.h"

void vl_stop(const char* filename, int linenum, const char* hier) {
  (void)hier;  // empty for $fatal: the report above names the instance
  std::fflush(nullptr);  // every C stream: the report, and a flit log up to this cycle
  const long long cycle = sc_core::sc_is_running() ? (long long)kncsim::current_cycle()
                                                   : (long long)Verilated::threadContextp()->time();
  std::fprintf(stderr, "kncsim: RTL assertion failed in cycle %lld (%s:%d); stopping\n", cycle, filename, linenum);
  std::fflush(stderr);
  kncsim::RtlInternalsVcd::flush_all();  // the nodes' insides up to this cycle
  kncsim::StagedOutput::finish_all();  // the flit log and VCDs up to this cycle, in place
  std::_Exit(1);  // no destructors: the models and the simulation are in a broken state
}

namespace {
std::function<std::string(uint32_t, int64_t)>& stop_hint() {
  static std::function<std::string(uint32_t, int64_t)> hint;
  return hint;
}
}  // namespace

void kncsim::rtl::set_protocol_stop_hint(std::function<std::string(uint32_t, int64_t)> hint) {
  stop_hint() = std::move(hint);
}

[[noreturn]] void kncsim::rtl::protocol_stop(const std::string& report) {
  std::fflush(nullptr);
  std::fprintf(stderr, "kncsim: RTL protocol broken: %s; stopping\n", report.c_str());
  std::fflush(stderr);
  kncsim::RtlInternalsVcd::flush_all();  // the nodes' insides up to this cycle
  kncsim::StagedOutput::finish_all();  // the flit log and VCDs up to this cycle, in place
  std::_Exit(1);
}

[[noreturn]] void kncsim::rtl::protocol_stop(const std::string& report, uint32_t node, int64_t cycle) {
  if (stop_hint()) {
    std::fflush(nullptr);
    std::fprintf(stderr, "kncsim: RTL protocol broken: %s; stopping\n", report.c_str());
    std::fprintf(stderr, "%s\n", stop_hint()(node, cycle).c_str());
    std::fflush(stderr);
    kncsim::RtlInternalsVcd::flush_all();
    kncsim::StagedOutput::finish_all();
    std::_Exit(1);
  }
  protocol_stop(report);
}
