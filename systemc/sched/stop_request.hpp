#pragma once
// A request to stop a run at the next cycle boundary: SIGINT (Ctrl-C) or SIGTERM (a Slurm
// time limit). The handler only records the signal; the models poll stop_requested() between
// cycles and return early, so the statistics so far can still be written. A second signal of
// the same kind ends the process at once (the default action is restored).
namespace kncsim {

// Installs the handlers for SIGINT and SIGTERM.
void install_stop_handlers();
// The signal that asked to stop (SIGINT, SIGTERM), or 0.
int stop_signal();
inline bool stop_requested() { return stop_signal() != 0; }
// As if `signal` had arrived (tests); 0 clears the request.
void request_stop(int signal);

}  // namespace kncsim
