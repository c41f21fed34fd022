#pragma once
// A technology table's router (its reference shape) scaled to the configured one, by rules fitted
// to DSENT 0.91's router model at 45 nm (one change at a time from the reference: 128-bit flits,
// 8-flit buffers, 7 ports, 2 virtual channels; docs/energy.md lists the runs). With b the flit's
// bits, P the ports, V the virtual channels, E = V x buffer flits the entries of an input, and r
// a reference value:
//   buffer write     (0.02 + 0.98 b/br) (1 + 0.63 (E/Er - 1))   DSENT's DFFRAM: data to every entry
//   buffer read      (0.05 + 0.95 b/br) (1 + 0.75 (E/Er - 1))   and a read mux over them
//   crossbar         (0.02 + 0.98 b/br) (1 + 0.77 (P/Pr - 1))   a multiplexer per output
//   switch arbitration  C(V) + C(P) over C(Vr) + C(Pr), C(n) = n(n-1)/2: a matrix arbiter's cells,
//                    a V:1 arbiter at the input and a P:1 at the output
//   clock            0.30 + 0.70 (b P)/(br Pr)                  the tree, then the registers it drives
//   VC allocation, route computation   as the table gives them (DSENT models neither)
// and the leakage part by part: buffers with P b E, pipeline registers with P b, the crossbar
// with b P^2, the switch allocator with its arbiters' cells P (C(V) + C(P)), the clock tree as given.
// The rules hold DSENT's four variants within 5 % (tests/unit/energy_test.cpp).
#include "energy/technology_table.hpp"

namespace kncsim {

struct ScaledRouter {
  RouterEventEnergies events;  // pJ
  RouterLeakage leakage_mw;
};

ScaledRouter router_energies(const TechnologyTable& t, const RouterShape& configured);

}  // namespace kncsim
