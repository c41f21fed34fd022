#include "sched/stop_request.hpp"

#include <atomic>
#include <csignal>

namespace kncsim {
namespace {
// Lock-free, so it is safe to write from a signal handler.
std::atomic<int> requested{0};
static_assert(std::atomic<int>::is_always_lock_free);

extern "C" void on_stop_signal(int sig) {
  requested.store(sig, std::memory_order_relaxed);
  std::signal(sig, SIG_DFL);  // a second Ctrl-C is not ignored
}
}  // namespace

void install_stop_handlers() {
  std::signal(SIGINT, on_stop_signal);
  std::signal(SIGTERM, on_stop_signal);
}

int stop_signal() { return requested.load(std::memory_order_relaxed); }

void request_stop(int signal) { requested.store(signal, std::memory_order_relaxed); }

}  // namespace kncsim
