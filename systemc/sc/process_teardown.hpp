#pragma once
// Tearing a network of many modules down in linear time. SystemC keeps every method process in
// one list, newest first, and deletes a dead module's processes only when its context goes; then
// each deletion walks that list from its head, N^2 / 2 steps for N processes (3 s for a 128x128
// mesh's 16384 routers). A process killed while its module is being torn down, newest first, is
// deleted at once from the head of the list: one step each.
#include <systemc>

namespace kncsim {

// Kills the processes of `object` and of the modules under it, newest first. Does nothing before
// the simulation has started (SystemC refuses a kill then; the context's own cleanup takes them).
void kill_processes(sc_core::sc_object& object);

}  // namespace kncsim
