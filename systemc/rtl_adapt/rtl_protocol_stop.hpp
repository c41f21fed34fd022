#pragma once
// A rule broken by what an RTL block sends, found by its adapter rather than by an assertion
// inside the RTL. It stops the run like a failed RTL assertion (rtl_assertion_stop.cpp): the
// report on stderr, then exit 1.
#include <string>

namespace kncsim::rtl {

[[noreturn]] void protocol_stop(const std::string& report);

}  // namespace kncsim::rtl
