#pragma once
// One switch cycle = 1 ns of SystemC time. Every model evaluates on whole cycles.
#include <systemc>

namespace kncsim {

inline int64_t current_cycle() { return int64_t(sc_core::sc_time_stamp().value() / 1000); }  // ps -> cycles
inline sc_core::sc_time cycles(int64_t n) { return sc_core::sc_time(double(n), sc_core::SC_NS); }

}  // namespace kncsim
