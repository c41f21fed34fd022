#pragma once
// A rule broken by what an RTL block sends, found by its adapter rather than by an assertion
// inside the RTL. It stops the run like a failed RTL assertion (rtl_assertion_stop.cpp): the
// report on stderr, then exit 1.
#include <cstdint>
#include <functional>
#include <string>

namespace kncsim::rtl {

[[noreturn]] void protocol_stop(const std::string& report);
// The same, for a rule broken at `node` in `cycle`: after the report, the hint (if one is set)
// says how to see that node up to that cycle.
[[noreturn]] void protocol_stop(const std::string& report, uint32_t node, int64_t cycle);
// What the command line says after such a report: e.g. the run again, tracing the node.
void set_protocol_stop_hint(std::function<std::string(uint32_t node, int64_t cycle)> hint);

}  // namespace kncsim::rtl
