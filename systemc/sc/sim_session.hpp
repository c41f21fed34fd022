#pragma once
// SystemC allows one elaboration per simulation context. A SimSession gives each network
// its own context, so one process can build, run and destroy networks one after another
// (sweeps, tests). Only one session may be alive at a time; it must outlive its modules.
namespace sc_core {
class sc_simcontext;
}

namespace kncsim {

class SimSession {
 public:
  SimSession();
  ~SimSession();
  SimSession(const SimSession&) = delete;
  SimSession& operator=(const SimSession&) = delete;

 private:
  sc_core::sc_simcontext* context_;
};

}  // namespace kncsim
