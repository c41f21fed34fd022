#include "sc/sim_session.hpp"

#include <iostream>
#include <stdexcept>
#include <systemc>

namespace kncsim {
namespace {
// The context the library made when it loaded: its static events refer to it, so it is
// put back, never deleted.
sc_core::sc_simcontext* const initial_context = sc_core::sc_get_curr_simcontext();
bool active = false;

// SystemC prints its reports on stdout, where kncsim's JSON may go: warnings and errors go
// to stderr instead, infos (such as the trace timescale) nowhere.
void report_to_stderr(const sc_core::sc_report& r, const sc_core::sc_actions& actions) {
  if ((actions & sc_core::SC_DISPLAY) && r.get_severity() >= sc_core::SC_WARNING)
    std::cerr << "kncsim: systemc: " << sc_core::sc_report_compose_message(r) << "\n";
  sc_core::sc_report_handler::default_handler(r, actions & ~sc_core::SC_DISPLAY);
}

void make_current(sc_core::sc_simcontext* c) {
  sc_core::sc_curr_simcontext = c;
  sc_core::sc_default_global_context = c;
}
}  // namespace

SimSession::SimSession() {
  if (active) throw std::logic_error("SimSession: one SystemC network at a time");
  active = true;
  context_ = new sc_core::sc_simcontext;
  make_current(context_);
  sc_core::sc_report_handler::set_handler(report_to_stderr);
}

SimSession::~SimSession() {
  delete context_;
  make_current(initial_context);
  active = false;
}

}  // namespace kncsim

// libsystemc's own main() calls sc_main; kncsim's programs have their own main() and drive
// SystemC through SimSession, so this is only here to satisfy the linker.
extern "C" int sc_main(int, char**) { return 2; }
